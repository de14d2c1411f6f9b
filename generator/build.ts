/**
 * The `build` and `check` commands as functions: models in, artifacts rendered, written atomically
 * (or compared with what is on disk). Returns an exit status; prints only through `log`.
 */
import { Diagnostics, formatDiagnostic } from "./diagnostics";
import { EMITTERS } from "./emit";
import { formatOutput } from "./emit/formatOutput";
import { outputIsa, type OutputFile } from "./emit/outputFile";
import { diffOutput, writeOutputAtomically } from "./emit/writeOutput";
import type { IsaModel } from "./model/types";
import { buildModels } from "./pipeline";

export interface BuildOptions {
  specs: string;
  out: string;
  only?: string[];
  /** Compare with the output on disk instead of writing. */
  check?: boolean;
}

export interface Log {
  out(line: string): void;
  err(line: string): void;
}

export const EXIT_OK = 0;
export const EXIT_INPUT_ERRORS = 1;
export const EXIT_USAGE = 2;

function report(diags: Diagnostics, log: Log): void {
  for (const d of diags.sorted()) log.err(formatDiagnostic(d));
  const errors = diags.errorCount;
  const warnings = diags.items.length - errors;
  if (errors || warnings)
    log.err(
      `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`,
    );
}

/** Read, validate and analyze; the models, or undefined when any error was found. */
export function checkSpecs(specs: string, log: Log): { models?: IsaModel[]; status: number } {
  const diags = new Diagnostics();
  const models = buildModels(specs, diags);
  report(diags, log);
  if (diags.hasErrors) return { status: EXIT_INPUT_ERRORS };
  return { models, status: EXIT_OK };
}

export async function renderArtifacts(models: IsaModel[]): Promise<OutputFile[]> {
  const files = EMITTERS.flatMap((e) => e.emit(models));
  return formatOutput(files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
}

export async function build(options: BuildOptions, log: Log): Promise<number> {
  const checked = checkSpecs(options.specs, log);
  if (!checked.models) return checked.status;
  const models = checked.models;
  let files = await renderArtifacts(models);
  if (options.only && options.only.length > 0) {
    const known = new Set(models.map((m) => m.isa.id));
    const unknown = options.only.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      log.err(
        `isaforge: error[usage]: --only names unknown ISA ${unknown.map((u) => `'${u}'`).join(", ")} (known: ${[...known].join(", ")})`,
      );
      return EXIT_USAGE;
    }
    // Everything is rendered from all models, so that files shared by the ISAs (indexes, the
    // site's navigation and search) stay what a full build writes; only the files are selected.
    const ids = models.map((m) => m.isa.id);
    files = files.filter((f) => {
      const owner = outputIsa(f.path, ids);
      return owner === undefined || options.only!.includes(owner);
    });
  }
  const selected = options.only && options.only.length > 0 ? options.only : undefined;
  const partial = selected !== undefined && selected.length !== models.length;
  if (options.check) {
    const differ = diffOutput(options.out, files, partial);
    for (const p of differ)
      log.err(`${options.out}/${p}: error[stale-output]: differs from what the specs generate`);
    if (differ.length > 0) {
      log.err(
        `${differ.length} generated file${differ.length === 1 ? "" : "s"} out of date: run npm run generate`,
      );
      return EXIT_INPUT_ERRORS;
    }
    log.out(`${files.length} generated files are up to date`);
    return EXIT_OK;
  }
  writeOutputAtomically(options.out, files, partial);
  log.out(
    `wrote ${files.length} files to ${options.out}/ (${(selected ?? models.map((m) => m.isa.id)).join(", ")})`,
  );
  return EXIT_OK;
}
