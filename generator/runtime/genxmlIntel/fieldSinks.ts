/**
 * Where the generated Intel decoders' straight-line code reports each field it walks
 * (templates/ts/genxml-intel/decoder.ts.hbs): a PrintSink turns them into intel_print_group's
 * lines, a DecodeSink into typed fields. The generated code reads each value with the decoder's
 * shifts and masks (genxml.md §7.4); a DecodeSink reads the true bits again, as decodeStruct of
 * the interpreter (decode.ts) does. Inlined into every generated decoder without its `export`s.
 */
import { guessLength } from "./commandLength";
import { typedValue, type DecodedField, type SurfaceFormats } from "./decodedField";
import { formatF, formatFloatBits } from "./formatC";

/** Named values of an enum or a field, by value (the first name of a value). */
export type Names = Readonly<Record<number, string>>;

/** A value as the generated code reads it: a number up to 32 bits, a BigInt past that. */
export type Raw = number | bigint;

/** Dwords lo and hi as one 64-bit BigInt (an absent dword reads 0). */
export function u64(lo: number, hi: number): bigint {
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

function nameOf(names: Names | null | undefined, v: Raw): string | undefined {
  if (!names) return undefined;
  return names[(typeof v === "number" ? v : String(v)) as number];
}

export function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/** Sign-extended from `bits` bits. */
function signExtend(v: Raw, bits: number): Raw {
  if (typeof v === "bigint") return BigInt.asIntN(bits, v);
  return bits > 32 ? v : (v << (32 - bits)) >> (32 - bits);
}

type Kind =
  | "int"
  | "uint"
  | "bool"
  | "float"
  | "address"
  | "offset"
  | "mbo"
  | "mbz"
  | "unknown"
  | "ufixed"
  | "sfixed"
  | "enum"
  | "struct";

/**
 * A field the walk met: kind, printed name, bits start..end in the item (without the print's bit
 * offset), the value read, its names, fixed point's integer and fraction bits, and whether it is
 * an opcode field (read but not printed).
 */
interface Met {
  kind: Kind;
  name: string;
  s: number;
  e: number;
  v: Raw;
  names: Names | null | undefined;
  integer: number;
  fraction: number;
  opcode: boolean;
}

/**
 * The generated code's view of a walk: the item's dwords from `b` on, and a method per field type
 * (`opcode`: a header field, read but not printed).
 */
export abstract class FieldSink {
  constructor(
    readonly d: Uint32Array,
    readonly b: number,
  ) {}
  protected abstract field(f: Met): void;
  /** The walk of a struct-typed field at bit `s` (an opcode field: undefined where not printed). */
  abstract nest(s: number, length: number): FieldSink;
  abstract nestOpcode(s: number, length: number): FieldSink | undefined;
  /** The command length guessed from dword 0, which bounds variable-length groups. */
  abstract lengthGuess(): number;

  private met(kind: Kind, name: string, s: number, e: number, v: Raw, names?: Names | null) {
    return { kind, name, s, e, v, names, integer: 0, fraction: 0, opcode: false };
  }
  private put(f: Met, opcode: boolean | undefined): void {
    f.opcode = opcode === true;
    this.field(f);
  }
  uint(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("uint", name, s, e, v, names), opcode);
  }
  int(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("int", name, s, e, v, names), opcode);
  }
  unknown(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("unknown", name, s, e, v, names), opcode);
  }
  mbz(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("mbz", name, s, e, v, names), opcode);
  }
  mbo(name: string, s: number, e: number, names?: Names | null, opcode?: boolean) {
    this.put(this.met("mbo", name, s, e, 0, names), opcode);
  }
  enum(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("enum", name, s, e, v, names), opcode);
  }
  bool(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("bool", name, s, e, v, names), opcode);
  }
  float(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("float", name, s, e, v, names), opcode);
  }
  address(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("address", name, s, e, v, names), opcode);
  }
  offset(name: string, s: number, e: number, v: Raw, names?: Names | null, opcode?: boolean) {
    this.put(this.met("offset", name, s, e, v, names), opcode);
  }
  ufixed(
    name: string,
    s: number,
    e: number,
    v: Raw,
    fraction: number,
    names?: Names | null,
    opcode?: boolean,
  ) {
    const f = this.met("ufixed", name, s, e, v, names);
    f.fraction = fraction;
    this.put(f, opcode);
  }
  sfixed(
    name: string,
    s: number,
    e: number,
    v: Raw,
    integer: number,
    fraction: number,
    names?: Names | null,
    opcode?: boolean,
  ) {
    const f = this.met("sfixed", name, s, e, v, names);
    f.integer = integer;
    f.fraction = fraction;
    this.put(f, opcode);
  }
  /** A struct-typed field; its fields follow through `nest`. */
  struct(name: string, s: number, e: number, struct: string, opcode?: boolean) {
    this.structName = struct;
    this.put(this.met("struct", name, s, e, 0, undefined), opcode);
  }
  protected structName = "";
}

