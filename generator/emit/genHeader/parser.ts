/**
 * gen_header.py's `Parser`, replayed over the model's element stream (stream.ts): the same objects
 * (Enum, Bitset, Field, Array, Reg), the same state and the same mistakes, so that the dumps print
 * what gen_header prints. Notably: every declaration of an enum or bitset replaces the previous one
 * by name; a value without `value` is 0; a register whose type is a non-inline bitset adds its own
 * bitfields to that shared bitset; a field's bit range is checked against the size of the last
 * register met; `variant_regs` and `usage_regs` span every file read while `file` holds the root's
 * items only; variants are ignored for inclusion (only the first variant names things).
 */
import type { RegisterDatabase, RnnElement, RnnNumber } from "../../model/registerDatabase";
import type { SourceRef } from "../../model/types";
import { pySetOrder } from "./pySet";
import { buildStream, type StreamEvent } from "./stream";

/**
 * What gen_header raises, located: `gen-header-field` for its own checks of a field (range, type,
 * radix), `gen-header-variant` for variants it cannot name (an assertion or lookup that fails in
 * gen_header), `gen-header-unsupported` for what it crashes on (a Python exception).
 */
export class GenHeaderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly at: SourceRef,
  ) {
    super(message);
  }
}

export class GhEnum {
  readonly kind = "enum";
  readonly values: [string, bigint][] = [];
  constructor(readonly name: string) {}
  hasName(name: string): boolean {
    return this.values.some(([n]) => n === name);
  }
  names(): string[] {
    return this.values.map(([n]) => n);
  }
}

export interface GhField {
  /** null for the field a register's own `type` makes. */
  name: string | null;
  low: number;
  high: number;
  shr: number;
  /** The `type` attribute; null when none. */
  type: string | null;
  radix: number;
}

export class GhBitset {
  readonly kind = "bitset";
  inline = false;
  readonly fields: GhField[];
  constructor(
    readonly name: string,
    template: GhBitset | null,
  ) {
    this.fields = template ? [...template.fields] : [];
  }
  addressField(): GhField | undefined {
    return this.fields.find((f) => f.type === "address" || f.type === "waddress");
  }
}

/** An index of a register's address: gen_header's `(ctype, stride, __offset_NAME)`. */
export interface GhIndex {
  ctype: string;
  stride: number | null;
  offsetFn: string | null;
}

export class GhArray {
  readonly kind = "array";
  readonly localName: string;
  readonly name: string;
  readonly fixedOffsets: boolean;
  readonly offsets: string[] = [];
  readonly offset: number = 0;
  readonly stride: number = 0;
  readonly length: number;
  readonly usages: string[] | null;
  constructor(
    el: RnnElement,
    readonly domain: string,
    readonly variant: string | null,
    readonly parent: GhArray | null,
    readonly indexType: GhEnum | null,
    readonly at: SourceRef,
  ) {
    this.localName = el.name ?? "";
    this.name = parent ? `${parent.name}_${this.localName}` : this.localName;
    if (el.offsets !== undefined) {
      this.offsets = el.offsets.map((o) => hex08(BigInt(o)));
      this.fixedOffsets = true;
    } else if (el.doffsets !== undefined) {
      this.offsets = el.doffsets.map((s) => `(${s})`);
      this.fixedOffsets = true;
    } else {
      this.offset = el.offset;
      this.stride = el.stride;
      this.fixedOffsets = false;
    }
    this.length = el.length;
    this.usages = el.usage ?? null;
  }
  indexCtype(): string {
    return this.indexType ? `enum ${this.indexType.name}` : "uint32_t";
  }
  indices(): GhIndex[] {
    const indices = this.parent ? this.parent.indices() : [];
    if (this.length !== 1) {
      if (this.fixedOffsets)
        indices.push({
          ctype: this.indexCtype(),
          stride: null,
          offsetFn: `__offset_${this.localName}`,
        });
      else indices.push({ ctype: this.indexCtype(), stride: this.stride, offsetFn: null });
    }
    return indices;
  }
  totalOffset(): number {
    return (this.fixedOffsets ? 0 : this.offset) + (this.parent ? this.parent.totalOffset() : 0);
  }
}

