/**
 * The reference decoder the dispatch tree is compared with: isaspec's strategy, a linear scan of
 * every instruction testing `(word & tested) === match` on every word; the instruction whose bits
 * match and whose gen range holds the gpu wins, unless a second one does (Mesa's bitset conflict:
 * nothing, as the codec's decode). No bucketing.
 *
 * Built from the model alone (`out/json/<id>.json`), independently of the generated dispatch.
 */
import type { IsaModel } from "../generator/model/types";

/** The id of the instruction at `words[at]` (`at` defaults to 0), or -1. */
export type Decoder = (words: ArrayLike<number>, at?: number) => number;

/** The gpu assumed when none is given: the highest lowest gen of any instruction (as the codec). */
export function defaultGpu(model: IsaModel): number | null {
  const mins = model.instructions.filter((i) => i.gen).map((i) => i.gen!.min);
  return mins.length > 0 ? Math.max(...mins) : null;
}

/** A linear-scan decoder for `model` at `gpu` (default: `defaultGpu`); returns the id or -1. */
export function linearScan(model: IsaModel, gpu: number | null = defaultGpu(model)): Decoder {
  const wc = model.isa.wordCount;
  const count = model.instructions.length;
  const match = new Uint32Array(count * wc);
  const tested = new Uint32Array(count * wc);
  // Instructions whose gen range excludes the gpu are left out up front: they can never match.
  const live: number[] = [];
  model.instructions.forEach((ins, id) => {
    for (let w = 0; w < wc; w++) {
      tested[id * wc + w] = (ins.encoding.mask[w] & ~ins.encoding.dontCare[w]) >>> 0;
      match[id * wc + w] = (ins.encoding.match[w] & tested[id * wc + w]) >>> 0;
    }
    if (!ins.gen || gpu === null || (gpu >= ins.gen.min && gpu <= ins.gen.max)) live.push(id);
  });
  const ids = Int32Array.from(live);
  return (words, at) => {
    const o = at ?? 0;
    let found = -1;
    for (let k = 0; k < ids.length; k++) {
      const base = ids[k] * wc;
      let w = 0;
      while (w < wc && ((words[o + w] ?? 0) & tested[base + w]) >>> 0 === match[base + w]) w++;
      if (w < wc) continue;
      if (found >= 0) return -1;
      found = ids[k];
    }
    return found;
  };
}
