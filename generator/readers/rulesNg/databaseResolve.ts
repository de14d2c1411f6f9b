/**
 * Second pass of the register-database reader, rnn's `prepdb`: group uses replaced by the group's
 * elements, full names built (`parent_name`, unless bare; a varset `prefix` puts the first active
 * variant's name in front), types resolved (copying the values of inline enums and the bitfields
 * of inline bitsets into the element that uses them), absolute offsets and array strides computed,
 * and elements whose variants exclude them all (rnn "dead") dropped.
 */
import type { Diagnostics } from "../../diagnostics";
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnElement,
  RnnEnum,
  RnnTypeInfo,
  RnnValue,
  RnnVariantInfo,
  SourceRef,
} from "../../model/types";

export interface PendingDatabase {
  db: RegisterDatabase;
  groups: Map<string, RnnElement[]>;
  spectypes: Set<string>;
  /** `<use-group>` placeholders and the group each names. */
  useGroups: Map<RnnElement, string>;
}

const BUILTIN_TYPES: Record<string, RnnTypeInfo["kind"]> = {
  hex: "hex",
  uint: "uint",
  int: "int",
  float: "float",
  boolean: "boolean",
  fixed: "fixed",
  ufixed: "ufixed",
  fixedp: "fixedp",
  address: "address",
  waddress: "address",
  bitfield: "inline-bitset",
  enum: "inline-enum",
};

/** `a_b`, or `b` without a prefix (rnn `catstr`). */
function join(prefix: string | undefined, name: string): string {
  return prefix === undefined ? name : `${prefix}_${name}`;
}

/** The variant state rnn carries down the tree (`rnnvarinfo`). */
interface VarInfo {
  /** The enum whose variant names prefix full names, if any. */
  prefixEnum?: RnnEnum;
  varset?: string;
  /** Active variants per varset enum. */
  sets: Map<RnnEnum, boolean[]>;
}

const ROOT_VARINFO: VarInfo = { sets: new Map() };

export function resolveDatabase(p: PendingDatabase, diags: Diagnostics): RegisterDatabase {
  return new Resolver(p, diags).run();
}

class Resolver {
  private readonly enums = new Map<string, RnnEnum>();
  private readonly bitsets = new Map<string, { inline: boolean; fields: RnnBitfield[] }>();
  private readonly domains = new Set<string>();

  constructor(
    private readonly p: PendingDatabase,
    private readonly diags: Diagnostics,
  ) {}

  run(): RegisterDatabase {
    const { db } = this.p;
    for (const e of db.enums) this.enums.set(e.name, e);
    for (const d of db.domains) this.domains.add(d.name);
    // Inline types are copied unresolved: each use resolves its copy under its own name.
    for (const b of db.bitsets) this.bitsets.set(b.name, { inline: b.inline, fields: structuredClone(b.fields) });
    for (const d of db.domains) d.elements = this.expandGroups(d.elements, []);
    for (const [name, g] of this.p.groups) this.p.groups.set(name, this.expandGroups(g, [name]));

    for (const e of db.enums) {
      const vi = this.varInfo(e, ROOT_VARINFO, e.name, e.source);
      if (!vi) continue;
      e.values = this.values(e.values, e.bare ? undefined : e.name, vi);
    }
    for (const b of db.bitsets) {
      const vi = this.varInfo(b, ROOT_VARINFO, b.name, b.source);
      if (vi) b.fields = this.bitfields(b.fields, b.bare ? undefined : b.name, vi);
    }
    db.domains = db.domains.filter((d) => {
      const vi = this.varInfo(d, ROOT_VARINFO, d.name, d.source);
      if (!vi) return false;
      // Names inside get the variant prefix once, at their own level: children are named from
      // the unprefixed name (rnn applies the prefix after preparing the children).
      d.fullName = join(this.prefixOf(vi), d.name);
      d.elements = this.elements(d.elements, d.bare ? undefined : d.name, vi, 0, [], d.width);
      return true;
    });
    return db;
  }

  /** Replace `<use-group>` placeholders by copies of the group's elements. */
  private expandGroups(list: RnnElement[], using: string[]): RnnElement[] {
    return list.flatMap((e) => {
      const group = this.p.useGroups.get(e);
      if (group === undefined) {
        e.elements = this.expandGroups(e.elements, using);
        return [e];
      }
      const elements = this.p.groups.get(group);
      if (!elements) {
        this.diags.error("unknown-group", `<use-group '${group}'>: no group named '${group}' is declared`, e.source);
        return [];
      }
      if (using.includes(group)) {
        this.diags.error("cyclic-group", `group '${group}' uses itself`, e.source);
        return [];
      }
      return this.expandGroups(structuredClone(elements), [...using, group]);
    });
  }

  private elements(
    list: RnnElement[],
    prefix: string | undefined,
    parent: VarInfo,
    base: number,
    strides: number[],
    domainWidth: number,
  ): RnnElement[] {
    return list.filter((e) => {
      const label = `${e.kind === "reg" ? "register" : e.kind} '${e.name ?? ""}'`;
      const vi = this.varInfo(e, parent, label, e.source);
      if (!vi) return false;
      // `prefix="none"` also drops the enclosing element's name.
      const own = e.name !== undefined ? join(e.prefix === "none" ? undefined : prefix, e.name) : prefix;
      if (e.name !== undefined) e.fullName = join(this.prefixOf(vi), own!);
      if (e.length !== 1 && e.stride === 0) {
        if (e.kind === "reg") e.stride = e.width! / domainWidth;
        else this.diags.error("missing-stride", `${label} has length ${e.length} but no stride`, e.source);
      }
      e.absoluteOffset = base + e.offset;
      e.strides = e.length !== 1 ? [...strides, e.stride] : [...strides];
      if (e.kind === "reg") e.type = this.typeInfo(e.type, own, vi, false, e.file);
      e.elements = this.elements(e.elements, own, vi, e.absoluteOffset, e.strides, domainWidth);
      return true;
    });
  }

