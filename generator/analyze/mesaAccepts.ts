/**
 * Findings Mesa's isaspec tooling builds without complaint (an enum value wider than its field, two
 * instructions matching one word) are warnings for elements written in an isaspec document, as
 * isaforge must accept what Mesa accepts; they stay errors for the other formats.
 */
import type { Severity } from "../diagnostics";
import type { IsaModel, SourceRef } from "../model/types";

export function mesaAcceptedSeverity(model: IsaModel): (at: SourceRef) => Severity {
  // Imported isaspec documents are not listed in the manifest, so go by what is not isaspec.
  const otherFormats = new Set(
    model.documents.filter((d) => d.format !== "isaspec").map((d) => d.path),
  );
  const hasIsaspec = model.documents.some((d) => d.format === "isaspec");
  return (at) => (hasIsaspec && !otherFormats.has(at.file) ? "warning" : "error");
}
