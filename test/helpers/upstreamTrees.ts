/**
 * Upstream trees as the tests find them: where isaforge finds them (../shared/corpora/NAME beside
 * the checkout in CI, or $ISAFORGE_UPSTREAM). A test that reads one says so in its name.
 */
import * as path from "path";
import { upstreamRoots } from "../../generator/load/upstreamRoots";

/** A path in upstream tree `tree` (under a placeholder root when the tree is absent). */
export function upstreamPath(tree: string, ...parts: string[]): string {
  return path.join(upstreamRoots().get(tree)?.dir ?? `<no ${tree} tree>`, ...parts);
}

/** Mesa's freedreno register database (src/freedreno/registers). */
export const FREEDRENO_REGISTERS = upstreamPath("mesa", "src", "freedreno", "registers");

