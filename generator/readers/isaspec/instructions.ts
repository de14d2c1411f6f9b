/**
 * Flattens each isaspec leaf into a model `Instruction` (source-formats.md A.1–A.3, A.8, A.10):
 * the leaf's own definitions plus everything inherited along its `extends` chain.
 *
 * - Fields and derived fields: the default case of every bitset on the chain, root first.
 * - Display: the nearest default-case `<display>`, templates substituted.
 * - Overrides: nearest bitset first (the decoder looks at the leaf's cases first), each bitset's in
 *   document order; upstream applies the first whose expression is true.
 * - Attributes: `encode.MAP` (text of the nearest `<map name="MAP">`), `encode.MAP:force`,
 *   `encode:type` / `encode:case-prefix` (nearest `<encode>` giving them), `meta.KEY` (nearest wins).
 * - Multi-gen leaves (several `<bitset>`s with one name, A.10) become one instruction each, named
 *   `NAME.genMIN` (or `NAME.genMIN_MAX` when the effective range has an upper bound); the mnemonic
 *   stays `NAME` (or `displayname`).
 */
import type { Diagnostics } from "../../diagnostics";
import { formatLocation } from "../../diagnostics";
import type {
  Assertion,
  BitsetCase,
  DerivedField,
  DisplayOverride,
  EncodingBits,
  Field,
  ImplicitValue,
  Instruction,
  IsaInfo,
} from "../../model/types";
import { locateElement } from "../xml";
import { MAX_U32 } from "./attributes";
import type { BitsetSource, DerivedDef, FieldDef, OverrideDef, PatternDef } from "./definitions";
import type { EncodingResolver } from "./encoding";
import type { Hierarchy } from "./hierarchy";
import type { Lookup } from "./lookup";

export class InstructionBuilder {
  private readonly reportedRoots = new Set<BitsetSource>();
  private readonly reportedRedefinitions = new Set<string>();

  constructor(
    private readonly isa: IsaInfo,
    private readonly hierarchy: Hierarchy,
    private readonly lookup: Lookup,
    private readonly encodings: EncodingResolver,
    private readonly diags: Diagnostics,
  ) {}

  build(): Instruction[] {
    const leaves = this.hierarchy.leaves.filter((b) => !b.name.startsWith("#"));
    const count = new Map<string, number>();
    for (const b of leaves) count.set(b.name, (count.get(b.name) ?? 0) + 1);
    const out: Instruction[] = [];
    const taken = new Map<string, BitsetSource>();
    for (const leaf of leaves) {
      const chain = this.hierarchy.chain(leaf);
      if (!chain) continue; // dangling or cyclic extends, already reported
      const root = chain[chain.length - 1];
      if (root.size === undefined) continue; // root without size, already reported
      if (root.size !== this.isa.instructionWidth) {
        if (!this.reportedRoots.has(root)) {
          this.reportedRoots.add(root);
          this.diags.error(
            "instruction-width",
            `root bitset '${root.name}' is ${root.size} bits but the manifest says instructions are ${this.isa.instructionWidth} bits`,
            locateElement(root.doc, root.el),
          );
        }
        continue;
      }
      const gen = this.hierarchy.gen(leaf);
      const name =
        count.get(leaf.name)! > 1 ? multiGenName(leaf.name, gen.min, gen.max) : leaf.name;
      const first = taken.get(name);
      if (first) {
        this.diags.error(
          "duplicate-name",
          `bitset '${leaf.name}' is defined again for the same generations ${gen.min}..${gen.max} (first at ${formatLocation(locateElement(first.doc, first.el))})`,
          locateElement(leaf.doc, leaf.el),
        );
        continue;
      }
      taken.set(name, leaf);
      if (!chain.some((b) => b.display || b.overrides.some((o) => o.display))) {
        this.diags.warning(
          "no-display",
          `instruction '${name}' has no display template (neither it nor an ancestor has a <display>), so its assembly syntax is unknown`,
          locateElement(leaf.doc, leaf.el),
        );
      }
      out.push(this.instruction(leaf, chain, name, gen));
    }
    return out;
  }

