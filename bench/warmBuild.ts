/**
 * The floor under a cold build: `isaforge build --no-cache` of the same specs again and again in one
 * process, by the compiled CLI's `runCli` with the CLI's V8 settings.
 *
 *   tsx bench/warmBuild.ts [--rounds N] [--specs DIR]
 *
 * From the second round on, the generator's modules are loaded and its code is compiled and
 * optimized: what is left is the build's own work. That work still includes compiling the generated
 * codecs and running them for the manuals' worked examples, as every build must, since they are
 * generated anew. A cold build does the same work, and on top of it starts Node, loads the
 * generator and warms up its code.
 *
 * Prints each round's wall-clock and CPU time (user + system, all threads), and the warm rounds'
 * range and median.
 */
import { existsSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { performance } from "perf_hooks";
import { median } from "./buildTime";
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

/** One line per round, and one for the warm rounds (all but the first). */
export function warmReport(rounds: Round[]): string[] {
  const lines = rounds.map(
    (r, i) =>
      `round ${i + 1}${i === 0 ? " (loads the generator)" : ""}: ${fmt(r.wallMs)} wall, ${fmt(r.cpuMs)} CPU`,
  );
  const warm = rounds.slice(1).map((r) => r.wallMs);
  lines.push(
    `warm rounds: ${fmt(Math.min(...warm))}–${fmt(Math.max(...warm))}, median ${fmt(median(warm))}`,
  );
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
  const work = mkdtempSync(path.join(tmpdir(), "isaforge-warm-"));
  try {
    const rounds: Round[] = [];
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
    }
    for (const l of warmReport(rounds)) process.stdout.write(l + "\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
