/**
 * Second pass of the register-database reader, rnn's `prepdb`, step for step: enums, then
 * bitsets, domains and spectypes. Each element's variants are resolved from its parent's
 * (`prepvarinfo`: the prefix enum and the varset are inherited, `variants` narrow the active set,
 * no variant left is `dead`), full names built (`parent_name`, unless bare; a `prefix` enum puts the
 * first active variant's name in front), `<use-group>`s filled with copies of their group, types
 * resolved (an inline enum's values and an inline bitset's fields copied into each element that
 * uses it and resolved there, under that element's name and variants), absolute offsets and index
 * strides computed. Dead elements stay in the model, unresolved below them, as rnn leaves them.
 */
import type { Diagnostics } from "../../diagnostics";
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnElement,
  RnnEnum,
  RnnTypeInfo,
  RnnTypeKind,
  RnnValue,
  RnnVariantInfo,
  SourceRef,
} from "../../model/types";

export interface PendingDatabase {
  db: RegisterDatabase;
  /** Each group's elements as parsed, copied into every `<use-group>`. */
  groups: Map<string, RnnElement[]>;
}

/** Type names rnn and its forks know without a declaration. */
const BUILTIN_TYPES: Record<string, RnnTypeKind> = {
  hex: "hex",
  float: "float",
  uint: "uint",
  int: "int",
  boolean: "boolean",
  bitfield: "inline-bitset",
  enum: "inline-enum",
  fixed: "fixed",
  ufixed: "ufixed",
  // etna_viv's rnn
  fixedp: "fixedp",
  // freedreno's rnn
  address: "address",
  waddress: "waddress",
  a3xx_regid: "a3xx_regid",
};

/** `a_b`, or `b` without a prefix (rnn `catstr`). */
function join(prefix: string | undefined, name: string): string {
  return prefix === undefined ? name : `${prefix}_${name}`;
}

/** rnn's `rnnvarinfo` once prepared: what children inherit. */
interface VarInfo {
  /** The enum whose variant names prefix full names (`prefenum`). */
  prefixEnum?: RnnEnum;
  /** The `varset` in force, as written (`varsetstr`). */
  varset?: string;
  /** Active variants per varset enum (`varsets`). */
  sets: Map<RnnEnum, boolean[]>;
  /** The variant name that prefixes this element's full name (`prefix`). */
  prefix?: string;
  dead: boolean;
}

export function resolveDatabase(p: PendingDatabase, diags: Diagnostics): RegisterDatabase {
  return new Resolver(p, diags).run();
}

class Resolver {
  private readonly enums = new Map<string, RnnEnum>();
  private readonly bitsets = new Map<string, { inline: boolean; fields: RnnBitfield[] }>();
  private readonly spectypes = new Set<string>();
  private readonly domains = new Set<string>();

  constructor(
    private readonly p: PendingDatabase,
    private readonly diags: Diagnostics,
  ) {}

  run(): RegisterDatabase {
    const { db } = this.p;
    for (const e of db.enums) this.enums.set(e.name, e);
    for (const s of db.spectypes) this.spectypes.add(s.name);
    for (const d of db.domains) this.domains.add(d.name);
    // Copies are taken from the templates as parsed: inline bitsets are never resolved in place.
    for (const b of db.bitsets)
      this.bitsets.set(b.name, {
        inline: b.inline,
        fields: b.inline ? b.fields : structuredClone(b.fields),
      });

    for (const e of db.enums) {
      const vi = this.varInfo(e, undefined, `enum '${e.name}'`, e.source);
      if (e.inline) continue;
      e.values.forEach((v) => this.value(v, e.bare ? undefined : e.name, vi));
      e.fullName = join(vi.prefix, e.name);
    }
    for (const b of db.bitsets) {
      const vi = this.varInfo(b, undefined, `bitset '${b.name}'`, b.source);
      if (b.inline) continue;
      b.fields.forEach((f) => this.bitfield(f, b.bare ? undefined : b.name, vi));
      b.fullName = join(vi.prefix, b.name);
    }
    for (const d of db.domains) {
      // rnn resolves a domain's elements even when the domain itself is dead.
      const vi = this.varInfo(d, undefined, `domain '${d.name}'`, d.source);
      d.elements.forEach((e) =>
        this.element(e, d.bare ? undefined : d.name, vi, d.width, 0, [], []),
      );
      d.fullName = join(vi.prefix, d.name);
    }
    for (const s of db.spectypes) s.type = this.typeInfo(s.type, s.name, undefined, 32, s.file);
    return db;
  }

