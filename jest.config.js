/** Jest runs the TypeScript tests through ts-jest; type errors are caught by `npm run typecheck`. */
const os = require("os");
const path = require("path");
const { filesLeftOut } = require("./test/setup/upstreamNeeds");

// The generated output the tests read is built once per run into .test-build/out
// (test/setup/buildTestOutput.js); the CLI under test takes its codecs from there too.
const TEST_OUT = path.join(__dirname, ".test-build", "out");
process.env.ISAFORGE_OUT = TEST_OUT;

// The builds the tests run (small spec sets, broken fixtures, the packed CLI's) cache in a folder of
// their own, not in the test build's (test/setup/buildTestOutput.js): there, six entries at most,
// they pushed its entry out, and a nested jest (test/meta/runOneTest.test.ts) then built
// .test-build/out again while other files were reading it.
process.env.ISAFORGE_CACHE_DIR = path.join(__dirname, ".test-build", "cache", "tests");

// Files tagged `@needs-upstream TREE` whose tree is absent; the global setup says which and why.
const leftOut = filesLeftOut().files.map((f) => path.join(__dirname, f.file));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Prettier loads its ES module by a dynamic import, which a test can run only under
// --experimental-vm-modules. Plain `npx jest PATH` lacks the flag: the workers get it through
// NODE_OPTIONS, and a memory limit makes jest use workers even for one test file (it otherwise
// runs a single file in this process, too late for the flag).
const VM_MODULES = "--experimental-vm-modules";
const hasVmModules = [
  ...process.execArgv,
  ...(process.env.NODE_OPTIONS ?? "").split(/\s+/),
].includes(VM_MODULES);
if (!hasVmModules)
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} ${VM_MODULES}`.trim();

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", ...leftOut.map((f) => `^${escape(f)}$`)],
  globalSetup: "<rootDir>/test/setup/buildTestOutput.js",
  // The longest files first, by their measured durations where jest has none (a fresh clone).
  testSequencer: "<rootDir>/test/setup/sequencer.js",
  reporters: ["default", "<rootDir>/test/setup/skippedReporter.js"],
  // `import … from "../../out/ts/ir3"` (tests, the emulator) reads the test build, not out/.
  moduleNameMapper: { "^(?:\\.\\./)+out/(.*)$": `${TEST_OUT}/$1` },
  // A floor for every test, not jest's 5 s: a test that builds, spawns or compiles must pass on a
  // machine several times slower than a quiet one (or busy with other work, as .ci/run makes it).
  // Heavier tests set larger timeouts of their own.
  testTimeout: 60_000,
  // Three test files at a time even on two cores (jest's default there is one): much of a file's
  // time is spent waiting on processes it starts (npm, gcc, a browser, the CLI) or in one thread
  // of JavaScript, and the suite must fit CI's budget beside two busy loops. Memory allows it: the
  // largest files peak below 4 GB each.
  maxWorkers: Math.max(3, os.cpus().length - 1),
  // A worker is restarted only past three quarters of the memory: in effect never.
  ...(hasVmModules ? {} : { workerIdleMemoryLimit: 0.75 }),
  transform: {
    "^.+\\.ts$": ["ts-jest", { diagnostics: false }],
  },
};
