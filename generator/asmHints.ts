/**
 * What `asm` adds to an assembler error to teach the ISA's syntax where the generic error only
 * says what token was expected (etnaviv's write masks and swizzles). Hints are per ISA; each looks
 * at the failed operand, and one that proposes a spelling offers it only if that line assembles.
 */

/** An assembler error in a line, with the operand it fails in. */
export interface FailedOperand {
  /** The error message. */
  message: string;
  /** The operand's text before the error's column (`t0` of `t0.xyzw`). */
  before: string;
  /** The token at the error's column, up to a space or comma (`.xyzw`; empty at a comma or the end). */
  at: string;
  /** The line with `at` replaced by `text`. */
  replaced(text: string): string;
  /** Whether a line assembles. */
  assembles(line: string): boolean;
}

type Hint = (f: FailedOperand) => string | undefined;

const COMPONENTS = ["x", "y", "z", "w"];
/** A register as etnaviv's display prints one: group, number, addressing (`t0`, `u2[a.x]`). */
const ETNAVIV_REGISTER = /^(?:t|i|u|th)\d+(?:\[a\.[xyzw]\])?$/;

/** What to say of a write mask of `letters` written otherwise, with a spelling that assembles. */
function maskHint(f: FailedOperand, letters: string[]): string {
  const rule = "a write mask has x, y, z, w in their places, `_` for each not written";
  const placed = "." + COMPONENTS.map((c) => (letters.includes(c) ? c : "_")).join("");
  if (f.assembles(f.replaced(placed))) return `${rule}: \`${f.before}${placed}\``;
  // Mesa's etnaviv.xml prints two masks with their letters alone (5 `.zx`, 6 `.zy`).
  const bare = [`.${letters.join("")}`, `.${[...letters].reverse().join("")}`].find((m) =>
    f.assembles(f.replaced(m)),
  );
  return bare
    ? `this write mask is spelled \`${f.before}${bare}\`, as Mesa's etnaviv.xml prints it`
    : rule;
}

const etnavivHints: Hint[] = [
  // A destination's write mask: `.x_z_`-like text where the operand should have ended.
  (f) => {
    const mask = /^\.([xyzw_]{1,4})$/.exec(f.at)?.[1];
    if (!mask || !ETNAVIV_REGISTER.test(f.before) || !f.message.startsWith("expected ','"))
      return undefined;
    const letters = COMPONENTS.filter((c) => mask.includes(c));
    if (letters.length === 4)
      return `a full write mask is written as nothing: \`${f.before}\`, not \`${f.before}${f.at}\``;
    return maskHint(f, letters);
  },
  // A source without its swizzle.
  (f) =>
    ETNAVIV_REGISTER.test(f.before) && f.message.startsWith("expected '.'")
      ? `a source needs a swizzle: \`${f.before}.xyzw\``
      : undefined,
  // A swizzle of fewer than four components.
  (f) => {
    const given = /^(.*)\.([xyzw]{1,3})$/.exec(f.before);
    if (!given || !/^expected SWIZ_[YZW] /.test(f.message)) return undefined;
    const padded = given[2].padEnd(4, given[2][given[2].length - 1]);
    const fix = `${given[1]}.${padded}`;
    return `a swizzle names a component for each of x, y, z and w: \`${fix}\`, not \`${f.before}\``;
  },
];

const HINTS: Readonly<Record<string, readonly Hint[]>> = { etnaviv: etnavivHints };

/** The first hint of the ISA's for a failure, if any. */
export function asmHint(isa: string, failure: FailedOperand): string | undefined {
  for (const hint of HINTS[isa] ?? []) {
    const says = hint(failure);
    if (says !== undefined) return says;
  }
  return undefined;
}

/** The failed operand of `line` at the 1-based `column`, for `asmHint`. */
export function failedOperand(
  line: string,
  column: number,
  message: string,
  assembles: (line: string) => boolean,
): FailedOperand {
  const i = column - 1;
  const before = /[^\s,]*$/.exec(line.slice(0, i))![0];
  const at = /^[^\s,]*/.exec(line.slice(i))![0];
  return {
    message,
    before,
    at,
    replaced: (text) => line.slice(0, i) + text + line.slice(i + at.length),
    assembles,
  };
}