  /** rnn `prepvalue`. */
  private value(v: RnnValue, prefix: string | undefined, parent: VarInfo | undefined): void {
    v.fullName = join(prefix, v.name);
    const vi = this.varInfo(v, parent, `value '${v.fullName}'`, v.source);
    if (vi.dead) return;
    v.fullName = join(vi.prefix, v.fullName);
  }

  /** rnn `prepbitfield`: nested items are named from the name before its variant prefix. */
  private bitfield(f: RnnBitfield, prefix: string | undefined, parent: VarInfo | undefined): void {
    f.fullName = join(prefix, f.name);
    const vi = this.varInfo(f, parent, `bitfield '${f.fullName}'`, f.source);
    if (vi.dead) return;
    f.type = this.typeInfo(f.type, f.fullName, vi, f.high - f.low + 1, f.file);
    f.fullName = join(vi.prefix, f.fullName);
  }

  /** rnn `prepdelem`; `strides`/`groups` are those of the enclosing elements. */
  private element(
    e: RnnElement,
    prefix: string | undefined,
    parent: VarInfo,
    domainWidth: number,
    base: number,
    strides: number[],
    groups: string[],
  ): void {
    if (e.useGroup !== undefined) this.useGroup(e, groups);
    const own = e.name !== undefined ? join(prefix, e.name) : undefined;
    if (own !== undefined) e.fullName = own;
    const vi = this.varInfo(
      e,
      parent,
      `${e.kind === "reg" ? "register" : e.kind} '${own ?? prefix ?? ""}'`,
      e.source,
    );
    if (vi.dead) return;
    if (e.length !== 1 && e.stride === 0) {
      if (e.kind === "reg") {
        e.stride = Math.floor(e.width! / domainWidth);
        e.strideImplied = true;
      } else if (!e.offsets && !e.doffsets) {
        this.diags.error(
          "missing-stride",
          `${e.kind} '${e.name ?? ""}' has length ${e.length} but no stride`,
          e.source,
        );
      }
    }
    e.absoluteOffset = base + e.offset;
    e.strides = e.length !== 1 ? [...strides, e.stride] : strides;
    e.type = this.typeInfo(e.type, own ?? prefix, vi, e.width ?? 0, e.file);
    const inner = e.useGroup !== undefined ? [...groups, e.useGroup] : groups;
    e.elements.forEach((c) =>
      this.element(c, own ?? prefix, vi, domainWidth, e.absoluteOffset, e.strides, inner),
    );
    if (vi.prefix !== undefined && own !== undefined) e.fullName = join(vi.prefix, own);
  }

  /** A `<use-group>`: a nameless stripe holding copies of the group's elements, in its own file. */
  private useGroup(e: RnnElement, using: string[]): void {
    const group = e.useGroup!;
    const elements = this.p.groups.get(group);
    if (!elements) {
      this.diags.error(
        "unknown-group",
        `<use-group '${group}'>: no group named '${group}' is declared`,
        e.source,
      );
      return;
    }
    if (using.includes(group)) {
      this.diags.error("cyclic-group", `group '${group}' uses itself`, e.source);
      return;
    }
    e.elements = structuredClone(elements);
    const setFile = (list: RnnElement[]) =>
      list.forEach((c) => {
        c.file = e.file;
        setFile(c.elements);
        setTypeFile(c.type, e.file);
      });
    setFile(e.elements);
  }

  /** rnn `preptypeinfo`: what the type names, inline contents copied in, then everything inside resolved. */
  private typeInfo(
    t: RnnTypeInfo,
    prefix: string | undefined,
    vi: VarInfo | undefined,
    width: number,
    file: string,
  ): RnnTypeInfo {
    let kind: RnnTypeKind;
    if (t.name !== undefined) {
      const en = this.enums.get(t.name);
      const bs = this.bitsets.get(t.name);
      if (en) {
        kind = en.inline ? "inline-enum" : "enum";
        if (en.inline) t.values.push(...copies(en.values, en.name, file));
      } else if (bs) {
        kind = bs.inline ? "inline-bitset" : "bitset";
        if (bs.inline) t.fields.push(...copies(bs.fields, t.name, file));
      } else if (this.spectypes.has(t.name)) kind = "spectype";
      else if (BUILTIN_TYPES[t.name] !== undefined) kind = BUILTIN_TYPES[t.name];
      // etna_viv: a domain's name types an address in that domain.
      else if (this.domains.has(t.name)) kind = "domain";
      else kind = "unknown";
    } else if (t.fields.length > 0) kind = "inline-bitset";
    else if (t.values.length > 0) kind = "inline-enum";
    else kind = width === 1 ? "boolean" : "hex";
    t.kind = kind;
    t.fields.forEach((f) => this.bitfield(f, prefix, vi));
    t.values.forEach((v) => this.value(v, prefix, vi));
    return t;
  }

