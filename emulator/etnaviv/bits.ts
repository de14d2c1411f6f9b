/**
 * 32-bit patterns as float32 or integers, and float32 rounding. Registers hold bit patterns.
 *
 * @needs-upstream mesa
 */

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

export function bitsToFloat(bits: number): number {
  U32[0] = bits >>> 0;
  return F32[0];
}

export function floatToBits(value: number): number {
  F32[0] = value;
  return U32[0];
}

/** The four lanes of a vec4 of float values as bit patterns (test and input helper). */
export function vec4Bits(values: readonly number[]): Uint32Array {
  if (values.length !== 4) throw new RangeError(`a vec4 needs 4 values, got ${values.length}`);
  return Uint32Array.from(values, floatToBits);
}

export function vec4Floats(bits: ArrayLike<number>): number[] {
  return Array.from(bits, bitsToFloat);
}

/** Rounding of a float result to float32: RTNE is IEEE's default, RTZ truncates toward zero. */
export type Rounding = "rtne" | "rtz";

/**
 * `value` (a double, the exact or double-rounded result of an operation) rounded to float32 and
 * returned as its bit pattern.
 */
export function roundToF32Bits(value: number, rounding: Rounding): number {
  const bits = floatToBits(value);
  if (rounding === "rtne" || Number.isNaN(value)) return bits;
  const rounded = bitsToFloat(bits);
  // RTNE went up in magnitude (or overflowed to infinity from a finite value): step one ulp back.
  if (Math.abs(rounded) > Math.abs(value)) return (bits - 1) >>> 0;
  return bits;
}

export function toInt32(bits: number): number {
  return bits | 0;
}

export function popcount(bits: number): number {
  let v = bits >>> 0;
  let n = 0;
  while (v !== 0) {
    v &= v - 1;
    n++;
  }
  return n;
}

/** High 32 bits of the 64-bit product, signed or unsigned. */
export function mulHigh32(a: number, b: number, signed: boolean): number {
  const x = signed ? BigInt(a | 0) : BigInt(a >>> 0);
  const y = signed ? BigInt(b | 0) : BigInt(b >>> 0);
  return Number(BigInt.asUintN(32, (x * y) >> 32n));
}
