/**
 * Build times: a full `isaforge build` of the shipped specs with a cold cache and again with nothing
 * changed, and full builds of synthetic isaspec ISAs of growing size (bench/syntheticIsaspec.ts).
 *
 * Every build runs in a fresh process (bench/timedBuild.ts) with its own empty cache directory, and
 * is timed from before the generator's modules load to the end of the command.
 */
import { spawnSync } from "child_process";
import { existsSync, mkdirSync, rmSync } from "fs";
import * as path from "path";
import { performance } from "perf_hooks";
import { ROOT, runBenchScript } from "./childProcess";
import { writeSyntheticSpecs } from "./syntheticIsaspec";

interface Timed {
  ms: number;
  status: number;
  phases?: Record<string, number>;
}

function timedBuild(args: string[], cacheDir: string, phases = false, heapMb?: number): Timed {
  const r = runBenchScript<Timed>(
    "timedBuild.ts",
    [...(phases ? ["--phases"] : []), "--", "build", ...args],
    {
      ISAFORGE_CACHE_DIR: cacheDir,
      ...(heapMb ? { NODE_OPTIONS: `--max-old-space-size=${heapMb}` } : {}),
    },
  );
  if (r.status !== 0)
    throw new Error(`isaforge build ${args.join(" ")} exited with status ${r.status}`);
  return r;
}

export interface BuildTimes {
  /** Into an empty output directory with an empty cache. */
  fullMs: number;
  /** Again, nothing changed. */
  noChangeMs: number;
  /** `--no-cache` into an empty output directory: everything is done. */
  coldMs: number;
  /**
   * `--no-cache` into an empty output directory by the compiled CLI, as `npx isaforge` runs it
   * (median of the rounds bench/run.ts runs).
   */
  cliColdMs?: number;
  /** The same build run phase by phase (bench/timedBuild.ts --phases): ms per phase. */
  phases: Record<string, number>;
}

/**
 * `specs` built into fresh output directories under `work`: cold cache, then nothing changed; with
 * `--no-cache`; and phase by phase.
 */
export function measureShippedBuild(specs: string, work: string): BuildTimes {
  const fresh = (name: string) => {
    const dir = path.join(work, name);
    rmSync(dir, { recursive: true, force: true });
    return dir;
  };
  const cache = fresh("shipped-cache");
  const args = (out: string) => ["--specs", path.resolve(specs), "--out", out];
  const full = timedBuild(args(fresh("shipped-out")), cache);
  const noChange = timedBuild(args(path.join(work, "shipped-out")), cache);
  const cold = timedBuild([...args(fresh("cold-out")), "--no-cache"], cache);
  const phased = timedBuild(args(fresh("phased-out")), cache, true);
  return { fullMs: full.ms, noChangeMs: noChange.ms, coldMs: cold.ms, phases: phased.phases ?? {} };
}

/** The compiled command line, as `npx isaforge` runs it (npm ci compiles it). */
export const CLI = path.join(ROOT, "dist", "generator", "cli.js");

/**
 * One `isaforge build --no-cache` of `specs` into an empty `out` by the compiled CLI, started as
 * `npx isaforge` starts it (the file itself, through its `#!` line): ms from spawn to exit.
 */
export function timedCliColdBuild(specs: string, out: string, cli = CLI): number {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build:ts`);
  rmSync(out, { recursive: true, force: true });
  const start = performance.now();
  const r = spawnSync(cli, ["build", "--no-cache", "--specs", specs, "--out", out], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const ms = performance.now() - start;
  if (r.status !== 0)
    throw new Error(`${cli} build exited with ${r.signal ?? r.status}:\n${r.stderr}`);
  rmSync(out, { recursive: true, force: true });
  return ms;
}

/** The middle value (the lower middle of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export interface ScalePoint {
  instructions: number;
  ms: number;
  /** Time per phase, from a second build run phase by phase (when asked for). */
  phases?: Record<string, number>;
}

/**
 * A full build (cold cache) of a synthetic ISA of each size; the work files are removed after.
 * `heapMb` raises Node's heap limit for these builds (0: Node's default).
 */
export function measureScale(
  sizes: number[],
  work: string,
  withPhases = false,
  heapMb = 0,
): ScalePoint[] {
  return sizes.map((n) => {
    const dir = path.join(work, `scale-${n}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    try {
      const specs = writeSyntheticSpecs(path.join(dir, "specs"), n);
      const args = ["--specs", specs, "--out", path.join(dir, "out")];
      const point: ScalePoint = {
        instructions: n,
        ms: timedBuild(args, path.join(dir, "cache"), false, heapMb).ms,
      };
      // Phase by phase, without the cache: the time of each step of the same build.
      if (withPhases) point.phases = timedBuild(args, path.join(dir, "cache"), true, heapMb).phases;
      return point;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
