/**
 * Vivante integer and bitwise programs on chosen bit patterns. Expected values are computed by
 * hand (hex arithmetic shown in the comments) from the seed's formulas.
 *
 * @needs-upstream mesa
 */
import { assemble } from "../../out/ts/etnaviv";
import { runEtnaviv, tempBits, tempFloats } from "../../emulator/etnaviv";

// t1 = P (values), t2 = S (shift amounts / second operands)
const P = [0x80000001, 0x0000ffff, 0x12345678, 0xffffffff];
const S = [4, 31, 33, 0];

function runPS(lines: string[]) {
  return runEtnaviv(assemble(lines.join("\n")), { temps: [[0, 0, 0, 0], P, S] }).state;
}

const splat = (v: number) => [v, v, v, v];

describe("etnaviv integer ALU", () => {
  it("shifts and rotates per component by src2 & 31 (GC3000 SIMD)", () => {
    const s = runPS([
      "lshift.u32 t3, t1.xyzw, void, t2.xyzw",
      "rshift.u32 t4, t1.xyzw, void, t2.xyzw",
      "rshift.s32 t5, t1.xyzw, void, t2.xyzw",
      "rotate.u32 t6, t1.xyzw, void, t2.xyzw",
    ]);
    // 0x80000001 << 4 drops the top bit; 0xffff << 31; 0x12345678 << (33 & 31 = 1); << 0
    expect(tempBits(s, 3)).toEqual([0x00000010, 0x80000000, 0x2468acf0, 0xffffffff]);
    expect(tempBits(s, 4)).toEqual([0x08000000, 0x00000000, 0x091a2b3c, 0xffffffff]);
    // s32: the sign bit of 0x80000001 is shifted in
    expect(tempBits(s, 5)).toEqual([0xf8000000, 0x00000000, 0x091a2b3c, 0xffffffff]);
    // rotate left: 0x8000_0001 → 0x0000_0018; 0xffff by 31 → 0x8000_0000 | 0x7fff
    expect(tempBits(s, 6)).toEqual([0x00000018, 0x80007fff, 0x2468acf0, 0xffffffff]);
  });

  it("OR, AND, XOR combine src0 with src2; NOT inverts src2", () => {
    const s = runPS([
      "or.u32 t3, t1.xyzw, void, t2.xyzw",
      "and.u32 t4, t1.xyzw, void, t2.xyzw",
      "xor.u32 t5, t1.xyzw, void, t2.xyzw",
      "not.u32 t6, void, void, t1.xyzw",
    ]);
    expect(tempBits(s, 3)).toEqual([0x80000005, 0x0000ffff, 0x12345679, 0xffffffff]);
    // 0x78 & 0x21 = 0x20
    expect(tempBits(s, 4)).toEqual([0x00000000, 0x0000001f, 0x00000020, 0x00000000]);
    expect(tempBits(s, 5)).toEqual([0x80000005, 0x0000ffe0, 0x12345659, 0xffffffff]);
    expect(tempBits(s, 6)).toEqual([0x7ffffffe, 0xffff0000, 0xedcba987, 0x00000000]);
  });

  it("LEADZERO counts leading zeros of src2 (etnaviv.xml; 32 for 0); POPCOUNT counts ones of src2", () => {
    const s = runPS([
      "leadzero.u32 t3, void, void, t1.xyzw",
      "leadzero.u32 t4, void, void, t2.xyzw",
      "popcount.u32 t5, void, void, t1.xyzw",
    ]);
    expect(tempBits(s, 3)).toEqual([0, 16, 3, 0]);
    // 4 = bit 2 → 29; 31 = 5 bits → 27; 33 = bit 5 → 26; 0 → 32
    expect(tempBits(s, 4)).toEqual([29, 27, 26, 32]);
    // nibbles of 0x12345678 have 1+1+2+1+2+2+3+1 = 13 ones
    expect(tempBits(s, 5)).toEqual([2, 16, 13, 32]);
  });

  it("IMULLO0, IMULHI0 and IMADLO0 are scalar on x and broadcast", () => {
    const s = runPS([
      "imullo0.u32 t3, t1.yyyy, t1.yyyy, void",
      "imulhi0.u32 t4, t1.wwww, t1.wwww, void",
      "imulhi0.s32 t5, t1.wwww, t1.wwww, void",
      "imulhi0.u32 t6, t1.xxxx, t2.xxxx, void",
      "imulhi0.s32 t7, t1.xxxx, t2.xxxx, void",
      "imadlo0.u32 t8, t1.yyyy, t1.yyyy, t2.zzzz",
    ]);
    // 0xffff^2 = 0xfffe0001
    expect(tempBits(s, 3)).toEqual(splat(0xfffe0001));
    // 0xffffffff^2 = 0xfffffffe_00000001; as s32 (-1)*(-1) = 1 → high word 0
    expect(tempBits(s, 4)).toEqual(splat(0xfffffffe));
    expect(tempBits(s, 5)).toEqual(splat(0));
    // 0x80000001 * 4 = 0x2_00000004 unsigned; as s32 -0x7fffffff * 4 = 0xfffffffe_00000004
    expect(tempBits(s, 6)).toEqual(splat(2));
    expect(tempBits(s, 7)).toEqual(splat(0xfffffffe));
    // 0xfffe0001 + 33 = 0xfffe0022
    expect(tempBits(s, 8)).toEqual(splat(0xfffe0022));
  });

  it("ADD with an integer type adds modulo 2^32; NEG and ABS are two's complement", () => {
    const s = runPS([
      "add.u32 t3, t1.xyzw, void, t2.xyzw",
      "add.s32 t4, t1.xyzw, void, t1.xyzw",
      "mov.s32 t5, void, void, -t2.xyzw",
      "mov.s32 t6, void, void, |t1.xyzw|",
    ]);
    expect(tempBits(s, 3)).toEqual([0x80000005, 0x0001001e, 0x12345699, 0xffffffff]);
    // doubling: 0x80000001*2 wraps to 2; 0xffffffff*2 = 0xfffffffe
    expect(tempBits(s, 4)).toEqual([0x00000002, 0x0001fffe, 0x2468acf0, 0xfffffffe]);
    expect(tempBits(s, 5)).toEqual([-4, -31, -33, 0].map((v) => v >>> 0));
    // |0x80000001| as s32 = 0x7fffffff; |-1| = 1
    expect(tempBits(s, 6)).toEqual([0x7fffffff, 0x0000ffff, 0x12345678, 0x00000001]);
  });

  it("compares as signed or unsigned per the instruction type", () => {
    const s = runPS([
      "set.lt.s32 t3, t1.xyzw, t2.xyzw, void",
      "set.lt.u32 t4, t1.xyzw, t2.xyzw, void",
      "select.gt.s32 t5, t1.xyzw, t2.xyzw, t1.xyzw",
    ]);
    // s32: P = (-0x7fffffff, 65535, 0x12345678, -1) vs S = (4, 31, 33, 0)
    expect(tempFloats(s, 3)).toEqual([1, 0, 0, 1]);
    expect(tempFloats(s, 4)).toEqual([0, 0, 0, 0]);
    // signed MIN(P, S)
    expect(tempBits(s, 5)).toEqual([0x80000001, 31, 33, 0xffffffff]);
  });
});
