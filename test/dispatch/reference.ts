/**
 * The dispatch tests' oracle, built from out/json/<id>.json and nothing else: a linear scan for the
 * instruction whose tested bits (mask less don't-care) equal its match bits and whose gen range,
 * where it has one, holds the gpu, when exactly one does — the rule the codec's decode follows (two
 * such are Mesa's bitset conflict: nothing). Also a seeded PRNG and the word mixes the agreement
 * tests share.
 */
import { readFileSync } from "fs";
import * as path from "path";
import type { IsaModel } from "../../generator/model/types";
import { TEST_OUT } from "../helpers/testOutput";

export const ROOT = path.join(__dirname, "..", "..");
export const DISPATCH_ISAS = ["etnaviv", "ir3", "valhall", "r500"] as const;
export type DispatchIsa = (typeof DISPATCH_ISAS)[number];

export function shippedJson(id: string): IsaModel {
  return JSON.parse(readFileSync(path.join(TEST_OUT, "json", `${id}.json`), "utf8")) as IsaModel;
}

export interface Reference {
  wordCount: number;
  names: string[];
  match: Uint32Array;
  tested: Uint32Array;
  /** Gen range per instruction; min > max never happens, so [1, 0] stands for "no range". */
  genMin: number[];
  genMax: number[];
  hasGen: boolean[];
  /** The codec's default gpu: the highest gen.min of any instruction, null when none has a range. */
  defaultGpu: number | null;
}

export function reference(model: IsaModel): Reference {
  const wc = model.isa.wordCount;
  const n = model.instructions.length;
  const match = new Uint32Array(n * wc);
  const tested = new Uint32Array(n * wc);
  model.instructions.forEach((ins, i) => {
    for (let w = 0; w < wc; w++) {
      match[i * wc + w] = ins.encoding.match[w];
      tested[i * wc + w] = ins.encoding.mask[w] & ~ins.encoding.dontCare[w];
    }
  });
  const mins = model.instructions.filter((i) => i.gen).map((i) => i.gen!.min);
  return {
    wordCount: wc,
    names: model.instructions.map((i) => i.name),
    match,
    tested,
    genMin: model.instructions.map((i) => i.gen?.min ?? 1),
    genMax: model.instructions.map((i) => i.gen?.max ?? 0),
    hasGen: model.instructions.map((i) => i.gen !== undefined),
    defaultGpu: mins.length ? Math.max(...mins) : null,
  };
}

/** Does instruction `i` fix `words`' bits (gen ignored)? */
export function bitsMatch(r: Reference, i: number, words: ArrayLike<number>): boolean {
  for (let w = 0; w < r.wordCount; w++)
    if (((words[w] ?? 0) & r.tested[i * r.wordCount + w]) >>> 0 !== r.match[i * r.wordCount + w])
      return false;
  return true;
}

export function inGen(r: Reference, i: number, gpu: number | null): boolean {
  return !r.hasGen[i] || gpu === null || (gpu >= r.genMin[i] && gpu <= r.genMax[i]);
}

/** The expected id for `words` and `gpu` (undefined/null: the default gpu), or -1. */
export function expectedId(r: Reference, words: ArrayLike<number>, gpu?: number | null): number {
  const g = gpu ?? r.defaultGpu;
  let found = -1;
  for (let i = 0; i < r.names.length; i++)
    if (inGen(r, i, g) && bitsMatch(r, i, words)) {
      if (found >= 0) return -1; // a second match: a conflict
      found = i;
    }
  return found;
}

/** The expected id among `ids` (the instructions whose bits match, from matchingIds) for `gpu`. */
export function expectedAmong(r: Reference, ids: readonly number[], gpu?: number | null): number {
  const g = gpu ?? r.defaultGpu;
  const inRange = ids.filter((i) => inGen(r, i, g));
  return inRange.length === 1 ? inRange[0] : -1;
}

/** Every instruction whose bits `words` match, in model order (for checking several gpus at once). */
export function matchingIds(r: Reference, words: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < r.names.length; i++) if (bitsMatch(r, i, words)) out.push(i);
  return out;
}

/**
 * Marsaglia's xorshift128: a small seeded PRNG of 32-bit words. (No Math.imul: under jest's VM
 * context that call is two orders of magnitude slower than plain shifts.)
 */
export function prng(seed: number): () => number {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  let y = 362436069;
  let z = 521288629;
  let w = 88675123;
  return () => {
    const t = x ^ (x << 11);
    x = y;
    y = z;
    z = w;
    w = w ^ (w >>> 19) ^ (t ^ (t >>> 8));
    return w >>> 0;
  };
}

/**
 * Fill `out` with the `k`-th word mix: even k uniform random words; odd k a random instruction's
 * match bits with random bits everywhere it does not test, so most of those hit an instruction.
 */
export function mixedWords(r: Reference, rnd: () => number, k: number, out: Uint32Array): void {
  if (k % 2 === 0) {
    for (let w = 0; w < r.wordCount; w++) out[w] = rnd();
    return;
  }
  const i = rnd() % r.names.length;
  for (let w = 0; w < r.wordCount; w++) {
    const t = r.tested[i * r.wordCount + w];
    out[w] = (r.match[i * r.wordCount + w] | (rnd() & ~t)) >>> 0;
  }
}

/**
 * Boundary words of every instruction: its match with every free bit 0; that with each single free
 * bit set; and with each single tested bit flipped.
 */
export function boundaryWords(r: Reference): Uint32Array[] {
  const out: Uint32Array[] = [];
  const wc = r.wordCount;
  for (let i = 0; i < r.names.length; i++) {
    const base = Uint32Array.from({ length: wc }, (_, w) => r.match[i * wc + w]);
    out.push(base);
    for (let bit = 0; bit < wc * 32; bit++) {
      const words = base.slice();
      words[bit >>> 5] = (words[bit >>> 5] ^ (1 << (bit & 31))) >>> 0;
      out.push(words);
    }
  }
  return out;
}