  private values(list: RnnValue[], prefix: string | undefined, parent: VarInfo): RnnValue[] {
    return list.filter((v) => {
      const base = join(prefix, v.name);
      const vi = this.varInfo(v, parent, base, v.source);
      if (!vi) return false;
      v.fullName = join(this.prefixOf(vi), base);
      return true;
    });
  }

  private bitfields(list: RnnBitfield[], prefix: string | undefined, parent: VarInfo): RnnBitfield[] {
    return list.filter((f) => {
      const base = join(prefix, f.name);
      const vi = this.varInfo(f, parent, base, f.source);
      if (!vi) return false;
      f.type = this.typeInfo(f.type, base, vi, f.low === f.high, f.file);
      f.fullName = join(this.prefixOf(vi), base);
      return true;
    });
  }

  /** rnn `preptypeinfo`: what the type attribute names, and the inline content copied in. */
  private typeInfo(t: RnnTypeInfo, prefix: string | undefined, vi: VarInfo, oneBit: boolean, file: string): RnnTypeInfo {
    let values = t.values;
    let fields = t.fields;
    let kind: RnnTypeInfo["kind"];
    if (t.name !== undefined) {
      const en = this.enums.get(t.name);
      const bs = this.bitsets.get(t.name);
      if (en) {
        kind = en.inline ? "inline-enum" : "enum";
        if (en.inline) values = [...values, ...structuredClone(en.values).map((v) => ({ ...v, file }))];
      } else if (bs) {
        kind = bs.inline ? "inline-bitset" : "bitset";
        if (bs.inline) fields = [...fields, ...withFile(structuredClone(bs.fields), file)];
      } else if (this.p.spectypes.has(t.name)) kind = "spectype";
      else if (BUILTIN_TYPES[t.name] !== undefined) kind = BUILTIN_TYPES[t.name];
      else if (this.domains.has(t.name)) kind = "domain";
      else kind = "unknown";
    } else if (fields.length > 0) kind = "inline-bitset";
    else if (values.length > 0) kind = "inline-enum";
    else kind = oneBit ? "boolean" : "hex";
    return {
      ...t,
      kind,
      values: this.values(values, prefix, vi),
      fields: this.bitfields(fields, prefix, vi),
    };
  }

  /** The variant name that prefixes full names, if a `prefix` varset is active. */
  private prefixOf(vi: VarInfo): string | undefined {
    const en = vi.prefixEnum;
    if (!en) return undefined;
    const active = vi.sets.get(en);
    const i = active ? active.findIndex((a) => a) : 0;
    return en.values[i]?.name;
  }

  /**
   * rnn `prepvarinfo`: inherit the parent's varset and active variants, narrow them by this
   * element's `variants`; undefined when no variant remains (the element does not exist).
   */
  private varInfo(el: RnnVariantInfo, parent: VarInfo, what: string, at: SourceRef): VarInfo | undefined {
    const vi: VarInfo = { prefixEnum: parent.prefixEnum, varset: parent.varset, sets: new Map(parent.sets) };
    if (el.prefix !== undefined) {
      vi.prefixEnum = el.prefix === "none" ? undefined : this.enumNamed(el.prefix, what, at);
    }
    if (el.varset !== undefined) vi.varset = el.varset;
    if (el.variants === undefined) return vi;
    const varset = vi.varset !== undefined ? this.enumNamed(vi.varset, what, at) : vi.prefixEnum;
    if (!varset) {
      if (vi.varset === undefined)
        this.diags.error("unknown-variant", `${what}: variants given without an active varset`, at);
      return vi;
    }
    const names = varset.values.map((v) => v.name);
    const chosen = names.map(() => false);
    for (const token of el.variants.trim().split(/\s+/).filter((t) => t !== "")) {
      const m = /^([^:-]*)([:-])([^:-]*)$/.exec(token);
      const index = (name: string): number => {
        const i = names.indexOf(name);
        if (i < 0) this.diags.error("unknown-variant", `${what}: '${name}' is not a value of varset '${varset.name}'`, at);
        return i;
      };
      if (!m) {
        const i = index(token);
        if (i >= 0) chosen[i] = true;
        continue;
      }
      const from = m[1] === "" ? 0 : index(m[1]);
      // `A-B` includes B, `A:B` stops before it.
      const to = m[3] === "" ? names.length : index(m[3]) + (m[2] === "-" ? 1 : 0);
      if (from < 0 || to < 0) continue;
      for (let i = from; i < to; i++) chosen[i] = true;
    }
    const inherited = vi.sets.get(varset) ?? names.map(() => true);
    const active = inherited.map((a, i) => a && chosen[i]);
    vi.sets.set(varset, active);
    return active.some((a) => a) ? vi : undefined;
  }

  private enumNamed(name: string, what: string, at: SourceRef): RnnEnum | undefined {
    const en = this.enums.get(name);
    if (!en) this.diags.error("unknown-type", `${what}: varset '${name}' names no enum`, at);
    return en;
  }
}

function withFile(fields: RnnBitfield[], file: string): RnnBitfield[] {
  return fields.map((f) => ({
    ...f,
    file,
    type: { ...f.type, values: f.type.values.map((v) => ({ ...v, file })), fields: withFile(f.type.fields, file) },
  }));
}
