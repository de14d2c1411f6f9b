/**
 * Upstream trees as the tests find them: where isaforge finds them (../shared/corpora/NAME beside
 * the checkout in CI, or $ISAFORGE_UPSTREAM). A test that reads one says so in its name.
 */
import { existsSync } from "fs";
import * as path from "path";
import { upstreamRoots } from "../../generator/load/upstreamRoots";

/** A path in upstream tree `tree` (under a placeholder root when the tree is absent). */
export function upstreamPath(tree: string, ...parts: string[]): string {
  return path.join(upstreamRoots().get(tree)?.dir ?? `<no ${tree} tree>`, ...parts);
}

/** Mesa's freedreno register database (src/freedreno/registers). */
export const FREEDRENO_REGISTERS = upstreamPath("mesa", "src", "freedreno", "registers");

/**
 * nv-hw (nouveau's register database) is built where its spec is in specs/ and the envytools tree
 * is at hand.
 */
export const NV_HW_BUILT =
  existsSync(path.join(__dirname, "..", "..", "specs", "nv-hw")) &&
  upstreamRoots().get("envytools") !== undefined;
