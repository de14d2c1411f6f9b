/**
 * Instructions that some later instruction can match a word together with. isaspec accepts
 * overlapping encodings (`warning[overlap]`), and for a word two instructions of the gpu match
 * Mesa's decoder reports a bitset conflict and decodes nothing, as the codec's `decode` does; so a
 * leaf that finds such an instruction goes on looking for a second match. Two instructions that
 * match one word both sit in the leaf that word reaches, so each leaf's pairs are all to compare.
 */
import type { DecisionTree } from "./buildDecisionTree";
import type { InstructionCheck } from "./dispatchTables";

/** Whether some word (and gpu) matches both `a` and `b`. */
function canBothMatch(a: InstructionCheck, b: InstructionCheck): boolean {
  if (a.gen && b.gen && (a.gen.max < b.gen.min || b.gen.max < a.gen.min)) return false;
  for (let w = 0; w < a.match.length; w++) {
    // A match bit outside the tested bits never matches, in the leaf check as in decode.
    if ((a.match[w] & ~a.tested[w]) !== 0 || (b.match[w] & ~b.tested[w]) !== 0) return false;
    if (((a.match[w] ^ b.match[w]) & a.tested[w] & b.tested[w]) !== 0) return false;
  }
  return true;
}

/** Per instruction id: can a later instruction match a word with it? Undefined when none can. */
export function overlapsLater(
  tree: DecisionTree,
  checks: readonly InstructionCheck[],
): boolean[] | undefined {
  const flags = new Array<boolean>(checks.length).fill(false);
  const seen = new Set<string>();
  const visit = (t: DecisionTree): void => {
    if (t.kind === "split") return t.children.forEach(visit);
    if (t.candidates.length < 2) return;
    const key = t.candidates.join(",");
    if (seen.has(key)) return;
    seen.add(key);
    t.candidates.forEach((a, i) => {
      for (const b of t.candidates.slice(i + 1))
        if (!flags[a] && canBothMatch(checks[a], checks[b])) flags[a] = true;
    });
  };
  visit(tree);
  return flags.some((f) => f) ? flags : undefined;
}
