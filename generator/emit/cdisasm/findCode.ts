/**
 * The C that finds the instruction some words encode, as the TS codec's `findSpec` does: the one
 * instruction of the GPU whose tested bits match; none when none or several match (Mesa's bitset
 * conflict). The candidates come from the dispatch decision tree (generator/emit/dispatch), here
 * written out as nested `switch`es on bit runs, each leaf checking its few candidates in model order.
 */
import type { IsaModel } from "../../model/types";
import { buildDecisionTree, type DecisionTree } from "../dispatch/buildDecisionTree";
import { instructionChecks } from "../dispatch/planDispatch";

const hex = (n: number) => `0x${(n >>> 0).toString(16)}u`;

/** `if (a && b …) {` on one line, or one operand a line when that is long. */
export function conditionLines(indent: string, tests: string[]): string[] {
  const one = `${indent}if (${tests.join(" && ") || "1"}) {`;
  if (one.length <= 100 || tests.length < 2) return [one];
  return tests.map((t, i) =>
    i === 0 ? `${indent}if (${t} &&` : `${indent}    ${t}${i === tests.length - 1 ? ") {" : " &&"}`,
  );
}

/**
 * Body lines of `static int find(…, const uint32_t *w, int64_t gpu, int has_gpu, int *conflict)`;
 * `conflict` (when not NULL) gets the first two instructions that match, in model order, on a conflict.
 * With `print` (the C statement printing instruction i), the leaf that finds an instruction also
 * prints it: each call site is then a direct call, where a `switch` on the returned index would be
 * one more indirect jump per line, mispredicted on every change of instruction.
 */
export function findBody(model: IsaModel, print?: (i: number) => string): string[] {
  const checks = instructionChecks(model);
  const tree = buildDecisionTree(checks, model.isa.wordCount);
  const testsOf = (i: number): string[] => {
    const c = checks[i];
    const tests = c.tested.flatMap((t, w) =>
      t === 0 && c.match[w] === 0 ? [] : [`(w[${w}] & ${hex(t)}) == ${hex(c.match[w])}`],
    );
    if (c.gen) tests.unshift(`(!has_gpu || (gpu >= ${c.gen.min} && gpu <= ${c.gen.max}))`);
    return tests;
  };
  const comment = (i: number) => `/* ${model.instructions[i].name.replace(/\*\/|\/\*/g, "")} */`;
  const leafLines = (candidates: number[], indent: string): string[] => {
    if (candidates.length === 0) return [`${indent}return -1;`];
    if (print && candidates.length === 1) {
      const [i] = candidates;
      return [
        ...conditionLines(indent, testsOf(i)),
        `${indent}\t${print(i)} ${comment(i)}`,
        `${indent}\treturn ${i};`,
        `${indent}}`,
        `${indent}return -1;`,
      ];
    }
    const out = [`${indent}found = -1;`];
    for (const i of candidates) {
      out.push(
        ...conditionLines(indent, testsOf(i)),
        `${indent}\tif (found >= 0) {`,
        `${indent}\t\tif (conflict) {`,
        `${indent}\t\t\tconflict[0] = found;`,
        `${indent}\t\t\tconflict[1] = ${i};`,
        `${indent}\t\t}`,
        `${indent}\t\treturn -1;`,
        `${indent}\t}`,
        `${indent}\tfound = ${i}; ${comment(i)}`,
        `${indent}}`,
      );
    }
    if (print) {
      out.push(`${indent}switch (found) {`);
      for (const i of candidates)
        out.push(`${indent}case ${i}:`, `${indent}\t${print(i)}`, `${indent}\tbreak;`);
      out.push(`${indent}}`);
    }
    out.push(`${indent}return found;`);
    return out;
  };
  const keyOf = new Map<DecisionTree, string>();
  const key = (t: DecisionTree): string => {
    let k = keyOf.get(t);
    if (k === undefined) {
      k =
        t.kind === "leaf"
          ? `L${t.candidates.join(",")}`
          : `S${t.word}.${t.low}.${t.width}(${t.children.map(key).join(";")})`;
      keyOf.set(t, k);
    }
    return k;
  };
  const node = (t: DecisionTree, indent: string): string[] => {
    if (t.kind === "leaf") return leafLines(t.candidates, indent);
    // Children with the same subtree share one case; the most common one is the default.
    const groups = new Map<string, { tree: DecisionTree; values: number[] }>();
    t.children.forEach((c, v) => {
      const k = key(c);
      const g = groups.get(k);
      if (g) g.values.push(v);
      else groups.set(k, { tree: c, values: [v] });
    });
    const list = [...groups.values()];
    const common = list.reduce((a, b) => (b.values.length > a.values.length ? b : a));
    const mask = 2 ** t.width - 1;
    const out = [`${indent}switch ((w[${t.word}] >> ${t.low}) & ${hex(mask)}) {`];
    for (const g of list) {
      if (g === common) continue;
      for (const v of g.values) out.push(`${indent}case ${v}:`);
      out.push(...node(g.tree, `${indent}\t`));
    }
    out.push(`${indent}default:`, ...node(common.tree, `${indent}\t`), `${indent}}`);
    return out;
  };
  return [
    "int found = -1;",
    "(void)found;",
    "(void)gpu;",
    "(void)has_gpu;",
    "(void)conflict;",
    ...node(tree, ""),
  ];
}
