/**
 * The decision tree: hand-worked small cases, invariants on the shipped ISAs (every instruction
 * reachable, stats equal a recount, deterministic output, the copy budget), and generated dispatch
 * code for synthetic instruction sets — overlapping patterns, shadowed instructions, gen ranges —
 * run against the linear-scan reference.
 */
import { readFileSync } from "fs";
import * as path from "path";
import * as ts from "typescript";
import {
  buildDecisionTree,
  DUPLICATION_BUDGET,
  type DecisionTree,
  type DispatchPattern,
} from "../../generator/emit/dispatch/buildDecisionTree";
import {
  cStringLiteral,
  commentSafe,
  instructionEnumParts,
} from "../../generator/emit/dispatch/dispatchView";
import { checkedWords } from "../../generator/emit/dispatch/dispatchView";
import { planDispatch } from "../../generator/emit/dispatch/planDispatch";
import { emitDispatch } from "../../generator/emit/emitDispatch";
import type { Instruction, IsaModel } from "../../generator/model/types";
import { C99, compile, tempDir } from "../c/cc";
import { instruction, model } from "../helpers/modelFactory";
import {
  DISPATCH_ISAS,
  expectedId,
  inGen,
  matchingIds,
  mixedWords,
  prng,
  reference,
  ROOT,
  shippedJson,
} from "./reference";
import { TEST_OUT } from "../helpers/testOutput";
import { describeEachSpec, needing } from "../helpers/builtSpecs";

const leaf = (...candidates: number[]): DecisionTree => ({ kind: "leaf", candidates });
const pattern = (match: number, tested: number): DispatchPattern => ({
  match: [match],
  tested: [tested],
});

/** Every leaf with its depth. */
function leavesOf(t: DecisionTree, depth = 0): { candidates: number[]; depth: number }[] {
  return t.kind === "leaf"
    ? [{ candidates: t.candidates, depth }]
    : t.children.flatMap((c) => leavesOf(c, depth + 1));
}

describe("hand-worked trees", () => {
  it("splits a 2-bit opcode at bits 4..5 into four one-instruction leaves", () => {
    const tree = buildDecisionTree(
      [0, 1, 2, 3].map((op) => pattern(op << 4, 0x30)),
      1,
    );
    expect(tree).toEqual({
      kind: "split",
      word: 0,
      low: 4,
      width: 2,
      children: [leaf(0), leaf(1), leaf(2), leaf(3)],
    });
  });

  it("copies an instruction that does not test the split bits into every child, in model order", () => {
    // 0: catch-all testing bit 31 only; 1, 2: opcode 0 and 1 in bit 0 (and bit 31).
    const tree = buildDecisionTree(
      [
        pattern(0x80000000, 0x80000000),
        pattern(0x80000000, 0x80000001),
        pattern(0x80000001, 0x80000001),
      ],
      1,
    );
    expect(tree).toEqual({
      kind: "split",
      word: 0,
      low: 0,
      width: 1,
      children: [leaf(0, 1), leaf(0, 2)],
    });
  });

  it("makes one leaf of instructions no bit tells apart (identical patterns), keeping model order", () => {
    expect(buildDecisionTree([pattern(5, 7), pattern(5, 7), pattern(5, 7)], 1)).toEqual(
      leaf(0, 1, 2),
    );
  });

  it("prefers a run every instruction tests, and splits words beyond the first", () => {
    // Opcode in word 1 bits 8..10, every instruction; instruction 0 also tests word 0 bit 3.
    const ps: DispatchPattern[] = [0, 1, 2, 3, 4, 5, 6, 7].map((op) => ({
      match: [0, op << 8],
      tested: [op === 0 ? 8 : 0, 0x700],
    }));
    const tree = buildDecisionTree(ps, 2);
    expect(tree).toEqual({
      kind: "split",
      word: 1,
      low: 8,
      width: 3,
      children: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => leaf(i)),
    });
  });

  it("rejects bad shapes with a message naming the instruction", () => {
    expect(() => buildDecisionTree([{ match: [0], tested: [0, 0] }], 2)).toThrow(
      "dispatch: instruction 0 has 1 match and 2 tested words, expected 2",
    );
    expect(() => buildDecisionTree([], 0)).toThrow(
      "dispatch: word count 0 is not a positive integer",
    );
  });
});

