/**
 * The codec's instruction lookup as straight-line code: the dispatch decision tree
 * (generator/emit/dispatch/buildDecisionTree.ts) written out as nested `switch`es on runs of bits,
 * each leaf checking its few candidates in model order. `instructionAt(words, at, gpu)` gives the index
 * of the one instruction that matches the words at `at`, or -1 when none does or two do (Mesa's
 * bitset conflict) — what a scan of every instruction gives, without allocating.
 */
import { buildDecisionTree, type DecisionTree } from "../dispatch/buildDecisionTree";

export interface MatchPattern {
  match: readonly number[];
  tested: readonly number[];
  gen: readonly [number, number] | null;
}

const hex = (n: number) => `0x${(n >>> 0).toString(16)}`;

function leafCode(candidates: number[], patterns: readonly MatchPattern[]): string[] {
  if (candidates.length === 0) return ["return -1;"];
  const test = (k: number): string => {
    const p = patterns[k];
    const parts = p.tested.flatMap((t, w) =>
      t === 0 && p.match[w] === 0 ? [] : [`(w${w} & ${hex(t)}) >>> 0 === ${hex(p.match[w])}`],
    );
    if (p.gen) parts.push(`(gpu === null || (gpu >= ${p.gen[0]} && gpu <= ${p.gen[1]}))`);
    return parts.join(" && ") || "true";
  };
  if (candidates.length === 1) return [`return ${test(candidates[0])} ? ${candidates[0]} : -1;`];
  const lines = ["let k = -1;"];
  candidates.forEach((c, i) => {
    if (i === 0) lines.push(`if (${test(c)}) k = ${c};`);
    else lines.push(`if (${test(c)}) {`, "  if (k >= 0) return -1;", `  k = ${c};`, "}");
  });
  lines.push("return k;");
  return lines;
}

function nodeCode(node: DecisionTree, patterns: readonly MatchPattern[]): string[] {
  if (node.kind === "leaf") return leafCode(node.candidates, patterns);
  const mask = 2 ** node.width - 1;
  const value =
    node.low === 0
      ? `w${node.word} & ${hex(mask)}`
      : `(w${node.word} >>> ${node.low}) & ${hex(mask)}`;
  // Children with the same code share one body.
  const bodies = new Map<string, number[]>();
  node.children.forEach((child, v) => {
    const body = nodeCode(child, patterns).join("\n");
    const values = bodies.get(body);
    if (values) values.push(v);
    else bodies.set(body, [v]);
  });
  const lines = [`switch (${value}) {`];
  for (const [body, values] of bodies) {
    if (body === "return -1;") continue;
    for (const v of values) lines.push(`  case ${v}:`);
    lines.push("  {", ...body.split("\n").map((l) => `    ${l}`), "  }");
  }
  lines.push("}", "return -1;");
  return lines;
}

/** TS source of `instructionAt` for these instructions (model order), `wordCount` words each. */
export function compileMatcher(patterns: readonly MatchPattern[], wordCount: number): string {
  const tree = buildDecisionTree(patterns, wordCount);
  const words = Array.from(
    { length: wordCount },
    (_, w) => `  const w${w} = words[at + ${w}] >>> 0;`,
  );
  return [
    "// prettier-ignore",
    "function instructionAt(words: Words, at: number, gpu: number | null): number {",
    ...words,
    ...nodeCode(tree, patterns).map((l) => `  ${l}`),
    "}",
  ].join("\n");
}
