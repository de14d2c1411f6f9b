/** The test sequencer starts the longest files first, by jest's own times or the measured ones. */
import { existsSync } from "fs";
import * as path from "path";
import measuredDurations from "../setup/testDurations.json";

// A CommonJS module of jest's configuration, not TypeScript.
const LongestFirst = require("../setup/sequencer.js");

const ROOT = path.join(__dirname, "..", "..");

/** A test file as jest hands it to a sequencer, in a context without jest's cache. */
function testFile(rel: string, size: number) {
  return {
    path: path.join(ROOT, rel),
    context: {
      config: { cache: false, cacheDirectory: "/nonexistent", id: "t" },
      hasteFS: { getSize: () => size },
    },
  };
}

function order(measured: Record<string, number>, files: [string, number][]): string[] {
  const sequencer = new LongestFirst({ contexts: [], globalConfig: {} });
  sequencer.measured = measured;
  return sequencer
    .sort(files.map(([rel, size]) => testFile(rel, size)))
    .map((t: { path: string }) => path.relative(ROOT, t.path));
}

test("measured files come first, longest first; the others after them, largest first", () => {
  expect(
    order({ "test/b.test.ts": 30, "test/c.test.ts": 300 }, [
      ["test/a.test.ts", 5000],
      ["test/b.test.ts", 100],
      ["test/c.test.ts", 10],
      ["test/d.test.ts", 9000],
    ]),
  ).toEqual(["test/c.test.ts", "test/b.test.ts", "test/d.test.ts", "test/a.test.ts"]);
});

test("with nothing measured, jest's order by size stands", () => {
  expect(
    order({}, [
      ["test/a.test.ts", 10],
      ["test/b.test.ts", 30],
      ["test/c.test.ts", 20],
    ]),
  ).toEqual(["test/b.test.ts", "test/c.test.ts", "test/a.test.ts"]);
});

test("testDurations.json names only test files that exist", () => {
  const seconds: Record<string, number> = measuredDurations.seconds;
  const missing = Object.keys(seconds).filter((f) => !existsSync(path.join(ROOT, f)));
  expect(Object.keys(seconds).length).toBeGreaterThan(100);
  expect(missing).toEqual([]);
});
