/**
 * The runtime Panfrost decoders carry (generator/runtime/genxmlPanfrost/panfrostValues.ts), on the
 * facts genxml.md §10 states: bit order, C's conversions, the swizzle and padded encodings, `%f`.
 */
import {
  bitsOfFloat,
  hexUpper,
  lod,
  padded,
  pow2,
  printfF,
  readBits,
  readBits64,
  s32,
  swizzle,
  u32,
  word,
} from "../../generator/runtime/genxmlPanfrost/panfrostValues";

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));

test("bits are read little-endian: bit b is bit b%8 of byte b/8", () => {
  const b = bytes("98fb51fe1a221351");
  expect(word(b, 0)).toBe(0xfe51fb98);
  expect(word(b, 1)).toBe(0x5113221a);
  expect(readBits(b, 48, 55)).toBe(0x13);
  expect(readBits(b, 4, 11)).toBe(0xb9);
  expect(readBits(b, 60, 63)).toBe(0x5);
  expect(readBits64(b, 0, 63)).toBe(0x5113221afe51fb98n);
  expect(readBits64(b, 4, 63)).toBe(0x5113221afe51fb9n);
  // Past the end: 0.
  expect(word(b, 2)).toBe(0);
});

test("C member types: uint32_t keeps 32 bits, int32_t wraps, 1U << n", () => {
  expect(u32(0xffffffff + 1)).toBe(0); // a 32-bit minus(1) field of all ones prints 0
  expect(u32(0xffffffff * 16)).toBe(0xfffffff0);
  expect(s32(0xffffffff)).toBe(-1);
  expect(s32(2 ** 31)).toBe(-(2 ** 31));
  expect(pow2(5)).toBe(32);
  expect(pow2(31)).toBe(2 ** 31);
});

test("Component Swizzle: 3-bit channels through RGBA01??", () => {
  expect(swizzle(653)).toBe("1GBG");
  expect(swizzle(0)).toBe("RRRR");
  expect(swizzle(4095)).toBe("????");
});

test("padded: (2·(v >> 5) + 1) << (v & 31), 32-bit unsigned", () => {
  expect(padded(0)).toBe(1);
  expect(padded((3 << 5) | 4)).toBe(7 << 4);
  expect(padded(31)).toBe(2 ** 31);
  expect(padded((1 << 5) | 31)).toBe(2 ** 31); // 3 << 31 wraps
});

test("%f of a float's bits: six decimals, -nan, inf, exact big values", () => {
  expect(printfF(0xffffffff)).toBe("-nan");
  expect(printfF(0x7fc00000)).toBe("nan");
  expect(printfF(0x7f800000)).toBe("inf");
  expect(printfF(0xff800000)).toBe("-inf");
  expect(printfF(0x80000000)).toBe("-0.000000");
  expect(printfF(bitsOfFloat(1.5))).toBe("1.500000");
  expect(printfF(bitsOfFloat(1080200582397952))).toBe("1080200582397952.000000");
  expect(printfF(0x3320be4c)).toBe("0.000000");
  expect(hexUpper(0x3320be4c)).toBe("3320BE4C");
});

test("ulod/slod: the integer as a float, / 256", () => {
  expect(lod(256)).toBe(1);
  expect(lod(-384)).toBe(-1.5);
  expect(lod(1)).toBe(1 / 256);
});