  /**
   * rnn `prepvarinfo`: the prefix enum and active variants come from the parent; the varset in
   * force too, unless a prefix enum is in force; `variants` narrow the active variants of the
   * varset (or, without one, of the prefix enum).
   */
  private varInfo(
    el: RnnVariantInfo,
    parent: VarInfo | undefined,
    what: string,
    at: SourceRef,
  ): VarInfo {
    const vi: VarInfo = {
      prefixEnum: parent?.prefixEnum,
      sets: new Map(parent?.sets),
      dead: false,
    };
    // rnn: an unknown prefix enum is no prefix, silently.
    if (el.prefix !== undefined)
      vi.prefixEnum = el.prefix === "none" ? undefined : this.enums.get(el.prefix);
    vi.varset = el.varset ?? (vi.prefixEnum === undefined ? parent?.varset : undefined);
    const varset = vi.varset !== undefined ? this.enums.get(vi.varset) : vi.prefixEnum;
    if (el.variants !== undefined) {
      if (!varset) {
        this.diags.error(
          "unknown-variant",
          vi.varset !== undefined
            ? `${what}: varset '${vi.varset}' names no enum`
            : `${what}: variants given without an active varset`,
          at,
        );
        return vi;
      }
      const names = varset.values.map((v) => v.name);
      const chosen = this.chosenVariants(el.variants, names, varset.name, what, at);
      const inherited = vi.sets.get(varset) ?? names.map(() => true);
      const active = inherited.map((a, i) => a && chosen[i]);
      vi.sets.set(varset, active);
      el.variantSets = [...vi.sets].map(([en, on]) => ({
        varset: en.name,
        variants: en.values.filter((_, i) => on[i]).map((v) => v.name),
      }));
      if (!active.some((a) => a)) {
        vi.dead = true;
        el.dead = true;
        return vi;
      }
    }
    if (vi.prefixEnum) {
      const active = vi.sets.get(vi.prefixEnum);
      const i = active ? active.findIndex((a) => a) : 0;
      vi.prefix = vi.prefixEnum.values[i]?.name;
    }
    return vi;
  }

  /** The variants a `variants` attribute names: `A`, `A-B` (B included), `A:B` (B excluded), open ranges. */
  private chosenVariants(
    text: string,
    names: string[],
    varset: string,
    what: string,
    at: SourceRef,
  ): boolean[] {
    const chosen = names.map(() => false);
    const index = (name: string): number => {
      const i = names.indexOf(name);
      if (i < 0)
        this.diags.error(
          "unknown-variant",
          `${what}: '${name}' is not a value of varset '${varset}'`,
          at,
        );
      return i;
    };
    for (const token of text.split(" ").filter((t) => t !== "")) {
      const split = token.search(/[:-]/);
      if (split < 0) {
        const i = index(token);
        if (i >= 0) chosen[i] = true;
        continue;
      }
      const first = token.slice(0, split);
      const second = token.slice(split + 1);
      const from = first === "" ? 0 : index(first);
      let to = names.length;
      if (second !== "") {
        to = index(second);
        if (token[split] === "-" && to >= 0) to++;
      }
      if (from < 0 || to < 0) continue;
      for (let i = from; i < to; i++) chosen[i] = true;
    }
    return chosen;
  }
}

/** Fresh copies of an inline type's templates, in the file of the element that uses them. */
function copies<T extends RnnValue | RnnBitfield>(templates: T[], from: string, file: string): T[] {
  return templates.map((t) => {
    const c = structuredClone(t);
    c.copiedFrom = from;
    c.file = file;
    if ("type" in c) setTypeFile(c.type, file, from);
    return c;
  });
}

/** The file (and, for copies, the origin) of everything inside a type. */
function setTypeFile(t: RnnTypeInfo, file: string, from?: string): void {
  for (const v of t.values) {
    v.file = file;
    if (from !== undefined) v.copiedFrom ??= from;
  }
  for (const f of t.fields) {
    f.file = file;
    if (from !== undefined) f.copiedFrom ??= from;
    setTypeFile(f.type, file, from);
  }
}
