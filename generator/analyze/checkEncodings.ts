/**
 * Encoding overlaps: two instructions whose generation ranges meet and whose fixed bits agree
 * wherever both are fixed would both match some word. Every such pair is an error, reported with both
 * locations and one concrete word that matches both.
 */
import type { Diagnostics } from "../diagnostics";
import { mesaAcceptedSeverity } from "./mesaAccepts";
import {
  andWords,
  bitsToRanges,
  formatRanges,
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
  return commonWordOf(a, testedBits(a), b, testedBits(b));
}

function commonWordOf(a: Instruction, ta: Word[], b: Instruction, tb: Word[]): Word[] | undefined {
  for (let i = 0; i < ta.length; i++) {
    if (((a.encoding.match[i] ^ b.encoding.match[i]) & ta[i] & tb[i]) !== 0) return undefined;
  }
  return orWords(andWords(a.encoding.match, ta), andWords(b.encoding.match, tb));
}

/**
 * Groups of instruction indexes outside which no two instructions can overlap. A group is split by
 * the values of the bits all its members test (two instructions differing there cannot both match),
 * and each part again by the bits all of ITS members test, until no split is possible. One split by
 * the bits common to the whole ISA is not enough: with opcodes of several widths that is only the
 * few category bits, which left thousands of instructions in one group compared pairwise.
 */
function candidateGroups(ins: Instruction[], tested: Word[][]): number[][] {
  const groups: number[][] = [];
  const pending = [ins.map((_, i) => i)];
  while (pending.length > 0) {
    const group = pending.pop()!;
    if (group.length < 2) continue;
    const common = [...tested[group[0]]];
    for (const i of group) for (let w = 0; w < common.length; w++) common[w] &= tested[i][w];
    const parts = new Map<string, number[]>();
    for (const i of group) {
      const match = ins[i].encoding.match;
      const key = common.map((c, w) => (match[w] & c) >>> 0).join(",");
      const part = parts.get(key);
      if (part) part.push(i);
      else parts.set(key, [i]);
    }
    if (parts.size === 1) groups.push(group);
    else pending.push(...parts.values());
  }
  return groups;
}

export function checkEncodings(model: IsaModel, diags: Diagnostics): void {
  const ins = model.instructions;
  if (ins.length < 2) return;
  const tested = ins.map(testedBits);
  const severityAt = mesaAcceptedSeverity(model);
  const overlaps: { a: number; b: number; word: Word[] }[] = [];
  for (const members of candidateGroups(ins, tested)) {
    for (let j = 1; j < members.length; j++) {
      for (let k = 0; k < j; k++) {
        const a = ins[members[k]];
        const b = ins[members[j]];
        if (!gensMeet(a, b)) continue;
        const word = commonWordOf(a, tested[members[k]], b, tested[members[j]]);
        if (!word) continue;
        if (diags.followUpsSuppressed(a.source) || diags.followUpsSuppressed(b.source)) continue;
        overlaps.push({ a: members[k], b: members[j], word });
      }
    }
  }
  // Groups come out in no meaningful order; report in instruction order.
  overlaps.sort((x, y) => x.b - y.b || x.a - y.a);
  for (const { a: ai, b: bi, word } of overlaps) {
    const a = ins[ai];
    const b = ins[bi];
    const only = setBitIndexes(andWords(tested[bi], notWords(tested[ai])));
    // Mesa's decoder reports "bitset conflict" for such a word; its build accepts the documents.
    diags.report({
      severity: severityAt(b.source),
      code: "overlap",
      message:
        `instruction '${b.name}' overlaps '${a.name}': both match ${wordsToHex(word)}` +
        (only.length ? ` ('${b.name}' also tests bits ${formatRanges(bitsToRanges(only))})` : ""),
      at: b.source,
      related: [{ at: a.source, message: `'${a.name}' is defined here` }],
    });
  }
}
