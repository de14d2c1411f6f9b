/**
 * isaspec values per field type (generator/runtime/codec/isaspecValues.ts): printed as Mesa's
 * isaspec decoder prints them (source-formats.md A.2) and read back by the assembler. One enum is
 * filled into the stand-in tables (codecTables.ts); expected texts and raw values by hand.
 */
import { ENUMS } from "../../generator/runtime/codec/codecTables";
import {
  describeExpected,
  formatRaw,
  formatValue,
  rawOf,
  readValue,
} from "../../generator/runtime/codec/isaspecValues";
import type { ValueSpec } from "../../generator/runtime/codec/isaspecTypes";

const spec = (kind: string, width: number, extra: Partial<ValueSpec> = {}): ValueSpec => ({
  name: "F",
  width,
  kind,
  signed: kind === "int",
  enumIndex: -1,
  display: null,
  ...extra,
});

// Enum 0: 0 prints `.f16`, 1 `.f32`, 2 has no entry, 3 prints nothing.
ENUMS.push({
  name: "type",
  symbols: ["f16", "f32", null, "none"],
  displays: [".f16", ".f32", null, ""],
});
const TYPE = spec("enum", 2, { enumIndex: 0 });

test.each<[ValueSpec, number, string]>([
  [spec("bool", 1, { display: "(sat)" }), 1, "(sat)"],
  [spec("bool", 1, { display: "(sat)" }), 0, ""],
  [spec("bool", 1), 1, "1"],
  [spec("bool_inv", 1, { display: "(ns)" }), 0, "(ns)"],
  [spec("bool_inv", 1), 0, "1"],
  [spec("int", 8), 0xf2, "-14"],
  [spec("branch", 8), 0x7f, "127"],
  [spec("hex", 12), 0xabc, "abc"],
  [spec("offset", 8), 0, ""],
  [spec("offset", 8), 5, "+5"],
  [spec("offset", 8), 0xfb, "-5"],
  [spec("uoffset", 8), 3, "+3"],
  [spec("float", 16), 0x3800, "0.500000"],
  [spec("float", 32), 0xbf800000, "-1.000000"],
  [TYPE, 1, ".f32"],
  [TYPE, 2, "2"],
  [TYPE, 3, ""],
  [spec("custom", 4), 7, ""],
  [spec("uint", 4), 15, "15"],
])("%j of %i prints %j", (f, v, text) => {
  expect(formatValue(f, v)).toBe(text);
});

test("raw values print as numbers, signed for signed kinds", () => {
  expect(formatRaw(spec("int", 4), 15)).toBe("-1");
  expect(formatRaw(spec("uint", 4), 15)).toBe("15");
});

test("what the assembler expected, by type", () => {
  // Displays that print nothing are not listed.
  expect(describeExpected(TYPE)).toBe("F (.f16 or .f32)");
  expect(describeExpected(spec("offset", 4))).toBe("F (+N or -N)");
  expect(describeExpected(spec("bool", 1))).toBe("F (0 or 1)");
});

test("a number's raw value, or the range it missed", () => {
  expect(rawOf(spec("int", 4), -8, true, false)).toBe(8);
  expect(rawOf(spec("int", 4), 8, true, false)).toBe("F in -8..7");
  expect(rawOf(spec("uint", 4), 16, false, false)).toBe("F in 0..15");
  // A derived value is not bounded by its width.
  expect(rawOf(spec("uint", 4), 16, false, true)).toBe(16);
});

describe("readValue: [end, raw] pairs, preferred first", () => {
  const read = (f: ValueSpec, line: string, pos = 0, prefixes = false) => {
    const failures: [number, string][] = [];
    const out = readValue(f, false, false, line, pos, (p, e) => failures.push([p, e]), prefixes);
    return { out, failures };
  };

  test("numbers: the whole number, or with prefixes every prefix longest first", () => {
    expect(read(spec("int", 8), "x=-12,", 2).out).toEqual([[5, 244]]);
    // etnaviv `t915`: 915 does not fit 8 bits; 91 or 9 may, the rest being the next value.
    expect(read(spec("uint", 8), "915", 0, true)).toEqual({
      out: [
        [2, 91],
        [1, 9],
      ],
      failures: [[0, "F in 0..255"]],
    });
    expect(read(spec("uint", 8), "r1").failures).toEqual([[0, "F (a decimal number)"]]);
  });

  test("booleans: the display when set, else nothing", () => {
    const sat = spec("bool", 1, { display: ".sat" });
    expect(read(sat, ".sat").out).toEqual([
      [4, 1],
      [0, 0],
    ]);
    expect(read(sat, ".x")).toEqual({ out: [[0, 0]], failures: [[0, "'.sat'"]] });
  });

  test("offsets, floats and enums", () => {
    expect(read(spec("offset", 8), "-5]").out).toEqual([[2, 0xfb]]);
    expect(read(spec("offset", 8), "]").out).toEqual([[0, 0]]);
    expect(read(spec("float", 16), "0.5").out).toEqual([[3, 0x3800]]);
    // `.f32` read, or the value that prints nothing.
    expect(read(TYPE, ".f32 r0").out).toEqual([
      [4, 1],
      [0, 3],
    ]);
    // A value without an entry reads as its number.
    expect(read(TYPE, "2").out).toEqual([
      [1, 2],
      [0, 3],
    ]);
  });
});
