/**
 * V8's tiering tuned for the command line, a batch job of a few seconds.
 *
 * With V8's default interrupt budget, most of the build's code (readers, emitters, the generated
 * codecs the manuals' examples run) turns hot for a moment and is compiled by TurboFan on a
 * background thread, which then competes with the build for the second core; the optimized code is
 * mostly never used again. A budget about 9 times the default leaves that code to Ignition and
 * Sparkplug, while code that stays hot (a long `disasm`, a large ISA's examples) is still optimized,
 * a little later. Compiled CLI, `build --no-cache` of the shipped specs, 5 alternating runs each:
 * 3.05–3.39 s with the default, 2.47–2.69 s with this budget (2.54–2.76 s with 1,000,000, 2.54–2.66
 * s with 300,000); user CPU from about 4.0 s to 2.7 s.
 *
 * A build of many instructions runs its hot code long enough for TurboFan to pay again, so it goes
 * back to V8's default once the models are read: 20,000 synthetic instructions took 13.1–14.9 s of
 * user CPU with the default budget and 13.7–15.9 s with the larger one (6 runs each, means 13.9 s
 * and 15.0 s), while 1,000 and 5,000 took less with the larger one (1.5 s against 1.9 s, 4.9–5.1 s
 * against 5.5–5.6 s, 2 runs each).
 *
 * Only the CLI and the bench (which times builds as the CLI runs them) call `useBatchTiering`: a
 * program that imports isaforge keeps its own V8 settings. The flag is process-wide, so the build's
 * worker threads run with it too.
 */
import { setFlagsFromString } from "v8";

export const INTERRUPT_BUDGET = 600_000;

/** V8's own (Node 20, V8 11.3). */
const V8_INTERRUPT_BUDGET = 67_584;

/** From this many instructions on, a build goes back to V8's budget. */
export const LONG_BUILD_INSTRUCTIONS = 10_000;

let batch = false;

export function useBatchTiering(): void {
  batch = true;
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

/** Called once the models are read: back to V8's budget for a long build, if the CLI changed it. */
export function tierForBuildSize(instructions: number): void {
  if (batch && instructions >= LONG_BUILD_INSTRUCTIONS)
    setFlagsFromString(`--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
}
