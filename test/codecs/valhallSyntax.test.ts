/**
 * The Valhall syntax module (generator/runtime/codec/valhallSyntax.ts) on its own: source operands
 * as Mesa's disasm.py prints them and asm.py reads them, on a syntax table made up here (a LUT of
 * four values, FAU pages 0 with two special names, 1 without a table). Expected texts and bytes are
 * worked out by hand from the source byte's layout: bits 7:6 the kind, bits 5:0 the value.
 */
import { SYNTAX } from "../../generator/runtime/codec/codecTables";

type Valhall = typeof import("../../generator/runtime/codec/valhallSyntax");
let va: Valhall;

beforeAll(async () => {
  Object.assign(SYNTAX, {
    flow: "flow",
    fauPage: "fau_page",
    lut: [0, 0x3f800000, 0x3f000000, 0],
    fauPages: [["lane_id", null, "core_id"], null],
    enumDefaults: [],
    instructions: {},
  });
  // The module reads the syntax table when it loads: after it is filled.
  va = await import("../../generator/runtime/codec/valhallSyntax");
});

test.each([
  [0x05, 0, "r5"],
  [0x3f, 0, "r63"],
  [0x45, 0, "^r5"],
  // A uniform's number holds the FAU page above its 6 bits.
  [0x83, 0, "u3"],
  [0x83, 1, "u67"],
  // Kind 3 below the LUT's size: the LUT value, uppercase hex.
  [0xc1, 0, "0x3F800000"],
  [0xc3, 0, "0x0"],
  // Kind 3 from the LUT's size on: special value (value - 4) / 2 of the page, word (value & 1).
  [0xc4, 0, "lane_id.w0"],
  [0xc9, 0, "core_id.w1"],
  [0xc6, 0, "reserved.w0"],
  [0xc5, 1, "reserved_page1.w1"],
])("source byte %i on page %i prints %s", (byte, page, text) => {
  expect(va.sourceText(byte, page)).toBe(text);
});

test.each([
  ["r5", 0x05, -1],
  ["^r63", 0x7f, -1],
  ["u67", 0x83, 1],
  // The first LUT entry holding the value (0 is at 0 and 3).
  ["0x0", 0xc0, -1],
  ["0x3f000000", 0xc2, -1],
  ["core_id.w1", 0xc9, 0],
  ["reserved_page1.w0", 0xc4, 1],
])("%s reads back as byte %i on page %i", (text, byte, page) => {
  expect(va.parseSourceBase({ text, column: 1 }, 1)).toEqual({ byte, page, rest: text.length });
});

// `reserved.wN` (any reserved entry of a page with a table) needs no page of its own: its byte is
// that of the first such page's first reserved entry (page 0 entry 1: 4 + 2 × 1 + N), and the
// caller places it on the instruction's page.
test("reserved.wN reads back as the first reserved entry, on any page", () => {
  expect(va.parseSourceBase({ text: "reserved.w1", column: 1 }, 1)).toEqual({
    byte: 0xc7,
    page: -1,
    rest: 11,
    reserved: 1,
  });
  expect(va.parseSourceBase({ text: "reserved.w0.neg", column: 1 }, 1)).toEqual({
    byte: 0xc6,
    page: -1,
    rest: 11,
    reserved: 0,
  });
});

test.each([
  ["r64", "1:3: register r64 out of range (r0..r63)"],
  ["u128", "1:3: uniform u128 out of range (u0..u127)"],
  ["0x40000000", "1:3: 0x40000000 is not an inline immediate (not in the LUT)"],
  ["warp_id.w0", "1:3: unknown special FAU value 'warp_id'"],
  ["#1", "1:3: expected a source (rN, ^rN, uN, 0x<LUT value> or <special>.wN), found '#1'"],
])("%s is an error: %s", (text, message) => {
  expect(() => va.parseSourceBase({ text, column: 3 }, 1)).toThrow(message);
});

test("numbers: decimal or hex, optionally negative", () => {
  expect(va.parseNumber("12")).toBe(12);
  expect(va.parseNumber("-0x10")).toBe(-16);
  expect(va.parseNumber("0XfF")).toBe(255);
  expect(va.parseNumber("1e3")).toBeUndefined();
  expect(va.parseNumber("")).toBeUndefined();
});

test("operands split at commas, with 1-based columns", () => {
  // `FADD.f32 r0, r1` with the operands starting at offset 9.
  expect(va.splitOperands("r0,  r1", 9)).toEqual([
    { text: "r0", column: 10 },
    { text: "r1", column: 15 },
  ]);
  expect(va.splitOperands("  ", 9)).toEqual([]);
});
