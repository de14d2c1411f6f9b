/**
 * What Mesa's intel_print_group prints for an instruction, struct or register (genxml.md §7.2–7.7),
 * and the typed fields it reads, from the decoder's view of a document (types.ts). Dwords beyond
 * those given read as 0.
 */
import { guessLength } from "./commandLength";
import type { SurfaceFormats } from "./decodedField";
import { formatF, formatFloatBits } from "./formatC";
import type { DecoderArray, DecoderField, DecoderGroup, DecoderSpec, DecoderValue } from "./types";

const MASK64 = (1n << 64n) - 1n;

export { guessLength, type SurfaceFormats };

/** Dwords as a typed array, so that the rest from a dword on is a view, not a copy. */
export function asDwords(dwords: ArrayLike<number>): Uint32Array {
  return dwords instanceof Uint32Array ? dwords : Uint32Array.from(dwords);
}

function dword(dwords: ArrayLike<number>, i: number): number {
  return i >= 0 && i < dwords.length ? dwords[i] >>> 0 : 0;
}

/** A field's raw value at bits start..end of the item, as the decoder reads it (§7.4). */
function readRaw(
  dwords: ArrayLike<number>,
  end: number,
  pBit: number,
  start: number,
  last: number,
  shiftAddress: boolean,
): bigint {
  const fs = pBit + start;
  const fe = pBit + last;
  const k = Math.floor(start / 32);
  let raw = BigInt(dword(dwords, k));
  if (fe - fs > 32 && k + 1 < end) raw |= BigInt(dword(dwords, k + 1)) << 32n;
  const s = fs % 32;
  const e = fe - fs > 32 ? s + (fe - fs) : fe % 32;
  // x86 takes shift counts modulo 64: a field crossing a dword gets e < s.
  const mask = ((MASK64 >> BigInt((63 - e + s) & 63)) << BigInt(s & 63)) & MASK64;
  let value = (raw & mask) >> BigInt(s);
  if (shiftAddress) value = (value << BigInt(fs % 32)) & MASK64;
  return value;
}

/** The group's length in dwords for these dwords (§7.2). */
export function groupLength(group: DecoderGroup, dwords: ArrayLike<number>): number {
  if (group.kind !== "instruction") return group.length;
  const f = group.dwordLength;
  if (f) return Number(readRaw(dwords, 1, 0, f.start, f.end, false)) + group.bias;
  return guessLength(dword(dwords, 0));
}

/** A field copy met by the walk: its bits within the item and its printed name. */
export interface VisitedField {
  field: DecoderField;
  start: number;
  end: number;
  name: string;
  depth: number;
}

/**
 * The decoder's field walk (§7.3): list order, arrays element by element; variable arrays while
 * the next element starts inside the command's guessed length. Stops at the data end.
 */
export function* walkFields(
  group: DecoderGroup,
  dwords: ArrayLike<number>,
  end: number,
): Generator<VisitedField> {
  function* visit(
    fields: DecoderField[],
    base: number,
    suffix: string,
    depth: number,
  ): Generator<VisitedField | null> {
    for (const f of fields) {
      if (f.array) {
        const r = yield* visitArray(f.array, base, suffix, depth);
        if (r === null) return null;
        continue;
      }
      const start = base + f.start;
      if (Math.floor(start / 32) >= end) {
        yield null;
        return null;
      }
      yield { field: f, start, end: base + f.end, name: f.name + suffix, depth };
    }
    return undefined;
  }
  function* visitArray(
    a: DecoderArray,
    base: number,
    suffix: string,
    depth: number,
  ): Generator<VisitedField | null> {
    const limit = a.count === 0 ? guessLength(dword(dwords, 0)) : 0;
    for (let i = 0; a.count === 0 || i < a.count; i++) {
      const offset = base + a.offset + i * a.size;
      const r = yield* visit(a.fields, offset, `${suffix}[${i}]`, depth + 1);
      if (r === null) return null;
      if (a.count === 0 && !(offset + a.size < limit * 32)) break;
    }
    return undefined;
  }
  for (const v of visit(group.fields, 0, "", 0)) {
    if (v === null) return;
    yield v;
  }
}

