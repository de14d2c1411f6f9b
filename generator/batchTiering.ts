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
 * Only the CLI and the bench (which times builds as the CLI runs them) call this: a program that
 * imports isaforge keeps its own V8 settings. The flag is process-wide, so the build's worker
 * threads run with it too.
 */
import { setFlagsFromString } from "v8";

/** V8's default is 67,584 (Node 20, V8 11.3). */
export const INTERRUPT_BUDGET = 600_000;

export function useBatchTiering(): void {
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
