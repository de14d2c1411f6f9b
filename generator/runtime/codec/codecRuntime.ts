/**
 * Runtime: bit access, decode, encode. Carried by every codec (generator/emit/codec/runtimeSource.ts
 * inlines it); no BigInt on these paths.
 */
import type { EnumTable, FieldSpec, InstructionSpec, Words, DecodeOptions } from "./codecTypes";
import {
  DERIVED,
  ENUMS,
  INSTRUCTIONS,
  ISA,
  instructionAt,
  type Decoded,
  type Instruction,
  type InstructionName,
} from "./codecTables";

/** Bits low..high (inclusive, at most 32 bits) of `words`, unsigned. */
export function getRange(words: Words, low: number, high: number): number {
  const width = high - low + 1;
  const w = low >>> 5;
  const shift = low & 31;
  let v = (words[w] ?? 0) >>> shift;
  if (shift + width > 32) v = (v | ((words[w + 1] ?? 0) << (32 - shift))) >>> 0;
  return width >= 32 ? v >>> 0 : (v & ((1 << width) - 1)) >>> 0;
}

/** Bits a..a+n-1 of a 32-bit word (0 < n, a + n <= 32) as a mask. */
function maskOf(a: number, n: number): number {
  return n === 32 ? 0xffffffff : ((1 << n) - 1) << a;
}

/** Write the low bits of `value` (unsigned, at most 32 bits) into bits low..high of `words`. */
export function setRange(words: Uint32Array, low: number, high: number, value: number): void {
  // A word at a time: the part in one word, then (a range across words) the rest in the next.
  for (let bit = low, v = value; bit <= high;) {
    const a = bit & 31;
    const n = Math.min(high - bit + 1, 32 - a);
    const mask = maskOf(a, n);
    words[bit >>> 5] = (words[bit >>> 5] & ~mask) | (((v % 2 ** n) << a) & mask);
    v = Math.floor(v / 2 ** n);
    bit += n;
  }
}

/**
 * The first bit of low..high where `words` already holds a bit `written` marks and `value` (as
 * setRange would write it) differs from it, or -1.
 */
function clashingBit(
  words: Uint32Array,
  written: Uint32Array,
  low: number,
  high: number,
  value: number,
): number {
  for (let bit = low, v = value; bit <= high;) {
    const a = bit & 31;
    const n = Math.min(high - bit + 1, 32 - a);
    const w = bit >>> 5;
    const clash = written[w] & maskOf(a, n) & (words[w] ^ ((v % 2 ** n) << a));
    if (clash !== 0) return w * 32 + 31 - Math.clz32(clash & -clash);
    v = Math.floor(v / 2 ** n);
    bit += n;
  }
  return -1;
}

/** A field's raw (unsigned) value: its ranges concatenated, least significant first. */
export function rawField(words: Words, f: FieldSpec): number {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < f.ranges.length; i += 2) {
    const low = f.ranges[i];
    const high = f.ranges[i + 1];
    value += getRange(words, low, high) * scale;
    scale *= 2 ** (high - low + 1);
  }
  return value;
}

export function symbolOf(table: EnumTable, value: number): string {
  return table.symbols[value] ?? `value${value}`;
}

/** The value a field holds, typed: boolean, enum symbol, or (signed) number. */
export function fieldValue(f: FieldSpec, raw: number): number | boolean | string {
  if (f.kind === "bool" || f.kind === "bool_inv") return raw !== 0;
  if (f.enumIndex >= 0) return symbolOf(ENUMS[f.enumIndex], raw);
  if (f.signed && raw >= 2 ** (f.width - 1)) return raw - 2 ** f.width;
  return raw;
}

export const BY_NAME = new Map<string, InstructionSpec>(INSTRUCTIONS.map((s) => [s.name, s]));

export function inGen(s: InstructionSpec, gpu: number | null): boolean {
  return s.gen === null || gpu === null || (gpu >= s.gen[0] && gpu <= s.gen[1]);
}

/**
 * The instruction spec matching `words`, or undefined (see instructionAt): also when `words` is not
 * one instruction's length (reading missing words as 0 made `[1]` an ir3 `nop`).
 */
export function findSpec(words: Words, gpu: number | null): InstructionSpec | undefined {
  if (words.length !== ISA.wordCount) return undefined;
  const k = instructionAt(words, 0, gpu);
  return k < 0 ? undefined : INSTRUCTIONS[k];
}

/** Raw field values and derived values of a decoded instruction, for printers. */
export function rawFields(words: Words, s: InstructionSpec): Record<string, number> {
  const raw: Record<string, number> = {};
  for (const f of s.fields) raw[f.name] = rawField(words, f);
  const derived = DERIVED[s.name];
  if (derived) for (const name of Object.keys(derived)) raw[name] = derived[name](raw);
  return raw;
}

/**
 * Decode one instruction: its name and every field's value, or undefined when no instruction
 * matches or `words` is not `ISA.wordCount` words long. Never throws for any input words.
 */
export function decode(words: Words, options: DecodeOptions = {}): Decoded | undefined {
  const gpu = options.gpu ?? ISA.defaultGpu;
  const s = findSpec(words, gpu);
  if (!s) return undefined;
  const fields: Record<string, number | boolean | string> = {};
  for (const f of s.fields) fields[f.name] = fieldValue(f, rawField(words, f));
  const result = { name: s.name, fields } as unknown as Decoded;
  let dc: number[] | undefined;
  for (let i = 0; i < s.dontCare.length; i++) {
    if (((words[i] ?? 0) & s.dontCare[i]) !== 0) {
      dc = s.dontCare.map((m, k) => ((words[k] ?? 0) & m) >>> 0);
      break;
    }
  }
  if (dc) result.dontCareBits = dc;
  return result;
}

