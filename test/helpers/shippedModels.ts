/** Test helpers: read the shipped specs the way the pipeline does. */
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { loadSpec } from "../../generator/load/loadSpecs";
import type { IsaModel } from "../../generator/model/types";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import { buildModels, readSpec } from "../../generator/pipeline";

export const SPECS_DIR = path.join(__dirname, "..", "..", "specs");

/** Load and read one shipped ISA (no linking, validation or analysis). */
export function readShippedSpec(id: string): { model: IsaModel | undefined; diags: Diagnostics } {
  const diags = new Diagnostics();
  const spec = loadSpec(SPECS_DIR, id, diags);
  return { model: spec ? readSpec(spec, diags) : undefined, diags };
}

const cached = new Map<string, { models: IsaModel[]; diags: Diagnostics }>();

/**
 * The full pipeline over the shipped specs, computed once per test file: all of them, or those of
 * `ids` (nouveau's database alone takes seconds to read; a test of one ISA need not wait for it).
 */
export function shippedModels(ids?: readonly string[]): {
  models: IsaModel[];
  diags: Diagnostics;
} {
  const key = ids?.join(" ") ?? "";
  if (!cached.has(key)) {
    const diags = new Diagnostics();
    const roots = upstreamRoots();
    cached.set(key, { models: buildModels(SPECS_DIR, diags, roots, ids), diags });
  }
  return cached.get(key)!;
}

export function errorsOf(diags: Diagnostics): string[] {
  return diags
    .sorted()
    .filter((d) => d.severity === "error")
    .map(formatDiagnostic);
}
