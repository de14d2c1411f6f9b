/**
 * Template data for the dispatch artifacts of one ISA: names, the tables as rows of literals, and the
 * text of comments made safe. The templates in templates/dispatch/ hold all of the code.
 */
import type { IsaModel } from "../../model/types";
import { functionPart, macroName, macroPart, NameScope } from "../cheader/names";
import type { DispatchStats } from "./dispatchStats";
import type { IntTable } from "./dispatchTables";
import type { DispatchPlan } from "./planDispatch";

export interface TableView {
  tsType: string;
  cType: string;
  length: number;
  /** Literals, a few per line. */
  rows: string[][];
}

export interface InstructionView {
  id: number;
  /** The model name as a TS/JSON string literal. */
  nameLiteral: string;
  /** The model name as a C string literal. */
  cNameLiteral: string;
  /** `ETNAVIV_INSTR_ADD`. */
  enumName: string;
  /** `handle_add`. */
  handlerName: string;
  /** Name, mnemonic and source position (`specs/…:line:column`), safe inside a comment. */
  summary: string;
}

export interface DispatchView {
  id: string;
  title: string;
  vendor: string;
  documents: { path: string; upstream?: string }[];
  /** Upper-case C prefix (`ETNAVIV`), lower-case C prefix (`etnaviv`). */
  prefix: string;
  fnPrefix: string;
  guard: string;
  /** TS name of the handler skeleton's state type. */
  stateType: string;
  wordCount: number;
  instructionCount: number;
  /** As a TS literal (`null` or a number) and as a C int (`-1` for none). */
  defaultGpu: string;
  cDefaultGpu: string;
  hasGen: boolean;
  /** The root is a split node (otherwise the whole tree is one leaf and there is no node table). */
  hasTree: boolean;
  /** Some instruction can match a word with a later one: leaves look for a second match. */
  hasOverlaps: boolean;
  /** The TS walks the tables (a tree, or a leaf that must look for conflicts), not an inline leaf. */
  tableDriven: boolean;
  root: number;
  tree: TableView;
  leaves: TableView;
  match: TableView;
  tested: TableView;
  /**
   * The words a leaf compares: those in which some instruction tests or expects a bit. The others
   * are 0 in TESTED and MATCH everywhere.
   */
  checkedWords: number[];
  /**
   * When the tree is a single leaf (no split node): that leaf's candidates with their bits and gen
   * range as literals, for a TS `dispatchAt` that tests them inline instead of through the tables.
   */
  rootLeaf?: RootLeafView;
  genMin?: TableView;
  genMax?: TableView;
  genHas?: TableView;
  overlaps?: TableView;
  instructions: InstructionView[];
  stats: DispatchStats;
}

export interface RootLeafView {
  candidates: {
    id: number;
    /** The words the candidate tests or expects bits in (hex literals). */
    words: { index: number; tested: string; match: string }[];
    gen?: { min: number; max: number };
    /** Neither words nor a gen range: every word is this instruction. */
    always: boolean;
  }[];
  /** Some candidate reads a word (otherwise `memory` and `at` go unused). */
  readsMemory: boolean;
  /** Some candidate has a gen range (otherwise `gpu` goes unused). */
  usesGen: boolean;
  /** The last candidate matches every word, so no NO_INSTRUCTION return follows it. */
  endsAlways: boolean;
}

/** The root leaf's candidates, up to the first that matches every word (the rest are unreachable). */
export function rootLeafView(plan: DispatchPlan, wordCount: number): RootLeafView | undefined {
  if (plan.tree.kind !== "leaf") return undefined;
  const candidates: RootLeafView["candidates"] = [];
  for (const id of plan.tree.candidates) {
    const check = plan.checks[id];
    const words = [];
    for (let w = 0; w < wordCount; w++)
      if ((check.tested[w] | check.match[w]) !== 0)
        words.push({ index: w, tested: hex(check.tested[w]), match: hex(check.match[w]) });
    const gen = check.gen ?? undefined;
    const always = words.length === 0 && gen === undefined;
    candidates.push({ id, words, ...(gen ? { gen } : {}), always });
    if (always) break;
  }
  return {
    candidates,
    readsMemory: candidates.some((c) => c.words.length > 0),
    usesGen: candidates.some((c) => c.gen !== undefined),
    endsAlways: candidates.length > 0 && candidates[candidates.length - 1].always,
  };
}

const hex = (v: number) => "0x" + (v >>> 0).toString(16).padStart(8, "0");

