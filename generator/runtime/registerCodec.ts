/**
 * Decode and encode registers of a register database: the API of the generated register decoders
 * (`isaforge/registers/<id>`), on top of rnndec.ts. `decodeRegister` gives the register's path,
 * its fields with their values, and exactly the line envytools' `lookup` prints; `encodeRegister`
 * goes back from a register's name (as headergen defines it) and field values to an address and a
 * value. Self-contained apart from rnndec.ts: the generated modules carry both files.
 */
import {
  altHex,
  ANSI_COLORS,
  decodeAddress,
  decodeValue,
  lookupLine,
  NO_COLORS,
  varmatch,
  type DecContext,
  type DecDatabase,
  type DecDomain,
  type DecElement,
  type DecField,
  type DecType,
  type DecVariantSet,
} from "./rnndec";

/** Which variants to decode for: a `chipset` variant's name, or a variant per varset. */
export type VariantChoice = string | Record<string, string>;

export interface RegisterOptions {
  /** The domain (default: the database's first). */
  domain?: string;
  variant?: VariantChoice;
  /** ANSI colours as lookup prints them without `-c` (default: none). */
  colors?: boolean;
}

export interface DecodedField {
  name: string;
  /** The field's bits, low..high, relative to the register. */
  low: number;
  high: number;
  /** The field's value, as stored. */
  raw: bigint;
  /** As rnndec prints it: an enum name, a number, `TRUE`, nested `{ … }`. */
  text: string;
}

export interface DecodedRegister {
  domain: string;
  address: bigint;
  /** The register's path (`PGRAPH_TP[0x3].MP[0x1].TRAPPED_OPCODE`), or the address when no register has it. */
  path: string;
  /** headergen's name of the register matched, if any. */
  register?: string;
  value?: bigint;
  /** The fields of the value, for a register of a bitset type, on the chosen variants. */
  fields: DecodedField[];
  /** Exactly the line `lookup` prints. */
  text: string;
}

/** A database the API runs on: rnndec's part plus headergen's names and absolute offsets. */
export interface CodecDatabase extends DecDatabase {
  domains: (DecDomain & { elements: CodecElement[] })[];
}

export interface CodecElement extends DecElement {
  fullName?: string;
  absoluteOffset: number;
  strides: number[];
  elements: CodecElement[];
}

function choose(db: DecDatabase, variant: VariantChoice | undefined): Map<string, string> {
  const pairs: [string, string][] =
    variant === undefined
      ? []
      : typeof variant === "string"
        ? [["chipset", variant]]
        : Object.entries(variant);
  const chosen = new Map<string, string>();
  for (const [varset, name] of pairs) {
    const en = db.enums.find((e) => e.name === varset);
    if (!en) throw new RangeError(`no varset '${varset}' in the database`);
    const v = en.values.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!v)
      throw new RangeError(
        `'${name}' is not a variant of '${varset}' (${en.values.map((x) => x.name).join(", ")})`,
      );
    chosen.set(varset, v.name);
  }
  return chosen;
}

function domainOf(db: CodecDatabase, name: string | undefined): CodecDatabase["domains"][number] {
  const d = name === undefined ? db.domains[0] : db.domains.find((x) => x.name === name);
  if (!d)
    throw new RangeError(
      `no domain '${name}' (domains: ${db.domains.map((x) => x.name).join(", ")})`,
    );
  return d;
}

function context(db: DecDatabase, options: RegisterOptions): DecContext {
  return {
    db,
    chosen: choose(db, options.variant),
    colors: options.colors ? ANSI_COLORS : NO_COLORS,
  };
}

/** The fields a bitset-typed value splits into, on the chosen variants (what rnndec prints). */
function fieldsOf(
  ctx: DecContext,
  t: DecType,
  value: bigint,
  sets: DecVariantSet[],
): DecodedField[] {
  let fields: DecField[] = t.fields;
  let inherited = sets;
  if (t.kind === "bitset") {
    const bs = ctx.db.bitsets.find((b) => b.name === t.name);
    fields = bs?.fields ?? [];
    inherited = bs?.variantSets ?? [];
  } else if (t.kind !== "inline-bitset") return [];
  let v = value;
  if (t.shr) v <<= BigInt(t.shr);
  if (t.add) v += BigInt(t.add);
  const out: DecodedField[] = [];
  for (const f of fields) {
    const fsets = f.variantSets ?? inherited;
    if (!varmatch(ctx, f, fsets)) continue;
    const width = f.high - f.low + 1;
    const raw = (v >> BigInt(f.low)) & ((1n << BigInt(width)) - 1n);
    out.push({
      name: f.name,
      low: f.low,
      high: f.high,
      raw,
      text: decodeValue(ctx, f.type, raw, width, fsets),
    });
  }
  return out;
}