/** intel_print_group's lines (genxml.md §7.5–7.7) for an item at byte `byteOffset`. */
export class PrintSink extends FieldSink {
  private last = -1;
  /** The previous field's text, which an mbo field prints again. */
  private text = "";
  constructor(
    d: Uint32Array,
    b: number,
    readonly out: string[],
    readonly byteOffset: number,
    readonly formats: SurfaceFormats | undefined,
  ) {
    super(d, b);
  }
  protected field(f: Met): void {
    const text = this.textOf(f);
    this.text = text;
    const dw = Math.floor(f.e / 32);
    if (dw !== this.last) {
      for (let j = this.last + 1; j <= dw; j++)
        this.out.push(
          `0x${hex8(this.byteOffset + 4 * j)}:  0x${hex8(this.d[this.b + j] ?? 0)} : Dword ${j}`,
        );
      this.last = dw;
    }
    if (!f.opcode) this.out.push(`    ${f.name}: ${text}`);
  }
  private textOf(f: Met): string {
    const v = f.v;
    switch (f.kind) {
      case "mbo":
        return this.text;
      case "bool":
        return v ? "true" : "false";
      case "float":
        return formatFloatBits(Number(BigInt.asUintN(32, BigInt(v))));
      case "address":
      case "offset":
        return `0x${v.toString(16).padStart(8, "0")}`;
      case "ufixed":
        return formatF(Math.fround(Math.fround(Number(v)) / 2 ** f.fraction));
      case "sfixed": {
        const x = signExtend(v, f.integer + f.fraction + 1);
        return formatF(Math.fround(Math.fround(Number(x)) / 2 ** f.fraction));
      }
      case "struct":
        return `<struct ${this.structName}>`;
    }
    // Numbers: signed kinds as 64-bit signed (a narrow value is never negative), then the name.
    let text =
      typeof v === "bigint" && f.kind !== "uint" && f.kind !== "mbz"
        ? `${BigInt.asIntN(64, v)}`
        : `${v}`;
    const name = nameOf(f.names, v);
    if (name !== undefined) return `${text} (${name})`;
    if (this.formats && (f.name === "Surface Format" || f.name === "Source Element Format")) {
      const format = this.formats.get(Number(v));
      if (format !== undefined && v < 0x100000000) text += ` (${format})`;
    }
    return text;
  }
  nest(s: number, _length: number): FieldSink {
    const k = Math.floor(s / 32);
    return new PrintSink(this.d, this.b + k, this.out, this.byteOffset + 4 * k, this.formats);
  }
  nestOpcode(): FieldSink | undefined {
    return undefined;
  }
  lengthGuess(): number {
    return guessLength(this.d[this.b] ?? 0);
  }
}

/**
 * Typed fields, as the interpreter's decodeGroup gives them: the true bits of each field, from bit
 * `bit` of `d` on (a nested struct's bits may start inside a dword), zero from bit `limit` on.
 */
export class DecodeSink extends FieldSink {
  constructor(
    d: Uint32Array,
    b: number,
    readonly fields: DecodedField[],
    readonly bit: number,
    readonly limit: number,
  ) {
    super(d, b);
  }
  private read(s: number, e: number): bigint {
    let v = 0n;
    for (let x = this.bit + e; x >= this.bit + s; x--) {
      const bit = x < this.limit ? ((this.d[x >>> 5] ?? 0) >>> (x & 31)) & 1 : 0;
      v = (v << 1n) | BigInt(bit);
    }
    return v;
  }
  protected field(f: Met): void {
    const raw = this.read(f.s, f.e);
    const out: DecodedField = {
      name: f.name,
      start: f.s,
      end: f.e,
      type: f.kind,
      value: typedValue(f.kind, raw, f.s, f.e, f.fraction),
    };
    const name = f.kind === "bool" || f.kind === "struct" ? undefined : nameOf(f.names, raw);
    if (name !== undefined) out.enumName = name;
    this.fields.push(out);
  }
  nest(s: number, length: number): FieldSink {
    const f = this.fields[this.fields.length - 1];
    f.fields = [];
    const bit = this.bit + s;
    const limit = Math.min(this.limit, bit + 32 * (length + 1));
    return new DecodeSink(this.d, this.b + Math.floor(s / 32), f.fields, bit, limit);
  }
  nestOpcode(s: number, length: number): FieldSink | undefined {
    return this.nest(s, length);
  }
  lengthGuess(): number {
    return guessLength(Number(this.read(0, 31)));
  }
}
