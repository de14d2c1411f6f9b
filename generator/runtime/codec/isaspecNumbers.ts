/**
 * Numbers as Mesa's isaspec decoder prints them and the codecs' assembler reads them back: sign
 * extension, half and single floats as C `%f` (glibc's rounding), and decimal text back to float
 * bits. Carried by every isaspec codec (generator/emit/codec/runtimeSource.ts inlines it without
 * its `export`s); no dependencies.
 */

/** `v` as a two's complement number of `width` bits (any `v`: only its low bits count). */
export function signExtend(v: number, width: number): number {
  const m = 2 ** width;
  const u = ((v % m) + m) % m;
  return u >= m / 2 ? u - m : u;
}

export const F32 = new Float32Array(1);
export const U32 = new Uint32Array(F32.buffer);

export function floatOf(raw: number, width: number): number {
  if (width === 32) {
    U32[0] = raw;
    return F32[0];
  }
  const sign = raw & 0x8000 ? -1 : 1;
  const e = (raw >> 10) & 31;
  const m = raw & 1023;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (1024 + m) * 2 ** (e - 25);
}

/** C `%f`: 6 decimals of the exact binary value, ties to even (as glibc), for any finite double. */
export function formatFixed(x: number): string {
  const neg = x < 0 || Object.is(x, -0);
  let m = Math.abs(x);
  let e = 0;
  while (m >= 2 ** 53) {
    m /= 2;
    e++;
  }
  while (!Number.isInteger(m)) {
    m *= 2;
    e--;
  }
  // Little-endian decimal digits of m·2^e·10^frac, an integer.
  let digits: number[] = [];
  for (let v = m; v > 0; v = Math.floor(v / 10)) digits.push(v % 10);
  const times = (k: number): void => {
    let carry = 0;
    for (let i = 0; i < digits.length; i++) {
      const t = digits[i] * k + carry;
      digits[i] = t % 10;
      carry = Math.floor(t / 10);
    }
    for (; carry > 0; carry = Math.floor(carry / 10)) digits.push(carry % 10);
  };
  for (let i = 0; i < e; i++) times(2);
  const frac = Math.max(0, -e);
  for (let i = 0; i < frac; i++) times(5);
  if (frac > 6) {
    const drop = frac - 6;
    const first = digits[drop - 1] ?? 0;
    const sticky = digits.slice(0, drop - 1).some((d) => d !== 0);
    digits = digits.slice(drop);
    if (first > 5 || (first === 5 && (sticky || (digits[0] ?? 0) % 2 === 1))) {
      let i = 0;
      for (; (digits[i] ?? 0) === 9; i++) digits[i] = 0;
      digits[i] = (digits[i] ?? 0) + 1;
    }
  } else {
    for (let i = frac; i < 6; i++) digits.unshift(0);
  }
  while (digits.length < 7) digits.push(0);
  const text = digits.reverse().join("");
  return `${neg ? "-" : ""}${text.slice(0, -6)}.${text.slice(-6)}`;
}

/**
 * C `%f` of a half or single float: JS `toFixed` rounds the exact value as glibc does except on a
 * tie (half up, where glibc rounds half to even), which formatFixed settles. `x * 2e6` is exact
 * here (24 + 21 bits), so a tie is exactly an odd integer.
 */
export function formatSmallFloat(x: number): string {
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  const twice = a * 2e6;
  if (a >= 1e21 || (Number.isInteger(twice) && twice % 2 === 1)) return formatFixed(x);
  return neg ? `-${a.toFixed(6)}` : a.toFixed(6);
}

export function formatFloat(value: number, width: number): string {
  // Mesa passes the value as a uint16_t or uint32_t: only the low `width` bits count.
  const raw = value % 2 ** width;
  const v = floatOf(raw, width);
  if (Number.isNaN(v)) return raw >= 2 ** (width - 1) ? "-nan" : "nan";
  if (!Number.isFinite(v)) return v < 0 ? "-inf" : "inf";
  return formatSmallFloat(v);
}

/** The half-float bits nearest `x` (ties to even), as Mesa's `_mesa_float_to_half`. */
export function toHalf(x: number): number {
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a >= 65520) return sign | 0x7c00;
  // Subnormals (below 2^-14) share the exponent -14; log2 may be off by one either way.
  let e = a < 2 ** -14 ? -14 : Math.floor(Math.log2(a));
  if (e > -14 && 2 ** e > a) e--;
  if (a >= 2 ** -14 && 2 ** (e + 1) <= a) e++;
  const q = a / 2 ** (e - 10);
  let m = Math.floor(q);
  if (q - m > 0.5 || (q - m === 0.5 && m % 2 === 1)) m++;
  if (m === 2048) return sign | ((e + 16) << 10);
  return m < 1024 ? sign | m : sign | ((e + 15) << 10) | (m - 1024);
}

/** The bits of a float field of `width` bits (16 or 32) for the text `%f` printed. */
export function floatBits(text: string, width: number): number {
  const neg = text.startsWith("-");
  const body = neg ? text.slice(1) : text;
  if (body === "nan") return width === 32 ? (neg ? 0xffc00000 : 0x7fc00000) : neg ? 0xfe00 : 0x7e00;
  const v = body === "inf" ? Infinity : Number(body);
  const x = neg ? -v : v;
  if (width !== 32) return toHalf(x);
  F32[0] = x;
  return U32[0];
}
