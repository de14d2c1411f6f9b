/**
 * The words every decoder is timed on: instructions drawn at random (seeded) from the model, each
 * its match bits plus random bits wherever it tests none, kept only if it decodes — so every entry
 * of the corpus is a valid instruction, and all decoders see the same bytes.
 */
import type { IsaModel } from "../generator/model/types";
import type { Decoder } from "./linearScan";
import { prng } from "./prng";

export interface Corpus {
  wordCount: number;
  /** Instructions in the corpus. */
  count: number;
  /** `count * wordCount` words, instruction i at `i * wordCount`. */
  words: Uint32Array;
}

/** Tries per drawn instruction before it is given up as undecodable (another wins every time). */
const TRIES = 16;

export function makeCorpus(model: IsaModel, count: number, seed: number, decode: Decoder): Corpus {
  const wc = model.isa.wordCount;
  const width = model.isa.instructionWidth;
  const random = prng(seed);
  const pool = model.instructions.map((_, id) => id);
  if (pool.length === 0) throw new Error(`${model.isa.id}: no instructions to make a corpus from`);
  // Bits beyond the instruction width stay 0.
  const inWidth = (w: number) =>
    width >= (w + 1) * 32 ? 0xffffffff : (2 ** Math.max(0, width - w * 32) - 1) >>> 0;
  const words = new Uint32Array(count * wc);
  const one = new Uint32Array(wc);
  for (let i = 0; i < count;) {
    if (pool.length === 0)
      throw new Error(`${model.isa.id}: no instruction decodes to itself or another`);
    const at = random() % pool.length;
    const enc = model.instructions[pool[at]].encoding;
    let ok = false;
    for (let t = 0; t < TRIES && !ok; t++) {
      for (let w = 0; w < wc; w++) {
        const tested = enc.mask[w] & ~enc.dontCare[w];
        one[w] = ((enc.match[w] & tested) | (random() & ~tested & inWidth(w))) >>> 0;
      }
      ok = decode(one) >= 0;
    }
    if (!ok) {
      pool.splice(at, 1);
      continue;
    }
    words.set(one, i * wc);
    i++;
  }
  return { wordCount: wc, count, words };
}
