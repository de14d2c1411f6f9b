/**
 * The decision tree and the per-instruction checks laid out as flat integer tables, the form the
 * generated TS and C walk with a tight loop and no allocation.
 *
 * `tree`: each split node is `[word, shift, mask, child_0 … child_(mask)]`; a child reference `r`
 * is the offset of another node when `r >= 0`, and a leaf at offset `~r` of `leaves` otherwise.
 * `leaves`: each leaf is `[count, id_0 … id_(count-1)]`, ids in model order; identical leaves
 * (the empty one above all) are stored once.
 * `match`/`tested`: `wordCount` words per instruction. `genMin`/`genMax`/`hasGen`: the gen range of
 * each instruction, present only when some instruction has one.
 */
import type { DecisionTree } from "./buildDecisionTree";

/** An integer table with the narrowest element type that holds its values. */
export interface IntTable {
  values: number[];
  /** `Int16Array`, `Int32Array`, `Uint8Array`, `Uint16Array` or `Uint32Array`. */
  tsType: string;
  /** The matching C type (`int16_t`, …). */
  cType: string;
  bytesPerElement: number;
}

export interface DispatchTables {
  /** Where a walk starts: a node offset, or `~leaf offset` when the whole tree is one leaf. */
  root: number;
  tree: IntTable;
  leaves: IntTable;
  match: IntTable;
  tested: IntTable;
  gen?: { min: IntTable; max: IntTable; has: IntTable };
  /** Per instruction, 1 when a later one can match a word with it (only where any can). */
  overlaps?: IntTable;
}

/** Per-instruction data the leaf check needs, in model order. */
export interface InstructionCheck {
  match: readonly number[];
  tested: readonly number[];
  gen: { min: number; max: number } | null;
}

const TYPES = [
  { signed: false, bytes: 1, tsType: "Uint8Array", cType: "uint8_t" },
  { signed: false, bytes: 2, tsType: "Uint16Array", cType: "uint16_t" },
  { signed: false, bytes: 4, tsType: "Uint32Array", cType: "uint32_t" },
  { signed: true, bytes: 2, tsType: "Int16Array", cType: "int16_t" },
  { signed: true, bytes: 4, tsType: "Int32Array", cType: "int32_t" },
];

/** `values` in the narrowest type of the signedness, or in `atLeastBytes`-wide elements at least. */
function intTable(what: string, values: number[], signed: boolean, atLeastBytes = 1): IntTable {
  let min = 0;
  let max = 0;
  for (const v of values) {
    if (!Number.isInteger(v)) throw new Error(`dispatch table ${what}: ${v} is not an integer`);
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const fits = TYPES.find((t) => {
    if (t.signed !== signed || t.bytes < atLeastBytes) return false;
    const bits = t.bytes * 8;
    return signed
      ? min >= -(2 ** (bits - 1)) && max < 2 ** (bits - 1)
      : min >= 0 && max < 2 ** bits;
  });
  if (!fits)
    throw new Error(`dispatch table ${what}: values ${min}..${max} fit no 32-bit integer type`);
  return { values, tsType: fits.tsType, cType: fits.cType, bytesPerElement: fits.bytes };
}

export function layOutTables(
  tree: DecisionTree,
  checks: readonly InstructionCheck[],
  wordCount: number,
  overlaps?: readonly boolean[],
): DispatchTables {
  const nodes: number[] = [];
  const leaves: number[] = [];
  // Offsets of the leaves stored so far, by their candidates (one-candidate leaves by id: the
  // common case, spared building a string key).
  const leafAt = new Map<string, number>();
  const singleAt = new Map<number, number>();

  function leafRef(candidates: number[]): number {
    const key = candidates.length === 1 ? candidates[0] : candidates.join(",");
    let at = typeof key === "number" ? singleAt.get(key) : leafAt.get(key);
    if (at === undefined) {
      at = leaves.length;
      leaves.push(candidates.length);
      for (const id of candidates) leaves.push(id);
      if (typeof key === "number") singleAt.set(key, at);
      else leafAt.set(key, at);
    }
    return ~at;
  }

  function place(t: DecisionTree): number {
    if (t.kind === "leaf") return leafRef(t.candidates);
    const at = nodes.length;
    nodes.push(t.word, t.low, 2 ** t.width - 1);
    const slots = nodes.length;
    for (let i = 0; i < t.children.length; i++) nodes.push(0);
    t.children.forEach((c, i) => {
      nodes[slots + i] = place(c);
    });
    return at;
  }

  const root = place(tree);
  const words = (pick: (c: InstructionCheck) => readonly number[]) => {
    const out: number[] = [];
    checks.forEach((c, id) => {
      const ws = pick(c);
      if (ws.length !== wordCount)
        throw new Error(
          `dispatch: instruction ${id} has ${ws.length} words, expected ${wordCount}`,
        );
      for (const w of ws) out.push(w >>> 0);
    });
    return out;
  };
  const withGen = checks.some((c) => c.gen !== null);
  return {
    root,
    tree: intTable("tree", nodes, true),
    leaves: intTable("leaves", leaves, false),
    // Whole words, so the check reads them with the instruction's own word type.
    match: intTable(
      "match",
      words((c) => c.match),
      false,
      4,
    ),
    tested: intTable(
      "tested",
      words((c) => c.tested),
      false,
      4,
    ),
    gen: withGen
      ? {
          min: intTable(
            "genMin",
            checks.map((c) => c.gen?.min ?? 0),
            false,
          ),
          max: intTable(
            "genMax",
            checks.map((c) => c.gen?.max ?? 0),
            false,
          ),
          has: intTable(
            "hasGen",
            checks.map((c) => (c.gen ? 1 : 0)),
            false,
          ),
        }
      : undefined,
    ...(overlaps
      ? {
          overlaps: intTable(
            "overlaps",
            overlaps.map((o) => (o ? 1 : 0)),
            false,
          ),
        }
      : {}),
  };
}

/** Bytes of all the tables (as stored by both the TS and the C). */
export function tableBytes(t: DispatchTables): number {
  const all = [
    t.tree,
    t.leaves,
    t.match,
    t.tested,
    ...(t.gen ? [t.gen.min, t.gen.max, t.gen.has] : []),
    ...(t.overlaps ? [t.overlaps] : []),
  ];
  return all.reduce((sum, x) => sum + x.values.length * x.bytesPerElement, 0);
}
