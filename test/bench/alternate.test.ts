/**
 * bench/alternate.ts: its options, its report (a pure function of the times), and one real round
 * of this checkout's compiled CLI on a one-ISA copy of the specs.
 */
import { spawnSync } from "child_process";
import { cpSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { alternateReport, parseAlternateArgs } from "../../bench/alternate";
import { SPECS_DIR } from "../helpers/shippedModels";

jest.setTimeout(120_000);

const ROOT = path.join(__dirname, "..", "..");

test("options: checkouts in order, defaults, clear errors", () => {
  expect(parseAlternateArgs(["../old", "."])).toEqual({
    rounds: 5,
    specs: "specs",
    checkouts: ["../old", "."],
  });
  expect(parseAlternateArgs(["--rounds", "7", "--specs", "s", "a"])).toEqual({
    rounds: 7,
    specs: "s",
    checkouts: ["a"],
  });
  expect(() => parseAlternateArgs([])).toThrow("alternate: name at least one isaforge checkout");
  expect(() => parseAlternateArgs(["--rounds", "0", "a"])).toThrow(
    "alternate: --rounds needs an integer of at least 1, got '0'",
  );
  expect(() => parseAlternateArgs(["--fast", "a"])).toThrow("alternate: unknown option --fast");
  expect(() => parseAlternateArgs(["--mesa", "m", "a"])).toThrow(
    "alternate: unknown option --mesa",
  );
  expect(() => parseAlternateArgs(["a", "--specs"])).toThrow("alternate: --specs needs a value");
});

test("report: times in round order, range, median", () => {
  expect(
    alternateReport(
      ["old", "new"],
      [
        [2800, 3000, 2900],
        [2200, 2400, 2100],
      ],
    ),
  ).toEqual([
    "old: 2.80 s 3.00 s 2.90 s; 2.80 s–3.00 s, median 2.90 s",
    "new: 2.20 s 2.40 s 2.10 s; 2.10 s–2.40 s, median 2.20 s",
  ]);
  expect(alternateReport(["a"], [[1000, 1500]])).toEqual([
    "a: 1.00 s 1.50 s; 1.00 s–1.50 s, median 1.00 s",
  ]);
});

test("one round of this checkout's compiled CLI", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-alternate-test-"));
  try {
    cpSync(path.join(SPECS_DIR, "r500"), path.join(dir, "specs", "r500"), { recursive: true });
    const r = spawnSync(
      process.execPath,
      ["--require", "tsx/cjs", path.join(ROOT, "bench", "alternate.ts"), "--rounds", "1"].concat([
        "--specs",
        path.join(dir, "specs"),
        ROOT,
      ]),
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(
      new RegExp(
        `^${ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: (\\d+\\.\\d\\d) s; \\1 s–\\1 s, median \\1 s\\n$`,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