describe("C names", () => {
  it("upper-cases, turns other characters into _, and numbers clashes in model order; COUNT is reserved", () => {
    const m = model({
      instructions: ["FADD.f32", "fadd_f32", "COUNT", "x", "#rpt"].map((n, i) =>
        instruction(n, [i, 0], [7, 0], i + 1),
      ),
    });
    expect(instructionEnumParts(m)).toEqual(["FADD_F32", "FADD_F32_2", "COUNT_2", "X", "RPT"]);
  });

  it("escapes C string literals and comment terminators", () => {
    expect(cStringLiteral('a"b\\c??=d')).toBe('"a\\"b\\\\c\\?\\?=d"');
    expect(cStringLiteral("é\n")).toBe('"\\303\\251\\012"');
    expect(commentSafe("a */ b\nc")).toBe("a * / b c");
  });
});

describeEachSpec(
  DISPATCH_ISAS,
  (isa) => `${isa}: tree invariants`,
  (isa) => {
    const m = shippedJson(isa);
    const plan = planDispatch(m);
    const n = m.instructions.length;
    const leaves = leavesOf(plan.tree);

    it("lists every instruction in some leaf, each leaf in model order, within the copy budget", () => {
      const seen = new Set(leaves.flatMap((l) => l.candidates));
      expect(seen.size).toBe(n);
      for (const l of leaves) expect(l.candidates).toEqual([...l.candidates].sort((a, b) => a - b));
      expect(leaves.reduce((s, l) => s + l.candidates.length, 0)).toBeLessThanOrEqual(
        DUPLICATION_BUDGET * n,
      );
    });

    it("states the stats of a recount, and writes them to out/dispatch", () => {
      let nodes = 0;
      const count = (t: DecisionTree): void => {
        if (t.kind === "split") {
          nodes++;
          t.children.forEach(count);
        }
      };
      count(plan.tree);
      const full = leaves.filter((l) => l.candidates.length > 0);
      const perInstruction = m.instructions.map((_, id) => {
        const ds = full.filter((l) => l.candidates.includes(id)).map((l) => l.depth);
        return ds.reduce((a, b) => a + b, 0) / ds.length;
      });
      const expected = {
        instructions: n,
        nodes,
        leaves: full.length,
        maxDepth: Math.max(...full.map((l) => l.depth)),
        meanDepth: Math.round((perInstruction.reduce((a, b) => a + b, 0) / n) * 1e4) / 1e4,
        tableBytes: plan.stats.tableBytes,
      };
      expect(plan.stats).toEqual(expected);
      const written = JSON.parse(
        readFileSync(path.join(TEST_OUT, "dispatch", `${isa}.stats.json`), "utf8"),
      );
      expect(written).toEqual(expected);
    });

    it("renders the same files twice", () => {
      const once = emitDispatch([m]);
      expect(emitDispatch([m])).toEqual(once);
      expect(once.map((f) => f.path).sort()).toEqual(
        [
          "README.md",
          `${isa}-handlers.c`,
          `${isa}-handlers.ts`,
          `${isa}.c`,
          `${isa}.h`,
          `${isa}.stats.json`,
          `${isa}.ts`,
        ].map((p) => `dispatch/${p}`),
      );
    });
  },
);

describe("shapes worked out from the models", () => {
  needing({ specs: ["etnaviv"] }).test(
    "etnaviv: the 6-bit OPC, then one bit at a time among the instructions sharing it",
    () => {
      // etnaviv.xml: every leaf fixes OPC (bits 0..5); those sharing it differ in OPCODE_BIT6 (80) or
      // in which sources are used (SRC0_USE 43, SRC1_USE 70: branch, branch_unary, branch_binary).
      const m = shippedJson("etnaviv");
      const byLow = new Map<number, number>();
      for (const i of m.instructions)
        byLow.set(i.encoding.match[0] & 63, (byLow.get(i.encoding.match[0] & 63) ?? 0) + 1);
      const sizes = [...byLow.values()];
      const { tree, stats } = planDispatch(m);
      expect(tree).toMatchObject({ kind: "split", word: 0, low: 0, width: 6 });
      // A group of n instructions below the root takes n - 1 one-bit splits.
      expect(stats.nodes).toBe(1 + sizes.reduce((n, s) => n + s - 1, 0));
      expect(stats.leaves).toBe(m.instructions.length);
      expect(stats.maxDepth).toBe(1 + Math.ceil(Math.log2(Math.max(...sizes))));
      const widths = (t: DecisionTree): number[] =>
        t.kind === "split" ? [t.width, ...t.children.flatMap(widths)] : [];
      expect(
        new Set((tree as Extract<DecisionTree, { kind: "split" }>).children.flatMap(widths)),
      ).toEqual(new Set([1]));
    },
  );

  it("r500: one instruction is one leaf", () => {
    expect(planDispatch(shippedJson("r500")).tree).toEqual(leaf(0));
  });
});