  private instruction(
    leaf: BitsetSource,
    chain: BitsetSource[],
    name: string,
    gen: { min: number; max: number },
  ): Instruction {
    const attributes = this.attributes(chain);
    const {
      encoding,
      assertions,
      fields,
      derived,
      overrides,
      display,
      extends: ext,
      source,
    } = this.flatten(leaf, chain, this.isa.wordCount);
    const implicit = constantMaps(chain, fields, derived, overrides, display);
    return {
      name,
      mnemonic: leaf.displayname ?? leaf.name,
      encoding,
      ...(assertions ? { assertions } : {}),
      fields,
      derived,
      overrides,
      operands: [],
      modifiers: [],
      ...(display !== undefined ? { display } : {}),
      ...(ext ? { extends: ext } : {}),
      gen,
      ...(leaf.docText ? { doc: leaf.docText } : {}),
      ...extendsDoc(chain),
      ...(Object.keys(attributes).length ? { attributes } : {}),
      ...(implicit.length ? { implicit } : {}),
      notes: [],
      source,
    };
  }

  /** The leaves under a root used as a field type, each flattened as an instruction is. */
  bitsetCases(root: BitsetSource): BitsetCase[] {
    const words = Math.ceil(root.size! / 32);
    const out: BitsetCase[] = [];
    for (const leaf of this.hierarchy.leaves) {
      const chain = this.hierarchy.chain(leaf);
      if (!chain || chain[chain.length - 1] !== root) continue;
      const gen = this.hierarchy.gen(leaf);
      out.push({
        name: leaf.name,
        ...this.flatten(leaf, chain, words),
        ...(gen.min !== 0 || gen.max !== MAX_U32 ? { gen } : {}),
      });
    }
    return out;
  }

  /**
   * What an instruction and a field-type leaf share: fixed and asserted bits (the first `words`
   * words), the most derived fields, overrides nearest first, and the nearest default display.
   * Mesa looks for a display from the leaf up, each bitset's applying overrides before its default
   * case, so an override of a bitset above the nearest default display never gives the display.
   */
  private flatten(leaf: BitsetSource, chain: BitsetSource[], words: number) {
    const enc = this.encodings.of(leaf);
    if (enc.incomplete) this.diags.suppressFollowUps(locateElement(leaf.doc, leaf.el));
    const own = this.mostDerived([...chain].reverse());
    const shown = chain.findIndex((b) => b.display);
    const cut = (e: EncodingBits): EncodingBits => ({
      match: e.match.slice(0, words),
      mask: e.mask.slice(0, words),
      dontCare: e.dontCare.slice(0, words),
    });
    // Mesa checks a default case's asserts on its way up to the bitset giving the display.
    const asserts = chain.flatMap((b, k) =>
      assertionsOf(b, b.patterns).map((a) =>
        shown >= 0 && k > shown ? { ...a, unchecked: true } : a,
      ),
    );
    return {
      mnemonic: leaf.displayname ?? leaf.name,
      encoding: cut(enc),
      ...(asserts.length ? { assertions: asserts } : {}),
      fields: own.flatMap((o) => o.fields.map((f) => this.field(f, o.bitset.name))),
      derived: own.flatMap((o) => this.derivedList(o.derived, o.bitset.name)),
      overrides: chain.flatMap((b, k) =>
        b.overrides
          .map((o) => this.override(o, b))
          .filter((o): o is DisplayOverride => !!o)
          .map((o) => (shown >= 0 && k > shown ? unreachable(o) : o)),
      ),
      ...(shown >= 0
        ? { display: this.lookup.substituteTemplates(chain[shown].display!.text).trim() }
        : {}),
      ...(chain.length > 1 ? { extends: chain.slice(1).map((b) => b.name) } : {}),
      source: locateElement(leaf.doc, leaf.el),
    };
  }

