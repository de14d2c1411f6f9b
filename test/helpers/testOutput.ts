/**
 * The output the tests read: built from specs/ once per run into `.test-build/out/` (gitignored) by
 * test/setup/buildTestOutput.js, never the user's `out/`. Static imports of `../../out/…` resolve
 * there too (jest's moduleNameMapper, tsconfig's rootDirs).
 */
import * as path from "path";

export const TEST_OUT = path.join(__dirname, "..", "..", ".test-build", "out");
