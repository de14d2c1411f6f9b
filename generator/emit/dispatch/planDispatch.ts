/**
 * Everything the dispatch artifacts of one ISA are made from: the instructions' fixed bits as the
 * codec tests them, the decision tree, its tables and its statistics.
 */
import type { IsaModel } from "../../model/types";
import { buildDecisionTree, type DecisionTree } from "./buildDecisionTree";
import { overlapsLater } from "./conflicts";
import { dispatchStats, type DispatchStats } from "./dispatchStats";
import {
  layOutTables,
  tableBytes,
  type DispatchTables,
  type InstructionCheck,
} from "./dispatchTables";

export interface DispatchPlan {
  /** The leaf checks, one per instruction in model order (id = index). */
  checks: InstructionCheck[];
  tree: DecisionTree;
  tables: DispatchTables;
  stats: DispatchStats;
  /**
   * The gpu used when none is given: the highest `gen.min` of any instruction, null when no
   * instruction has a gen range — the codec's rule (`ISA.defaultGpu`), so both pick the same
   * instruction.
   */
  defaultGpu: number | null;
}

/** The bits the codec's decode tests: fixed (`mask`) and not ignored (`dontCare`). */
export function instructionChecks(model: IsaModel): InstructionCheck[] {
  const wc = model.isa.wordCount;
  return model.instructions.map((i) => {
    const { match, mask, dontCare } = i.encoding;
    if (match.length !== wc || mask.length !== wc || dontCare.length !== wc)
      throw new Error(
        `dispatch ${model.isa.id}: instruction ${i.name} has an encoding of the wrong length (expected ${wc} words)`,
      );
    return {
      match: match.map((m) => m >>> 0),
      tested: mask.map((m, w) => (m & ~dontCare[w]) >>> 0),
      gen: i.gen ? { min: i.gen.min, max: i.gen.max } : null,
    };
  });
}

export function planDispatch(model: IsaModel): DispatchPlan {
  const checks = instructionChecks(model);
  const tree = buildDecisionTree(checks, model.isa.wordCount);
  const tables = layOutTables(tree, checks, model.isa.wordCount, overlapsLater(tree, checks));
  const stats = dispatchStats(tree, checks.length, tableBytes(tables));
  const gens = model.instructions.flatMap((i) => (i.gen ? [i.gen.min] : []));
  const defaultGpu = gens.length ? gens.reduce((a, b) => Math.max(a, b)) : null;
  return { checks, tree, tables, stats, defaultGpu };
}
