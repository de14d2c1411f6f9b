/**
 * What a Panfrost genxml decoder carries: reading bits of a descriptor and turning them into the
 * values and text Mesa's generated unpack + print functions produce (genxml.md §10), C's integer
 * conversions and `%f` included. Inlined into every generated decoder
 * (generator/emit/genxmlPanfrost/decoderModule.ts) without its `export`s.
 */
import { F32, formatFloat, U32 } from "../codec/isaspecNumbers";

/** Bits s..e (inclusive, at most 32 of them) of `b`, little-endian, as an unsigned number. */
export function readBits(b: Uint8Array, s: number, e: number): number {
  let v = 0;
  const first = s >> 3;
  const last = e >> 3;
  // At most 5 bytes: 40 bits fit a double exactly.
  for (let i = last; i >= first; i--) v = v * 256 + (b[i] ?? 0);
  v = Math.floor(v / 2 ** (s & 7));
  return v % 2 ** (e - s + 1);
}

/** Bits s..e (up to 64) of `b` as an unsigned BigInt. */
export function readBits64(b: Uint8Array, s: number, e: number): bigint {
  let v = 0n;
  for (let i = e >> 3; i >= s >> 3; i--) v = (v << 8n) | BigInt(b[i] ?? 0);
  return (v >> BigInt(s & 7)) & ((1n << BigInt(e - s + 1)) - 1n);
}

/** 32-bit word `i` of `b` (little-endian; bytes past the end read 0). */
export function word(b: Uint8Array, i: number): number {
  return readBits(b, 32 * i, 32 * i + 31);
}

/** A `uint32_t` member: the low 32 bits. */
export const u32 = (v: number): number => ((v % 2 ** 32) + 2 ** 32) % 2 ** 32;
/** An `int32_t` member: the low 32 bits, two's complement. */
export const s32 = (v: number): number => u32(v) | 0;
/** A `uint64_t` member: the low 64 bits. */
export const u64 = (v: bigint): bigint => BigInt.asUintN(64, v);

/** `uif`: the float whose bits are `v`. */
export function uif(v: number): number {
  U32[0] = v;
  return F32[0];
}

/** `__gen_unpack_ulod` / `__gen_unpack_slod`: the integer as a float, ÷ 256, as a float. */
export const lod = (v: number): number => Math.fround(Math.fround(v) / 256);

/** `__gen_unpack_padded` of the raw 32-bit value: (2·odd + 1) << shift, 32-bit unsigned. */
export function padded(v: number): number {
  return u32(Math.imul(2 * Math.floor(v / 32) + 1, (2 ** (v & 31)) | 0));
}

/** `1U << v` (log2 fields): the shift count taken modulo 32, as x86 does. */
export const pow2 = (v: number): number => u32(2 ** (v % 32));

/** The 32 bits of float `x` (floats are held as their bits: a NaN's sign prints). */
export function bitsOfFloat(x: number): number {
  F32[0] = x;
  return U32[0];
}

/**
 * C's `%f` of the float whose 32 bits are `bits`, glibc's way: `-nan`, `inf`, exact digits (the
 * codecs' printer of single floats: toFixed where it rounds as glibc, exact digits otherwise).
 */
export function printfF(bits: number): string {
  return formatFloat(bits, 32);
}

const SWIZZLE = "RGBA01??";

/** mali_component_swizzle: four 3-bit channels from bit 0 up. */
export function swizzle(v: number): string {
  let s = "";
  for (let i = 0; i < 12; i += 3) s += SWIZZLE[(v >>> i) & 7];
  return s;
}

/** `0x%X`: upper-case hex. */
export const hexUpper = (v: number): string => v.toString(16).toUpperCase();

/** A printed line: `indent` spaces (`%*s`), the label, the value. */
export function line(out: string[], indent: number, label: string, value: string): void {
  out.push(spaces(indent) + label + value);
}

/** `%*s`: `indent` spaces. */
export const spaces = (indent: number): string => " ".repeat(indent);
