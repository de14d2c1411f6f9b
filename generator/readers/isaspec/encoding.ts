/**
 * match / mask / dontCare of a bitset and its ancestors (source-formats.md A.3, isa.py `get_pattern`).
 *
 * `<assert>` bits are not matched on: isa.py counts them as field coverage and Mesa's decoder only
 * reports a difference when it prints the instruction (the instruction's `assertions`).
 *
 * Checked here, once per bitset: a pattern overlapping another pattern or a field of the same
 * bitset, and a child's pattern or field redefining bits an ancestor already fixed (isa.py
 * asserts). Field-against-field overlaps are the analyzer's, on the flattened instruction.
 */
import type { Diagnostics } from "../../diagnostics";
import type { BitRange, EncodingBits, Word } from "../../model/types";
import {
  andWords,
  bitsToRanges,
  emptyEncoding,
  isZero,
  orWords,
  rangeMask,
  setBitIndexes,
  zeroWords,
} from "../../model/bits";
import { locateElement } from "../xml";
import { rangeText } from "./attributes";
import type { BitsetSource, FieldDef, Origin, PatternDef } from "./definitions";
import type { Hierarchy } from "./hierarchy";
import { patternEncoding } from "./pattern";

/** Something that claims bits: a pattern, assert or field of some bitset. */
interface Definer {
  label: string;
  bits: Word[];
  owner: BitsetSource;
  origin: Origin;
  isPattern: boolean;
}

export interface ChainEncoding extends EncodingBits {
  definers: Definer[];
  /** Some pattern of the chain was rejected (already reported), so the bits are incomplete. */
  incomplete: boolean;
}

export class EncodingResolver {
  private readonly memo = new Map<BitsetSource, ChainEncoding>();

  constructor(
    private readonly hierarchy: Hierarchy,
    private readonly wordCount: number,
    private readonly diags: Diagnostics,
  ) {}

  /** The accumulated encoding of a bitset with a valid chain. */
  of(b: BitsetSource): ChainEncoding {
    const known = this.memo.get(b);
    if (known) return known;
    const chain = this.hierarchy.chain(b)!;
    const parent: ChainEncoding =
      chain.length > 1
        ? this.of(chain[1])
        : {
            ...emptyEncoding(this.wordCount),
            definers: [],
            incomplete: false,
          };
    const root = chain[chain.length - 1];
    const own = this.ownDefiners(b, root.size ?? this.wordCount * 32);
    for (const d of own) {
      for (const a of parent.definers) {
        if (!d.isPattern && !a.isPattern) continue; // field vs field: the analyzer's
        this.reportOverlap(
          d,
          a,
          `redefines {bits}, already defined by ${a.label} of its ancestor '${a.owner.name}'`,
        );
      }
    }
    const result: ChainEncoding = {
      ...parent,
      definers: [...parent.definers, ...own],
      incomplete: parent.incomplete || b.patterns.some((p) => p.bits === undefined),
    };
    for (const p of b.patterns) {
      if (p.kind === "assert") continue;
      const enc = patternEncoding(p, this.wordCount);
      result.match = orWords(result.match, enc.match);
      result.mask = orWords(result.mask, enc.mask);
      result.dontCare = orWords(result.dontCare, enc.dontCare);
    }
    this.memo.set(b, result);
    return result;
  }

  /** The bitset's own patterns and fields, checking patterns against each other and its fields. */
  private ownDefiners(b: BitsetSource, size: number): Definer[] {
    const patterns: Definer[] = [];
    for (const p of b.patterns) {
      if (p.bits === undefined) continue;
      this.checkInside(b, p, size);
      const d = this.definer(b, p, `${p.kind} ${rangeText(p.range)}`, p.range, true);
      for (const earlier of patterns)
        this.reportOverlap(d, earlier, `overlaps ${earlier.label} of the same bitset ({bits})`);
      patterns.push(d);
    }
    const fields = b.fields.map((f: FieldDef) =>
      this.definer(b, f, `field '${f.name}'`, f.range, false),
    );
    for (const p of patterns)
      for (const f of fields)
        this.reportOverlap(p, f, `overlaps ${f.label} of the same bitset ({bits})`);
    return [...patterns, ...fields];
  }

  private checkInside(b: BitsetSource, p: PatternDef, size: number): void {
    if (p.range.high >= size) {
      this.diags.error(
        "bits-outside",
        `${p.kind} ${rangeText(p.range)} of '${b.name}' lies outside the ${size}-bit instruction`,
        locateElement(p.doc, p.el),
      );
    }
  }

  private definer(
    owner: BitsetSource,
    origin: Origin,
    label: string,
    r: BitRange,
    isPattern: boolean,
  ): Definer {
    const last = this.wordCount * 32 - 1;
    const bits =
      r.low <= r.high && r.low <= last
        ? rangeMask(this.wordCount, r.low, Math.min(r.high, last))
        : zeroWords(this.wordCount);
    return { label, bits, owner, origin, isPattern };
  }

  private reportOverlap(d: Definer, other: Definer, what: string): void {
    const common = andWords(d.bits, other.bits);
    if (isZero(common)) return;
    const set = setBitIndexes(common);
    const bits = `bit${set.length > 1 ? "s" : ""} ${bitsToRanges(set).map(rangeText).join(", ")}`;
    this.diags.error(
      "field-overlap",
      `${d.label} of '${d.owner.name}' ${what.replace("{bits}", bits)}`,
      locateElement(d.origin.doc, d.origin.el),
      [
        {
          at: locateElement(other.origin.doc, other.origin.el),
          message: `${other.label} of '${other.owner.name}' is here`,
        },
      ],
    );
  }
}
