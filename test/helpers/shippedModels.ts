/** Test helpers: read the shipped specs the way the pipeline does. */
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { loadSpec } from "../../generator/load/loadSpecs";
import type { IsaModel } from "../../generator/model/types";
import { buildModels, readSpec } from "../../generator/pipeline";

export const SPECS_DIR = path.join(__dirname, "..", "..", "specs");

/** Load and read one shipped ISA (no linking, validation or analysis). */
export function readShippedSpec(id: string): { model: IsaModel | undefined; diags: Diagnostics } {
  const diags = new Diagnostics();
  const spec = loadSpec(SPECS_DIR, id, diags);
  return { model: spec ? readSpec(spec, diags) : undefined, diags };
}

let cached: { models: IsaModel[]; diags: Diagnostics } | undefined;

/** The full pipeline over the shipped specs, computed once per test file. */
export function shippedModels(): { models: IsaModel[]; diags: Diagnostics } {
  if (!cached) {
    const diags = new Diagnostics();
    cached = { models: buildModels(SPECS_DIR, diags), diags };
  }
  return cached;
}

export function errorsOf(diags: Diagnostics): string[] {
  return diags
    .sorted()
    .filter((d) => d.severity === "error")
    .map(formatDiagnostic);
}
