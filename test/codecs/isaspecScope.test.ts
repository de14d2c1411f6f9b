/**
 * Pieces of the isaspec display interpreter (generator/runtime/codec/isaspecScope.ts) that need no
 * instruction tables: display templates as tokens, and words as Mesa's BITSET_FORMAT prints them
 * (for an ISA of two words, set in the stand-in tables). Expected values by hand.
 */
import { ISA } from "../../generator/runtime/codec/codecTables";

let scope: typeof import("../../generator/runtime/codec/isaspecScope");

beforeAll(async () => {
  ISA.wordCount = 2;
  scope = await import("../../generator/runtime/codec/isaspecScope");
});

test("a template's tokens: text, {NAME}, fields with their alignment", () => {
  expect(scope.tokensOf("{NAME} {DST:align=6}, #{IMM}")).toEqual([
    { t: "name", align: 0 },
    { t: "text", text: " " },
    { t: "field", field: "DST", align: 6, raw: false },
    { t: "text", text: ", #" },
    { t: "field", field: "IMM", align: 0, raw: false },
  ]);
  expect(scope.tokensOf("{:align=4}x")).toEqual([
    { t: "field", field: "", align: 4, raw: false },
    { t: "text", text: "x" },
  ]);
});

test("words most significant first: `_` between words, none under a mask", () => {
  expect(scope.hexWords([0x12, 0xab])).toBe("000000ab_00000012");
  expect(scope.hexWords([0x12, 0xab], [0xff, 0xf])).toBe("0000000b00000012");
  expect(scope.hexWords([0x12, 0xab], undefined, 1)).toBe("00000000_000000ab");
  expect(scope.hexValue(2 ** 32 + 5)).toBe("0000000100000005");
});
