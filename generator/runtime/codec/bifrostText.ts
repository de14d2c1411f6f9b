/**
 * Numbers as Mesa's Bifrost disassembler prints them (bifrost-clauses.md §8): fixed-width hex, and a
 * 32-bit float's C `%f` computed exactly (glibc rounds the exact binary value to nearest, ties to
 * even; `toFixed` does not, and loses the sign of negative zero). Carried by the Bifrost codec.
 */

/** `x` (an unsigned 32-bit value or less) as `digits` lowercase hex digits. */
export function hexDigits(x: number, digits: number): string {
  return x.toString(16).padStart(digits, "0");
}

/** glibc's `printf("%f", (double) f)` of the binary32 value with bits `x`. */
export function formatFloat32(x: number): string {
  const sign = x >>> 31 !== 0 ? "-" : "";
  const exponent = (x >>> 23) & 0xff;
  const fraction = x & 0x7fffff;
  if (exponent === 255) return sign + (fraction === 0 ? "inf" : "nan");
  const mant = BigInt(exponent === 0 ? fraction : fraction | 0x800000);
  const exp2 = exponent === 0 ? -149 : exponent - 150;
  let n: bigint;
  if (exp2 >= 0) n = (mant << BigInt(exp2)) * 1000000n;
  else {
    const num = mant * 1000000n;
    const den = 1n << BigInt(-exp2);
    n = num / den;
    const twice = (num % den) * 2n;
    if (twice > den || (twice === den && (n & 1n) === 1n)) n += 1n;
  }
  const digits = n.toString().padStart(7, "0");
  return `${sign}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** A 32-bit constant source: `0x3f800000 /* 1.000000 *\/`. */
export function constant32(x: number): string {
  return `0x${hexDigits(x >>> 0, 8)} /* ${formatFloat32(x >>> 0)} */`;
}