export class GhReg {
  readonly kind = "reg";
  readonly name: string;
  readonly fullName: string;
  readonly offset: number;
  /** Set only when the document writes `stride` (and then gen_header reads `length` too). */
  readonly stride: number | null;
  bitset!: GhBitset;
  constructor(
    el: RnnElement,
    readonly domain: string,
    readonly array: GhArray | null,
    readonly bitSize: number,
    readonly at: SourceRef,
  ) {
    this.name = array ? `${array.name}_${el.name}` : el.name!;
    this.fullName = `${domain}_${this.name}`;
    this.offset = el.offset;
    this.stride = el.strideImplied || !el.stride ? null : el.stride;
  }
  indices(): GhIndex[] {
    const indices = this.array ? this.array.indices() : [];
    if (this.stride) indices.push({ ctype: "uint32_t", stride: this.stride, offsetFn: null });
    return indices;
  }
  totalOffset(): number {
    return this.array ? this.array.totalOffset() + this.offset : this.offset;
  }
  /**
   * The register's array, where gen_header reads its `offset` and `stride` (the packers, the usage
   * lists): an array with `offsets`/`doffsets` has neither, and gen_header fails there.
   */
  strideArray(): GhArray | null {
    if (this.array?.fixedOffsets)
      throw new GenHeaderError(
        "gen-header-unsupported",
        `register ${this.name} is in array ${this.array.name}, whose offsets are listed: gen_header has no offset and stride to pack or list it with`,
        this.at,
      );
    return this.array;
  }
}

export type GhItem = GhEnum | GhBitset | GhArray | GhReg;

export function hex08(v: bigint | number): string {
  return `0x${v.toString(16).padStart(8, "0")}`;
}

const BUILTIN_TYPES = new Set([
  "a3xx_regid",
  "boolean",
  "uint",
  "hex",
  "int",
  "fixed",
  "ufixed",
  "float",
  "address",
  "waddress",
]);

/** Attributes gen_header reads from an element's variants. */
interface VariantAttrs {
  variants?: string;
  varset?: string;
}

export interface ParsedDatabase {
  /** gen_header's `xml_files`: database file names in the order read. */
  files: string[];
  /** Items of the root file, in document order. */
  file: GhItem[];
  /** Registers with a variant, by register name, then by variant, in insertion order. */
  variantRegs: Map<string, Map<string, GhReg>>;
  usageRegs: Map<string, GhReg[]>;
  /** Domains (prefixes) of registers with usages, in the order Python's set iterates them. */
  variants: string[];
}

/** Replay gen_header's parse of the database; throws GenHeaderError where gen_header fails. */
/** gen_header's parse of `root` (default: the database's root document), as replayed from the model. */
export function parseDatabase(db: RegisterDatabase, root?: string): ParsedDatabase {
  return new Replay().run(db, root);
}

class Replay {
  currentArray: GhArray | null = null;
  currentDomain: string | null = null;
  currentPrefix: string | null = null;
  currentPrefixType: string | null = null;
  currentStripe: string | null = null;
  currentBitset: GhBitset | null = null;
  currentBitsize = 32;
  currentVarset: GhEnum | null = null;
  currentEnum: GhEnum | null = null;
  variantRegs = new Map<string, Map<string, GhReg>>();
  usageRegs = new Map<string, GhReg[]>();
  variantsAdded: string[] = [];
  bitsets = new Map<string, GhBitset>();
  enums = new Map<string, GhEnum>();
  file: GhItem[] = [];
  inRoot = false;
  at!: SourceRef;

