/**
 * Vivante BRANCH, the run loop's stops, and the errors that name the pc and the words.
 *
 * @needs-upstream mesa
 */
import { AssemblyError, assemble, decode, encode } from "../../out/ts/etnaviv";
import {
  EMULATED_INSTRUCTIONS,
  runEtnaviv,
  tempBits,
  tempFloats,
  vec4Bits,
} from "../../emulator/etnaviv";
import { registers, stopMessage, type FieldsOf } from "./helpers";

const asm = (...lines: string[]) => assemble(lines.join("\n"));

describe("etnaviv control flow", () => {
  it("counts down a loop with BRANCH.GT: sum 5 + 4 + 3 + 2 + 1", () => {
    const program = asm(
      "mov t0, void, void, u0.xxxx", // 0: t0 = 5
      "add t1, t1.xxxx, void, t0.xxxx", // 1: t1 += t0
      "add t0, t0.xxxx, void, -1.000000", // 2: t0 -= 1
      "branch.gt void, t0.xxxx, t2.xxxx, 1", // 3: while t0 > t2 (= 0)
    );
    const { state, stop } = runEtnaviv(program, { uniforms: [vec4Bits([5, 0, 0, 0])] });
    expect(tempFloats(state, 1)).toEqual([15, 15, 15, 15]);
    expect(tempFloats(state, 0)).toEqual([0, 0, 0, 0]);
    // instruction 0 once, then 1..3 five times
    expect(state.steps).toBe(16);
    expect(stop).toBe("ran-off-end");
    expect(state.pc).toBe(4);
  });

  it("takes an unconditional BRANCH and falls through an untaken one", () => {
    const program = asm(
      "branch void, void, void, 2", // 0: skip 1
      "mov t1, void, void, 1.000000", // 1: not run
      "branch.lt.s32 void, t0.xxxx, t3.xxxx, 4", // 2: t0 < t3? (0 < 0: no)
      "mov t2, void, void, 2.000000", // 3: runs
      "branch.eq.u32 void, t0.xxxx, t3.xxxx, 6", // 4: 0 == 0: to the end (6 = count)
      "mov t4, void, void, 4.000000", // 5: not run
    );
    const { state, stop } = runEtnaviv(program);
    expect(tempFloats(state, 1)).toEqual([0, 0, 0, 0]);
    expect(tempFloats(state, 2)).toEqual([2, 2, 2, 2]);
    expect(tempFloats(state, 4)).toEqual([0, 0, 0, 0]);
    expect(stop).toBe("ran-off-end");
    expect(state.steps).toBe(4);
  });

  it("tests BRANCH conditions on the x components after swizzle", () => {
    const program = asm("branch.lz void, t1.wzyx, void, 2", "mov t2, void, void, 1.000000");
    // t1.w < 0 (x is positive): taken, so t2 stays 0
    const { state } = runEtnaviv(program, { temps: registers({ 1: vec4Bits([1, 1, 1, -1]) }) });
    expect(tempBits(state, 2)).toEqual([0, 0, 0, 0]);
  });

  it("rejects inline immediates in BRANCH, as the seed allows them only outside control flow", () => {
    expect(stopMessage(() => runEtnaviv(asm("branch.gt void, t0.xxxx, 0.500000, 1")))).toBe(
      "etnaviv: branch_binary at pc 0: src1 is an inline immediate, which control flow instructions cannot take",
    );
  });

  it("stops at an unknown word with an error naming the pc and the words", () => {
    // opcode 0x24 is not in the seed's INST_OPCODE
    const program = new Uint32Array([...asm("mov t1, void, void, 1.000000"), 0x24, 0, 0, 0]);
    expect(stopMessage(() => runEtnaviv(program))).toBe(
      "etnaviv: no instruction matches the words at pc 1: 0x00000024 0x00000000 0x00000000 0x00000000",
    );
  });

  it("stops at an instruction it does not emulate", () => {
    const program = asm("nop void, void, void, void", "texld t1, tex0.xyzw, t1.xyyy, void, void");
    expect(stopMessage(() => runEtnaviv(program))).toBe("etnaviv: texld at pc 1 is not emulated");
  });

  it("rejects a branch outside the program and runaway loops", () => {
    expect(stopMessage(() => runEtnaviv(asm("branch void, void, void, 9")))).toBe(
      "etnaviv: the instruction at pc 0 jumps to 9, outside the program (0..1)",
    );
    expect(stopMessage(() => runEtnaviv(asm("branch void, void, void, 0"), { maxSteps: 50 }))).toBe(
      "etnaviv: stopped after 50 instructions (step limit) at pc 0",
    );
  });

  it("names the instruction, pc and operand for reads the encoding does not allow", () => {
    // etnaviv.xml fixes add's SRC2_USE to 1, so an add without src2 has no encoding at all.
    expect(() => asm("nop void, void, void, void", "add t0, t1.xyzw, void, void")).toThrow(
      AssemblyError,
    );
    expect(stopMessage(() => runEtnaviv(asm("mov t0, void, void, u4.xyzw")))).toBe(
      "etnaviv: mov at pc 0: src2: u4 does not exist (the machine has 0 uniform registers)",
    );
    expect(stopMessage(() => runEtnaviv(asm("mul.s32 t0, t1.xyzw, t2.xyzw, void")))).toBe(
      "etnaviv: mul at pc 0: type .s32 is not emulated for mul (f32 only)",
    );
    expect(stopMessage(() => runEtnaviv(asm("mov.f16 t0, void, void, t1.xyzw")))).toBe(
      "etnaviv: mov at pc 0: type .f16 is not emulated (only f32, s32, u32)",
    );
    expect(stopMessage(() => runEtnaviv(asm("mov.t0 t0, void, void, t1.xyzw")))).toBe(
      "etnaviv: mov at pc 0: dual-16 thread select (SEL_BIT1:SEL_BIT0 = 1) is not emulated",
    );
  });

  it("reads UNIFORM_1 (etnaviv.xml's uniform_1) registers as u128 + REG", () => {
    const mov = assemble("mov t0, void, void, u2.xyzw");
    const words = encode({
      name: "mov",
      fields: { ...decodeFields(mov), SRC2_RGROUP: "uniform_1" },
    });
    const uniforms = Array.from({ length: 131 }, (_, i) => vec4Bits([i, i, i, i]));
    expect(tempFloats(runEtnaviv(words, { uniforms }).state, 0)).toEqual([130, 130, 130, 130]);
  });

  it("implements the instructions the brief lists", () => {
    // By etnaviv.xml's names; DST and LITP have no encoding there, and BRANCH is three leaves.
    const listed =
      "add mad mul dp2 dp3 dp4 mov rcp rsq select set exp log frc sqrt sin cos floor " +
      "ceil sign lshift rshift rotate or and xor not leadzero popcount imullo0 imulhi0 imadlo0 " +
      "branch branch_unary branch_binary nop";
    expect([...EMULATED_INSTRUCTIONS].sort()).toEqual(listed.split(" ").sort());
  });
});

type MovFields = FieldsOf<"mov">;

function decodeFields(words: Uint32Array): MovFields {
  const d = decode(words);
  if (d?.name !== "mov") throw new Error("the assembled words do not decode as mov");
  return d.fields as MovFields;
}
