/**
 * Seeded mutation fuzzer over the shipped documents and companions: every mutated input must end in
 * a model or in diagnostics — never an uncaught exception, and never more than 2 s for one input.
 *
 *   npm run fuzz -- [--iterations N] [--seed S] [--from I] [--specs DIR]
 *
 * Iteration I of seed S is always the same input, so `--from I --iterations 1` replays a failure.
 * The 2 s limit is on CPU time: wall-clock time on a loaded machine measures the machine, not the
 * input (a 100,000-iteration run beside two test suites saw 2–3 s wall for inputs that take 0.3 s).
 */
import { readFileSync } from "fs";
import * as path from "path";
import { prng as uint32Prng } from "../bench/prng";
import { analyzeModel } from "../generator/analyze/analyzeModel";
import { Diagnostics } from "../generator/diagnostics";
import { checkAgainstSchema, parseJsonWithPositions } from "../generator/load/loadJson";
import { listSpecIds, loadSpec, type LoadedSpec } from "../generator/load/loadSpecs";
import { validateModel } from "../generator/model/validateModel";
import { packagePath } from "../generator/paths";
import { readSpec } from "../generator/pipeline";
import type { LoadedCompanion, LoadedDocument } from "../generator/readers/readerTypes";
import { recoverDocument } from "../generator/recover/recoverDocument";

export const HANG_MS = 2000;

/** Seeded numbers in [0, 1) (bench/prng's mulberry32), so every run is reproducible from its seed. */
export function prng(seed: number): () => number {
  const next = uint32Prng(seed);
  return () => next() / 4294967296;
}

type Mutator = (text: string, rand: () => number) => string;

const pick = <T>(items: readonly T[], rand: () => number): T => items[Math.floor(rand() * items.length)];
const NOISE = ["<", ">", "&", '"', "'", "=", "/", " ", "\n", "0", "9", "x", "-", "{", "}", "\u0000", "\u00ff", "#", "*"];