  run(db: RegisterDatabase, rootName?: string): ParsedDatabase {
    const stream = buildStream(db, rootName);
    const root = stream.files[0];
    for (const { file, event } of stream.events) {
      this.inRoot = file === root;
      if (event.tag !== "end") this.at = event.at;
      this.start(event);
    }
    return {
      files: stream.files,
      file: this.file,
      variantRegs: this.variantRegs,
      usageRegs: this.usageRegs,
      variants: pySetOrder(this.variantsAdded),
    };
  }

  error(code: string, message: string): GenHeaderError {
    return new GenHeaderError(code, message, this.at);
  }

  enumNamed(name: string, what: string): GhEnum {
    const e = this.enums.get(name);
    if (!e)
      throw this.error(
        "gen-header-unsupported",
        `${what} '${name}' names no enum declared before it`,
      );
    return e;
  }

  prefix(variant: string | null): string {
    if (this.currentPrefixType === "variant" && variant) return variant;
    if (this.currentDomain === null)
      throw this.error("gen-header-unsupported", "register or array outside a domain");
    if (this.currentStripe) return `${this.currentStripe}_${this.currentDomain}`;
    if (this.currentPrefix) return `${this.currentPrefix}_${this.currentDomain}`;
    return this.currentDomain;
  }

  parseVariants(attrs: VariantAttrs): string | null {
    if (!attrs.variants) return null;
    let variant = attrs.variants.split(",")[0];
    if (variant.includes("-")) variant = variant.slice(0, variant.indexOf("-"));
    const varset =
      attrs.varset !== undefined ? this.enumNamed(attrs.varset, "varset") : this.currentVarset;
    if (!varset)
      throw this.error("gen-header-variant", `variants '${attrs.variants}' without a varset`);
    if (!varset.hasName(variant))
      throw this.error(
        "gen-header-variant",
        `variant '${variant}' is not a value of enum '${varset.name}'`,
      );
    return variant;
  }

  field(
    name: string | null,
    low: number | undefined,
    high: number | undefined,
    type: string | undefined,
    shr: number | undefined,
    radix: RnnNumber | undefined,
  ): GhField {
    if (low === undefined || high === undefined) {
      low = 0;
      high = this.currentBitsize - 1;
    }
    const maxpos = this.currentBitsize - 1;
    if (low < 0 || low > maxpos)
      throw this.error("gen-header-field", `low attribute out of range: ${low}`);
    if (high < 0 || high > maxpos)
      throw this.error("gen-header-field", `high attribute out of range: ${high}`);
    if (high < low)
      throw this.error("gen-header-field", `low is greater than high: low=${low}, high=${high}`);
    const t = type ?? null;
    if (t === "boolean" && low !== high)
      throw this.error("gen-header-field", "booleans should be 1 bit fields");
    else if (t === "float" && !(high - low === 31 || high - low === 15))
      throw this.error("gen-header-field", "floats should be 16 or 32 bit fields");
    else if (t !== null && !BUILTIN_TYPES.has(t) && !this.enums.has(t))
      throw this.error("gen-header-field", `unknown type '${t}'`);
    let r = 0;
    if (t === "fixed" || t === "ufixed") {
      if (radix === undefined) throw this.error("gen-header-field", `a ${t} field needs a radix`);
      r = Number(radix);
    }
    return { name, low, high, shr: shr ?? 0, type: t, radix: r };
  }

