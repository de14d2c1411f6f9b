/**
 * Diagnostics as `build` and `headergen` print them: every error and note, and warnings either all
 * (`--verbose`) or summarised by code, so that a database with 115 overlapping registers does not
 * bury the rest of its report. A code met once prints in full; one met more often prints its first
 * warning with the count of the others.
 */
import { formatDiagnostic, formatLocation, type Diagnostic } from "./diagnostics";

/** The lines for `sorted` (diagnostics in `Diagnostics.sorted()` order). */
export function reportLines(sorted: Diagnostic[], verbose: boolean): string[] {
  if (verbose) return sorted.map(formatDiagnostic);
  const byCode = new Map<string, Diagnostic[]>();
  for (const d of sorted)
    if (d.severity === "warning") byCode.set(d.code, [...(byCode.get(d.code) ?? []), d]);
  const summarised = (d: Diagnostic) => d.severity === "warning" && byCode.get(d.code)!.length > 1;
  const summaries = [...byCode.entries()]
    .filter(([, all]) => all.length > 1)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, [first, ...others]]) => warningSummary(code, first, others.length));
  return [...sorted.filter((d) => !summarised(d)).map(formatDiagnostic), ...summaries];
}

function warningSummary(code: string, first: Diagnostic, others: number): string {
  const head = `${formatLocation(first.at)}: warning[${code}]: ${first.message}`;
  return `${head} (and ${others} more warning[${code}]: --verbose lists them)`;
}