/** A register address (and value) to names, as `lookup` decodes it. */
export function decodeIn(
  db: CodecDatabase,
  address: number | bigint,
  value?: number | bigint,
  options: RegisterOptions = {},
): DecodedRegister {
  const domain = domainOf(db, options.domain);
  const ctx = context(db, options);
  const addr = BigInt(address);
  const val = value === undefined ? undefined : BigInt.asUintN(64, BigInt(value));
  const a = decodeAddress({ ...ctx, colors: NO_COLORS }, domain, addr);
  const reg = a.register as CodecElement | undefined;
  return {
    domain: domain.name,
    address: addr,
    path: a.name,
    ...(reg?.fullName !== undefined ? { register: reg.fullName } : {}),
    ...(val !== undefined ? { value: val } : {}),
    fields:
      reg && val !== undefined
        ? fieldsOf({ ...ctx, colors: NO_COLORS }, reg.type, val, a.sets)
        : [],
    text: lookupLine(ctx, domain, addr, val),
  };
}

/** Field values to encode: numbers, enum value names, or booleans for one-bit fields. */
export type FieldValues = Record<string, number | bigint | string | boolean>;

export interface EncodeOptions extends RegisterOptions {
  /** The indexes of the arrays the register is in, outermost first. */
  indices?: (number | bigint)[];
}

/** The register named `name` on the chosen variants (a name may be one register per variant). */
function findRegister(
  ctx: DecContext,
  list: CodecElement[],
  inherited: DecVariantSet[],
  name: string,
): CodecElement | undefined {
  for (const e of list) {
    const sets = e.variantSets ?? inherited;
    if (!varmatch(ctx, e, sets)) continue;
    if (e.kind === "reg" && e.fullName === name) return e;
    const inner = findRegister(ctx, e.elements, sets, name);
    if (inner) return inner;
  }
  return undefined;
}

/** The value of one field from what the caller gave: a number, an enum name, a boolean. */
function fieldValue(
  db: DecDatabase,
  register: string,
  f: DecField,
  given: number | bigint | string | boolean,
): bigint {
  const what = `${register}.${f.name}`;
  if (typeof given === "boolean") return given ? 1n : 0n;
  if (typeof given === "string") {
    const values =
      f.type.kind === "enum"
        ? (db.enums.find((e) => e.name === f.type.name)?.values ?? [])
        : f.type.values;
    const v = values.find((x) => x.name === given && x.value !== undefined);
    if (!v)
      throw new RangeError(
        `${what}: '${given}' is not one of its values (${values.map((x) => x.name).join(", ") || "none"})`,
      );
    return BigInt(v.value!);
  }
  if (typeof given === "number" && !Number.isInteger(given))
    throw new TypeError(`${what}: ${given} is not an integer`);
  return BigInt(given);
}

/** A register's address and the value of its fields: the inverse of `decodeIn`. */
export function encodeIn(
  db: CodecDatabase,
  name: string,
  fields: FieldValues = {},
  options: EncodeOptions = {},
): { address: bigint; value: bigint } {
  const domain = domainOf(db, options.domain);
  const reg = findRegister(context(db, options), domain.elements, domain.variantSets ?? [], name);
  if (!reg) throw new RangeError(`no register '${name}' in domain '${domain.name}'`);
  const indices = (options.indices ?? []).map((i) => BigInt(i));
  if (indices.length !== reg.strides.length)
    throw new RangeError(
      `${name} takes ${reg.strides.length} ${reg.strides.length === 1 ? "index" : "indexes"}, not ${indices.length}`,
    );
  const address = reg.strides.reduce(
    (a, s, i) => a + BigInt(s) * indices[i],
    BigInt(reg.absoluteOffset),
  );
  const t = reg.type;
  const list =
    t.kind === "bitset" ? (db.bitsets.find((b) => b.name === t.name)?.fields ?? []) : t.fields;
  let value = 0n;
  for (const [key, given] of Object.entries(fields)) {
    const f = list.find((x) => x.name === key && !x.dead);
    if (!f)
      throw new RangeError(
        `${name} has no field '${key}' (fields: ${list.map((x) => x.name).join(", ") || "none"})`,
      );
    let v = fieldValue(db, name, f, given);
    const shr = BigInt(f.type.shr ?? 0);
    if (v & ((1n << shr) - 1n))
      throw new RangeError(
        `${name}.${key}: ${altHex(v)} has bits below bit ${shr}, which the field drops`,
      );
    v >>= shr;
    const width = f.high - f.low + 1;
    if (v < 0n || v >= 1n << BigInt(width))
      throw new RangeError(`${name}.${key}: ${given} does not fit in ${width} bits`);
    value |= v << BigInt(f.low);
  }
  return { address, value };
}
