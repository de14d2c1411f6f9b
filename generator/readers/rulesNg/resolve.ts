/**
 * Second pass: resolve field types (source-formats.md §C.1 `type=`) now that every enum, bitset,
 * spectype and domain is known, and build the model's enums, bitsets and registers.
 */
import type { Diagnostics } from "../../diagnostics";
import { bitsToRanges } from "../../model/bits";
import type {
  BitRange,
  BitsetDef,
  EnumDef,
  Field,
  FieldType,
  Register,
  SourceRef,
} from "../../model/types";
import type { RawBitfield, RawValues } from "./bitfields";
import type { Collected, RawRegister } from "./collect";

/** rules-ng's builtin type names and the model type each maps to. */
const BUILTIN_TYPES: Record<string, FieldType> = {
  hex: "hex",
  uint: "uint",
  int: "int",
  float: "float",
  boolean: "bool",
  // Signed fixed point with a `radix`: the model has no fixed-point type, so it is left to
  // custom handling rather than passed off as a plain integer.
  fixedp: "custom",
};

export interface ResolvedRegister {
  register: Register;
  domain: string;
  /** The `name` attribute, without the domain prefix (`WORD_0`). */
  shortName: string;
}

export interface Resolved {
  enums: EnumDef[];
  bitsets: BitsetDef[];
  registers: ResolvedRegister[];
  /** Names of the declared domains, in declaration order. */
  domains: string[];
}

type Typing = Pick<Field, "type" | "enum" | "bitset">;

export function resolveDefinitions(c: Collected, diags: Diagnostics): Resolved {
  return new Resolver(c, diags).run();
}

class Resolver {
  private readonly enumNames: Set<string>;
  private readonly bitsetNames: Set<string>;
  private readonly domainNames: Set<string>;
  /** Enums and bitsets declared inline in fields and registers, named by the field's full name. */
  private readonly inlineEnums: EnumDef[] = [];
  private readonly inlineBitsets: BitsetDef[] = [];

  constructor(
    private readonly c: Collected,
    private readonly diags: Diagnostics,
  ) {
    this.enumNames = new Set(c.enums.map((e) => e.name));
    this.bitsetNames = new Set(c.bitsets.map((b) => b.name));
    this.domainNames = new Set(c.domains.map((d) => d.name));
  }

  run(): Resolved {
    const enums: EnumDef[] = this.c.enums.map((e) => ({
      name: e.name,
      ...(e.brief !== undefined ? { brief: e.brief } : {}),
      ...(e.doc !== undefined ? { doc: e.doc } : {}),
      ...valuesOf(e.values),
      source: e.source,
    }));
    const bitsets: BitsetDef[] = this.c.bitsets.map((b) => {
      const fields = b.fields.map((f) => this.field(f));
      return {
        name: b.name,
        width: widthOfFields(fields),
        fields,
        ...(b.brief !== undefined ? { brief: b.brief } : {}),
        ...(b.doc !== undefined ? { doc: b.doc } : {}),
        source: b.source,
      };
    });
    const registers = this.c.registers.map((r) => ({
      register: this.register(r),
      domain: r.domain,
      shortName: r.shortName,
    }));
    return {
      enums: [...enums, ...this.inlineEnums],
      bitsets: [...bitsets, ...this.inlineBitsets],
      registers,
      domains: this.c.domains.map((d) => d.name),
    };
  }

  private register(r: RawRegister): Register {
    const fields = r.fields.map((f) => this.field(f));
    // A typed register, or one listing values, is itself a value of that type: model it as one
    // field spanning the register, named like the register.
    if (r.type || r.values.seen.size > 0) {
      const whole: Field = {
        name: r.shortName,
        ranges: [{ low: 0, high: r.width - 1 }],
        width: r.width,
        ...this.typing(r.type, r.values, [], r.name, r.width, r.source, `register '${r.name}'`),
        source: r.source,
      };
      fields.unshift(whole);
    }
    return {
      name: r.name,
      width: r.width,
      offset: r.offset,
      fields,
      reserved: uncovered(r.width, fields),
      ...(r.brief !== undefined ? { brief: r.brief } : {}),
      ...(r.doc !== undefined ? { doc: r.doc } : {}),
      source: r.source,
    };
  }

  /** A bitfield as a model field, bits as written (relative to its register or bitset). */
  field(f: RawBitfield): Field {
    // high < low is kept as written for the analyzer to report; the width stays positive.
    const width = Math.max(1, f.high - f.low + 1);
    return {
      name: f.name,
      ranges: [{ low: f.low, high: f.high }],
      width,
      ...this.typing(
        f.type,
        f.values,
        f.children,
        f.fullName,
        width,
        f.source,
        `bitfield '${f.fullName}'`,
      ),
      ...(f.brief !== undefined ? { brief: f.brief } : {}),
      ...(f.doc !== undefined ? { doc: f.doc } : {}),
      source: f.source,
    };
  }

  /** rnn `preptypeinfo`: explicit type, else inline bitfields/values, else boolean/hex by width. */
  private typing(
    type: { name: string; at: SourceRef } | undefined,
    values: RawValues,
    children: RawBitfield[],
    fullName: string,
    width: number,
    source: SourceRef,
    label: string,
  ): Typing {
    // Inline definitions are kept even beside an explicit type (rnn prints both).
    let inline: Typing | undefined;
    if (children.length > 0) {
      const fields = children.map((f) => this.field(f));
      this.inlineBitsets.push({ name: fullName, width, fields, source });
      inline = { type: "bitset", bitset: fullName };
    }
    if (values.seen.size > 0) {
      this.inlineEnums.push({ name: fullName, ...valuesOf(values), source });
      inline ??= { type: "enum", enum: fullName };
    }
    if (type) return this.named(type.name, type.at, label, 0);
    return inline ?? { type: width === 1 ? "bool" : "hex" };
  }

  private named(name: string, at: SourceRef, subject: string, depth: number): Typing {
    if (BUILTIN_TYPES[name]) return { type: BUILTIN_TYPES[name] };
    if (this.enumNames.has(name)) return { type: "enum", enum: name };
    if (this.bitsetNames.has(name)) return { type: "bitset", bitset: name };
    if (this.domainNames.has(name)) return { type: "hex" }; // an offset into that domain
    const spectype = this.c.spectypes.get(name);
    if (spectype && depth < 8) return this.named(spectype.type, at, subject, depth + 1);
    this.diags.error(
      "unknown-type",
      `${subject}: unknown type '${name}' (not a builtin type, enum, bitset, spectype or domain); treated as hex`,
      at,
    );
    return { type: "hex" };
  }
}

function valuesOf(v: RawValues): Pick<EnumDef, "values" | "namesWithoutValue"> {
  return {
    values: v.values,
    ...(v.namesWithoutValue.length > 0 ? { namesWithoutValue: v.namesWithoutValue } : {}),
  };
}

/** A bitset has no declared width: it spans up to its highest field bit. */
function widthOfFields(fields: Field[]): number {
  return Math.max(1, ...fields.flatMap((f) => f.ranges.map((r) => Math.max(r.low, r.high) + 1)));
}

/** Bit ranges of 0..width-1 that no field covers. */
export function uncovered(width: number, fields: Field[]): BitRange[] {
  const covered = new Array<boolean>(width).fill(false);
  for (const f of fields)
    for (const r of f.ranges)
      for (let b = Math.max(0, r.low); b <= Math.min(width - 1, r.high); b++) covered[b] = true;
  return bitsToRanges(covered.flatMap((c, b) => (c ? [] : [b])));
}