  /**
   * Each bitset's fields and derived fields, root first, without those a descendant defines again:
   * Mesa's decoder looks a name up from the leaf towards the root, so the most derived definition
   * wins (a warning, once per pair). Names repeated within one bitset stay for the analyzer.
   */
  private mostDerived(
    rootFirst: BitsetSource[],
  ): { bitset: BitsetSource; fields: FieldDef[]; derived: DerivedDef[] }[] {
    const nearest = new Map<string, { def: FieldDef | DerivedDef; bitset: BitsetSource }>();
    for (const b of rootFirst)
      for (const def of [...b.derived, ...b.fields]) nearest.set(def.name, { def, bitset: b });
    const kept = (b: BitsetSource, def: FieldDef | DerivedDef): boolean => {
      const winner = nearest.get(def.name)!;
      if (winner.bitset === b) return true;
      const key = `${formatLocation(locateElement(winner.def.doc, winner.def.el))}\0${formatLocation(locateElement(def.doc, def.el))}`;
      if (!this.reportedRedefinitions.has(key)) {
        this.reportedRedefinitions.add(key);
        const kind = (d: FieldDef | DerivedDef) => ("range" in d ? "field" : "derived field");
        this.diags.warning(
          "field-redefined",
          `${kind(winner.def)} '${def.name}' of '${winner.bitset.name}' redefines the ${kind(def)} of its ancestor '${b.name}'; the most derived definition is used`,
          locateElement(winner.def.doc, winner.def.el),
          [
            {
              at: locateElement(def.doc, def.el),
              message: `the ${kind(def)} of '${b.name}' is here`,
            },
          ],
        );
      }
      return false;
    };
    return rootFirst.map((b) => ({
      bitset: b,
      fields: b.fields.filter((f) => kept(b, f)),
      derived: b.derived.filter((d) => kept(b, d)),
    }));
  }

  field(f: FieldDef, owner: string): Field {
    const t = this.lookup.type(f, owner);
    const { low, high } = f.range;
    return {
      name: f.name,
      ranges: [{ low, high }],
      // A reversed range keeps its bits as written (the analyzer reports high < low); the width
      // stays the count of bits between them so that the model remains well-formed.
      width: Math.abs(high - low) + 1,
      type: t.type,
      ...(t.enum !== undefined ? { enum: t.enum } : {}),
      ...(t.bitset !== undefined ? { bitset: t.bitset } : {}),
      ...(f.display !== undefined ? { display: f.display } : {}),
      ...(f.call ? { call: true } : {}),
      ...(f.params.length
        ? {
            params: f.params.map((p) => ({
              name: p.name,
              as: p.as,
              source: locateElement(p.doc, p.el),
            })),
          }
        : {}),
      ...(f.docText ? { doc: f.docText } : {}),
      source: locateElement(f.doc, f.el),
    };
  }

  /** Derived fields whose expression resolves (a missing one is reported where it is written). */
  private derivedList(list: DerivedDef[], owner: string): DerivedField[] {
    const out: DerivedField[] = [];
    for (const d of list) {
      const e = d.expr ? this.lookup.expr(d.expr) : undefined;
      const t = this.lookup.type(d, owner);
      if (!e) continue;
      out.push({
        name: d.name,
        type: t.type,
        ...(t.enum !== undefined ? { enum: t.enum } : {}),
        expr: e.text,
        width: d.width,
        ...(d.display !== undefined ? { display: d.display } : {}),
        source: locateElement(d.doc, d.el),
      });
    }
    return out;
  }