describe("models with no instructions", () => {
  it("give no dispatch files but a clause ISA's slot tables (bifrost)", () => {
    const bifrost = shippedJson("bifrost");
    expect(emitDispatch([bifrost]).map((f) => f.path)).toEqual(
      bifrost.clauseIsa ? ["dispatch/bifrost.ts", "dispatch/bifrost.c"] : [],
    );
    expect(emitDispatch([{ ...bifrost, clauseIsa: undefined }])).toEqual([]);
  });
});

/** The generated TS of a model, compiled and loaded. */
function loadDispatch(m: IsaModel): {
  dispatch(words: ArrayLike<number>, gpu?: number | null): number;
} {
  const file = emitDispatch([m]).find((f) => f.path === `dispatch/${m.isa.id}.ts`)!;
  const js = ts.transpileModule(file.content, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const exports: Record<string, unknown> = {};
  new Function("exports", js)(exports);
  return exports as never;
}

/** A synthetic instruction set of `n` instructions over 2 words, of one of three families. */
function synthetic(family: "opcodes" | "sparse" | "shadowed", n: number, seed: number): IsaModel {
  const rnd = prng(seed);
  const instructions: Instruction[] = [];
  for (let i = 0; i < n; i++) {
    let mask = [0, 0];
    if (family === "opcodes") {
      // A 6-bit major opcode; a sub-opcode of 1..8 bits somewhere in word 1 for some.
      mask = [0x3f, 0];
      const width = 1 + (rnd() % 8);
      if (rnd() % 2) mask[1] = (((1 << width) - 1) << (rnd() % (33 - width))) >>> 0;
    } else if (family === "sparse") {
      // A few random bits anywhere: patterns overlap everywhere.
      for (let k = 1 + (rnd() % 6); k > 0; k--) mask[rnd() % 2] |= 1 << (rnd() % 32);
    } else {
      // Few distinct patterns, so many instructions are copies shadowed by an earlier one.
      mask = [0xf, rnd() % 3 === 0 ? 0x10 : 0];
    }
    mask = mask.map((x) => x >>> 0);
    const match = mask.map((x) => (rnd() & x) >>> 0);
    const dontCare = mask.map((x) => (rnd() % 4 === 0 ? x & rnd() & 0xf0f0f0f0 : 0) >>> 0);
    const extra: Partial<Instruction> = {};
    const g = rnd() % 4;
    if (g === 1) extra.gen = { min: 300, max: 4294967295 };
    if (g === 2) extra.gen = { min: 500, max: 699 };
    const ins = instruction(`I${i}.x`, match, mask, i + 1, extra);
    ins.encoding.dontCare = dontCare;
    instructions.push(ins);
  }
  return model({ instructions });
}

describe.each([
  ["opcodes", 400, 1],
  ["opcodes", 1500, 2],
  ["sparse", 300, 3],
  ["sparse", 1000, 4],
  ["shadowed", 200, 5],
] as const)("synthetic %s set of %i instructions (seed %i)", (family, n, seed) => {
  const m = synthetic(family, n, seed);
  const r = reference(m);
  const d = loadDispatch(m);
  const gpus = [undefined, null, 0, 299, 300, 499, 500, 699, 700];

  it(`the generated TS agrees with the reference on 20,000 words × ${gpus.length} gpus`, () => {
    const rnd = prng(seed + 100);
    const words = new Uint32Array(2);
    const bad: string[] = [];
    let hits = 0;
    let conflicts = 0;
    for (let k = 0; k < 20_000; k++) {
      mixedWords(r, rnd, k, words);
      const ids = matchingIds(r, words);
      for (const gpu of gpus) {
        const want = expectedId(r, words, gpu);
        const got = d.dispatch(words, gpu);
        if (got !== want && bad.length < 5)
          bad.push(`[${words.join(", ")}] gpu ${gpu}: ${got}, expected ${want}`);
        if (want >= 0) hits++;
        else if (ids.some((i) => inGen(r, i, gpu ?? r.defaultGpu))) conflicts++;
      }
    }
    expect(bad).toEqual([]);
    // Words one instruction takes; and words two take (a conflict: no instruction), for which the
    // leaf must hold both. The sparse sets overlap so densely that every matched word conflicts.
    if (family !== "sparse") expect(hits).toBeGreaterThan(0);
    if (family !== "opcodes") expect(conflicts).toBeGreaterThan(0);
  });

  it("lists every instruction in a leaf within the copy budget, and stats agree with the leaves", () => {
    const plan = planDispatch(m);
    const leaves = leavesOf(plan.tree);
    expect(new Set(leaves.flatMap((l) => l.candidates)).size).toBe(n);
    expect(leaves.reduce((s, l) => s + l.candidates.length, 0)).toBeLessThanOrEqual(
      DUPLICATION_BUDGET * n,
    );
    expect(plan.stats.leaves).toBe(leaves.filter((l) => l.candidates.length > 0).length);
    expect(plan.stats.maxDepth).toBe(
      Math.max(...leaves.filter((l) => l.candidates.length > 0).map((l) => l.depth)),
    );
  });
});

/** tsc's errors for one generated TS file under strict settings with unused names reported. */
function strictTypeErrors(source: string): string[] {
  const file = ts.createSourceFile("t.ts", source, ts.ScriptTarget.ES2022);
  const host = ts.createCompilerHost({});
  const options = {
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noEmit: true,
    types: [],
    lib: ["lib.es2022.d.ts"],
  };
  const program = ts.createProgram(["t.ts"], options, {
    ...host,
    getSourceFile: (name, v) => (name === "t.ts" ? file : host.getSourceFile(name, v)),
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((x) => ts.flattenDiagnosticMessageText(x.messageText, "\n"));
}

describe("the leaf check compares only the words some instruction tests", () => {
  /** A model of `wordCount` words whose instructions fix the given bits. */
  const wide = (wordCount: number, instructions: Instruction[]): IsaModel => {
    const m = model({ instructions });
    m.isa = { ...m.isa, wordCount, instructionWidth: 32 * wordCount };
    return m;
  };
  const words = (n: number, set: Record<number, number>) =>
    Array.from({ length: n }, (_, w) => set[w] ?? 0);

  it("lists the words with a tested or expected bit, in order", () => {
    expect(checkedWords(6, words(6, { 0: 2 }), words(6, { 0: 3 }))).toEqual([0]);
    // Word 4: a match bit the instruction does not test (it never matches; the check must stay).
    expect(
      checkedWords(
        3,
        [...words(3, { 2: 1 }), ...words(3, { 1: 8 })],
        [...words(3, { 2: 1 }), ...words(3, {})],
      ),
    ).toEqual([1, 2]);
  });

  it("a six-word ISA testing word 0 only ignores the other words, and still rejects word 0 mismatches", () => {
    const m = wide(6, [
      instruction("A", words(6, { 0: 2 }), words(6, { 0: 3 }), 1, {
        encoding: { match: words(6, { 0: 2 }), mask: words(6, { 0: 3 }), dontCare: words(6, {}) },
      }),
    ]);
    const d = loadDispatch(m);
    expect(d.dispatch([2, 0xffffffff, 1, 2, 3, 4])).toBe(0);
    expect(d.dispatch([0xfffffffe, 9, 9, 9, 9, 9])).toBe(0);
    expect(d.dispatch([0xfffffffe])).toBe(-1); // not one instruction long
    expect(d.dispatch([3, 0, 0, 0, 0, 0])).toBe(-1);
    expect(emitDispatch([m]).find((f) => f.path === "dispatch/t.ts")!.content).not.toMatch(
      /words\[[1-5]\]/,
    );
  });

  it("an ISA whose only instruction tests no bit dispatches every word to it, in TS and in C (-Werror)", () => {
    const m = wide(2, [instruction("ANY", [0, 0], [0, 0], 1)]);
    const d = loadDispatch(m);
    expect(d.dispatch([0, 0])).toBe(0);
    expect(d.dispatch([0xffffffff, 0x12345678])).toBe(0);
    expect(
      strictTypeErrors(emitDispatch([m]).find((f) => f.path === "dispatch/t.ts")!.content),
    ).toEqual([]);
    const tmp = tempDir();
    try {
      for (const f of emitDispatch([m])) tmp.write(path.basename(f.path), f.content);
      compile(C99, path.join(tmp.dir, "t.c"), undefined, [`-I${tmp.dir}`]);
    } finally {
      tmp.cleanup();
    }
  });
});

describe("a tree that is one leaf is tested inline in TS", () => {
  /** Instructions sharing one pattern (no split helps), told apart by gen range only. */
  const sameBits = (gens: ({ min: number; max: number } | undefined)[], mask = [0xff, 0]) =>
    model({
      instructions: gens.map((gen, i) =>
        instruction(`G${i}`, [0x12 & mask[0], 0], mask, i + 1, gen ? { gen } : {}),
      ),
    });

  it.each([
    [
      "gen ranges",
      [
        { min: 0, max: 299 },
        { min: 300, max: 499 },
        { min: 500, max: 4294967295 },
      ],
      false,
    ],
    ["no gen range", [undefined], false],
    ["a gen range only", [{ min: 100, max: 200 }], false],
    // Overlapping candidates (the third takes the others' words): the leaf walks the tables to
    // reject a second match, as decode does.
    ["overlapping gen ranges", [{ min: 0, max: 299 }, { min: 300, max: 499 }, undefined], true],
    ["no gen ranges, overlapping", [undefined, undefined], true],
  ] as const)(
    "with %s: agrees with the reference on every gpu and the boundary words",
    (_, gens, overlapping) => {
      const m = sameBits([...gens]);
      expect(planDispatch(m).tree.kind).toBe("leaf");
      const source = emitDispatch([m]).find((f) => f.path === "dispatch/t.ts")!.content;
      if (overlapping) expect(source).toMatch(/OVERLAPS\[id\]/);
      else expect(source).not.toMatch(/LEAVES|TESTED\[|OVERLAPS/);
      expect(strictTypeErrors(source)).toEqual([]);
      const d = loadDispatch(m);
      const r = reference(m);
      const bad: string[] = [];
      for (const w of [0x12, 0x13, 0x112, 0xffffff12, 0, 0x92])
        for (const gpu of [undefined, null, 0, 150, 299, 300, 499, 500])
          if (d.dispatch([w, 7], gpu) !== expectedId(r, [w, 7], gpu))
            bad.push(`${w.toString(16)} gpu ${gpu}`);
      expect(bad).toEqual([]);
    },
  );

  it("stops at a candidate that takes every word (a later one that never matches is unreachable) and typechecks strictly", () => {
    // G1 expects bit 0 of word 0 where it tests nothing: it never matches, so it shares no word.
    const m = model({
      instructions: [instruction("G0", [0, 0], [0, 0], 1), instruction("G1", [1, 0], [0, 0], 2)],
    });
    const source = emitDispatch([m]).find((f) => f.path === "dispatch/t.ts")!.content;
    expect(source).toContain("return 0;");
    expect(source).not.toContain("return 1;");
    expect(source).not.toMatch(/return NO_INSTRUCTION;\n}\n\n\/\*\* What/);
    expect(loadDispatch(m).dispatch([0xffffffff, 1])).toBe(0);
    expect(strictTypeErrors(source)).toEqual([]);
  });

  it("two candidates that take every word conflict on every word, in TS (typechecking strictly) and in C", () => {
    const m = sameBits([undefined, undefined], [0, 0]);
    const files = emitDispatch([m]);
    const source = files.find((f) => f.path === "dispatch/t.ts")!.content;
    expect(source).toMatch(/OVERLAPS\[id\]/);
    expect(loadDispatch(m).dispatch([0xffffffff, 1])).toBe(-1);
    expect(loadDispatch(m).dispatch([0, 0])).toBe(-1);
    expect(strictTypeErrors(source)).toEqual([]);
    const tmp = tempDir();
    try {
      for (const f of files) tmp.write(path.basename(f.path), f.content);
      compile(C99, path.join(tmp.dir, "t.c"), undefined, [`-I${tmp.dir}`]);
    } finally {
      tmp.cleanup();
    }
  });
});
