/**
 * Where an instruction field's bits are in the 32-bit instruction words: its ranges (least
 * significant first) cut at word boundaries into parts, and the C types and literals its accessors
 * need.
 */
import type { Field, FieldType } from "../../model/types";
import { bitMask, wordLiteral } from "./defines";

/** Field kinds whose value is two's complement (as in the TS codec). */
const SIGNED: ReadonlySet<FieldType> = new Set<FieldType>(["int", "offset", "branch"]);

/** A run of a field's bits inside one word. */
export interface FieldPart {
  word: number;
  /** The bits in the word, as a literal (`0x001ff000u`). */
  mask: string;
  /** Bit of the word where the part starts. */
  shift: number;
  /** Bit of the value where the part starts. */
  pos: number;
  width: number;
}

export interface FieldCType {
  /** The type of the value (`uint32_t`, `int32_t`, `uint64_t`, `int64_t`). */
  ctype: string;
  /** The unsigned type of the raw bits. */
  utype: string;
  /** Wider than one word: parts are cast to `uint32_t` after shifting. */
  wide: boolean;
  signed: boolean;
  /** Largest value (literal), or null when every value of `ctype` fits. */
  max: string | null;
  /** Smallest value of a signed field (literal), or null. */
  min: string | null;
  /** The sign bit of a signed field (literal), or null. */
  signBit: string | null;
}

export function fieldParts(field: Field): FieldPart[] {
  const parts: FieldPart[] = [];
  let pos = 0;
  for (const r of field.ranges) {
    for (let low = r.low; low <= r.high;) {
      const word = low >>> 5;
      const high = Math.min(r.high, word * 32 + 31);
      const shift = low - word * 32;
      const width = high - low + 1;
      parts.push({ word, mask: wordLiteral(bitMask(shift, shift + width - 1)), shift, pos, width });
      pos += width;
      low = high + 1;
    }
  }
  return parts;
}

export function isSigned(field: Field): boolean {
  return SIGNED.has(field.type);
}

export function fieldCType(field: Field): FieldCType {
  const signed = isSigned(field);
  const bits = field.width <= 32 ? 32 : field.width <= 64 ? 64 : 0;
  if (bits === 0)
    throw new Error(`field ${field.name}: ${field.width} bits do not fit a C integer type`);
  const u = (v: bigint) => (bits === 32 ? `0x${v.toString(16)}u` : `UINT64_C(0x${v.toString(16)})`);
  const s = (v: bigint) => (bits === 32 ? `${v}` : `INT64_C(${v})`);
  const w = BigInt(field.width);
  const full = field.width === bits;
  return {
    ctype: `${signed ? "int" : "uint"}${bits}_t`,
    utype: `uint${bits}_t`,
    wide: bits > 32,
    signed,
    max: full ? null : signed ? s((1n << (w - 1n)) - 1n) : u((1n << w) - 1n),
    min: full || !signed ? null : s(-(1n << (w - 1n))),
    signBit: signed ? u(1n << (w - 1n)) : null,
  };
}
