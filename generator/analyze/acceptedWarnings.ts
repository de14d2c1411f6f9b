/**
 * Warnings a spec's manifest accepts by name (`acceptedWarnings`: code, where, why): what Mesa's
 * documents do on purpose or what recovery cannot undo, known and explained once in the manifest,
 * so that the build reports them in one line and `check --strict` holds the shipped specs to no new
 * warning. An entry that matches no warning is itself a warning, so the list never goes stale.
 */
import type { Diagnostics } from "../diagnostics";
import type { SourceRef } from "../model/types";

/** A manifest's `acceptedWarnings` entry, with the file as diagnostics name it. */
export interface AcceptedWarning {
  code: string;
  /** As written: a file of the spec folder, or FILE:LINE. */
  where: string;
  why: string;
  /** `where`'s file as diagnostics name it (`specs/ir3/ir3-cat6.xml`), and its line if any. */
  file: string;
  line?: number;
  /** The entry in the manifest. */
  at: SourceRef;
}

/** Move the warnings the entries accept out of `diags`; report every entry that accepts none. */
export function acceptWarnings(entries: readonly AcceptedWarning[], diags: Diagnostics): void {
  const used = new Set<AcceptedWarning>();
  diags.acceptWhere((d) => {
    if (d.severity !== "warning" || !d.at) return false;
    // Every entry that accepts it is in use (two specs may read one document and accept alike).
    const accepting = entries.filter(
      (e) =>
        e.code === d.code &&
        e.file === d.at!.file &&
        (e.line === undefined || e.line === d.at!.line),
    );
    for (const e of accepting) used.add(e);
    return accepting.length > 0;
  });
  for (const e of entries)
    if (!used.has(e))
      diags.warning(
        "unused-accepted-warning",
        `acceptedWarnings names warning[${e.code}] at '${e.where}', which no longer occurs: remove the entry`,
        e.at,
      );
}