function tableView(t: IntTable, perRow: number, format: (v: number) => string = String): TableView {
  const rows: string[][] = [];
  for (let i = 0; i < t.values.length; i += perRow)
    rows.push(t.values.slice(i, i + perRow).map(format));
  return { tsType: t.tsType, cType: t.cType, length: t.values.length, rows };
}

/** Text safe inside a C or TS block comment. */
export function commentSafe(text: string): string {
  return text.replace(/\*\//g, "* /").replace(/[\r\n]+/g, " ");
}

/**
 * A C string literal: printable ASCII as is (with `"`, `\` and `?` — trigraphs — escaped), every
 * other byte of the UTF-8 text as a three-digit octal escape.
 */
export function cStringLiteral(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, "utf8")) {
    const ch = String.fromCharCode(byte);
    if (ch === '"' || ch === "\\" || ch === "?") out += "\\" + ch;
    else if (byte >= 0x20 && byte < 0x7f) out += ch;
    else out += "\\" + byte.toString(8).padStart(3, "0");
  }
  return out + '"';
}

/**
 * C enumerator suffixes for the instructions: `macroPart` of the model name (`FADD.f32` →
 * `FADD_F32`), `_2`, `_3`, … after a name already taken, in model order. `COUNT` is taken first:
 * `<ID>_INSTR_COUNT` ends the enumeration.
 */
export function instructionEnumParts(model: IsaModel): string[] {
  const scope = new NameScope(`dispatch ${model.isa.id}`);
  scope.exact("COUNT");
  return model.instructions.map((i) => scope.unique(macroPart(i.name)));
}

/**
 * Word indexes in which some instruction tests or expects a bit. (A match bit the instruction does
 * not test makes it never match, in the codec's decode as here, so that word stays checked.)
 */
export function checkedWords(
  wordCount: number,
  match: readonly number[],
  tested: readonly number[],
): number[] {
  const used = new Set<number>();
  tested.forEach((t, i) => {
    if ((t | match[i]) !== 0) used.add(i % wordCount);
  });
  return [...used].sort((a, b) => a - b);
}

export function dispatchView(model: IsaModel, plan: DispatchPlan): DispatchView {
  const id = model.isa.id;
  const prefix = macroName(id);
  const fnPrefix = functionPart(id);
  if (plan.defaultGpu !== null && plan.defaultGpu > 0x7fffffff)
    throw new Error(`dispatch ${id}: default gpu ${plan.defaultGpu} does not fit a C int`);
  const parts = instructionEnumParts(model);
  const { tables } = plan;
  return {
    id,
    title: model.isa.title,
    vendor: model.isa.vendor,
    documents: model.documents.map((d) => ({ path: d.path, upstream: d.upstream })),
    prefix,
    fnPrefix,
    guard: `ISAFORGE_DISPATCH_${prefix}_H`,
    stateType: `${fnPrefix.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}State`,
    wordCount: model.isa.wordCount,
    instructionCount: model.instructions.length,
    defaultGpu: plan.defaultGpu === null ? "null" : String(plan.defaultGpu),
    cDefaultGpu: plan.defaultGpu === null ? "-1" : String(plan.defaultGpu),
    hasGen: tables.gen !== undefined,
    hasTree: tables.root >= 0,
    hasOverlaps: tables.overlaps !== undefined,
    tableDriven: tables.root >= 0 || tables.overlaps !== undefined,
    root: tables.root,
    tree: tableView(tables.tree, 16),
    leaves: tableView(tables.leaves, 16),
    match: tableView(tables.match, 8, hex),
    tested: tableView(tables.tested, 8, hex),
    rootLeaf: rootLeafView(plan, model.isa.wordCount),
    checkedWords: checkedWords(model.isa.wordCount, tables.match.values, tables.tested.values),
    genMin: tables.gen && tableView(tables.gen.min, 8),
    genMax: tables.gen && tableView(tables.gen.max, 8),
    genHas: tables.gen && tableView(tables.gen.has, 32),
    overlaps: tables.overlaps && tableView(tables.overlaps, 32),
    instructions: model.instructions.map((insn, n) => {
      const where = `${insn.source.file}:${insn.source.line}:${insn.source.column}`;
      return {
        id: n,
        nameLiteral: JSON.stringify(insn.name),
        cNameLiteral: cStringLiteral(insn.name),
        enumName: `${prefix}_INSTR_${parts[n]}`,
        handlerName: `handle_${parts[n].toLowerCase()}`,
        summary: commentSafe(`${insn.name} (mnemonic \`${insn.mnemonic}\`), ${where}`),
      };
    }),
    stats: plan.stats,
  };
}
