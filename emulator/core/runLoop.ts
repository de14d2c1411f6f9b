/**
 * The fetch/dispatch/execute loop shared by the emulators. Instruction routing is the generated
 * dispatch table's `execute` (out/dispatch/<id>.ts); this loop only fetches words, advances the
 * program counter and stops the machine.
 */

/** An emulator stop that is not a normal end of the program. */
export class EmulatorError extends Error {
  constructor(
    message: string,
    /** The program counter (instruction index) of the instruction that stopped the machine. */
    readonly pc: number,
  ) {
    super(message);
    this.name = "EmulatorError";
  }
}

/** What every emulated machine state carries for the run loop. */
export interface LoopState {
  /** Index of the instruction being executed. */
  pc: number;
  /** Index of the instruction to run next; the loop sets pc + 1, branches overwrite it. */
  nextPc: number;
  /** Instructions executed so far. */
  steps: number;
  /** Set by an instruction that ends the program (e.g. ir3 `end`). */
  ended: boolean;
}

/** Why `runLoop` returned. */
export type StopReason = "ended" | "ran-off-end";

export interface LoopConfig<S extends LoopState> {
  isa: string;
  wordsPerInstruction: number;
  program: ArrayLike<number>;
  state: S;
  /** The dispatch module's `execute` with the ISA's handler table bound; returns the id or -1. */
  step: (words: ArrayLike<number>, state: S) => number;
  /** Stop with an error after this many instructions (a guard against endless loops). */
  maxSteps: number;
}

/** The words as `0x%08x`, word 0 first. */
export function hexWords(words: ArrayLike<number>): string {
  return Array.from(words, (w) => "0x" + (w >>> 0).toString(16).padStart(8, "0")).join(" ");
}

/**
 * Run until an instruction ends the program or the pc reaches the instruction just past the last
 * one. Throws EmulatorError for words no instruction matches, a branch outside the program, or
 * more than `maxSteps` instructions.
 */
export function runLoop<S extends LoopState>(config: LoopConfig<S>): StopReason {
  const { isa, wordsPerInstruction: width, program, state } = config;
  if (program.length % width !== 0)
    throw new EmulatorError(
      `${isa}: the program has ${program.length} words, not a multiple of ${width} words per instruction`,
      0,
    );
  const count = program.length / width;
  const words = new Uint32Array(width);
  const inProgram = (pc: number) => Number.isInteger(pc) && pc >= 0 && pc <= count;
  if (!inProgram(state.pc))
    throw new EmulatorError(
      `${isa}: start pc ${state.pc} is outside the program (${count} instructions)`,
      state.pc,
    );
  while (!state.ended) {
    if (state.pc === count) return "ran-off-end";
    if (state.steps >= config.maxSteps)
      throw new EmulatorError(
        `${isa}: stopped after ${config.maxSteps} instructions (step limit) at pc ${state.pc}`,
        state.pc,
      );
    for (let i = 0; i < width; i++) words[i] = program[state.pc * width + i] >>> 0;
    state.nextPc = state.pc + 1;
    if (config.step(words, state) < 0)
      throw new EmulatorError(
        `${isa}: no instruction matches the words at pc ${state.pc}: ${hexWords(words)}`,
        state.pc,
      );
    state.steps++;
    if (state.ended) break;
    // A jump to `count` (just past the last instruction) is the normal way out of a program.
    if (!inProgram(state.nextPc))
      throw new EmulatorError(
        `${isa}: the instruction at pc ${state.pc} jumps to ${state.nextPc}, outside the program (0..${count})`,
        state.pc,
      );
    state.pc = state.nextPc;
  }
  return "ended";
}
