/** The isaspec runtime's other spellings of a line (generator/runtime/codec/isaspecSpellings.ts). */
import {
  cInteger,
  integerSpellings,
  respelled,
  withFlagsInOrder,
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