  private override(o: OverrideDef, owner: BitsetSource): DisplayOverride | undefined {
    const e = o.expr ? this.lookup.expr(o.expr) : undefined;
    const fields = o.fields.map((f) => this.field(f, owner.name));
    const derived = this.derivedList(o.derived, owner.name);
    if (!e) return undefined;
    const asserts = assertionsOf(owner, o.asserts);
    return {
      expr: e.text,
      ...(o.display ? { display: this.lookup.substituteTemplates(o.display.text).trim() } : {}),
      fields,
      derived,
      ...(asserts.length ? { assertions: asserts } : {}),
      bitset: owner.name,
      source: locateElement(o.doc, o.el),
    };
  }

  private attributes(chain: BitsetSource[]): Record<string, string> {
    const out: Record<string, string> = {};
    const setFirst = (key: string, value: string) => {
      if (!(key in out)) out[key] = value;
    };
    for (const b of chain) {
      if (!b.encode) continue;
      for (const m of b.encode.maps) {
        if (`encode.${m.name}` in out) continue;
        out[`encode.${m.name}`] = m.text;
        if (m.force) out[`encode.${m.name}:force`] = "true";
      }
      if (b.encode.type !== undefined) setFirst("encode:type", b.encode.type);
      if (b.encode.casePrefix !== undefined) setFirst("encode:case-prefix", b.encode.casePrefix);
    }
    for (const b of chain) for (const m of b.meta) setFirst(`meta.${m.key}`, m.value);
    return out;
  }
}

/**
 * The instruction's `<encode>` maps (nearest per field) whose value is a constant, for the fields
 * Mesa's encoder writes: those forced, and those a display, expression or `<param>` names (encode.py
 * encodes only those). Whatever the text, Mesa writes that constant.
 */
function constantMaps(
  chain: BitsetSource[],
  fields: Field[],
  derived: DerivedField[],
  overrides: DisplayOverride[],
  display: string | undefined,
): ImplicitValue[] {
  const named = [
    display ?? "",
    ...derived.map((d) => d.expr),
    ...overrides.flatMap((o) => [o.expr, o.display ?? "", ...o.derived.map((d) => d.expr)]),
  ].join(" ");
  const params = new Set(
    [...fields, ...overrides.flatMap((o) => o.fields)].flatMap((f) =>
      (f.params ?? []).map((p) => p.name),
    ),
  );
  const seen = new Set<string>();
  const out: ImplicitValue[] = [];
  for (const b of chain)
    for (const m of b.encode?.maps ?? []) {
      if (seen.has(m.name)) continue;
      seen.add(m.name);
      const text = m.text.trim();
      if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(text) || !fields.some((f) => f.name === m.name))
        continue;
      if (!m.force && !params.has(m.name) && !named.includes(`{${m.name}}`)) continue;
      out.push({
        field: m.name,
        value: Number(text),
        why: `constant <encode> map of ${b.name}${m.force ? " (force)" : ""}`,
        source: locateElement(m.doc, m.el),
      });
    }
  return out;
}

/** The `<doc>` of the nearest bitset the leaf extends that has one (`chain` is the leaf first). */
function extendsDoc(chain: BitsetSource[]): Pick<Instruction, "extendsDoc"> {
  const documented = chain.slice(1).find((b) => b.docText);
  return documented ? { extendsDoc: { encoding: documented.name, doc: documented.docText! } } : {};
}

function multiGenName(name: string, min: number, max: number): string {
  return max === MAX_U32 ? `${name}.gen${min}` : `${name}.gen${min}_${max}`;
}

/** An override of a bitset above the one giving the display: Mesa never reaches its display or asserts. */
function unreachable(o: DisplayOverride): DisplayOverride {
  const { display: _display, assertions: _assertions, ...rest } = o;
  return rest;
}

/** The valid `<assert>`s among `patterns`, named as Mesa's warning names their bitset. */
function assertionsOf(b: BitsetSource, patterns: PatternDef[]): Assertion[] {
  return patterns
    .filter((p) => p.kind === "assert" && p.bits !== undefined)
    .map((p) => ({
      bitset: b.displayname ?? b.name,
      low: p.range.low,
      high: p.range.high,
      value: parseInt(p.bits!, 2),
    }));
}
