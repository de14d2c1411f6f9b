/**
 * The ir3 cat0 control-flow state of one fiber: pc, p0, call stack, predication, ended.
 *
 * @needs-upstream mesa
 */
import type { LoopState } from "../core/runLoop";

/** Predication mode (ir3-cat0.xml `predt` doc): none (prede), true (predt) or false (predf). */
export type PredicationMode = "none" | "true" | "false";

export interface Ir3TraceEntry {
  pc: number;
  name: string;
  /** False when predication made the fiber inactive, so the instruction had no effect. */
  active: boolean;
}

export interface Ir3Options {
  /** The predicate register p0.x, p0.y, p0.z, p0.w (default all false). */
  p0?: readonly [boolean, boolean, boolean, boolean];
  /** Bits 0..31 tested by `brac.N` (bit N); see emulator/README.md. Default 0. */
  branchConstants?: number;
  /** GPU generation for dispatch and decode (default: the codec's default, 700: the newest gen.min). */
  gpu?: number;
  /** Step limit of the run loop (default 100000). */
  maxSteps?: number;
}

export interface Ir3State extends LoopState {
  p0: [boolean, boolean, boolean, boolean];
  /** Return addresses (instruction indices) pushed by `call`, innermost last. */
  callStack: number[];
  predication: { mode: PredicationMode; mask: boolean };
  branchConstants: number;
  gpu: number | undefined;
  /** Every executed instruction, in order. */
  trace: Ir3TraceEntry[];
}

export function createIr3State(options: Ir3Options = {}): Ir3State {
  const p0 = options.p0 ?? [false, false, false, false];
  if (p0.length !== 4 || !p0.every((b) => typeof b === "boolean"))
    throw new RangeError(`p0: expected 4 booleans, got ${JSON.stringify(p0)}`);
  const branchConstants = options.branchConstants ?? 0;
  if (!Number.isInteger(branchConstants) || branchConstants < 0 || branchConstants >= 2 ** 32)
    throw new RangeError(`branchConstants: ${branchConstants} is not a 32-bit mask`);
  return {
    pc: 0,
    nextPc: 0,
    steps: 0,
    ended: false,
    p0: [p0[0], p0[1], p0[2], p0[3]],
    callStack: [],
    predication: { mode: "none", mask: false },
    branchConstants,
    gpu: options.gpu,
    trace: [],
  };
}

/** Whether the fiber is active: the predication mode and mask combined (the `predt` doc). */
export function isActive(state: Ir3State): boolean {
  const { mode, mask } = state.predication;
  return mode === "none" || (mode === "true" ? mask : !mask);
}
