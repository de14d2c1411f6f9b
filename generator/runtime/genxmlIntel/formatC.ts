/**
 * C's printf conversions the Intel decoder's text uses, exactly: `%f` of a double (six decimals,
 * glibc's round-half-even on the exact binary value, no exponent ever) and `%f` of a float given
 * by its bits (NaN printed with its sign).
 */

/** printf("%f", x) */
export function formatF(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x < 0 ? "-inf" : "inf";
  const negative = x < 0 || Object.is(x, -0);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exponentBits = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent: number;
  if (exponentBits === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  // |x| × 10^6 = num / den exactly; rounded half to even.
  let num = mantissa * 1000000n;
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  let q = num / den;
  const twice = (num % den) * 2n;
  if (twice > den || (twice === den && (q & 1n) === 1n)) q += 1n;
  const digits = q.toString().padStart(7, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** printf("%f", (double)f) for the float whose bits are `bits`; a NaN shows its sign bit. */
export function formatFloatBits(bits: number): string {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, bits >>> 0);
  const f = view.getFloat32(0);
  if (Number.isNaN(f)) return bits >>> 31 ? "-nan" : "nan";
  return formatF(f);
}
