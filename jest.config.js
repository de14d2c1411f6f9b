/** Jest runs the TypeScript tests through ts-jest; type errors are caught by `npm run typecheck`. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // A floor for every test, not jest's 5 s: a test that builds, spawns or compiles must pass on a
  // machine several times slower than a quiet one (or busy with other work, as .ci/run makes it).
  // Heavier tests set larger timeouts of their own.
  testTimeout: 60_000,
  transform: {
    "^.+\\.ts$": ["ts-jest", { diagnostics: false }],
  },
};
