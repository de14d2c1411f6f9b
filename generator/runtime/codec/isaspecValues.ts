/**
 * Values per isaspec field type (source-formats.md A.2): printing, and reading back for the
 * assembler. Carried by every isaspec codec (inlined by generator/emit/codec/runtimeSource.ts).
 */
import { ENUMS } from "./codecTables";
import { floatBits, formatFloat, signExtend } from "./isaspecNumbers";
import { formatOffset, formatUoffset } from "./isaspecText";
import type { ValueSpec } from "./isaspecTypes";

/** One value as isaspec prints it (A.2). */
export function formatValue(f: ValueSpec, v: number): string {
  switch (f.kind) {
    case "bool":
      return f.display !== null ? (v ? f.display : "") : v ? "1" : "0";
    case "bool_inv":
      return f.display !== null ? (v ? "" : f.display) : v ? "0" : "1";
    case "int":
    case "branch":
    case "absbranch":
      return String(signExtend(v, f.width));
    case "hex":
      return v.toString(16);
    case "offset":
      return formatOffset(v, f.width);
    case "uoffset":
      return formatUoffset(v);
    case "float":
      return formatFloat(v, f.width);
    case "enum":
      return (f.enumIndex >= 0 ? ENUMS[f.enumIndex].displays[v] : null) ?? String(v);
    case "custom":
      return "";
    default:
      return String(v);
  }
}

export function formatRaw(f: ValueSpec, v: number): string {
  return String(f.signed ? signExtend(v, f.width) : v);
}

export function describeExpected(f: ValueSpec): string {
  switch (f.kind) {
    case "bool":
    case "bool_inv":
      return `${f.name} (0 or 1)`;
    case "enum": {
      const shown =
        f.enumIndex >= 0 ? ENUMS[f.enumIndex].displays.filter((d): d is string => !!d) : [];
      return shown.length
        ? `${f.name} (${shown.slice(0, -1).join(", ")}${shown.length > 1 ? " or " : ""}${shown[shown.length - 1]})`
        : `${f.name} (a number)`;
    }
    case "int":
    case "branch":
    case "absbranch":
      return `${f.name} (a signed decimal number)`;
    case "hex":
      return `${f.name} (lowercase hex digits)`;
    case "offset":
      return `${f.name} (+N or -N)`;
    case "uoffset":
      return `${f.name} (+N)`;
    case "float":
      return `${f.name} (a decimal number, inf or nan)`;
    default:
      return `${f.name} (a decimal number)`;
  }
}

/** Unsigned raw value of a number read as `n`, or a range message; `derived` values are not bounded by width. */
export function rawOf(f: ValueSpec, n: number, signed: boolean, derived: boolean): number | string {
  if (derived && !signed) return n;
  const w = f.width;
  const min = signed ? -(2 ** (w - 1)) : 0;
  const max = signed ? 2 ** (w - 1) - 1 : 2 ** w - 1;
  if (!Number.isSafeInteger(n) || n < min || n > max) return `${f.name} in ${min}..${max}`;
  return n < 0 ? n + 2 ** w : n;
}

/** The ways a value can be read at `pos`: [end, raw value] pairs in preference order, or failures. */
export function readValue(
  f: ValueSpec,
  raw: boolean,
  derived: boolean,
  line: string,
  pos: number,
  fail: (pos: number, expected: string) => void,
  prefixes = false,
): [number, number][] {
  const rest = line.slice(pos);
  // Every prefix of the digits, longest first: a number may run into the next value's digits
  // (etnaviv `t915` is REG 91 then AMODE 5, which has no display).
  const number = (re: RegExp, signed: boolean): [number, number][] => {
    const m = re.exec(rest);
    if (!m) return (fail(pos, describeExpected(f)), []);
    const out: [number, number][] = [];
    const sign = /^[+-]/.test(m[0]) ? 1 : 0;
    for (let len = m[0].length; len > (prefixes ? sign : m[0].length - 1); len--) {
      if (prefixes && len - sign > 1 && m[0][sign] === "0") continue; // printf writes no leading zeros
      const r = rawOf(f, Number(m[0].slice(0, len)), signed, derived);
      if (typeof r === "string") fail(pos, r);
      else out.push([pos + len, r]);
    }
    return out;
  };
  if (raw) return number(f.signed ? /^-?\d+/ : /^\d+/, f.signed);
  switch (f.kind) {
    case "bool":
    case "bool_inv": {
      // bool prints its display (or 1) when set; bool_inv when clear.
      const inv = f.kind === "bool_inv" ? 1 : 0;
      if (f.display === null) {
        const m = /^[01]/.exec(rest);
        return m ? [[pos + 1, Number(m[0]) ^ inv]] : (fail(pos, describeExpected(f)), []);
      }
      const out: [number, number][] = [];
      if (f.display !== "" && rest.startsWith(f.display))
        out.push([pos + f.display.length, 1 ^ inv]);
      else if (f.display !== "") fail(pos, `'${f.display}'`);
      out.push([pos, inv]);
      return out;
    }
    case "int":
    case "branch":
    case "absbranch":
      return number(/^-?\d+/, true);
    case "hex": {
      const m = /^[0-9a-f]+/.exec(rest);
      if (!m) return (fail(pos, describeExpected(f)), []);
      const r = rawOf(f, parseInt(m[0], 16), false, derived);
      return typeof r === "string" ? (fail(pos, r), []) : [[pos + m[0].length, r]];
    }
    case "offset":
      return /^[+-]\d/.test(rest) ? number(/^[+-]\d+/, true) : [[pos, 0]];
    case "uoffset":
      return rest.startsWith("+") ? number(/^\+\d+/, false) : [[pos, 0]];
    case "custom":
      return [[pos, 0]]; // prints nothing: not in the text, encoded 0
    case "float": {
      const m = /^-?(nan|inf|\d+(\.\d*)?)/.exec(rest);
      return m
        ? [[pos + m[0].length, floatBits(m[0], f.width)]]
        : (fail(pos, describeExpected(f)), []);
    }
    case "enum": {
      const displays = f.enumIndex >= 0 ? ENUMS[f.enumIndex].displays : [];
      const limit = derived ? displays.length : Math.min(displays.length, 2 ** f.width);
      const out: [number, number][] = [];
      for (let v = 0; v < limit; v++) {
        const d = displays[v];
        if (d && rest.startsWith(d)) out.push([pos + d.length, v]);
      }
      out.sort((x, y) => y[0] - x[0]);
      // Values without an entry print as numbers (any prefix of the digits, as for numbers).
      const m = /^\d+/.exec(rest);
      const full = m ? m[0].length : 0;
      for (let len = full; len > 0 && len > (prefixes ? 0 : full - 1); len--) {
        const n = Number(m![0].slice(0, len));
        if (prefixes && len > 1 && m![0][0] === "0") continue; // printf writes no leading zeros
        if ((displays[n] ?? null) === null && (derived || n < 2 ** f.width))
          out.push([pos + len, n]);
      }
      for (let v = 0; v < limit; v++) if (displays[v] === "") out.push([pos, v]);
      if (!out.length) fail(pos, describeExpected(f));
      return out;
    }
    default:
      return number(/^\d+/, false);
  }
}
