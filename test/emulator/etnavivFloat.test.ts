/**
 * Vivante float ALU programs: assembly text → the codec's `assemble` → the emulator. Expected
 * values are worked out by hand from the seed's formulas (specs/etnaviv/isa.xml.page.txt) and are
 * exactly representable floats unless a tolerance is stated.
 *
 * @needs-upstream mesa
 */
import { assemble, decode, encode } from "../../out/ts/etnaviv";
import { floatToBits, runEtnaviv, tempBits, tempFloats, vec4Bits } from "../../emulator/etnaviv";
import type { EtnavivOptions } from "../../emulator/etnaviv";
import { registers, type FieldsOf } from "./helpers";

const A = [1, 2, 3, 4];
const B = [0.5, -1, 2, 8];

/** Run `lines` with u0 = A, u1 = B copied to t1 and t2 first (one uniform per instruction). */

/** A = t1, B = t2, then `lines`, then the instruction words `after`. */
function runWithAB(lines: string[], options: EtnavivOptions = {}, after: ArrayLike<number> = []) {
  const program = new Uint32Array([
    ...assemble(
      ["mov t1, void, void, u0.xyzw", "mov t2, void, void, u1.xyzw", ...lines].join("\n"),
    ),
    ...Array.from(after),
  ]);
  return runEtnaviv(program, { uniforms: [vec4Bits(A), vec4Bits(B)], ...options }).state;
}