export const MUTATORS: Record<string, Mutator> = {
  "byte-flip": (t, r) => {
    const i = Math.floor(r() * t.length);
    return t.slice(0, i) + pick(NOISE, r) + t.slice(i + 1);
  },
  truncate: (t, r) => t.slice(0, Math.floor(r() * t.length)),
  "delete-line": (t, r) => {
    const lines = t.split("\n");
    lines.splice(Math.floor(r() * lines.length), 1);
    return lines.join("\n");
  },
  "duplicate-line": (t, r) => {
    const lines = t.split("\n");
    const i = Math.floor(r() * lines.length);
    lines.splice(i, 0, lines[i]);
    return lines.join("\n");
  },
  "attribute-swap": (t, r) => {
    const attrs = [...t.matchAll(/[\w:-]+\s*=\s*"[^"]*"/g)];
    if (attrs.length < 2) return t;
    const a = pick(attrs, r);
    const b = pick(attrs, r);
    const [first, second] = (a.index ?? 0) < (b.index ?? 0) ? [a, b] : [b, a];
    const fi = first.index ?? 0;
    const si = second.index ?? 0;
    if (fi + first[0].length > si) return t;
    return t.slice(0, fi) + second[0] + t.slice(fi + first[0].length, si) + first[0] + t.slice(si + second[0].length);
  },
  "digit-change": (t, r) => {
    const digits = [...t.matchAll(/\d+/g)];
    if (digits.length === 0) return t;
    const d = pick(digits, r);
    const i = d.index ?? 0;
    return t.slice(0, i) + String(Math.floor(r() * 200) - 20) + t.slice(i + d[0].length);
  },
};

/** One input the fuzzer can mutate: a document or a JSON companion of one ISA. */
interface Target {
  spec: LoadedSpec;
  label: string;
  text: string;
  /** The spec with this input replaced by `text`, or undefined when loading rejects it (with diagnostics). */
  substitute(text: string, diags: Diagnostics): LoadedSpec | undefined;
}

function targetsOf(spec: LoadedSpec, specsDir: string): Target[] {
  const targets: Target[] = [];
  spec.documents.forEach((doc, i) => {
    const text = readFileSync(doc.absolutePath, "utf8");
    targets.push({
      spec,
      label: doc.path,
      text,
      substitute(mutated, diags) {
        const xml = doc.format !== "r500-regs" && doc.format !== "bifrost-notes";
        const recovered = recoverDocument(doc.path, Buffer.from(mutated, "utf8"), { xml }, diags);
        if (!recovered) return undefined;
        const documents: LoadedDocument[] = spec.documents.map((d, k) => (k === i ? { ...d, recovered } : d));
        return { ...spec, documents };
      },
    });
  });
  spec.companions.forEach((c, i) => {
    const file = path.join(path.dirname(path.resolve(specsDir)), c.path);
    const schema = JSON.parse(readFileSync(packagePath("generator", "model", "companions", `${c.kind}.schema.json`), "utf8")) as object;
    targets.push({
      spec,
      label: c.path,
      text: readFileSync(file, "utf8"),
      substitute(mutated, diags) {
        const json = parseJsonWithPositions(c.path, mutated, diags);
        if (!json || !checkAgainstSchema(json, schema, c.kind, diags)) return undefined;
        const companions: LoadedCompanion[] = spec.companions.map((x, k) => (k === i ? { ...x, data: json.data, locate: json.locate } : x));
        return { ...spec, companions };
      },
    });
  });
  return targets;
}

export interface FuzzResult {
  iterations: number;
  clean: number;
  diagnosed: number;
  failures: { iteration: number; target: string; mutator: string; problem: string }[];
  byMutator: Record<string, number>;
  /** Most CPU time one input took. */
  slowestMs: number;
  /** Most wall-clock time one input took (includes time the machine gave to other processes). */
  slowestWallMs: number;
}

/** Run `iterations` mutations from `seed`. Failures are collected, not thrown. */
/**
 * `hangMs`: the CPU time one input may take. Process CPU time counts the GC and compiler threads
 * too, which a loaded machine slows: a test passes a limit only a real hang reaches.
 */
export function fuzz(
  specsDir: string,
  iterations: number,
  seed: number,
  from = 0,
  hangMs = HANG_MS,
  ids?: readonly string[],
): FuzzResult {
  const load = new Diagnostics();
  const targets = (ids ?? listSpecIds(specsDir, load)).flatMap((id) => {
    const spec = loadSpec(specsDir, id, load);
    return spec ? targetsOf(spec, specsDir) : [];
  });
  const result: FuzzResult = { iterations, clean: 0, diagnosed: 0, failures: [], byMutator: {}, slowestMs: 0, slowestWallMs: 0 };
  const names = Object.keys(MUTATORS);
  for (let iteration = from; iteration < from + iterations; iteration++) {
    const rand = prng(seed * 1_000_003 + iteration);
    const target = pick(targets, rand);
    const mutator = pick(names, rand);
    result.byMutator[mutator] = (result.byMutator[mutator] ?? 0) + 1;
    const started = Date.now();
    const cpuStarted = process.cpuUsage();
    try {
      const diags = new Diagnostics();
      const spec = target.substitute(MUTATORS[mutator](target.text, rand), diags);
      if (spec) {
        const model = readSpec(spec, diags);
        if (validateModel(model, diags)) analyzeModel(model, diags);
      }
      if (diags.hasErrors) result.diagnosed++;
      else result.clean++;
    } catch (e) {
      result.failures.push({ iteration, target: target.label, mutator, problem: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
    const cpu = process.cpuUsage(cpuStarted);
    const ms = Math.round((cpu.user + cpu.system) / 1000);
    result.slowestMs = Math.max(result.slowestMs, ms);
    result.slowestWallMs = Math.max(result.slowestWallMs, Date.now() - started);
    if (ms > hangMs) result.failures.push({ iteration, target: target.label, mutator, problem: `took ${ms} ms of CPU time (limit ${hangMs} ms)` });
  }
  return result;
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

if (require.main === module) {
  const iterations = argValue("--iterations", 100_000);
  const seed = argValue("--seed", 1);
  const from = argValue("--from", 0);
  const specsIndex = process.argv.indexOf("--specs");
  const specs = specsIndex >= 0 ? process.argv[specsIndex + 1] : path.join(__dirname, "..", "specs");
  const started = Date.now();
  const r = fuzz(specs, iterations, seed, from);
  const summary = {
    seed,
    from,
    iterations: r.iterations,
    endedInModel: r.clean,
    endedInDiagnostics: r.diagnosed,
    failures: r.failures.length,
    slowestCpuMs: r.slowestMs,
    slowestWallMs: r.slowestWallMs,
    seconds: Math.round((Date.now() - started) / 1000),
    byMutator: r.byMutator,
  };
  console.log(JSON.stringify(summary, null, 2));
  for (const f of r.failures) console.error(`iteration ${f.iteration} (--seed ${seed}): ${f.mutator} on ${f.target}: ${f.problem}`);
  process.exitCode = r.failures.length > 0 ? 1 : 0;
}
