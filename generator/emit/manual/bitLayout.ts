/**
 * Bit-layout tables: an encoding drawn as one table per 32-bit word, most significant bit first.
 * A column is a run of bits that no field or fixed-bit boundary splits, headed by its bit range; a
 * row is a layer of non-overlapping fields (alternative views of the same bits, like etnaviv's
 * `TEX_AMODE` against `RMODE`/`PMODE`, go on a second row). A field cut by a column boundary or
 * split over several ranges shows the slice of its value each cell holds (`SRC2_IMM[8:0]`).
 */
import type { BitRange } from "../../model/types";

/** Something that occupies bits: a field, or a reserved range of a register. */
export interface LayoutItem {
  label: string;
  kind: "field" | "reserved";
  /** Absolute bits, least significant part of the value first (as `Field.ranges`). */
  ranges: BitRange[];
}

/**
 * The meaning of a bit no item claims: fixed `0`/`1`, don't-care `x`, or `opcode` (fixed, but
 * differing between the instructions a format covers).
 */
export type FixedBit = "0" | "1" | "x" | "opcode";

export type CellKind = "field" | "reserved" | "fixed" | "opcode" | "unused" | "empty";

export interface LayoutCell {
  kind: CellKind;
  /** A field or reserved label (`[hi:lo]` when the cell holds part of the value), or fixed bits MSB first. */
  text: string;
}

export interface LayoutTable {
  /** Index of the 32-bit word. */
  word: number;
  high: number;
  low: number;
  /** Column bit ranges, most significant first. */
  columns: { high: number; low: number }[];
  rows: LayoutCell[][];
}

interface Piece {
  high: number;
  low: number;
  /** The label of the item the piece belongs to; absent for fixed bits. */
  item?: string;
  /** The cell for bits high..low (absolute) of the piece. */
  cell(high: number, low: number): LayoutCell;
}

function sliceLabel(label: string, valueHigh: number, valueLow: number, whole: boolean): string {
  if (whole) return label;
  return valueHigh === valueLow ? `${label}[${valueHigh}]` : `${label}[${valueHigh}:${valueLow}]`;
}

/** The pieces of an item within bits low..high (one word), each knowing its value-bit offset. */
function itemPieces(item: LayoutItem, low: number, high: number): Piece[] {
  const width = item.ranges.reduce((n, r) => n + r.high - r.low + 1, 0);
  const pieces: Piece[] = [];
  let valueBase = 0;
  for (const r of item.ranges) {
    const lo = Math.max(r.low, low);
    const hi = Math.min(r.high, high);
    const base = valueBase;
    if (lo <= hi) {
      pieces.push({
        high: hi,
        low: lo,
        item: item.label,
        cell: (ch, cl) => ({
          kind: item.kind,
          text: sliceLabel(item.label, base + ch - r.low, base + cl - r.low, ch - cl + 1 === width),
        }),
      });
    }
    valueBase += r.high - r.low + 1;
  }
  return pieces;
}

/** Runs of bits no item claims in bits low..high, grouped by kind of fixed value. */
function fixedPieces(
  claimed: boolean[],
  fixed: (bit: number) => FixedBit | undefined,
  low: number,
  high: number,
): Piece[] {
  const category = (bit: number): string => {
    const f = fixed(bit);
    return f === undefined ? "unused" : f === "opcode" ? "opcode" : "fixed";
  };
  const pieces: Piece[] = [];
  let bit = high;
  while (bit >= low) {
    if (claimed[bit]) {
      bit--;
      continue;
    }
    const kind = category(bit);
    let end = bit;
    while (end - 1 >= low && !claimed[end - 1] && category(end - 1) === kind) end--;
    const text = (ch: number, cl: number): string => {
      if (kind === "opcode") return "opcode";
      if (kind === "unused") return "unused";
      let s = "";
      for (let b = ch; b >= cl; b--) s += fixed(b)!;
      return s;
    };
    pieces.push({
      high: bit,
      low: end,
      cell: (ch, cl) => ({ kind: kind as CellKind, text: text(ch, cl) }),
    });
    bit = end - 1;
  }
  return pieces;
}

function overlaps(a: BitRange, b: BitRange): boolean {
  return a.low <= b.high && b.low <= a.high;
}

