/**
 * Size and depth of a dispatch tree, written next to the tables as `<id>.stats.json`.
 *
 * - `nodes`: split (decision) nodes.
 * - `leaves`: leaves listing at least one instruction (an empty child rejects at once and is not
 *   counted), counted per position in the tree even where the tables store equal lists once.
 * - `maxDepth`: most split nodes on the way from the root to a non-empty leaf (0: the root is a leaf).
 * - `meanDepth`: for each instruction, the mean depth of the leaves listing it; then the mean of that
 *   over the instructions (rounded to 4 decimals) — the lookups an instruction costs on average.
 * - `tableBytes`: bytes of the TS and C data tables (tree, leaves, match/tested words, gen ranges).
 */
import type { DecisionTree } from "./buildDecisionTree";

export interface DispatchStats {
  instructions: number;
  nodes: number;
  leaves: number;
  maxDepth: number;
  meanDepth: number;
  tableBytes: number;
}

export function dispatchStats(
  tree: DecisionTree,
  instructionCount: number,
  tableBytes: number,
): DispatchStats {
  let nodes = 0;
  let leaves = 0;
  let maxDepth = 0;
  const depthSum = new Float64Array(instructionCount);
  const leafCount = new Int32Array(instructionCount);

  const visit = (t: DecisionTree, depth: number): void => {
    if (t.kind === "split") {
      nodes++;
      for (const c of t.children) visit(c, depth + 1);
      return;
    }
    if (t.candidates.length === 0) return;
    leaves++;
    maxDepth = Math.max(maxDepth, depth);
    for (const id of t.candidates) {
      depthSum[id] += depth;
      leafCount[id]++;
    }
  };
  visit(tree, 0);

  let total = 0;
  for (let id = 0; id < instructionCount; id++) {
    if (leafCount[id] === 0)
      throw new Error(`dispatch: instruction ${id} is in no leaf of the tree`);
    total += depthSum[id] / leafCount[id];
  }
  const meanDepth = instructionCount > 0 ? Math.round((total / instructionCount) * 1e4) / 1e4 : 0;
  return { instructions: instructionCount, nodes, leaves, maxDepth, meanDepth, tableBytes };
}
