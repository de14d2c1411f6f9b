/**
 * Numbers as rnn reads them (`getnumattrib`): `strtoull`, base 16 when the text has an `x`/`X`
 * anywhere, else base 10, unsigned 64-bit (a minus sign wraps, as strtoull's does).
 */
import type { RnnNumber } from "../../model/registerDatabase";

const U64 = (1n << 64n) - 1n;

/** The value, or undefined when characters are left over (rnn: "invalid numeric value"). */
export function parseRnnBigInt(text: string): bigint | undefined {
  const hex = /[xX]/.test(text);
  // strtoull: leading white space, an optional sign, then `0x` (base 16) and digits.
  const m = hex
    ? /^[\t\n\v\f\r ]*([+-]?)(?:0[xX])?([0-9a-fA-F]*)$/.exec(text)
    : /^[\t\n\v\f\r ]*([+-]?)([0-9]*)$/.exec(text);
  if (!m) return undefined;
  const digits = m[2];
  // No digits at all: strtoull converts nothing and points back at the start.
  if (digits === "") return text === "" ? 0n : undefined;
  let value = BigInt(hex ? `0x${digits}` : digits);
  // Out of range: strtoull saturates.
  if (value > U64) value = U64;
  return m[1] === "-" ? -value & U64 : value;
}

/** A model number: a JSON number while exact, else `0x…`. */
export function toRnnNumber(value: bigint): RnnNumber {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : `0x${value.toString(16)}`;
}
