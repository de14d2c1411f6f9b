/**
 * The floor under a cold build: `isaforge build --no-cache` of the same specs again and again in one
 * process, by the compiled CLI's `runCli` with the CLI's V8 settings, in alternating rounds with
 * Mesa's isaspec generators.
 *
 *   tsx bench/warmBuild.ts [--rounds N] [--specs DIR] [--mesa DIR]
 *
 * From the second round on, the generator's modules are loaded and its code is compiled and
 * optimized: what is left is the build's own work. That work still includes compiling the generated
 * codecs and running them for the manuals' worked examples, as every build must, since they are
 * generated anew. A cold build does the same work, and on top of it starts Node, loads the
 * generator and warms up its code.
 *
 * Prints each round's wall-clock and CPU time (user + system, all threads), the warm rounds' range
 * and median, and, when Mesa's generators can run, the fastest warm round's ratio to Mesa's median.
 */
import { existsSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { performance } from "perf_hooks";
import { median } from "./buildTime";
import { measureMesaIsaspec, mesaUnavailable } from "./mesaIsaspec";
import { parseRoundArgs, type RoundOptions } from "./roundArgs";

export function parseWarmArgs(argv: string[]): RoundOptions {
  return parseRoundArgs("warmBuild", argv, { rounds: 6, minRounds: 2 }, (a) => {
    throw new Error(`warmBuild: unknown argument ${a}`);
  });
}

export interface Round {
  wallMs: number;
  cpuMs: number;
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One line per round, the warm rounds (all but the first), and Mesa's, if timed. */
export function warmReport(rounds: Round[], mesa: number[] | null): string[] {
  const lines = rounds.map(
    (r, i) =>
      `round ${i + 1}${i === 0 ? " (loads the generator)" : ""}: ${fmt(r.wallMs)} wall, ${fmt(r.cpuMs)} CPU`,
  );
  const warm = rounds.slice(1).map((r) => r.wallMs);
  const fastest = Math.min(...warm);
  let summary = `warm rounds: ${fmt(fastest)}–${fmt(Math.max(...warm))}, median ${fmt(median(warm))}`;
  if (mesa) {
    const m = median(mesa);
    summary += `; the fastest is ${(fastest / m).toFixed(1)}× Mesa's median`;
    lines.push(summary, `Mesa decode.py + encode.py: ${mesa.map(fmt).join(" ")}; median ${fmt(m)}`);
  } else lines.push(summary);
  return lines;
}

async function main(): Promise<void> {
  const o = parseWarmArgs(process.argv.slice(2));
  const dist = path.join(__dirname, "..", "dist", "generator");
  if (!existsSync(path.join(dist, "cli.js")))
    throw new Error(`warmBuild: ${dist}/cli.js is missing: run npm run build:ts`);
  // As the CLI's main block runs a build (generator/batchTiering.ts).
  (
    require(path.join(dist, "batchTiering")) as typeof import("../generator/batchTiering")
  ).useBatchTiering();
  const { runCli } = require(path.join(dist, "cli")) as typeof import("../generator/cli");
  const why = mesaUnavailable(path.resolve(o.mesa));
  if (why) process.stderr.write(`Mesa's isaspec generators not timed: ${why}\n`);
  const work = mkdtempSync(path.join(tmpdir(), "isaforge-warm-"));
  try {
    const rounds: Round[] = [];
    const mesa: number[] = [];
    for (let i = 0; i < o.rounds; i++) {
      const out = path.join(work, "out");
      rmSync(out, { recursive: true, force: true });
      // The build's diagnostics, shown only if it fails (every round repeats its warnings).
      const errors: string[] = [];
      const log = { out: () => undefined, err: (line: string) => void errors.push(line) };
      const cpu = process.cpuUsage();
      const start = performance.now();
      const status = await runCli(
        ["build", "--no-cache", "--specs", path.resolve(o.specs), "--out", out],
        log,
      );
      const wallMs = performance.now() - start;
      const used = process.cpuUsage(cpu);
      if (status !== 0)
        throw new Error(
          [`warmBuild: round ${i + 1}: build exited with ${status}:`, ...errors].join("\n"),
        );
      rounds.push({ wallMs, cpuMs: (used.user + used.system) / 1000 });
      if (!why) mesa.push(measureMesaIsaspec(path.resolve(o.mesa)));
    }
    for (const l of warmReport(rounds, why ? null : mesa)) process.stdout.write(l + "\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
