/** Coverage: bits of an instruction that are neither fixed nor in any field (a warning). */
import type { Diagnostics } from "../diagnostics";
import {
  bitsToRanges,
  formatRanges,
  notWords,
  orWords,
  rangesMask,
  setBitIndexes,
} from "../model/bits";
import type { IsaModel } from "../model/types";

export function checkCoverage(model: IsaModel, diags: Diagnostics): void {
  const { wordCount, instructionWidth } = model.isa;
  for (const ins of model.instructions) {
    if (diags.followUpsSuppressed(ins.source)) continue;
    const fields = [...ins.fields, ...ins.overrides.flatMap((o) => o.fields)];
    // A field with an unusable range was reported by checkFields; what it misses is not news.
    if (fields.some((f) => f.ranges.some((r) => r.low > r.high || r.high >= instructionWidth)))
      continue;
    // Asserted bits count as covered, as isa.py counts them with the fields.
    let covered = ins.encoding.mask;
    for (const a of ins.assertions ?? [])
      covered = orWords(covered, rangesMask(wordCount, [{ low: a.low, high: a.high }]));
    for (const f of [...ins.fields, ...ins.overrides.flatMap((o) => o.fields)]) {
      if (f.ranges.every((r) => r.low <= r.high && r.high < instructionWidth))
        covered = orWords(covered, rangesMask(wordCount, f.ranges));
    }
    const uncovered = setBitIndexes(notWords(covered)).filter((b) => b < instructionWidth);
    if (uncovered.length > 0)
      diags.warning(
        "coverage",
        `instruction '${ins.name}': bits ${formatRanges(bitsToRanges(uncovered).reverse())} are neither fixed nor in a field`,
        ins.source,
      );
  }
}
