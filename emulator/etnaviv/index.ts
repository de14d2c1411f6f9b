/**
 * Reference emulator for the Vivante (etnaviv) vector ALU and BRANCH.
 *
 * @needs-upstream mesa
 */
export { runEtnaviv, ETNAVIV_WORDS_PER_INSTRUCTION, type EtnavivRun } from "./run";
export { createEtnavivState, tempBits, tempFloats, TEMP_COUNT } from "./state";
export type { EtnavivOptions, EtnavivState } from "./state";
export { ETNAVIV_HANDLERS, EMULATED_INSTRUCTIONS } from "./handlers";
export { bitsToFloat, floatToBits, vec4Bits, vec4Floats } from "./bits";
export { EmulatorError } from "../core/runLoop";
