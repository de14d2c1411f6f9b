/**
 * Run ir3 cat0 control flow: the generated dispatch's `execute` over the handler table.
 *
 * @needs-upstream mesa
 */
import { execute } from "../../out/dispatch/ir3";
import { runLoop, type StopReason } from "../core/runLoop";
import { IR3_HANDLERS } from "./handlers";
import { createIr3State, type Ir3Options, type Ir3State } from "./state";

/** ir3 instructions are 64 bits: two 32-bit words, low word first. */
export const IR3_WORDS_PER_INSTRUCTION = 2;

export interface Ir3Run {
  state: Ir3State;
  /** "ended" after `end`; "ran-off-end" when the pc passed the last instruction without one. */
  stop: StopReason;
}

/** Run `program` (instruction words, e.g. from the codec's `assemble`) from instruction 0. */
export function runIr3(program: ArrayLike<number>, options: Ir3Options = {}): Ir3Run {
  const state = createIr3State(options);
  const stop = runLoop({
    isa: "ir3",
    wordsPerInstruction: IR3_WORDS_PER_INSTRUCTION,
    program,
    state,
    step: (words, s) => execute(IR3_HANDLERS, words, s, s.gpu),
    maxSteps: options.maxSteps ?? 100_000,
  });
  return { state, stop };
}