export function describeValue(v: unknown): string {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

const FIELD_NAMES = new Map<InstructionSpec, Set<string>>();

/** An instruction's field names, made once (encode checks every key it is given). */
function fieldNamesOf(s: InstructionSpec): Set<string> {
  let names = FIELD_NAMES.get(s);
  if (!names) FIELD_NAMES.set(s, (names = new Set(s.fields.map((f) => f.name))));
  return names;
}

const ALTERNATIVES = new Map<InstructionSpec, boolean>();

/** Whether some of an instruction's fields are views of the same bits. */
function hasAlternatives(s: InstructionSpec): boolean {
  let any = ALTERNATIVES.get(s);
  if (any === undefined) ALTERNATIVES.set(s, (any = s.fields.some((f) => f.alternatives.length)));
  return any;
}

const SYMBOL_INDEX = new Map<EnumTable, Map<string, number>>();

/** An enum's values by symbol, made once (the first of two alike, as indexOf found it). */
function symbolIndexOf(table: EnumTable): Map<string, number> {
  let index = SYMBOL_INDEX.get(table);
  if (!index) {
    index = new Map();
    table.symbols.forEach((name, value) => {
      if (name !== null && !index!.has(name)) index!.set(name, value);
    });
    SYMBOL_INDEX.set(table, index);
  }
  return index;
}

/** The raw value to store for `value` in field `f`, or an error naming the instruction and field. */
export function encodeField(s: InstructionSpec, f: FieldSpec, value: unknown): number {
  if (f.kind === "bool" || f.kind === "bool_inv") {
    if (typeof value !== "boolean")
      throw new TypeError(
        `${s.name}: field ${f.name} must be a boolean, got ${describeValue(value)}`,
      );
    return value ? 1 : 0;
  }
  if (f.enumIndex >= 0) {
    const table = ENUMS[f.enumIndex];
    if (typeof value !== "string")
      throw new TypeError(
        `${s.name}: field ${f.name} must be one of the ${table.name} symbols, got ${describeValue(value)}`,
      );
    let raw = symbolIndexOf(table).get(value) ?? -1;
    if (raw < 0 && /^value\d+$/.test(value)) raw = Number(value.slice("value".length));
    if (raw < 0)
      throw new RangeError(
        `${s.name}: field ${f.name}: ${JSON.stringify(value)} is not a ${table.name} value`,
      );
    if (raw >= 2 ** f.width)
      throw new RangeError(
        `${s.name}: field ${f.name}: ${JSON.stringify(value)} (${raw}) does not fit ${f.width} bits`,
      );
    return raw;
  }
  if (typeof value !== "number")
    throw new TypeError(`${s.name}: field ${f.name} must be a number, got ${describeValue(value)}`);
  if (!Number.isInteger(value))
    throw new RangeError(`${s.name}: field ${f.name}: ${value} is not an integer`);
  const min = f.signed ? -(2 ** (f.width - 1)) : 0;
  const max = f.signed ? 2 ** (f.width - 1) - 1 : 2 ** f.width - 1;
  if (value < min || value > max)
    throw new RangeError(`${s.name}: field ${f.name}: ${value} does not fit (${min}..${max})`);
  return value < 0 ? value + 2 ** f.width : value;
}

/**
 * Encode an instruction: the inverse of `decode` (don't-care bits are written as 0). Throws a
 * TypeError or RangeError naming the instruction and field for a missing field, a value of the
 * wrong type, an unknown enum symbol or a value that does not fit.
 */
export function encode(instruction: Instruction): Uint32Array {
  const name = (instruction as { name?: unknown } | null)?.name;
  const s = typeof name === "string" ? BY_NAME.get(name) : undefined;
  if (!s) throw new TypeError(`unknown instruction ${describeValue(name)}`);
  const given = (instruction.fields ?? {}) as unknown as Record<string, unknown>;
  const names = fieldNamesOf(s);
  for (const key of Object.keys(given))
    if (!names.has(key)) throw new TypeError(`${s.name}: unknown field ${key}`);
  const words = new Uint32Array(s.match);
  // Which bits a field has given, where another field may view them too (alternatives).
  const written = hasAlternatives(s) ? new Uint32Array(ISA.wordCount) : null;
  for (const f of s.fields) {
    let value = given[f.name];
    if (value === undefined) {
      if (f.alternatives.some((a) => given[a] !== undefined)) continue;
      if (f.default === null) throw new TypeError(`${s.name}: missing field ${f.name}`);
      value = fieldValue(f, f.default);
    }
    const raw = encodeField(s, f, value);
    let rest = raw;
    for (let i = 0; i < f.ranges.length; i += 2) {
      const low = f.ranges[i];
      const high = f.ranges[i + 1];
      const width = high - low + 1;
      const part = rest % 2 ** width;
      rest = Math.floor(rest / 2 ** width);
      if (written) {
        // Alternative views of the same bits must agree where both were given.
        const bit = clashingBit(words, written, low, high, part);
        if (bit >= 0)
          throw new RangeError(
            `${s.name}: field ${f.name} disagrees with another field on bit ${bit}`,
          );
        setRange(written, low, high, 2 ** width - 1);
      }
      setRange(words, low, high, part);
    }
  }
  const check = findSpec(words, s.gen ? s.gen[0] : ISA.defaultGpu);
  if (check !== s)
    throw new RangeError(
      `${s.name}: the encoding would decode as ${check ? check.name : "nothing"}`,
    );
  return words;
}

/** All instruction names, in the specs' order. */
export const INSTRUCTION_NAMES: readonly InstructionName[] = INSTRUCTIONS.map(
  (s) => s.name as InstructionName,
);
