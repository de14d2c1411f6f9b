/**
 * What the compiled isaspec display (generator/emit/codec/compileDisplay.ts) calls besides the
 * codec's own tables: C's `&&`/`||` evaluating both operands, `{X:align=N}` padding, and the
 * printing of offset fields. Carried by every isaspec codec (inlined without its `export`s).
 */
import { signExtend } from "./isaspecNumbers";

/** C's `a && b` and `a || b` where both operands must be evaluated (for their errors). */
export function and(a: number, b: number): number {
  return a && b ? 1 : 0;
}

export function or(a: number, b: number): number {
  return a || b ? 1 : 0;
}

/** `{X:align=N}`: spaces up to column N of the current line. */
export function pad(out: string, column: number): string {
  const at = out.length - (out.lastIndexOf("\n") + 1);
  return at < column ? out + " ".repeat(column - at) : out;
}

/** pad for an ISA whose lines hold no newline (the line's length is its column). */
export function padTo(out: string, column: number): string {
  const missing = column - out.length;
  return missing <= 0
    ? out
    : out + (missing <= SPACES.length ? SPACES.slice(0, missing) : " ".repeat(missing));
}

export const SPACES = " ".repeat(128);

export function formatOffset(v: number, width: number): string {
  const s = signExtend(v, width);
  return s === 0 ? "" : s > 0 ? `+${s}` : String(s);
}

export function formatUoffset(v: number): string {
  return v === 0 ? "" : `+${v}`;
}
