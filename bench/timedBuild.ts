/**
 * One timed `isaforge build` in a fresh process (run by bench/buildTime.ts), so every measurement
 * starts cold: no module, template or JIT state left over from an earlier build. The clock starts
 * before the generator's modules are loaded, so their load time counts, as it does for a user.
 *
 *   tsx bench/timedBuild.ts [--phases] -- <isaforge build arguments>
 *
 * Prints one JSON line: `{ "ms": <total>, "status": <exit status>, "phases"?: { <phase>: ms } }`.
 * With `--phases` the build runs phase by phase (the same calls as `build`, without the cache) to
 * show where the time goes; where the build renders on two threads (generator/emit/parallelRender),
 * the phases of each thread are listed as `main: …` and `worker: …`.
 */
// The generator is loaded with require() after the clock starts, so its load time is measured.
import { performance } from "perf_hooks";
import { useBatchTiering } from "../generator/batchTiering";

const start = performance.now();
// As the CLI runs a build (generator/batchTiering.ts).
useBatchTiering();

async function phasedBuild(
  specs: string,
  out: string,
): Promise<{ status: number; phases: Record<string, number> }> {
  const phases: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phases[name] = (phases[name] ?? 0) + (now - t);
    // Also as it happens, so that a long build shows where it is.
    process.stderr.write(`phase ${name}: ${Math.round(now - t)} ms\n`);
    t = now;
  };
  const { Diagnostics } =
    require("../generator/diagnostics") as typeof import("../generator/diagnostics");
  const { EMITTERS } = require("../generator/emit") as typeof import("../generator/emit");
  const { formatOutput } =
    require("../generator/emit/formatOutput") as typeof import("../generator/emit/formatOutput");
  const { writeOutputAtomically } =
    require("../generator/emit/writeOutput") as typeof import("../generator/emit/writeOutput");
  const { listSpecIds, loadSpec } =
    require("../generator/load/loadSpecs") as typeof import("../generator/load/loadSpecs");
  const { linkNotes } =
    require("../generator/analyze/linkNotes") as typeof import("../generator/analyze/linkNotes");
  const { validateModel } =
    require("../generator/model/validateModel") as typeof import("../generator/model/validateModel");
  const { analyzeModel } =
    require("../generator/analyze/analyzeModel") as typeof import("../generator/analyze/analyzeModel");
  const { readSpec } = require("../generator/pipeline") as typeof import("../generator/pipeline");
  const { renderInParallel, useWorkers } =
    require("../generator/emit/parallelRender") as typeof import("../generator/emit/parallelRender");
  lap("load modules");
  const diags = new Diagnostics();
  const models = [];
  for (const id of listSpecIds(specs, diags)) {
    const spec = loadSpec(specs, id, diags);
    lap("load + recover");
    if (spec) models.push(readSpec(spec, diags));
    lap("read");
  }
  linkNotes(models, diags);
  lap("link");
  const valid = models.map((m) => validateModel(m, diags));
  lap("validate");
  models.forEach((m, i) => valid[i] && analyzeModel(m, diags));
  lap("analyze");
  if (diags.hasErrors) return { status: 1, phases };
  let formatted;
  if (useWorkers(models)) {
    // As the build renders: on two threads, each phase named by its thread (`main: …`, `worker: …`);
    // "render" is the wall-clock time of the whole.
    const parallel = await renderInParallel(models);
    lap("render");
    Object.assign(phases, parallel.phases);
    formatted = parallel.files;
  } else {
    const files = [];
    for (const e of EMITTERS) {
      files.push(...e.emit(models));
      lap(`emit ${e.name}`);
    }
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    formatted = await formatOutput(files);
    lap("prettier");
  }
  writeOutputAtomically(out, formatted, false);
  lap("write");
  return { status: 0, phases };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const sep = argv.indexOf("--");
  const own = sep >= 0 ? argv.slice(0, sep) : [];
  const args = sep >= 0 ? argv.slice(sep + 1) : argv;
  let result: { status: number; phases?: Record<string, number> };
  if (own.includes("--phases")) {
    const value = (name: string) => {
      const i = args.indexOf(name);
      if (i < 0 || !args[i + 1]) throw new Error(`timedBuild --phases needs ${name} <dir>`);
      return args[i + 1];
    };
    result = await phasedBuild(value("--specs"), value("--out"));
  } else {
    const { runCli } = require("../generator/cli") as typeof import("../generator/cli");
    const quiet = {
      out: () => undefined,
      err: (line: string) => process.stderr.write(line + "\n"),
    };
    result = { status: await runCli(args, quiet) };
  }
  const ms = performance.now() - start;
  process.stdout.write(JSON.stringify({ ms, ...result }) + "\n");
}

void main();