/**
 * The tables of an encoding `width` bits wide. `items` are placed in order, each on the first row
 * where it overlaps nothing; bits no item claims show `fixed(bit)` (or `unused`).
 */
/** Items in layers of non-overlapping items, each on the first layer where it overlaps nothing. */
function layersOf(items: LayoutItem[]): LayoutItem[][] {
  const layers: LayoutItem[][] = [];
  for (const item of items) {
    const layer = layers.find((l) =>
      l.every((other) => !other.ranges.some((a) => item.ranges.some((b) => overlaps(a, b)))),
    );
    if (layer) layer.push(item);
    else layers.push([item]);
  }
  if (layers.length === 0) layers.push([]);
  return layers;
}

/** Per word, per layer: the pieces of the items, and (on the first layer) the runs of fixed bits. */
function wordPieces(
  width: number,
  items: LayoutItem[],
  fixed: (bit: number) => FixedBit | undefined,
): { word: number; low: number; high: number; layers: Piece[][] }[] {
  const layers = layersOf(items);
  const claimed = new Array<boolean>(width).fill(false);
  for (const item of items)
    for (const r of item.ranges) for (let b = r.low; b <= r.high; b++) claimed[b] = true;
  const words = [];
  for (let word = 0; word * 32 < width; word++) {
    const low = word * 32;
    const high = Math.min(width, low + 32) - 1;
    words.push({
      word,
      low,
      high,
      layers: layers.map((layer, i) => [
        ...layer.flatMap((item) => itemPieces(item, low, high)),
        ...(i === 0 ? fixedPieces(claimed, fixed, low, high) : []),
      ]),
    });
  }
  return words;
}

/** A piece of a diagram drawn as one box: bits high..low (absolute) of one word, on one layer. */
export interface BitBox {
  word: number;
  /** 0 for the first row of the word; alternative views of some bits go on rows below. */
  layer: number;
  high: number;
  low: number;
  kind: CellKind;
  /** The field (with `[hi:lo]` when the box holds part of its value), or fixed bits MSB first. */
  text: string;
  /** The item's label for field and reserved boxes. */
  item?: string;
}

/**
 * The boxes of an encoding `width` bits wide: what `bitLayout` puts in cells, without cutting a
 * piece where another layer has a boundary (a diagram draws each row on its own).
 */
export function bitBoxes(
  width: number,
  items: LayoutItem[],
  fixed: (bit: number) => FixedBit | undefined,
): BitBox[] {
  return wordPieces(width, items, fixed).flatMap((w) =>
    w.layers.flatMap((pieces, layer) =>
      pieces
        .sort((a, b) => b.high - a.high)
        .map((p): BitBox => {
          const cell = p.cell(p.high, p.low);
          return {
            word: w.word,
            layer,
            high: p.high,
            low: p.low,
            kind: cell.kind,
            text: cell.text,
            ...(p.item !== undefined ? { item: p.item } : {}),
          };
        }),
    ),
  );
}

export function bitLayout(
  width: number,
  items: LayoutItem[],
  fixed: (bit: number) => FixedBit | undefined,
): LayoutTable[] {
  const tables: LayoutTable[] = [];
  for (const { word, low, high, layers: rowPieces } of wordPieces(width, items, fixed)) {
    // A column boundary falls below every piece's low bit (and above its high bit).
    const cuts = new Set<number>([low]);
    for (const pieces of rowPieces)
      for (const p of pieces) {
        cuts.add(p.low);
        if (p.high + 1 <= high) cuts.add(p.high + 1);
      }
    const starts = [...cuts].sort((a, b) => b - a);
    let top = high;
    const columns = starts.map((start) => {
      const column = { high: top, low: start };
      top = start - 1;
      return column;
    });
    const rows = rowPieces.map((pieces) =>
      columns.map((c): LayoutCell => {
        const p = pieces.find((q) => q.low <= c.low && c.high <= q.high);
        return p ? p.cell(c.high, c.low) : { kind: "empty", text: "" };
      }),
    );
    // A second view of some bits need not show in words it does not touch.
    tables.push({
      word,
      high,
      low,
      columns,
      rows: rows.filter((r, i) => i === 0 || r.some((c) => c.kind !== "empty")),
    });
  }
  return tables;
}
