/**
 * Register addresses and values to names and fields, as envytools' `rnndec` decodes them (and so
 * `lookup`, `demmio`, freedreno's `cffdump` print them): the address to a register path
 * (`PGRAPH_TP[0x3].MP[0x1].TRAPPED_OPCODE`, `+0x4` past a register's start, the bare address when
 * nothing matches), the value to its fields, flags, enum names and leftover bits
 * (`{ MMIO_FAULT | USER | 0xfbfeeff7 }`). Self-contained: the generated register decoders carry this
 * file as it is, and the `lookup` command runs it on the model.
 */

/** The variants of one varset an element exists on (as rnn resolves `variants`). */
export interface DecVariantSet {
  varset: string;
  variants: string[];
}

/** What every decodable element carries: where it exists. */
export interface DecVariants {
  /** The active variants of every varset narrowed at this element (absent: as its parent). */
  variantSets?: DecVariantSet[];
  /** Exists on no variant. */
  dead?: boolean;
}

export interface DecValue extends DecVariants {
  name: string;
  /** A number, or a `0x…` string above 2^53; absent when the database gives none. */
  value?: number | string;
}

export interface DecField extends DecVariants {
  name: string;
  low: number;
  high: number;
  type: DecType;
  /** A copy rnn made of an inline bitset's field (copies keep no `radix`). */
  copiedFrom?: string;
}

/** rnn's type kinds; anything rnndec does not know decodes as hex. */
export interface DecType {
  kind: string;
  /** The enum, bitset or spectype a `enum`/`bitset`/`spectype` kind names. */
  name?: string;
  shr?: number;
  add?: number;
  radix?: number | string;
  values: DecValue[];
  fields: DecField[];
}

export interface DecElement extends DecVariants {
  kind: "reg" | "array" | "stripe";
  name?: string;
  width?: number;
  offset: number;
  length: number;
  stride: number;
  type: DecType;
  elements: DecElement[];
  /** A `<use-group>`: its elements are rnn's copies of the group's (which keep no `radix`). */
  useGroup?: string;
}

export interface DecDomain extends DecVariants {
  name: string;
  width: number;
  elements: DecElement[];
}

export interface DecEnum extends DecVariants {
  name: string;
  values: DecValue[];
}

/** The part of a register database rnndec reads. */
export interface DecDatabase {
  enums: DecEnum[];
  bitsets: { name: string; fields: DecField[]; variantSets?: DecVariantSet[]; dead?: boolean }[];
  spectypes: { name: string; type: DecType }[];
  domains: DecDomain[];
}

/** The colours rnndec prints with (envytools' `envy_colors`). */
export interface DecColors {
  reset: string;
  rname: string;
  mod: string;
  num: string;
  eval: string;
  err: string;
}

export const NO_COLORS: DecColors = { reset: "", rname: "", mod: "", num: "", eval: "", err: "" };
/** envytools' `envy_def_colors`, as lookup prints without `-c`. */
export const ANSI_COLORS: DecColors = {
  reset: "\x1b[0m",
  rname: "\x1b[0;32m",
  mod: "\x1b[0;36m",
  num: "\x1b[0;33m",
  eval: "\x1b[0;35m",
  err: "\x1b[0;1;31m",
};

/** The variants a decode is for: varset → variant name (rnndec's context). */
export type DecChosen = Map<string, string>;

export interface DecContext {
  db: DecDatabase;
  chosen: DecChosen;
  colors: DecColors;
  /** Where rnndec's complaints go (stderr for lookup), with the varset no variant was chosen for. */
  warn?: (message: string, varset: string) => void;
}

const U64 = (1n << 64n) - 1n;

/** C's `%#llx`: `0x1f`, and `0` for zero. */
export function altHex(v: bigint): string {
  return v === 0n ? "0" : `0x${v.toString(16)}`;
}

/**
 * rnndec_varmatch: whether an element exists on the chosen variants. `sets` are the element's
 * own or, without `variants`, those it inherits. A varset nobody chose matches, with a complaint.
 */
export function varmatch(ctx: DecContext, el: DecVariants, sets: DecVariantSet[]): boolean {
  if (el.dead) return false;
  for (const s of sets) {
    const chosen = ctx.chosen.get(s.varset);
    if (chosen === undefined)
      ctx.warn?.(`I don't know which ${s.varset} variant to use!`, s.varset);
    else if (!s.variants.includes(chosen)) return false;
  }
  return true;
}