  start(ev: StreamEvent): void {
    switch (ev.tag) {
      case "domain": {
        const d = ev.domain;
        this.currentDomain = d.name;
        if (d.prefix !== undefined) {
          this.currentPrefix = this.parseVariants(d);
          this.currentPrefixType = d.prefix;
        } else {
          this.currentPrefix = null;
          this.currentPrefixType = null;
        }
        if (d.varset !== undefined) this.currentVarset = this.enumNamed(d.varset, "varset");
        return;
      }
      case "stripe":
        this.currentStripe = this.parseVariants(ev.element);
        return;
      case "enum":
        this.currentEnum = new GhEnum(ev.name);
        this.enums.set(ev.name, this.currentEnum);
        if (this.inRoot) this.file.push(this.currentEnum);
        return;
      case "value":
        if (!this.currentEnum)
          throw this.error("gen-header-unsupported", `value '${ev.value.name}' outside an enum`);
        this.currentEnum.values.push([
          ev.value.name,
          ev.value.value === undefined ? 0n : BigInt(ev.value.value),
        ]);
        return;
      case "reg":
        this.parseReg(ev.element);
        return;
      case "array": {
        const el = ev.element;
        this.currentBitsize = 32;
        const variant = this.parseVariants(el);
        const indexType = el.index !== undefined ? this.enumNamed(el.index, "index") : null;
        this.currentArray = new GhArray(
          el,
          this.prefix(variant),
          variant,
          this.currentArray,
          indexType,
          el.source,
        );
        if (this.inRoot) this.file.push(this.currentArray);
        return;
      }
      case "bitset": {
        const b = new GhBitset(ev.bitset.name, null);
        b.inline = ev.bitset.inline;
        this.currentBitset = b;
        this.bitsets.set(b.name, b);
        if (this.inRoot && !b.inline) this.file.push(b);
        return;
      }
      case "bitfield": {
        if (!this.currentBitset) return;
        const f = ev.field;
        this.currentBitset.fields.push(
          this.field(f.name, f.low, f.high, f.type.name, f.type.shr, f.type.radix),
        );
        return;
      }
      case "end":
        switch (ev.of) {
          case "domain":
            this.currentDomain = this.currentPrefix = this.currentPrefixType = null;
            return;
          case "stripe":
            this.currentStripe = null;
            return;
          case "bitset":
            this.currentBitset = null;
            return;
          case "array":
            this.currentArray = this.currentArray?.parent ?? null;
            return;
          case "enum":
            this.currentEnum = null;
            return;
          default:
            return;
        }
      case "import":
        return;
    }
  }

  parseReg(el: RnnElement): void {
    const bitSize = el.width === 64 ? 64 : 32;
    this.currentBitsize = bitSize;
    if (el.name === undefined)
      throw this.error("gen-header-unsupported", "register without a name");
    const type = el.type.name;
    const named = type !== undefined ? this.bitsets.get(type) : undefined;
    if (named) {
      if (named.inline) {
        this.currentBitset = new GhBitset(el.name, named);
        this.currentBitset.inline = true;
      } else this.currentBitset = named;
    } else {
      this.currentBitset = new GhBitset(el.name, null);
      this.currentBitset.inline = true;
      if (type !== undefined)
        this.currentBitset.fields.push(
          this.field(null, el.type.low, el.type.high, type, el.type.shr, el.type.radix),
        );
    }
    let variant = this.parseVariants(el);
    if (!variant && this.currentArray) variant = this.currentArray.variant;
    const reg = new GhReg(el, this.prefix(variant), this.currentArray, bitSize, el.source);
    reg.bitset = this.currentBitset;
    if (this.inRoot) this.file.push(reg);
    if (variant !== null) this.addAllVariants(reg, el, variant);
    const usages = el.usage ?? this.currentArray?.usages ?? null;
    if (usages) {
      for (const u of usages) {
        let regs = this.usageRegs.get(u);
        if (!regs) this.usageRegs.set(u, (regs = []));
        regs.push(reg);
      }
      this.variantsAdded.push(reg.domain);
    }
  }

  addAllVariants(reg: GhReg, el: RnnElement, parentVariant: string): void {
    const variant = this.parseVariants(el) || parentVariant;
    let byVariant = this.variantRegs.get(reg.name);
    if (!byVariant) this.variantRegs.set(reg.name, (byVariant = new Map()));
    else {
      const first = byVariant.values().next().value as GhReg;
      if (first.bitSize !== reg.bitSize)
        throw this.error(
          "gen-header-variant",
          `variants of register ${reg.name} differ in size (${first.bitSize} and ${reg.bitSize} bits)`,
        );
    }
    byVariant.set(variant, reg);
  }
}
