/**
 * Reference emulator for ir3 cat0 control flow (one fiber).
 *
 * @needs-upstream mesa
 */
export { runIr3, IR3_WORDS_PER_INSTRUCTION, type Ir3Run } from "./run";
export { createIr3State, isActive } from "./state";
export type { Ir3Options, Ir3State, Ir3TraceEntry, PredicationMode } from "./state";
export { IR3_HANDLERS, EMULATED_INSTRUCTIONS } from "./handlers";
export { EmulatorError } from "../core/runLoop";
