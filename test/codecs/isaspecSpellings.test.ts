/** The isaspec runtime's other spellings of a line (generator/runtime/codec/isaspecSpellings.ts). */
import {
  cInteger,
  exactFloat,
  integerSpellings,
  masked,
  respelled,
  withEnumIntegers,
  withFloatBits,
  withFlagsInOrder,
  withHalfBits,
  withoutOctal,
} from "../../generator/runtime/codec/isaspecSpellings";

test("integers as C's strtoul(…, 0) reads them", () => {
  expect([
    cInteger("16"),
    cInteger("0x10"),
    cInteger("0X1f"),
    cInteger("010"),
    cInteger("0"),
  ]).toEqual([16, 16, 31, 8, 0]);
});

test("octal integers are written in decimal; register numbers and floats are not integers", () => {
  expect(withoutOctal("mov.u32u32 r01.x, 010 (1.0) #010 [r0.x+010]")).toBe(
    "mov.u32u32 r01.x, 8 (1.0) #8 [r0.x+8]",
  );
});

test("negative integers, their other spellings and the same bits as other numbers", () => {
  expect([cInteger("-16"), cInteger("-0x10")]).toEqual([-16, -16]);
  expect([...integerSpellings("mov r0.x, -1")]).toEqual([
    "mov r0.x, -0x1",
    "mov r0.x, 4294967295",
    "mov r0.x, 0xffffffff",
  ]);
  expect([...integerSpellings("mov hr0.x, 0xffff")]).toEqual([
    "mov hr0.x, 65535",
    "mov hr0.x, -1",
    "mov hr0.x, -0x1",
  ]);
  // After a register, the sign is the operator: g[r0.y-0x10] is g[r0.y-16].
  expect([...integerSpellings("ldg g[r0.y-0x10], 1")]).toContain("ldg g[r0.y-16], 1");
  expect([...integerSpellings("brac.0x3 #2")]).toContain("brac.3 #2");
});

test("masking touches only the integer that ends the line", () => {
  expect(masked("mov.u16u16 hr<a0.x + -4>, -1", 16)).toBe("mov.u16u16 hr<a0.x + -4>, 65535");
  expect(masked("mov.u16u16 hr0.x, 0x12345 ", 16)).toBe("mov.u16u16 hr0.x, 9029 ");
});

test("every other spelling of the integers, the line as written excluded", () => {
  expect([...integerSpellings("add.u r0.x, 0x10, 3")]).toEqual([
    "add.u r0.x, 16, 3",
    "add.u r0.x, 0x10, 0x3",
    "add.u r0.x, 16, 0x3",
  ]);
  expect([...integerSpellings("sam (f32)(x)r0.x, r0.y, s#0, t#0")]).toEqual([]);
});

test("respellings apply in order, each everywhere on the line", () => {
  const rules = {
    respellings: [
      { pattern: "a", replacement: "b" },
      { pattern: "b$", replacement: "c" },
    ],
  };
  expect(respelled("aab", rules)).toBe("bbc");
});

test("leading flags are put in the templates' order; an unknown flag leaves the line alone", () => {
  const order = ["(sy)", "(ss)", "(jp)", "(rpt", "(nop"];
  expect(withFlagsInOrder("(jp)(rpt2)(sy) add.f r0.x", order)).toBe("(sy)(jp)(rpt2) add.f r0.x");
  expect(withFlagsInOrder("  (nop3)(ss)add.f", order)).toBe("  (ss)(nop3)add.f");
  expect(withFlagsInOrder("(x)(sy)end", order)).toBe("(x)(sy)end");
  expect(withFlagsInOrder("sam (f32)(x)r0.x", order)).toBe("sam (f32)(x)r0.x");
});

// Half floats worked out by hand: 0x3c00 is 1.0, 0x0001 is 2^-24, 0xc000 is -2.0, 0x8000 is -0.
test("h(N) of an integer N is the half float of those bits, written exactly", () => {
  expect(withHalfBits("mov.f16f16 hr0.x, h(0x3c00)")).toBe("mov.f16f16 hr0.x, h(1.0)");
  expect(withHalfBits("mov.f16f16 hr0.x, h(1)")).toBe(
    "mov.f16f16 hr0.x, h(0.000000059604644775390625)",
  );
  expect(withHalfBits("h(49152) h(0x8000) h(1.5) sh(1)")).toBe("h(-2.0) h(-0.0) h(1.5) sh(1)");
  // 0x7c00 is infinity: no value to write, the line stays.
  expect(withHalfBits("h(0x7c00)")).toBe("h(0x7c00)");
});

test("an integer operand (or h(N)) is written as the enum's value; registers, flags and others stay", () => {
  const texts = ["(0.0)", "(0.5)", "", "(2.0)"];
  expect(withEnumIntegers("mul.f r0.x, r0.y, 1", texts)).toBe("mul.f r0.x, r0.y, (0.5)");
  expect(withEnumIntegers("mul.f hr0.x, (neg)0x3, h(1)", texts)).toBe(
    "mul.f hr0.x, (neg)(2.0), h(0.5)",
  );
  // no display (2), past the end (4), negative: as written
  expect(withEnumIntegers("add.f r0.x, 2, 4", texts)).toBe("add.f r0.x, 2, 4");
  expect(withEnumIntegers("add.f r0.x, r1.y, -1", texts)).toBe("add.f r0.x, r1.y, -1");
});

test("a float's bits as its exact decimal value", () => {
  expect(exactFloat(0x3f800000)).toBe("1.0");
  expect(exactFloat(0xbf000000)).toBe("-0.5");
  expect(exactFloat(0x4b800001)).toBe("16777218.0");
  expect(exactFloat(0)).toBe("0.0");
  // 2^-149 (the least denormal) is 5^149 / 10^149: 149 decimals, the last those of 5^149
  const least = exactFloat(1)!;
  expect(least.length).toBe(2 + 149);
  expect(least.endsWith("836212158203125")).toBe(true);
  expect(Math.fround(Number(least))).toBe(2 ** -149);
  expect(exactFloat(0x7f800000)).toBeNull();
  expect(withFloatBits("alias.rt.b32.0 r0.x, 0x3f800000")).toBe("alias.rt.b32.0 r0.x, (1.0)");
  expect(withFloatBits("alias.rt.b32.0 r0.x, r0.y")).toBe("alias.rt.b32.0 r0.x, r0.y");
});

test("a respelling with a GPU range applies only at those GPUs", () => {
  const rules = { respellings: [{ pattern: "a", replacement: "b", gpu: { min: 600, max: 699 } }] };
  expect([600, 699, 700, 500].map((g) => respelled("a", rules, g))).toEqual(["b", "b", "a", "a"]);
  expect(respelled("a", rules)).toBe("a");
});
