/**
 * The `build` and `check` commands as functions: models in, artifacts rendered, written atomically
 * (or compared with what is on disk). Returns an exit status; prints only through `log`.
 */
import { tierForBuildSize } from "./batchTiering";
import { BuildCache, diffOutputHashes, type BuildResult, type CachedResult } from "./buildCache";
import { reportLines } from "./diagnosticReport";
import { Diagnostics, plural } from "./diagnostics";
import { compareOutputPaths, outputIsa, type OutputFile } from "./emit/outputFile";
import { OutputWriter } from "./emit/outputWriter";
import { diffOutput, writeOutputAtomically } from "./emit/writeOutput";
import { upstreamRoots } from "./load/upstreamRoots";
import type { IsaModel } from "./model/types";

// The pipeline and the emitters load on first use: they are most of the start-up time, and a
// cached build needs neither.
const pipeline = () => require("./pipeline") as typeof import("./pipeline");
const emitters = () => require("./emit") as typeof import("./emit");
const formatting = () => require("./emit/formatOutput") as typeof import("./emit/formatOutput");

export interface BuildOptions {
  specs: string;
  out: string;
  only?: string[];
  /** Compare with the output on disk instead of writing. */
  check?: boolean;
  /** Reuse and record results in the build cache (generator/buildCache.ts); default true. */
  cache?: boolean;
  /** `--upstream NAME=DIR` pairs: where the upstream trees the manifests name are. */
  upstream?: string[];
  /** List every warning; by default a warning code met more than once is one line. */
  verbose?: boolean;
}

export interface Log {
  out(line: string): void;
  err(line: string): void;
}

export const EXIT_OK = 0;
export const EXIT_INPUT_ERRORS = 1;
export const EXIT_USAGE = 2;

/** The diagnostics (warnings all, or summarised by code) and the line that counts them. */
function reportOf(diags: Diagnostics, verbose: boolean): string[] {
  const lines = reportLines(diags.sorted(), verbose);
  const errors = diags.errorCount;
  const warnings = diags.warningCount;
  const accepted = diags.accepted.length;
  const acceptedNote = `${plural(accepted, "known warning")} accepted by the manifests (acceptedWarnings)`;
  if (errors || warnings)
    lines.push(
      `${plural(errors, "error")}, ${plural(warnings, "warning")}${accepted ? `; ${acceptedNote}` : ""}`,
    );
  else if (accepted) lines.push(acceptedNote);
  return lines;
}

/** Read, validate and analyze into `diags`; the models, or undefined when any error was found. */
function readSpecs(
  specs: string,
  diags: Diagnostics,
  options: { strict?: boolean; upstream?: string[] },
): IsaModel[] | undefined {
  const models = pipeline().buildModels(specs, diags, upstreamRoots(options.upstream));
  if (options.strict) diags.promoteWarnings();
  return diags.hasErrors ? undefined : models;
}

/**
 * Read, validate and analyze; the models, or undefined when any error was found. `strict` makes
 * every warning an error (for people writing new documents: Mesa accepts what only warns). `check`
 * lists every warning: it is where a document's author looks for them.
 */
export function checkSpecs(
  specs: string,
  log: Log,
  options: { strict?: boolean; upstream?: string[] } = {},
): { models?: IsaModel[]; status: number } {
  const diags = new Diagnostics();
  const models = readSpecs(specs, diags, options);
  for (const line of reportOf(diags, true)) log.err(line);
  if (!models) return { status: EXIT_INPUT_ERRORS };
  return { models, status: EXIT_OK };
}

/**
 * Every artifact of `models`, formatted, sorted by path. `rendered` sees each emitter's files as
 * soon as they are ready (all of them at once where the build renders on two threads).
 */
export async function renderArtifacts(
  models: IsaModel[],
  rendered: (files: OutputFile[]) => void = () => undefined,
): Promise<OutputFile[]> {
  const parallel = require("./emit/parallelRender") as typeof import("./emit/parallelRender");
  if (parallel.useWorkers(models)) {
    const { files } = await parallel.renderInParallel(models);
    rendered(files);
    return files;
  }
  const files: OutputFile[] = [];
  const codecsCompiled = emitters().compileCodecsAhead(models);
  // Should the other emitters fail, the compile's own outcome no longer matters.
  codecsCompiled.catch(() => undefined);
  for (const e of emitters().EMITTERS) {
    if (e.usesCodecs) await codecsCompiled;
    const formatted = await formatting().formatOutput(e.emit(models));
    rendered(formatted);
    files.push(...formatted);
  }
  return files.sort(compareOutputPaths);
}

/** Where a build puts its files as they are rendered: told first whether the build is partial. */
type OpenOutput = (partial: boolean) => { add(files: OutputFile[]): void };

