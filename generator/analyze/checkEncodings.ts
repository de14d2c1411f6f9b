/**
 * Encoding overlaps: two instructions whose generation ranges meet and whose fixed bits agree
 * wherever both are fixed would both match some word. Every such pair is an error, reported with both
 * locations and one concrete word that matches both.
 */
import type { Diagnostics } from "../diagnostics";
import {
  andWords,
  bitsToRanges,
  formatRanges,
  getBits,
  notWords,
  orWords,
  setBitIndexes,
  wordsToHex,
} from "../model/bits";
import type { Instruction, IsaModel, Word } from "../model/types";

/** Bits an instruction actually tests: fixed and not don't-care. */
export function testedBits(ins: Instruction): Word[] {
  return andWords(ins.encoding.mask, notWords(ins.encoding.dontCare));
}

function gensMeet(a: Instruction, b: Instruction): boolean {
  const amin = a.gen?.min ?? 0;
  const amax = a.gen?.max ?? Infinity;
  const bmin = b.gen?.min ?? 0;
  const bmax = b.gen?.max ?? Infinity;
  return amin <= bmax && bmin <= amax;
}

/** A word matching both instructions, or undefined if none does. */
export function commonWord(a: Instruction, b: Instruction): Word[] | undefined {
  const ta = testedBits(a);
  const tb = testedBits(b);
  for (let i = 0; i < ta.length; i++) {
    if (((a.encoding.match[i] ^ b.encoding.match[i]) & ta[i] & tb[i]) !== 0) return undefined;
  }
  return orWords(andWords(a.encoding.match, ta), andWords(b.encoding.match, tb));
}

export function checkEncodings(model: IsaModel, diags: Diagnostics): void {
  const ins = model.instructions;
  if (ins.length < 2) return;
  // Bucket by the bits every instruction tests: only instructions agreeing there can overlap.
  const tested = ins.map(testedBits);
  const common = tested.reduce((acc, t) => andWords(acc, t));
  const commonBits = setBitIndexes(common);
  const buckets = new Map<string, number[]>();
  ins.forEach((x, i) => {
    const key = commonBits.map((b) => getBits(x.encoding.match, b, b)).join("");
    const list = buckets.get(key);
    if (list) list.push(i);
    else buckets.set(key, [i]);
  });
  for (const members of buckets.values()) {
    for (let j = 1; j < members.length; j++) {
      for (let k = 0; k < j; k++) {
        const a = ins[members[k]];
        const b = ins[members[j]];
        if (!gensMeet(a, b)) continue;
        if (diags.followUpsSuppressed(a.source) || diags.followUpsSuppressed(b.source)) continue;
        const word = commonWord(a, b);
        if (!word) continue;
        const only = setBitIndexes(andWords(tested[members[j]], notWords(tested[members[k]])));
        diags.error(
          "overlap",
          `instruction '${b.name}' overlaps '${a.name}': both match ${wordsToHex(word)}` +
            (only.length
              ? ` ('${b.name}' also tests bits ${formatRanges(bitsToRanges(only))})`
              : ""),
          b.source,
          [{ at: a.source, message: `'${a.name}' is defined here` }],
        );
      }
    }
  }
}
