/**
 * The `extends` hierarchy of the bitsets: what each name resolves to, each bitset's chain up to its
 * root, generation ranges, and the leaves (source-formats.md A.1, A.10).
 */
import type { Diagnostics } from "../../diagnostics";
import { formatLocation } from "../../diagnostics";
import type { GenRange } from "../../model/types";
import { locateAttribute, locateElement } from "../xml";
import { MAX_U32 } from "./attributes";
import type { BitsetSource } from "./definitions";

export class Hierarchy {
  /** What `extends="name"` resolves to: the first definition of the name. */
  readonly byName = new Map<string, BitsetSource>();
  /** Bitsets nothing extends, in document order (instructions are those not named `#…`). */
  readonly leaves: BitsetSource[];
  private readonly chains = new Map<BitsetSource, BitsetSource[] | undefined>();
  private readonly gens = new Map<BitsetSource, GenRange>();

  constructor(
    readonly bitsets: BitsetSource[],
    private readonly diags: Diagnostics,
  ) {
    const extended = new Set(bitsets.flatMap((b) => (b.extends !== undefined ? [b.extends] : [])));
    for (const b of bitsets) {
      const first = this.byName.get(b.name);
      if (!first) {
        this.byName.set(b.name, b);
      } else if (extended.has(b.name)) {
        // A.10: only leaves may be defined more than once (multi-gen leaves); nothing may extend them.
        const by = bitsets.find((c) => c.extends === b.name)!;
        diags.error(
          "duplicate-name",
          `bitset '${b.name}' is defined again (first at ${formatLocation(locateElement(first.doc, first.el))}); only leaves may have several definitions, and '${by.name}' extends it`,
          locateElement(b.doc, b.el),
        );
      }
    }
    for (const b of bitsets) {
      if (b.extends !== undefined && !this.byName.has(b.extends)) {
        diags.error(
          "dangling-reference",
          `bitset '${b.name}' extends '${b.extends}', which is not defined`,
          locateAttribute(b.doc, b.el, "extends"),
        );
      }
    }
    this.reportCycles();
    this.leaves = bitsets.filter((b) => !extended.has(b.name));
  }

  /** The bitset and its ancestors, nearest first; undefined when `extends` dangles or loops (reported). */
  chain(b: BitsetSource): BitsetSource[] | undefined {
    if (this.chains.has(b)) return this.chains.get(b);
    const out: BitsetSource[] = [b];
    let cur = b;
    let result: BitsetSource[] | undefined = out;
    while (cur.extends !== undefined) {
      const parent = this.byName.get(cur.extends);
      if (!parent || out.includes(parent)) {
        result = undefined;
        break;
      }
      out.push(parent);
      cur = parent;
    }
    this.chains.set(b, result);
    return result;
  }

  private reportCycles(): void {
    const reported = new Set<BitsetSource>();
    const order = new Map(this.bitsets.map((b, i) => [b, i]));
    for (const b of this.bitsets) {
      const path: BitsetSource[] = [b];
      let cur = b;
      while (cur.extends !== undefined) {
        const parent = this.byName.get(cur.extends);
        if (!parent) break;
        const at = path.indexOf(parent);
        if (at >= 0) {
          const cycle = path.slice(at);
          if (!cycle.some((c) => reported.has(c))) {
            cycle.forEach((c) => reported.add(c));
            // Name the cycle from its member written first, following extends.
            const first = cycle.reduce((a, c) => (order.get(c)! < order.get(a)! ? c : a));
            const i = cycle.indexOf(first);
            const names = [...cycle.slice(i), ...cycle.slice(0, i), first].map((c) => c.name);
            this.diags.error(
              "cyclic-extends",
              `cyclic extends: ${names.join(" → ")}`,
              locateAttribute(first.doc, first.el, "extends"),
            );
          }
          break;
        }
        path.push(parent);
        cur = parent;
      }
    }
  }

  /**
   * The generation range of a bitset (isa.py `get_gen_min/max`): each bound the bitset gives
   * replaces the inherited one when it narrows it; a bound it leaves out is inherited. A bound that
   * widens the parent's range fails isa.py's assertion, so it is an error here too.
   */
  gen(b: BitsetSource): GenRange {
    const known = this.gens.get(b);
    if (known) return known;
    const chain = this.chain(b);
    const parent = chain && chain.length > 1 ? this.gen(chain[1]) : { min: 0, max: MAX_U32 };
    const range = { ...parent };
    const g = b.gen;
    if (g) {
      // isa.py asserts a given bound does not widen the inherited range.
      const widens = (what: "min" | "max", value: number) =>
        this.diags.error(
          "gen-range",
          `bitset '${b.name}': gen ${what} ${value} widens the range ${parent.min}..${parent.max} it inherits from '${chain![1].name}'`,
          locateAttribute(g.doc, g.el, what),
        );
      if (g.min !== undefined) {
        if (g.min < parent.min) widens("min", g.min);
        range.min = Math.max(parent.min, g.min);
      }
      if (g.max !== undefined) {
        if (g.max > parent.max) widens("max", g.max);
        range.max = Math.min(parent.max, g.max);
      }
    }
    this.gens.set(b, range);
    return range;
  }
}
