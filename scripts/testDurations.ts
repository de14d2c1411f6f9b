/**
 * Writes test/setup/testDurations.json, the time each test file took in a measured run, which the
 * test sequencer (test/setup/sequencer.js) orders files by where jest has no time of its own.
 *
 *   npm run test:durations            # runs the suite with --json, then writes the file
 *   npx tsx scripts/testDurations.ts RESULTS.json [ROOT]  # from a run already made (jest --json),
 *                                                          # in this checkout or the one at ROOT
 *
 * Only the order matters, so the figures of any one machine serve; measure after a change that
 * moves a file's cost a lot.
 */
import { spawnSync } from "child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";

const ROOT = path.join(__dirname, "..");
const TARGET = path.join(ROOT, "test", "setup", "testDurations.json");

interface JestResults {
  testResults: { name: string; startTime: number; endTime: number }[];
}

/** Seconds per test file (its path from the repository root), sorted by path. */
export function durationsOf(results: JestResults, root = ROOT): Record<string, number> {
  const seconds = results.testResults.map(
    (r) =>
      [
        path.relative(root, r.name).split(path.sep).join("/"),
        Math.max(1, Math.round((r.endTime - r.startTime) / 1000)),
      ] as const,
  );
  return Object.fromEntries(seconds.sort(([a], [b]) => (a < b ? -1 : 1)));
}

function runSuite(): JestResults {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-durations-"));
  try {
    const file = path.join(dir, "results.json");
    spawnSync("npm", ["test", "--", "--json", `--outputFile=${file}`], {
      cwd: ROOT,
      stdio: "inherit",
    });
    return JSON.parse(readFileSync(file, "utf8")) as JestResults;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const [from, root] = process.argv.slice(2);
  const results = from ? (JSON.parse(readFileSync(from, "utf8")) as JestResults) : runSuite();
  const measured = {
    about: "Seconds each test file took in one run of the suite (npm run test:durations).",
    seconds: durationsOf(results, root ? path.resolve(root) : ROOT),
  };
  writeFileSync(TARGET, `${JSON.stringify(measured, null, 2)}\n`);
  process.stdout.write(
    `wrote ${path.relative(ROOT, TARGET)} (${Object.keys(measured.seconds).length} files)\n`,
  );
}
