/**
 * The two published packages, packed and installed. One test file for both: each `npm pack` runs
 * its package's prepack, which builds ./out, and jest runs test files in parallel.
 *
 * @needs-upstream mesa etna_viv
 */
import "./isaforgePackage";
import "./codecsPackage";
