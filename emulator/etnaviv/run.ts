/**
 * Run a Vivante shader: the generated dispatch's `execute` over the handler table.
 *
 * @needs-upstream mesa
 */
import { execute } from "../../out/dispatch/etnaviv";
import { runLoop, type StopReason } from "../core/runLoop";
import { ETNAVIV_HANDLERS } from "./handlers";
import { createEtnavivState, type EtnavivOptions, type EtnavivState } from "./state";

/** Four 32-bit words per instruction (seed: WORD_0..WORD_3). */
export const ETNAVIV_WORDS_PER_INSTRUCTION = 4;

export interface EtnavivRun {
  state: EtnavivState;
  /** Vivante code has no end instruction: a shader ends when it runs past its last instruction. */
  stop: StopReason;
}

/** Run `program` (instruction words, e.g. from the codec's `assemble`) from instruction 0. */
export function runEtnaviv(program: ArrayLike<number>, options: EtnavivOptions = {}): EtnavivRun {
  const state = createEtnavivState(options);
  const stop = runLoop({
    isa: "etnaviv",
    wordsPerInstruction: ETNAVIV_WORDS_PER_INSTRUCTION,
    program,
    state,
    step: (words, s) => execute(ETNAVIV_HANDLERS, words, s, s.gpu),
    maxSteps: options.maxSteps ?? 100_000,
  });
  return { state, stop };
}
