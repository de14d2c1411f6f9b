/**
 * Bit arithmetic on instructions held as arrays of 32-bit words (word 0 = bits 0..31), so that
 * no value above 2^53 ever appears in the model.
 */
import type { BitRange, EncodingBits, Word } from "./types";

export function wordCountOf(widthBits: number): number {
  return Math.ceil(widthBits / 32);
}

export function zeroWords(count: number): Word[] {
  return new Array<Word>(count).fill(0);
}

/** Set bits low..high of `words` to the low bits of `value` (value given as a non-negative number < 2^53). */
export function setBits(words: Word[], low: number, high: number, value: number): void {
  let v = value;
  for (let bit = low; bit <= high; bit++) {
    const set = v % 2 === 1;
    v = Math.floor(v / 2);
    const w = bit >>> 5;
    const m = (1 << (bit & 31)) >>> 0;
    words[w] = (set ? words[w] | m : words[w] & ~m) >>> 0;
  }
}

/** Read bits low..high of `words` as a number (the range must be at most 53 bits wide). */
export function getBits(words: ArrayLike<number>, low: number, high: number): number {
  let v = 0;
  for (let bit = high; bit >= low; bit--) {
    v = v * 2 + ((words[bit >>> 5] >>> (bit & 31)) & 1);
  }
  return v;
}

/** A mask with bits low..high set. */
export function rangeMask(count: number, low: number, high: number): Word[] {
  const words = zeroWords(count);
  for (let bit = low; bit <= high; bit++)
    words[bit >>> 5] = (words[bit >>> 5] | (1 << (bit & 31))) >>> 0;
  return words;
}

export function rangesMask(count: number, ranges: BitRange[]): Word[] {
  return ranges.reduce((acc, r) => orWords(acc, rangeMask(count, r.low, r.high)), zeroWords(count));
}

export function orWords(a: Word[], b: Word[]): Word[] {
  return a.map((w, i) => (w | (b[i] ?? 0)) >>> 0);
}

export function andWords(a: Word[], b: Word[]): Word[] {
  return a.map((w, i) => (w & (b[i] ?? 0)) >>> 0);
}

export function notWords(a: Word[]): Word[] {
  return a.map((w) => ~w >>> 0);
}

export function isZero(a: Word[]): boolean {
  return a.every((w) => w === 0);
}

/** Indexes of the set bits, ascending. */
export function setBitIndexes(a: Word[]): number[] {
  const out: number[] = [];
  a.forEach((w, i) => {
    for (let b = 0; b < 32; b++) if ((w >>> b) & 1) out.push(i * 32 + b);
  });
  return out;
}

/** Compress a sorted list of bit indexes into inclusive ranges. */
export function bitsToRanges(bits: number[]): BitRange[] {
  const out: BitRange[] = [];
  for (const b of bits) {
    const last = out[out.length - 1];
    if (last && last.high + 1 === b) last.high = b;
    else out.push({ low: b, high: b });
  }
  return out;
}

/** Words as hex, most significant word first (`0x0000000000000016`), for messages. */
export function wordsToHex(a: Word[]): string {
  return (
    "0x" +
    [...a]
      .reverse()
      .map((w) => w.toString(16).padStart(8, "0"))
      .join("")
  );
}

/** An empty encoding of the given word count. */
export function emptyEncoding(count: number): EncodingBits {
  return { match: zeroWords(count), mask: zeroWords(count), dontCare: zeroWords(count) };
}

/** Sum of the widths of ranges. */
export function rangesWidth(ranges: BitRange[]): number {
  return ranges.reduce((n, r) => n + r.high - r.low + 1, 0);
}

export function formatRanges(ranges: BitRange[]): string {
  return ranges.map((r) => (r.low === r.high ? `${r.low}` : `${r.high}:${r.low}`)).join(",");
}