function enumName(values: DecoderValue[], v: bigint): string | undefined {
  return values.find((x) => BigInt(x.value) === v)?.name;
}

/** Sign-extend `v` from `bits` bits. */
function signExtend(v: bigint, bits: number): bigint {
  return BigInt.asIntN(bits, v);
}

/** A field's value as intel_print_group writes it (§7.5); `previous` is what mbo repeats. */
function valueText(
  v: VisitedField,
  raw: bigint,
  previous: string,
  formats: SurfaceFormats | undefined,
): string {
  const t = v.field.type;
  let text: string;
  let named = false;
  const withName = (values: DecoderValue[]) => {
    const n = enumName(values, raw);
    if (n !== undefined) {
      named = true;
      return ` (${n})`;
    }
    return "";
  };
  switch (t.kind) {
    case "mbo":
      return previous;
    case "int":
    case "unknown":
      text = `${BigInt.asIntN(64, raw)}${withName(v.field.values)}`;
      break;
    case "uint":
    case "mbz":
      text = `${raw}${withName(v.field.values)}`;
      break;
    case "bool":
      return raw !== 0n ? "true" : "false";
    case "float":
      return formatFloatBits(Number(raw & 0xffffffffn));
    case "address":
    case "offset":
      return `0x${raw.toString(16).padStart(8, "0")}`;
    case "ufixed":
      return formatF(Math.fround(Math.fround(Number(raw)) / 2 ** t.fraction));
    case "sfixed":
      return formatF(
        Math.fround(
          Math.fround(Number(signExtend(raw, t.integer + t.fraction + 1))) / 2 ** t.fraction,
        ),
      );
    case "enum":
      text = `${BigInt.asIntN(64, raw)}${withName(t.values)}`;
      break;
    case "struct":
      return `<struct ${t.name}>`;
  }
  if (!named && formats && (v.name === "Surface Format" || v.name === "Source Element Format")) {
    const name = formats.get(Number(raw));
    if (name !== undefined && raw < 0x100000000n) text += ` (${name})`;
  }
  return text;
}

function isHeaderField(group: DecoderGroup, v: VisitedField): boolean {
  if (v.depth > 0 || v.start >= 32 || v.end >= 32) return false;
  const width = v.end - v.start + 1;
  const bits = ((width >= 32 ? 0xffffffff : (1 << width) - 1) << v.start) >>> 0;
  return (bits & group.opcodeMask) !== 0;
}

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/** intel_print_group(out, group, offset, dwords, p_bit, false): the lines it prints. */
export function printGroupLines(
  spec: DecoderSpec,
  group: DecoderGroup,
  offset: number,
  dwords: ArrayLike<number>,
  pBit: number,
  out: string[],
  formats?: SurfaceFormats,
): string[] {
  const end = groupLength(group, dwords);
  let last = -1;
  let text = "";
  for (const v of walkFields(group, dwords, end)) {
    const t = v.field.type;
    const raw = readRaw(
      dwords,
      end,
      pBit,
      v.start,
      v.end,
      t.kind === "address" || t.kind === "offset",
    );
    text = valueText(v, raw, text, formats);
    const d = Math.floor(v.end / 32);
    if (d !== last) {
      for (let j = last + 1; j <= d; j++)
        out.push(`0x${hex8(offset + 4 * j)}:  0x${hex8(dword(dwords, j))} : Dword ${j}`);
      last = d;
    }
    if (isHeaderField(group, v)) continue;
    out.push(`    ${v.name}: ${text}`);
    if (t.kind === "struct") {
      const nested = spec.structs[t.name];
      const k = Math.floor(v.start / 32);
      if (nested)
        printGroupLines(
          spec,
          nested,
          offset + 4 * k,
          asDwords(dwords).subarray(k),
          v.start % 32,
          out,
          formats,
        );
    }
  }
  return out;
}
