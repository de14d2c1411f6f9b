/**
 * The decoder panel's logic (generator/runtime/site/decoder.ts) without a page: the words' bits,
 * where boxes go in the grid, a field's bits, the URL state. Expected values worked out by hand.
 */
import {
  bitOf,
  decodeHash,
  errorText,
  fieldBits,
  fieldsInBitOrder,
  gridColumn,
  layersOf,
  parseDecodeHash,
  rangeText,
  type LayoutBox,
} from "../../../generator/runtime/site/decoder";

test("bitOf: bit 32 is word 1's bit 0", () => {
  const words = [0x80000001, 0x2];
  expect(bitOf(words, 0)).toBe("1");
  expect(bitOf(words, 1)).toBe("0");
  expect(bitOf(words, 31)).toBe("1");
  expect(bitOf(words, 32)).toBe("0");
  expect(bitOf(words, 33)).toBe("1");
});

test("rangeText and gridColumn: bit 31 (63, …) in the first of 32 columns", () => {
  expect(rangeText(5, 5)).toBe("5");
  expect(rangeText(31, 0)).toBe("31:0");
  expect(gridColumn(31, 24)).toBe("1 / span 8");
  expect(gridColumn(7, 0)).toBe("25 / span 8");
  expect(gridColumn(63, 32)).toBe("1 / span 32");
  expect(gridColumn(40, 40)).toBe("24 / span 1");
});

const box = (
  word: number,
  layer: number,
  high: number,
  low: number,
  kind: string,
  field: string | null,
): LayoutBox => [word, layer, high, low, kind, field ?? "", field];

test("layersOf: each layer once, in numeric order", () => {
  expect(
    layersOf([
      box(0, 2, 1, 1, "field", "a"),
      box(0, 0, 0, 0, "fixed", null),
      box(0, 2, 2, 2, "field", "b"),
    ]),
  ).toEqual([0, 2]);
  expect(
    layersOf([
      box(0, 10, 1, 1, "field", "a"),
      box(0, 9, 0, 0, "field", "b"),
      box(0, 1, 2, 2, "field", "c"),
    ]),
  ).toEqual([1, 9, 10]);
});

test("fieldBits: every range of the field, in layout order", () => {
  const layout = [
    box(0, 0, 31, 24, "field", "src"),
    box(0, 0, 23, 23, "field", "x"),
    box(0, 0, 22, 0, "fixed", null),
    box(1, 0, 7, 0, "field", "src"),
  ];
  expect(fieldBits(layout, "src")).toBe("31:24, 7:0");
  expect(fieldBits(layout, "x")).toBe("23");
  expect(fieldBits(layout, "none")).toBe("");
});

test("fieldsInBitOrder: highest bit first across words, a split field by its highest part, fields without bits last", () => {
  const layout = [
    box(0, 0, 12, 0, "field", "SRC1"),
    box(0, 0, 31, 31, "field", "NEG"),
    box(1, 0, 54, 52, "field", "W"),
    box(1, 0, 60, 60, "field", "SY"),
    box(1, 0, 44, 44, "field", "SS"),
    // IMM is split: 15:13 and 47:45; its higher part puts it above SS (44).
    box(0, 0, 15, 13, "field", "IMM"),
    box(1, 0, 47, 45, "field", "IMM"),
  ];
  expect(fieldsInBitOrder(layout, ["SRC1", "DERIVED", "NEG", "SS", "IMM", "SY", "W"])).toEqual([
    "SY",
    "W",
    "IMM",
    "SS",
    "NEG",
    "SRC1",
    "DERIVED",
  ]);
});

test("decodeHash and parseDecodeHash: #decode=0x…,0x…[&gpu=N][&bytes]", () => {
  expect(decodeHash("0x00000004 0x02220000", "600", false)).toBe(
    "#decode=0x00000004,0x02220000&gpu=600",
  );
  expect(decodeHash("0x00000004 0x02220000", null, true)).toBe(
    "#decode=0x00000004,0x02220000&bytes",
  );
  expect(parseDecodeHash("#decode=0x00000004,0x02220000&gpu=600&bytes")).toEqual({
    words: "0x00000004,0x02220000",
    gpu: "600",
    bytes: true,
  });
  expect(parseDecodeHash("#decode=")).toEqual({ words: "", gpu: null, bytes: false });
  expect(parseDecodeHash("#mov")).toBeNull();
});

test("errorText: the column, then the message", () => {
  expect(errorText(undefined)).toBe("");
  expect(errorText({ column: 3, message: "expected a register" })).toBe(
    "column 3: expected a register",
  );
});
