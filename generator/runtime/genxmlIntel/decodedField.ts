/**
 * What the Intel decoders give: a decoded field (decodeStruct) and the names of surface formats
 * printStruct appends. Shared by the interpreter (decode.ts) and the generated decoders, which
 * inline it.
 */

/** Surface format names appended to `Surface Format` values (value → ISL name). */
export type SurfaceFormats = ReadonlyMap<number, string>;

/** A field as decoded: its bits in the item, its value by type, and its enum name if any. */
export interface DecodedField {
  name: string;
  start: number;
  end: number;
  type: string;
  /** uint/int/enum/mbo/mbz: the number (a bigint beyond 2^53); bool; float and fixed point: the number; address: bigint. */
  value: number | bigint | boolean;
  /** The value's name in the field's enum (or its own values), when it has one. */
  enumName?: string;
  /** A struct-typed field: that struct's fields. */
  fields?: DecodedField[];
}

/** A value as a number where that is exact, else as the BigInt. */
export function small(v: bigint): number | bigint {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;
}

/**
 * A field's value by type from its bits start..end: booleans, sign-extended ints, floats, fixed
 * point as numbers, addresses with their implied low zero bits as BigInts, the rest as numbers.
 */
export function typedValue(
  kind: string,
  raw: bigint,
  start: number,
  end: number,
  fraction: number,
): number | bigint | boolean {
  const width = end - start + 1;
  switch (kind) {
    case "bool":
      return raw !== 0n;
    case "int":
      return small(BigInt.asIntN(width, raw));
    case "float":
      return new Float32Array(new Uint32Array([Number(raw & 0xffffffffn)]).buffer)[0];
    case "ufixed":
      return Number(raw) / 2 ** fraction;
    case "sfixed":
      return Number(BigInt.asIntN(width, raw)) / 2 ** fraction;
    case "address":
    case "offset":
      return raw << BigInt(start % 32);
  }
  return small(raw);
}
