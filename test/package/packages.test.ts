/**
 * The two published packages, packed and installed. One test file for both: each `npm pack` runs
 * its package's prepack, which builds ./out, and jest runs test files in parallel. An ./out the
 * checkout did not have before is removed afterwards: the typecheck would read it before the test
 * build (tsconfig's rootDirs are tried only where ../../out/… does not exist).
 *
 * @needs-upstream mesa etna_viv
 */
import { existsSync, rmSync } from "fs";
import * as path from "path";
import "./isaforgePackage";
import "./codecsPackage";

// npm pack and install (packing compiles megabytes of generated TypeScript), then tsc: 179 s for
// the isaforge test with the machine shared by five jest runs; sized for one several times slower.
// Every test and hook of both modules runs under it.
jest.setTimeout(900_000);

const OUT = path.join(__dirname, "..", "..", "out");
const hadOut = existsSync(OUT);
afterAll(() => {
  if (!hadOut) rmSync(OUT, { recursive: true, force: true });
});
