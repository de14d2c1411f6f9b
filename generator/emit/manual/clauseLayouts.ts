/**
 * The bits of Bifrost's slot states and clause formats as layout items, for the manual's layout
 * tables and its SVG diagrams alike: a state's sources, direct modifiers, derived bits and
 * immediates over its fixed bits; a tuple, each kind of quadword (the companion's `kindFields`), the
 * header and a register block.
 */
import type { BitRange, ClauseBits, ClauseFormat, IsaModel, SlotState } from "../../model/types";
import type { FixedBit, LayoutItem } from "./bitLayout";

/** A value's layout: its width in bits and what occupies them. */
export interface ClauseLayout {
  width: number;
  items: LayoutItem[];
}

const field = (label: string, ranges: BitRange[]): LayoutItem => ({
  label,
  kind: "field",
  ranges,
});
const inclusive = (b: ClauseBits): BitRange => ({ low: b.low, high: b.high - 1 });

/** The width of a state's word: its unit's. */
export function slotWidth(model: IsaModel, state: SlotState): number {
  return (model.isa.units ?? []).find((u) => u.name.toLowerCase() === state.unit)!.width;
}

/** The bits a state's word gives its operands. */
export function slotStateItems(state: SlotState): LayoutItem[] {
  return [
    ...state.sources.map((s, i) => field(`src${i}`, [{ low: s.start, high: s.start + 2 }])),
    ...state.modifiers.flatMap((m) =>
      m.start === undefined ? [] : [field(m.name, [{ low: m.start, high: m.start + m.size - 1 }])],
    ),
    ...state.derived.map((d, i) =>
      field(`derived${state.derived.length > 1 ? i : ""}`, [
        { low: d.start, high: d.start + d.size - 1 },
      ]),
    ),
    ...state.immediates.map((m) => field(m.name, [{ low: m.start, high: m.start + m.size - 1 }])),
  ];
}

/** A state's fixed bits: its mask's bits, with the exact value's. */
export function slotStateFixed(state: SlotState): (bit: number) => FixedBit | undefined {
  return (bit) =>
    (state.mask >>> bit) & 1 ? (((state.exact >>> bit) & 1) === 1 ? "1" : "0") : undefined;
}

/** A quadword of `kind`: the fields it is read from. */
export function quadwordLayout(format: ClauseFormat, kind: keyof ClauseFormat["kindFields"]) {
  return {
    width: 128,
    items: format.kindFields[kind].map((name) =>
      field(name, [inclusive(format.quadwordFields[name])]),
    ),
  };
}

/** The header's fields. */
export function headerLayout(format: ClauseFormat): ClauseLayout {
  const width = Math.max(...format.header.map((h) => h.high));
  return {
    width,
    items: format.header.map((h) => ({
      ...field(h.name, [inclusive(h)]),
      ...(h.print === "reserved" ? { kind: "reserved" as const } : {}),
    })),
  };
}

/** A register block's fields. */
export function registerBlockLayout(format: ClauseFormat): ClauseLayout {
  const blocks = Object.entries(format.registerBlock);
  return {
    width: Math.max(...blocks.map(([, b]) => b.high)),
    items: blocks.map(([name, b]) => field(name, [inclusive(b)])),
  };
}

/** A tuple as one value: its register block, then the FMA word, then the ADD word (§3). */
export function tupleLayout(model: IsaModel, format: ClauseFormat): ClauseLayout {
  const parts = [
    ["regs", registerBlockLayout(format).width],
    ...(model.isa.units ?? []).map((u) => [u.name.toLowerCase(), u.width] as const),
  ] as const;
  const items: LayoutItem[] = [];
  let low = 0;
  for (const [name, width] of parts) {
    items.push(field(name, [{ low, high: low + width - 1 }]));
    low += width;
  }
  return { width: low, items };
}
