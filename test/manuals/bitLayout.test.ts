/**
 * Bit-layout tables on a hand-made 64-bit encoding with the awkward cases: a field crossing the
 * word boundary, a field split over two ranges, a second view of some bits, fixed bits, unclaimed
 * bits. Expected columns and cells are worked out by hand from the bit positions below.
 */
import { bitLayout, type FixedBit, type LayoutItem } from "../../generator/emit/manual/bitLayout";

const items: LayoutItem[] = [
  { label: "lo", kind: "field", ranges: [{ low: 0, high: 3 }] },
  { label: "mid", kind: "field", ranges: [{ low: 30, high: 33 }] },
  // value bits 1:0 at 9:8, value bits 3:2 at 41:40
  {
    label: "split",
    kind: "field",
    ranges: [
      { low: 8, high: 9 },
      { low: 40, high: 41 },
    ],
  },
  { label: "alt", kind: "field", ranges: [{ low: 0, high: 1 }] },
];

// bits 7..4 hold 0101 (MSB first); bit 63 is don't-care; nothing else is fixed.
const fixed = (bit: number): FixedBit | undefined => {
  if (bit >= 4 && bit <= 7)
    return ([undefined, undefined, undefined, undefined, "1", "0", "1", "0"] as const)[bit];
  return bit === 63 ? "x" : undefined;
};

const text = (rows: { text: string }[][]): string[][] => rows.map((r) => r.map((c) => c.text));

test("word 0: columns cut at every field and fixed-run edge, second view on its own row", () => {
  const [w0] = bitLayout(64, items, fixed);
  expect(w0.word).toBe(0);
  expect([w0.high, w0.low]).toEqual([31, 0]);
  expect(w0.columns).toEqual([
    { high: 31, low: 30 },
    { high: 29, low: 10 },
    { high: 9, low: 8 },
    { high: 7, low: 4 },
    { high: 3, low: 2 },
    { high: 1, low: 0 },
  ]);
  expect(text(w0.rows)).toEqual([
    ["mid[1:0]", "unused", "split[1:0]", "0101", "lo[3:2]", "lo[1:0]"],
    ["", "", "", "", "", "alt"],
  ]);
  expect(w0.rows[0].map((c) => c.kind)).toEqual([
    "field",
    "unused",
    "field",
    "fixed",
    "field",
    "field",
  ]);
});

test("word 1: the rest of each field, a don't-care bit, no empty second row", () => {
  const [, w1] = bitLayout(64, items, fixed);
  expect(w1.columns).toEqual([
    { high: 63, low: 63 },
    { high: 62, low: 42 },
    { high: 41, low: 40 },
    { high: 39, low: 34 },
    { high: 33, low: 32 },
  ]);
  expect(text(w1.rows)).toEqual([["x", "unused", "split[3:2]", "unused", "mid[3:2]"]]);
});

test("a whole field in one cell is named without a slice; opcode bits are grouped", () => {
  const [w] = bitLayout(
    32,
    [
      { label: "a", kind: "field", ranges: [{ low: 8, high: 15 }] },
      { label: "reserved", kind: "reserved", ranges: [{ low: 16, high: 31 }] },
    ],
    (bit) => (bit < 4 ? "opcode" : bit < 8 ? "0" : undefined),
  );
  expect(text(w.rows)).toEqual([["reserved", "a", "0000", "opcode"]]);
  expect(w.columns).toEqual([
    { high: 31, low: 16 },
    { high: 15, low: 8 },
    { high: 7, low: 4 },
    { high: 3, low: 0 },
  ]);
});
