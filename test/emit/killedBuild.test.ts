/**
 * A build killed with SIGKILL at any point of writing leaves the previous output intact and
 * complete; killed between its two renames, the previous output is aside and the next isaforge
 * command (any command) puts it back before doing anything else.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { fileTree, ROOT, runCliFromSource } from "../helpers/cliFromSource";

jest.setTimeout(120_000);

function cli(args: string[], killAt?: string) {
  return runCliFromSource(args, killAt ? { ISAFORGE_KILL_AT: killAt } : {});
}

let dir: string;
let specs: string;
let previous: Record<string, string>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "isaforge-kill-"));
  // Two small ISAs keep each build quick.
  specs = path.join(dir, "specs");
  for (const id of ["ir3", "r500"])
    cpSync(path.join(ROOT, "specs", id), path.join(specs, id), { recursive: true });
  // The "previous" output: something a build would replace entirely.
  const out = path.join(dir, "out");
  mkdirSync(path.join(out, "json"), { recursive: true });
  writeFileSync(path.join(out, "json", "previous.json"), '{ "previous": true }\n');
  writeFileSync(path.join(out, "README"), "previous output\n");
  previous = fileTree(out);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.each(["staging-half-written", "staging-written", "swapped"])(
  "killed at %s: out/ is the previous or the new output, whole",
  (point) => {
    const out = path.join(dir, `out-${point}`);
    cpSync(path.join(dir, "out"), out, { recursive: true });
    const r = cli(["build", "--specs", specs, "--out", out], point);
    expect(r.signal).toBe("SIGKILL");
    const after = fileTree(out);
    if (point === "swapped") {
      // The new output is in place, whole; only the old copy was not yet removed.
      const fresh = path.join(dir, "fresh");
      if (!existsSync(fresh))
        expect(cli(["build", "--specs", specs, "--out", fresh]).status).toBe(0);
      expect(after).toEqual(fileTree(fresh));
    } else {
      expect(after).toEqual(previous);
    }
    // The next command cleans up what the killed build left beside it.
    expect(cli(["check", "--specs", specs]).status).toBe(0);
    expect(cli(["build", "--specs", specs, "--out", out, "--check"]).status).toBe(
      point === "swapped" ? 0 : 1,
    );
    expect(readdirSync(dir).filter((n) => n.startsWith(`out-${point}.isaforge`))).toEqual([]);
  },
);

test("killed between the two renames: the next command restores the previous output first", () => {
  const out = path.join(dir, "out-between");
  cpSync(path.join(dir, "out"), out, { recursive: true });
  const r = cli(["build", "--specs", specs, "--out", out], "between-renames");
  expect(r.signal).toBe("SIGKILL");
  expect(existsSync(out)).toBe(false);
  expect(fileTree(`${out}.isaforge-old`)).toEqual(previous);
  expect(cli(["build", "--specs", specs, "--out", out, "--check"]).status).toBe(1);
  expect(fileTree(out)).toEqual(previous);
  expect(readdirSync(dir).filter((n) => n.startsWith("out-between.isaforge"))).toEqual([]);
});
