/**
 * Jest's global setup: builds every spec into `.test-build/out/` (the output the tests read), once
 * per run. The build cache makes it a hash comparison when nothing changed since the last run;
 * test/build/build.test.ts holds it to a second build without the cache (the determinism check).
 * It also says which test files are left out for want of an upstream tree (upstreamNeeds.js).
 */
const { spawnSync } = require("child_process");
const path = require("path");
const { filesLeftOut } = require("./upstreamNeeds");

const ROOT = path.join(__dirname, "..", "..");
const OUT = path.join(ROOT, ".test-build", "out");
/** The test build's own cache: the builds tests run use another (jest.config.js). */
const CACHE = path.join(ROOT, ".test-build", "cache", "test-build");

async function buildTestOutput() {
  const result = spawnSync(
    process.execPath,
    ["--require", "tsx/cjs", path.join(ROOT, "generator", "cli.ts"), "build", "--out", OUT],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "", ISAFORGE_CACHE_DIR: CACHE },
    },
  );
  if (result.status !== 0)
    throw new Error(
      `the test output could not be built (isaforge build --out ${OUT}, exit ${result.status}):\n${result.stderr}${result.stdout}`,
    );
}

/** Jest's global setup: the test output, then which test files are left out and why. */
module.exports = async function globalSetup() {
  await buildTestOutput();
  const { lines } = filesLeftOut();
  if (lines.length > 0) process.stderr.write(`\n${lines.join("\n")}\n`);
};

// `npm test` runs it first, so that the typecheck sees the generated modules the tests import.
if (require.main === module)
  buildTestOutput().catch((e) => {
    process.stderr.write(`${e.message}\n`);
    process.exitCode = 1;
  });