/** Read, check and render: everything a build computes from its inputs, ready to cache. */
async function computeBuild(options: BuildOptions, open?: OpenOutput): Promise<BuildResult> {
  // Reading, checking and rendering print only diagnostics, all to standard error, in both forms
  // (the cache replays either).
  const diags = new Diagnostics();
  const reported = (status: number, more: string[] = []) => ({
    status,
    messages: [...reportOf(diags, true), ...more],
    summary: [...reportOf(diags, false), ...more],
  });
  const models = readSpecs(options.specs, diags, { upstream: options.upstream });
  if (!models) return reported(EXIT_INPUT_ERRORS);
  tierForBuildSize(models.reduce((n, m) => n + m.instructions.length, 0));
  const only = options.only && options.only.length > 0 ? options.only : undefined;
  if (only) {
    const known = new Set(models.map((m) => m.isa.id));
    const unknown = only.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      return reported(EXIT_USAGE, [
        `isaforge: error[usage]: --only names unknown ISA ${unknown.map((u) => `'${u}'`).join(", ")} (known: ${[...known].join(", ")})`,
      ]);
    }
  }
  // Everything is rendered from all models, so that files shared by the ISAs (indexes, the site's
  // navigation and search) stay what a full build writes; --only selects files, not models.
  const ids = models.map((m) => m.isa.id);
  const selected = (f: OutputFile) => {
    const owner = outputIsa(f.path, ids);
    return !only || owner === undefined || only.includes(owner);
  };
  const partial = only !== undefined && new Set(only).size !== ids.length;
  const output = open?.(partial);
  const files = (
    await renderArtifacts(models, (batch) => output?.add(batch.filter(selected)))
  ).filter(selected);
  // What only rendering finds out (an example the assembler cannot invert) is a warning.
  for (const d of emitters().renderWarnings(models)) diags.report(d);
  return {
    ...reported(EXIT_OK),
    files,
    ids: only ?? ids,
    partial,
  };
}

const messagesFor = (result: Pick<BuildResult, "messages" | "summary">, options: BuildOptions) =>
  options.verbose ? result.messages : (result.summary ?? result.messages);

function reportStale(out: string, differ: string[], count: number, log: Log): number {
  for (const p of differ)
    log.err(`${out}/${p}: error[stale-output]: differs from what the specs generate`);
  if (differ.length > 0) {
    log.err(
      `${differ.length} generated file${differ.length === 1 ? "" : "s"} out of date: run npm run generate`,
    );
    return EXIT_INPUT_ERRORS;
  }
  log.out(`${count} generated files are up to date`);
  return EXIT_OK;
}

const wrote = (count: number, out: string, ids: string[]) =>
  `wrote ${count} files to ${out}/ (${ids.join(", ")})`;

/**
 * A cache hit: the output is compared with the cached files by hash and rewritten only if it
 * differs. Undefined when the cached contents turn out damaged (the caller then builds afresh).
 */
function finishFromCache(hit: CachedResult, options: BuildOptions, log: Log): number | undefined {
  const differ = hit.files ? diffOutputHashes(options.out, hit.files, hit.partial ?? false) : [];
  const rewrite = hit.files && !options.check && differ.length > 0 ? hit.readFiles() : [];
  if (!rewrite) return undefined;
  for (const line of messagesFor(hit, options)) log.err(line);
  if (!hit.files) return hit.status;
  const ids = hit.ids ?? [];
  if (options.check) return reportStale(options.out, differ, hit.files.length, log);
  if (differ.length === 0) {
    log.out(`${hit.files.length} files in ${options.out}/ are up to date (${ids.join(", ")})`);
    return EXIT_OK;
  }
  writeOutputAtomically(options.out, rewrite, hit.partial ?? false);
  log.out(wrote(rewrite.length, options.out, ids));
  return EXIT_OK;
}

export async function build(options: BuildOptions, log: Log): Promise<number> {
  const cache = options.cache === false ? undefined : BuildCache.open(options);
  const hit = cache?.load();
  if (hit) {
    const status = finishFromCache(hit, options, log);
    if (status !== undefined) return status;
  }
  // The files are written as they are rendered (emit/outputWriter.ts), unless only compared.
  let writer: OutputWriter | undefined;
  const open: OpenOutput | undefined = options.check
    ? undefined
    : (partial) => (writer = OutputWriter.start(options.out, partial));
  let result: BuildResult;
  try {
    result = await computeBuild(options, open);
  } catch (e) {
    await writer?.abandon();
    throw e;
  }
  cache?.store(result);
  for (const line of messagesFor(result, options)) log.err(line);
  if (!result.files) {
    await writer?.abandon();
    return result.status;
  }
  if (options.check)
    return reportStale(
      options.out,
      diffOutput(options.out, result.files, result.partial ?? false),
      result.files.length,
      log,
    );
  try {
    await writer!.finish();
  } catch (e) {
    // The output could not be written (a file where a folder must go, no permission, disk full):
    // the previous output is still in place.
    log.err(
      `isaforge: error[output]: cannot write ${options.out}: ${e instanceof Error ? e.message : String(e)}`,
    );
    return EXIT_INPUT_ERRORS;
  }
  log.out(wrote(result.files.length, options.out, result.ids ?? []));
  return EXIT_OK;
}
