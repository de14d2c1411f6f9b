/**
 * One test file runs by itself: `npm run test:one -- PATH`, and plain `npx jest PATH`, whose
 * process lacks the --experimental-vm-modules that prettier's dynamic import needs (jest.config.js
 * hands it to the workers). envytools.test.ts loads prettier (to format headers), so it needs the
 * flag, and reads only fixtures, so every one of its tests runs here.
 */
import { spawnSync } from "child_process";
import * as path from "path";

const ROOT = path.join(__dirname, "..", "..");
const FILE = "test/headergen/envytools.test.ts";

/** `cmd args` in the checkout, without this run's NODE_OPTIONS (which has the flag). */
function run(cmd: string, args: string[]) {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: "utf8", env });
  return { status: r.status, summary: /^Tests:.*$/m.exec(r.stderr)?.[0] };
}

/** Every test of the file passed: none failed, none skipped. */
const ALL_PASSED = /^Tests: +(\d+) passed, \1 total$/;

function expectAllPassed(r: ReturnType<typeof run>) {
  expect(r).toEqual({ status: 0, summary: expect.stringMatching(ALL_PASSED) });
}

// Each run starts jest and its global setup (the test build, cached by then): a minute is ample.
jest.setTimeout(180_000);

test("npm run test:one -- PATH runs that file", () => {
  expectAllPassed(run("npm", ["run", "test:one", "--", FILE]));
});

test("plain npx jest PATH runs it too", () => {
  expectAllPassed(run("npx", ["jest", FILE]));
});
