/**
 * bench/warmBuild.ts: its options, its report (a pure function of the times), and two real rounds of
 * this checkout's compiled CLI on a one-ISA copy of the specs.
 */
import { spawnSync } from "child_process";
import { cpSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { parseWarmArgs, warmReport } from "../../bench/warmBuild";
import { SPECS_DIR } from "../helpers/shippedModels";

jest.setTimeout(120_000);

const ROOT = path.join(__dirname, "..", "..");

/** bench/warmBuild.ts with `args`. */
function runWarmBuild(args: string[]) {
  const script = path.join(ROOT, "bench", "warmBuild.ts");
  return spawnSync(process.execPath, ["--require", "tsx/cjs", script, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
}

test("options: defaults, values, clear errors", () => {
  expect(parseWarmArgs([])).toEqual({
    rounds: 6,
    specs: "specs",
  });
  expect(parseWarmArgs(["--rounds", "3", "--specs", "s"])).toEqual({
    rounds: 3,
    specs: "s",
  });
  expect(() => parseWarmArgs(["--rounds", "1"])).toThrow(
    "warmBuild: --rounds needs an integer of at least 2, got '1'",
  );
  expect(() => parseWarmArgs(["--specs"])).toThrow("warmBuild: --specs needs a value");
  expect(() => parseWarmArgs(["specs"])).toThrow("warmBuild: unknown argument specs");
  expect(() => parseWarmArgs(["--fast"])).toThrow("warmBuild: unknown option --fast");
  expect(() => parseWarmArgs(["--mesa", "m"])).toThrow("warmBuild: unknown option --mesa");
});

test("report: each round, the warm rounds' range and median", () => {
  const rounds = [
    { wallMs: 1900, cpuMs: 2700 },
    { wallMs: 1500, cpuMs: 2300 },
    { wallMs: 1300, cpuMs: 2000 },
    { wallMs: 1400, cpuMs: 2100 },
  ];
  expect(warmReport(rounds)).toEqual([
    "round 1 (loads the generator): 1.90 s wall, 2.70 s CPU",
    "round 2: 1.50 s wall, 2.30 s CPU",
    "round 3: 1.30 s wall, 2.00 s CPU",
    "round 4: 1.40 s wall, 2.10 s CPU",
    "warm rounds: 1.30 s–1.50 s, median 1.40 s",
  ]);
  expect(warmReport(rounds.slice(0, 2)).slice(2)).toEqual([
    "warm rounds: 1.50 s–1.50 s, median 1.50 s",
  ]);
});

test("two rounds of this checkout's compiled CLI", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-warm-test-"));
  try {
    cpSync(path.join(SPECS_DIR, "r500"), path.join(dir, "specs", "r500"), { recursive: true });
    const r = runWarmBuild(["--rounds", "2", "--specs", path.join(dir, "specs")]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const t = "(\\d+\\.\\d\\d) s";
    expect(r.stdout).toMatch(
      new RegExp(
        `^round 1 \\(loads the generator\\): ${t} wall, ${t} CPU\\n` +
          `round 2: ${t} wall, ${t} CPU\\n` +
          `warm rounds: \\3 s–\\3 s, median \\3 s\\n$`,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a build that fails ends the run with its round, status and diagnostics", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-warm-test-"));
  try {
    const r = runWarmBuild(["--specs", path.join(dir, "missing")]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `warmBuild: round 1: build exited with 1:\nisaforge: error[missing-specs]: specs directory '${path.join(dir, "missing")}' does not exist\n1 error, 0 warnings\n`,
    );
    expect(r.stdout).toBe("");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
