/**
 * ir3 cat0 control flow on one fiber. Programs are assembled with the codec; the expected paths
 * (the pcs executed, in order) follow by hand from "target = pc + IMMED" and the seed's docs.
 *
 * @needs-upstream mesa
 */
import { assemble } from "../../out/ts/ir3";
import { runIr3, type Ir3Options } from "../../emulator/ir3";
import { stopMessage } from "./helpers";

const GPU = 600;
const asm = (...lines: string[]) => assemble(lines.join("\n"), { gpu: GPU });

function run(lines: string[], options: Ir3Options = {}) {
  return runIr3(asm(...lines), { gpu: GPU, ...options });
}

/** The pcs executed, in order. */
const path = (lines: string[], options: Ir3Options = {}) =>
  run(lines, options).state.trace.map((t) => t.pc);

const P = (x: boolean, y = false, z = false, w = false): Ir3Options => ({ p0: [x, y, z, w] });

describe("ir3 cat0 control flow", () => {
  it("jump is relative to the jump itself, forwards and backwards", () => {
    expect(path(["jump #2", "nop", "end"])).toEqual([0, 2]);
    expect(path(["jump #2", "end", "jump #-1"])).toEqual([0, 2, 1]);
  });

  it("end stops the machine; running past the last instruction is reported", () => {
    const ended = run(["end", "nop"]);
    expect(ended.stop).toBe("ended");
    expect(ended.state.ended).toBe(true);
    expect(ended.state.trace.map((t) => t.pc)).toEqual([0]);
    const fell = run(["nop", "(rpt2)nop"]);
    expect(fell.stop).toBe("ran-off-end");
    expect(fell.state.ended).toBe(false);
    expect(fell.state.pc).toBe(2);
  });

  const branchProgram = (branch: string) => [branch, "end", "nop", "end"];
  const TAKEN = [0, 2, 3];
  const NOT_TAKEN = [0, 1];

  it("br tests p0.<c>, inverted by !", () => {
    expect(path(branchProgram("br p0.x, #2"), P(true))).toEqual(TAKEN);
    expect(path(branchProgram("br p0.x, #2"), P(false))).toEqual(NOT_TAKEN);
    expect(path(branchProgram("br !p0.x, #2"), P(false))).toEqual(TAKEN);
    expect(path(branchProgram("br !p0.x, #2"), P(true))).toEqual(NOT_TAKEN);
    expect(path(branchProgram("br p0.z, #2"), P(false, false, true))).toEqual(TAKEN);
    expect(path(branchProgram("br p0.z, #2"), P(true, true, false, true))).toEqual(NOT_TAKEN);
  });

  it("bany and ball branch on the single fiber's p0.<c>", () => {
    expect(path(branchProgram("bany p0.y, #2"), P(false, true))).toEqual(TAKEN);
    expect(path(branchProgram("bany p0.y, #2"), P(true, false))).toEqual(NOT_TAKEN);
    expect(path(branchProgram("ball !p0.w, #2"), P(true, true, true, false))).toEqual(TAKEN);
    expect(path(branchProgram("ball !p0.w, #2"), P(false, false, false, true))).toEqual(NOT_TAKEN);
  });

  it("brao branches when either source holds, braa when both do", () => {
    expect(path(branchProgram("brao p0.x, p0.y, #2"), P(false, true))).toEqual(TAKEN);
    expect(path(branchProgram("brao p0.x, p0.y, #2"), P(false, false))).toEqual(NOT_TAKEN);
    expect(path(branchProgram("brao p0.x, !p0.y, #2"), P(false, true))).toEqual(NOT_TAKEN);
    expect(path(branchProgram("braa p0.x, p0.y, #2"), P(true, true))).toEqual(TAKEN);
    expect(path(branchProgram("braa p0.x, p0.y, #2"), P(true, false))).toEqual(NOT_TAKEN);
    expect(path(branchProgram("braa !p0.x, p0.y, #2"), P(false, true))).toEqual(TAKEN);
  });

  it("brac.N branches when bit N of the branch constants is set", () => {
    expect(path(branchProgram("brac.3 #2"), { branchConstants: 0b1000 })).toEqual(TAKEN);
    expect(path(branchProgram("brac.3 #2"), { branchConstants: 0b0111 })).toEqual(NOT_TAKEN);
  });

  it("call pushes the return address, ret pops it (nested calls)", () => {
    const program = [
      "call #3", // 0 → 3, return to 1
      "end", // 1
      "nop", // 2: never
      "call #2", // 3 → 5, return to 4
      "ret", // 4 → 1
      "nop", // 5
      "ret", // 6 → 4
    ];
    const { state, stop } = run(program);
    expect(state.trace.map((t) => t.pc)).toEqual([0, 3, 5, 6, 4, 1]);
    expect(state.callStack).toEqual([]);
    expect(stop).toBe("ended");
  });

  it("predt/predf make the fiber inactive where p0.x says so; inactive instructions do nothing", () => {
    const block = ["predt", "jump #2", "end", "prede", "end"];
    // p0.x true: active, the jump skips the first end
    const on = run(block, P(true)).state.trace;
    expect(on.map((t) => [t.pc, t.active])).toEqual([
      [0, true],
      [1, true],
      [3, true],
      [4, true],
    ]);
    // p0.x false: the jump and the first end are inactive and have no effect
    const off = run(block, P(false)).state.trace;
    expect(off.map((t) => [t.pc, t.active])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [3, true],
      [4, true],
    ]);
    // predf inverts the mask; predt/predf read p0.x only
    const f = ["predf", "end", "prede", "nop", "end"];
    expect(path(f, P(true, false))).toEqual([0, 1, 2, 3, 4]);
    expect(path(f, P(false, true))).toEqual([0, 1]);
    expect(run(f, P(false, true)).state.predication).toEqual({ mode: "false", mask: false });
  });

  it("stops at an unknown word, naming the pc and the words", () => {
    const program = new Uint32Array([...asm("nop"), 0x00000000, 0xe0000000]);
    expect(stopMessage(() => runIr3(program, { gpu: GPU }))).toBe(
      "ir3: no instruction matches the words at pc 1: 0x00000000 0xe0000000",
    );
  });

  it("uses the same gpu for dispatch and decode", () => {
    const getlast = assemble("getlast.w8 #2", { gpu: 600 });
    // a6xx (600) has getlast; on a5xx (500) the words are no instruction
    expect(stopMessage(() => runIr3(getlast, { gpu: 600 }))).toBe(
      "ir3: getlast at pc 0 is not emulated",
    );
    expect(stopMessage(() => runIr3(getlast, { gpu: 500 }))).toBe(
      `ir3: no instruction matches the words at pc 0: 0x00000002 0x${(getlast[1] >>> 0).toString(16).padStart(8, "0")}`,
    );
  });

  it("reports ret without call, jumps outside the program, runaway loops and unemulated flags", () => {
    expect(stopMessage(() => run(["ret"]))).toBe("ir3: ret at pc 0: the call stack is empty");
    expect(stopMessage(() => run(["nop", "jump #-2"]))).toBe(
      "ir3: the instruction at pc 1 jumps to -1, outside the program (0..2)",
    );
    expect(stopMessage(() => run(["jump #0"], { maxSteps: 50 }))).toBe(
      "ir3: stopped after 50 instructions (step limit) at pc 0",
    );
    expect(stopMessage(() => run(["(eq)br p0.x, #1"]))).toBe(
      "ir3: br at pc 0: the (eq) flag is not emulated",
    );
    expect(stopMessage(() => run(["kill p0.x"]))).toBe("ir3: kill at pc 0 is not emulated");
  });
});
