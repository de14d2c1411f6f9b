/**
 * Cold builds by the compiled CLIs of several isaforge checkouts, in alternating rounds, so that a
 * change is measured against the code before it under the same machine load (the 2-vCPU VMs this
 * project is measured on drift by ±10 % over minutes):
 *
 *   tsx bench/alternate.ts [--rounds N] [--specs DIR] CHECKOUT...
 *
 * Each CHECKOUT is an isaforge directory whose `dist/` is built (`npm run build:ts`; a worktree of
 * an older commit, say). Every one builds the same specs (default: this checkout's) with
 * `build --no-cache` into an empty directory, as bench/buildTime.ts's `timedCliColdBuild` does.
 * Prints each checkout's times in round order, their range and median.
 */
import { mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { median, timedCliColdBuild } from "./buildTime";
import { parseRoundArgs, type RoundOptions } from "./roundArgs";

export interface AlternateOptions extends RoundOptions {
  checkouts: string[];
}

export function parseAlternateArgs(argv: string[]): AlternateOptions {
  const checkouts: string[] = [];
  const o = parseRoundArgs("alternate", argv, { rounds: 5, minRounds: 1 }, (a) =>
    checkouts.push(a),
  );
  if (checkouts.length === 0) throw new Error("alternate: name at least one isaforge checkout");
  return { ...o, checkouts };
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One line per checkout: times in round order, range, median. */
export function alternateReport(checkouts: string[], times: number[][]): string[] {
  return checkouts.map(
    (c, i) =>
      `${c}: ${times[i].map(fmt).join(" ")}; ${fmt(Math.min(...times[i]))}–${fmt(Math.max(...times[i]))}, median ${fmt(median(times[i]))}`,
  );
}

function main(): void {
  const o = parseAlternateArgs(process.argv.slice(2));
  const work = mkdtempSync(path.join(tmpdir(), "isaforge-alternate-"));
  try {
    const times = o.checkouts.map(() => [] as number[]);
    for (let round = 0; round < o.rounds; round++) {
      o.checkouts.forEach((c, i) => {
        const cli = path.join(path.resolve(c), "dist", "generator", "cli.js");
        times[i].push(timedCliColdBuild(path.resolve(o.specs), path.join(work, "out"), cli));
      });
    }
    for (const l of alternateReport(o.checkouts, times)) process.stdout.write(l + "\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) main();