describe("etnaviv float ALU", () => {
  it("dot products DP2/DP3/DP4 broadcast to every component", () => {
    const s = runWithAB([
      "dp2 t3, t1.xyzw, t2.xyzw, void",
      "dp3 t4, t1.xyzw, t2.xyzw, void",
      "dp4 t5, t1.xyzw, t2.xyzw, void",
    ]);
    // 1*0.5 + 2*-1 = -1.5; + 3*2 = 4.5; + 4*8 = 36.5
    expect(tempFloats(s, 3)).toEqual([-1.5, -1.5, -1.5, -1.5]);
    expect(tempFloats(s, 4)).toEqual([4.5, 4.5, 4.5, 4.5]);
    expect(tempFloats(s, 5)).toEqual([36.5, 36.5, 36.5, 36.5]);
  });

  it("ADD uses src0 and src2, MUL src0 and src1, MAD all three", () => {
    const s = runWithAB([
      "add t3, t1.xyzw, void, t2.xyzw",
      "mul t4, t1.xyzw, t2.xyzw, void",
      "mad t5, t1.xyzw, t2.xyzw, t1.xyzw",
    ]);
    expect(tempFloats(s, 3)).toEqual([1.5, 1, 5, 12]);
    expect(tempFloats(s, 4)).toEqual([0.5, -2, 6, 32]);
    // a*b + a = (0.5+1, -2+2, 6+3, 32+4)
    expect(tempFloats(s, 5)).toEqual([1.5, 0, 9, 36]);
  });

  it("applies swizzles, then absolute value, then negation", () => {
    const s = runWithAB([
      "mov t3, void, void, -t2.wzyx",
      "mov t4, void, void, |t2.yyxx|",
      "mov t5, void, void, -|t2.yxyx|",
    ]);
    expect(tempFloats(s, 3)).toEqual([-8, -2, 1, -0.5]);
    expect(tempFloats(s, 4)).toEqual([1, 1, 0.5, 0.5]);
    expect(tempFloats(s, 5)).toEqual([-1, -0.5, -1, -0.5]);
  });

  it("writes only the components of the destination write mask", () => {
    // Mask 5 (x and z) prints `.zx`, as etnaviv.xml's #wrmask spells it.
    const nines = vec4Bits([9, 9, 9, 9]);
    const s = runWithAB(["mov t3.zx, void, void, t1.xyzw", "mov t4._y_w, void, void, t2.xyzw"], {
      temps: registers({ 3: nines, 4: nines }),
    });
    expect(tempFloats(s, 3)).toEqual([1, 9, 3, 9]);
    expect(tempFloats(s, 4)).toEqual([9, -1, 9, 8]);
  });

  it("saturates results to [0, 1]", () => {
    const program = assemble("add.sat t0, u0.xyzw, void, t1.xyzw");
    const s = runEtnaviv(program, {
      uniforms: [vec4Bits([0.25, -3, 0.5, 2])],
      temps: registers({ 1: vec4Bits([0.5, 1, 0.5, 0]) }),
    }).state;
    // 0.75 stays; -2 → 0; 1.0 stays; 2 → 1
    expect(tempFloats(s, 0)).toEqual([0.75, 0, 1, 1]);
  });

  it("RCP, RSQ and SQRT work per component on src2", () => {
    const s = runEtnaviv(
      assemble(
        [
          "rcp t1, void, void, u0.xyzw",
          "rsq t2, void, void, u0.xyzw",
          "sqrt t3, void, void, u0.xyzw",
        ].join("\n"),
      ),
      { uniforms: [vec4Bits([4, 0.25, 16, 1])] },
    ).state;
    expect(tempFloats(s, 1)).toEqual([0.25, 4, 0.0625, 1]);
    expect(tempFloats(s, 2)).toEqual([0.5, 2, 0.25, 1]);
    expect(tempFloats(s, 3)).toEqual([2, 0.5, 4, 1]);
  });

  it("EXP and LOG are scalar on src2.x (after swizzle) and broadcast", () => {
    const s = runEtnaviv(
      assemble(["exp t1, void, void, u0.zyxw", "log t2, void, void, u0.wzyx"].join("\n")),
      { uniforms: [vec4Bits([3, 7, -2, 0.125])] },
    ).state;
    // exp2(u0.z = -2) = 0.25; log2(u0.w = 0.125) = -3
    expect(tempFloats(s, 1)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(tempFloats(s, 2)).toEqual([-3, -3, -3, -3]);
  });

  it("FRC, FLOOR, CEIL and SIGN follow the seed's definitions", () => {
    const s = runEtnaviv(
      assemble(
        [
          "frc t1, void, void, u0.xyzw",
          "floor t2, void, void, u0.xyzw",
          "ceil t3, void, void, u0.xyzw",
          "sign t4, void, void, u0.xyzw",
        ].join("\n"),
      ),
      { uniforms: [vec4Bits([1.5, -0.25, -2, -0])] },
    ).state;
    // FRC: "-0.1 will be turned into 0.9", so -0.25 → 0.75
    expect(tempFloats(s, 1)).toEqual([0.5, 0.75, 0, 0]);
    expect(tempFloats(s, 2)).toEqual([1, -1, -2, -0]);
    expect(tempBits(s, 3)).toEqual([2, -0, -2, -0].map(floatToBits));
    // SIGN: "1.0 if the sign is positive or zero, -1.0 if negative": -0 is zero → 1
    expect(tempFloats(s, 4)).toEqual([1, -1, -1, 1]);
  });

  it("SIN and COS take their argument in units of PI/2 (period 4)", () => {
    const s = runEtnaviv(
      assemble(["sin t1, void, void, u0.xyzw", "cos t2, void, void, u0.xyzw"].join("\n")),
      { uniforms: [vec4Bits([0, 1, 2, 0.5])] },
    ).state;
    // sin/cos of (0, PI/2, PI, PI/4); float32 results, compared to 1e-6
    const sin = tempFloats(s, 1);
    const cos = tempFloats(s, 2);
    [0, 1, 0, Math.SQRT1_2].forEach((v, i) => expect(sin[i]).toBeCloseTo(v, 6));
    [1, 0, -1, Math.SQRT1_2].forEach((v, i) => expect(cos[i]).toBeCloseTo(v, 6));
  });

  it("SELECT implements MIN and MAX as the seed describes, and its unary form", () => {
    const s = runWithAB(
      [
        "select.gt t3, t1.xyzw, t2.xyzw, t1.xyzw", // MIN(a, b): b > a ? a : b
        "select.lt t4, t1.xyzw, t2.xyzw, t1.xyzw", // MAX(a, b): b < a ? a : b
        "select.lz t5, t2.xyzw, t1.xyzw, t6.xyzw", // COND(src0) ? src1 : src2
      ],
      { temps: registers({ 6: vec4Bits([7, 7, 7, 7]) }) },
    );
    expect(tempFloats(s, 3)).toEqual([0.5, -1, 2, 4]);
    expect(tempFloats(s, 4)).toEqual([1, 2, 3, 8]);
    // B = (0.5, -1, 2, 8): only y is < 0
    expect(tempFloats(s, 5)).toEqual([7, 2, 7, 7]);
  });

  it("SET writes 1.0 where the condition holds and 0.0 elsewhere", () => {
    const s = runWithAB(
      [
        "set.ge t3, t1.xyzw, t2.xyzw, void",
        "set.eq t4, t1.xyzw, t2.xwzy, void",
        "set.nz t5, t6.xyzw, t0.xxxx, void", // etnaviv.xml: set has src0 and src1
        "set t7, t0.xxxx, t0.xxxx, void",
      ],
      { temps: registers({ 6: vec4Bits([0, -0, 3, -2]) }) },
    );
    expect(tempFloats(s, 3)).toEqual([1, 1, 1, 0]);
    // (1,2,3,4) == (0.5, 8, 2, -1): none
    expect(tempFloats(s, 4)).toEqual([0, 0, 0, 0]);
    // -0 is zero
    expect(tempFloats(s, 5)).toEqual([0, 0, 1, 1]);
    // COND TRUE: always
    expect(tempFloats(s, 7)).toEqual([1, 1, 1, 1]);
  });

  it("a condition on another op writes only the components where src0 COND src1 holds", () => {
    const nines = vec4Bits([9, 9, 9, 9]);
    // etnaviv.xml's add has no src1, so mad: A * B + A.
    const s = runWithAB(["mad.gt t3, t1.xyzw, t2.xyzw, t1.xyzw"], {
      temps: registers({ 3: nines }),
    });
    // A > B in x, y, z (1>0.5, 2>-1, 3>2), not in w (4>8): A * B + A there
    expect(tempFloats(s, 3)).toEqual([1.5, 0, 9, 9]);
  });

  it("rounds per RMODE: default and .rtne to nearest even, .rtz toward zero", () => {
    // Exact sums 1 + 0.75 ulp, -(1 + 0.75 ulp) and 1 - 2^-26 (ulp(1) = 2^-23; below 1 it is 2^-24)
    const program = assemble(
      [
        "add t1, u0.xyzw, void, t0.xyzw",
        "add.rtne t2, u0.xyzw, void, t0.xyzw",
        "add.rtz t3, u0.xyzw, void, t0.xyzw",
      ].join("\n"),
    );
    const s = runEtnaviv(program, {
      uniforms: [vec4Bits([1, -1, 1, 3])],
      temps: [vec4Bits([1.5 * 2 ** -24, -1.5 * 2 ** -24, -(2 ** -26), 2])],
    }).state;
    const up = 1 + 2 ** -23;
    expect(tempFloats(s, 1)).toEqual([up, -up, 1, 5]);
    expect(tempFloats(s, 2)).toEqual([up, -up, 1, 5]);
    expect(tempFloats(s, 3)).toEqual([1, -1, 1 - 2 ** -24, 5]);
  });

  it("reads GC3000 inline immediates (f32, s32, u32) broadcast to all lanes", () => {
    // s20 -5 (0xffffb) and u20 1048575 (0xfffff) need SRC2_AMODE 3 and 5, and the assembler does
    // not take them back from their text, so these two are built by encode from the immediate's
    // bits: v = AMODE[0] << 19 | ABS << 18 | NEG << 17 | SWIZ << 9 | REG, its type AMODE >> 1.
    const movImmediate = (type: "s32" | "u32", v: number, format: number) => {
      const base = decode(assemble(`mov.${type} t${format + 4}, void, void, t0.xxxx`))!;
      return encode({
        name: "mov",
        fields: {
          ...(base.fields as FieldsOf<"mov">),
          SRC2_RGROUP: "immed",
          SRC2_REG: v & 0x1ff,
          SRC2: (v >> 9) & 0x3ff,
          SRC2_AMODE: `value${(format << 1) | (v >> 19)}`,
        },
      });
    };
    const s = runWithAB(["mov t3, void, void, 1.500000", "add t4, t1.xyzw, void, 0.500000"], {}, [
      ...movImmediate("s32", 0xffffb, 1),
      ...movImmediate("u32", 0xfffff, 2),
    ]);
    expect(tempFloats(s, 3)).toEqual([1.5, 1.5, 1.5, 1.5]);
    expect(tempFloats(s, 4)).toEqual([1.5, 2.5, 3.5, 4.5]);
    expect(tempBits(s, 5)).toEqual([0xfffffffb, 0xfffffffb, 0xfffffffb, 0xfffffffb]);
    expect(tempBits(s, 6)).toEqual([0xfffff, 0xfffff, 0xfffff, 0xfffff]);
  });

  it("reads one uniform per instruction: the last uniform source wins for all", () => {
    const s = runEtnaviv(assemble("add t0, u0.xyzw, void, u1.xyzw"), {
      uniforms: [vec4Bits(A), vec4Bits(B)],
    }).state;
    // both sources read u1: B + B
    expect(tempFloats(s, 0)).toEqual([1, -2, 4, 16]);
  });

  it("reads internal registers and uses the address register for relative access", () => {
    const program = assemble(
      [
        "mov t1, void, void, i0.xxxx",
        "mov t2, void, void, t0[a.y].wzyx", // t0 + a.y = t3
        "mov t0[a.x], void, void, t3.xyzw", // t0 + a.x = t5
      ].join("\n"),
    );
    const s = runEtnaviv(program, {
      internals: [vec4Bits([1, 0, 0, 0])],
      address: [5, 3, 0, 0],
      temps: registers({ 3: vec4Bits(A) }),
    }).state;
    expect(tempFloats(s, 1)).toEqual([1, 1, 1, 1]);
    expect(tempFloats(s, 2)).toEqual([4, 3, 2, 1]);
    expect(tempFloats(s, 5)).toEqual(A);
  });
});
