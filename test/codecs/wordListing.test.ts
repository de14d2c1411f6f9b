/**
 * The values of one line of a hex listing (generator/runtime/codec/wordListing.ts), which disasm
 * and every codec's parseWords read lines with: each value at its token's column, with its part of
 * the words its token gave.
 */
import { listingLine } from "../../generator/runtime/codec/wordListing";

test("32-bit words, a 64-bit value and Mesa's HHHHHHHH_LLLLLLLL, each at its token", () => {
  expect(listingLine("0x1, 0x0000000300000002 00000005_00000004")).toEqual({
    values: [
      { value: 1, column: 1, part: 0, of: 1 },
      { value: 2, column: 6, part: 0, of: 2 },
      { value: 3, column: 6, part: 1, of: 2 },
      { value: 4, column: 25, part: 0, of: 2 },
      { value: 5, column: 25, part: 1, of: 2 },
    ],
  });
});

test("a line of Mesa's ir3 dump: the bracketed words at the bracket, the rest skipped", () => {
  expect(listingLine("\t:1:0000:0000[20244000x_00000020x] mov.f32f32 r0.x, c8.x")).toEqual({
    values: [
      { value: 0x00000020, column: 14, part: 0, of: 2 },
      { value: 0x20244000, column: 14, part: 1, of: 2 },
    ],
  });
});

test("comments are skipped; the first bad token is the line's one error, and it gives no values", () => {
  expect(listingLine("# 0xZZ")).toEqual({ values: [] });
  expect(listingLine("; gpr=2 (Mesa's dump)")).toEqual({ values: [] });
  expect(listingLine("0x1 // 0xZZ")).toEqual({ values: [{ value: 1, column: 1, part: 0, of: 1 }] });
  expect(listingLine("0x1 0xZZ 0xYY")).toEqual({
    values: [],
    error: { message: "'0xZZ' is not a 32-bit word in hex", column: 5 },
  });
});

test("bytes: two hex digits a token, no word forms", () => {
  expect(listingLine("0a ff", true).values.map((v) => v.value)).toEqual([0x0a, 0xff]);
  expect(listingLine("20244000_00000020", true)).toEqual({
    values: [],
    error: { message: "'20244000_00000020' is not a byte in hex", column: 1 },
  });
});