function enumNamed(ctx: DecContext, name: string | undefined): DecEnum | undefined {
  return ctx.db.enums.find((e) => e.name === name);
}

/**
 * C's `%f`: six decimals of the double's exact value, rounded half to even as glibc rounds (JS's
 * toFixed rounds ties up: 0.0078125 is `0.007812` in C); inf, nan and signs as glibc prints them.
 */
function printfF(x: number, negative = x < 0 || Object.is(x, -0)): string {
  if (Number.isNaN(x)) return negative ? "-nan" : "nan";
  if (!Number.isFinite(x)) return negative ? "-inf" : "inf";
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  // |x| = mantissa * 2^exponent exactly.
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  let micro: bigint;
  if (exponent >= 0) micro = (mantissa << BigInt(exponent)) * 1_000_000n;
  else {
    const num = mantissa * 1_000_000n;
    const den = 1n << BigInt(-exponent);
    const q = num / den;
    const twice = (num % den) * 2n;
    micro = twice > den || (twice === den && q % 2n === 1n) ? q + 1n : q;
  }
  const digits = micro.toString().padStart(7, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** Whether the float of `width` bits has its sign bit set (a NaN's sign shows as `-nan`). */
function floatNegative(bits: bigint, width: number): boolean {
  return ((bits >> BigInt(width - 1)) & 1n) === 1n;
}

/** A float of `width` bits from its bits, as rnndec reads it (16: IEEE half). */
function floatOf(bits: bigint, width: number): number | undefined {
  const view = new DataView(new ArrayBuffer(8));
  if (width === 64) {
    view.setBigUint64(0, bits & U64);
    return view.getFloat64(0);
  }
  if (width === 32) {
    view.setUint32(0, Number(bits & 0xffffffffn));
    return view.getFloat32(0);
  }
  if (width === 16) {
    const h = Number(bits & 0xffffn);
    const sign = h & 0x8000 ? -1 : 1;
    const exp = (h >> 10) & 0x1f;
    const frac = h & 0x3ff;
    if (exp === 0) return sign * frac * 2 ** -24;
    if (exp === 0x1f) return frac ? NaN : sign * Infinity;
    return sign * (1 + frac / 1024) * 2 ** (exp - 15);
  }
  return undefined;
}

/** The mask of bits low..high, on 64 bits. */
function fieldMask(f: DecField): bigint {
  return ((1n << BigInt(f.high - f.low + 1)) - 1n) << BigInt(f.low);
}

/**
 * rnndec_decodeval: a value of a register or field of type `t`, `width` bits wide. `sets`: the
 * variants the element holding `t` exists on, which its inline values and fields inherit.
 */
export function decodeValue(
  ctx: DecContext,
  t: DecType | undefined,
  input: bigint,
  width: number,
  sets: DecVariantSet[] = [],
  copied = false,
): string {
  const c = ctx.colors;
  const hex = (v: bigint) => `${c.num}${altHex(v)}${c.reset}`;
  if (!t) return hex(input);
  let value = input;
  if (t.shr) value = (value << BigInt(t.shr)) & U64;
  if (t.add) value = (value + BigInt(t.add)) & U64;
  let values: DecValue[] | undefined;
  let valueSets = sets;
  let fields: DecField[] | undefined;
  let fieldSets = sets;
  switch (t.kind) {
    case "enum": {
      const en = enumNamed(ctx, t.name);
      values = en?.values ?? [];
      valueSets = en?.variantSets ?? [];
      break;
    }
    case "inline-enum":
      values = t.values;
      break;
    case "bitset": {
      const bs = ctx.db.bitsets.find((b) => b.name === t.name);
      fields = bs?.fields ?? [];
      fieldSets = bs?.variantSets ?? [];
      break;
    }
    case "inline-bitset":
      fields = t.fields;
      break;
    case "spectype": {
      const st = ctx.db.spectypes.find((s) => s.name === t.name);
      return decodeValue(ctx, st?.type, value, width, []);
    }
  }
  if (values) {
    for (const v of values)
      if (
        varmatch(ctx, v, v.variantSets ?? valueSets) &&
        v.value !== undefined &&
        BigInt(v.value) === value
      )
        return `${c.eval}${v.name}${c.reset}`;
    return hex(value);
  }
  // A named bitset's fields are its own; an inline type's are copies when `copied` or marked so.
  if (fields)
    return bitsetText(ctx, fields, fieldSets, value, copied && t.kind === "inline-bitset");
  // rnn's copies keep no radix (copytypeinfo): they divide by 1.
  const radix = copied ? 0n : BigInt(t.radix ?? 0);
  const scale = Number(1n << radix);
  const sign = width > 0 && width <= 64 ? (value >> BigInt(width - 1)) & 1n : 0n;
  // rnndec's `(1 << width) - value`, on 64 bits: x86 shifts by width mod 64, and the value is not
  // masked to its width; printed as signed (`%" PRIi64`).
  const negated = ((1n << BigInt(width & 63)) - value) & U64;
  const signed = (v: bigint) => (v >= 1n << 63n ? v - (1n << 64n) : v);
  const padded = value.toString(16).padStart(8, "0");
  const float = () => {
    const f = floatOf(value, width);
    return f === undefined
      ? hex(value)
      : `${c.num}${printfF(f, floatNegative(value, width))}${c.reset}`;
  };
  switch (t.kind) {
    case "hex":
      return hex(value);
    case "fixed":
    case "ufixed":
      if (t.kind === "fixed" && sign)
        return `${c.num}-${printfF(Number(negated) / scale)}${c.reset} (${padded})`;
      return `${c.num}${printfF(Number(value) / scale)}${c.reset} (${padded})`;
    case "uint":
      return `${c.num}${value}${c.reset}`;
    case "int":
      return sign ? `${c.num}-${signed(negated)}${c.reset}` : `${c.num}${signed(value)}${c.reset}`;
    case "boolean":
      if (value === 0n) return `${c.eval}FALSE${c.reset}`;
      if (value === 1n) return `${c.eval}TRUE${c.reset}`;
      // rnndec's boolean case runs into its float case.
      return float();
    case "float":
      return float();
    default:
      return hex(value);
  }
}

/** rnndec's bitset decoding: flags, `NAME = value`, leftover bits, in braces. */
function bitsetText(
  ctx: DecContext,
  fields: DecField[],
  inherited: DecVariantSet[],
  value: bigint,
  copied: boolean,
): string {
  const c = ctx.colors;
  const parts: string[] = [];
  let mask = 0n;
  for (const f of fields) {
    const sets = f.variantSets ?? inherited;
    if (!varmatch(ctx, f, sets)) continue;
    const m = fieldMask(f) & U64;
    const sval = (value & m) >> BigInt(f.low);
    mask |= m;
    if (f.type.kind === "boolean") {
      if (sval === 0n) continue;
      if (sval === 1n) {
        parts.push(`${c.mod}${f.name}${c.reset}`);
        continue;
      }
    }
    parts.push(
      `${c.rname}${f.name}${c.reset} = ${decodeValue(ctx, f.type, sval, f.high - f.low + 1, sets, copied || f.copiedFrom !== undefined)}`,
    );
  }
  const left = value & ~mask & U64;
  if (left) parts.push(`${c.err}${altHex(left)}${c.reset}`);
  if (parts.length === 0) parts.push(`${c.num}0${c.reset}`);
  return `{ ${parts.join(" | ")} }`;
}

/** What an address decodes to: the register's path and, for a register, its type and width. */
export interface DecAddress {
  name: string;
  /** The register matched (absent: an array element's gap, or nothing). */
  register?: DecElement;
  /** The variants the register exists on, which its type's inline parts inherit. */
  sets: DecVariantSet[];
  /** The register is rnn's copy of a group's (inside a `<use-group>`). */
  copied?: boolean;
}

function withIndex(c: DecColors, name: string, idx: bigint): string {
  return `${name}[${c.num}${altHex(idx)}${c.reset}]`;
}

const extents = new WeakMap<DecElement[], bigint | null>();

/**
 * How far past their base `elements` can hold an address (exclusive), in domain units; undefined
 * when some has no end (a stripe or array of unknown length).
 */
function extentOf(elements: DecElement[], dwidth: number): bigint | undefined {
  const known = extents.get(elements);
  if (known !== undefined) return known ?? undefined;
  let end: bigint | undefined = 0n;
  for (const e of elements) {
    const offset = BigInt(e.offset);
    const stride = BigInt(e.stride);
    const one =
      e.kind === "reg"
        ? BigInt(Math.max(1, Math.floor(e.width! / dwidth)))
        : e.kind === "array"
          ? stride
          : extentOf(e.elements, dwidth);
    if (one === undefined || (e.length === 0 && e.kind !== "reg") || (e.length === 0 && stride)) {
      end = undefined;
      break;
    }
    const last = e.length > 1 ? stride * BigInt(e.length - 1) : 0n;
    const reach = offset + last + one;
    if (reach > end) end = reach;
  }
  extents.set(elements, end ?? null);
  return end;
}

/** rnndec's `trymatch` over `elements`, `addr` relative to them. */
function tryMatch(
  ctx: DecContext,
  elements: DecElement[],
  inherited: DecVariantSet[],
  addr: bigint,
  dwidth: number,
  indices: bigint[],
  copied = false,
): DecAddress | undefined {
  const c = ctx.colors;
  for (const e of elements) {
    const sets = e.variantSets ?? inherited;
    if (!varmatch(ctx, e, sets)) continue;
    const offset = BigInt(e.offset);
    const stride = BigInt(e.stride);
    const length = BigInt(e.length);
    if (e.kind === "reg") {
      if (addr < offset) continue;
      const idx = stride ? (addr - offset) / stride : 0n;
      const within = stride ? (addr - offset) % stride : addr - offset;
      if (within >= BigInt(Math.floor(e.width! / dwidth))) continue;
      if (length && idx >= length) continue;
      let name = `${c.rname}${e.name}${c.reset}`;
      for (const i of indices) name = withIndex(c, name, i);
      if (e.length !== 1) name = withIndex(c, name, idx);
      if (within) name = `${name}+${c.err}${altHex(within)}${c.reset}`;
      return { name, register: e, sets, ...(copied ? { copied } : {}) };
    }
    if (e.kind === "stripe") {
      // Indexes whose start leaves `addr` past everything inside cannot match: start after them
      // (rnndec tries them one by one, which takes long for a stripe of unknown length).
      const reach = extentOf(e.elements, dwidth);
      const skip =
        stride && reach !== undefined && addr - offset > reach
          ? (addr - offset - reach) / stride
          : 0n;
      for (let idx = skip; idx < length || !length; idx++) {
        const start = offset + stride * idx;
        // Without a stride every index starts at the same place: the first decides (rnndec,
        // given no length either, would loop for ever).
        if (addr < start || (stride === 0n && idx > 0n)) break;
        const inner = e.name === undefined ? [...indices, ...(e.length !== 1 ? [idx] : [])] : [];
        const res = tryMatch(
          ctx,
          e.elements,
          sets,
          addr - start,
          dwidth,
          inner,
          copied || e.useGroup !== undefined,
        );
        if (!res) continue;
        if (e.name === undefined) return res;
        let name = `${c.rname}${e.name}${c.reset}`;
        for (const i of indices) name = withIndex(c, name, i);
        if (e.length !== 1) name = withIndex(c, name, idx);
        return { ...res, name: `${name}.${res.name}` };
      }
      continue;
    }
    // array (freedreno's arrays at `offsets` may have no stride: one element then)
    if (addr < offset) continue;
    const idx = stride ? (addr - offset) / stride : 0n;
    const within = stride ? (addr - offset) % stride : addr - offset;
    if (length && idx >= length) continue;
    let name = `${c.rname}${e.name}${c.reset}`;
    for (const i of indices) name = withIndex(c, name, i);
    if (e.length !== 1) name = withIndex(c, name, idx);
    const res = tryMatch(ctx, e.elements, sets, within, dwidth, [], copied);
    if (res) return { ...res, name: `${name}.${res.name}` };
    return { name: `${name}+${c.err}${altHex(within)}${c.reset}`, sets };
  }
  return undefined;
}

/** rnndec_decodeaddr: the path of `addr` in `domain`, or the address itself in the error colour. */
export function decodeAddress(ctx: DecContext, domain: DecDomain, addr: bigint): DecAddress {
  return (
    tryMatch(ctx, domain.elements, domain.variantSets ?? [], addr, domain.width, []) ?? {
      name: `${ctx.colors.err}${altHex(addr)}${ctx.colors.reset}`,
      sets: [],
    }
  );
}

/**
 * The line `lookup` prints: `PATH`, or `PATH => VALUE` with the value decoded by the register's
 * type; an address no register holds alone, value or not (lookup has no type to decode it with).
 */
export function lookupLine(
  ctx: DecContext,
  domain: DecDomain,
  addr: bigint,
  value?: bigint,
): string {
  const a = decodeAddress(ctx, domain, addr);
  // An address no register holds has no type to decode a value with: lookup prints its name alone.
  if (value === undefined || !a.register) return a.name;
  return `${a.name} => ${decodeValue(ctx, a.register.type, value, a.register.width ?? 0, a.sets, a.copied)}`;
}
