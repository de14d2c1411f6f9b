/**
 * Reading an encoding diagram back from a manual: every table whose header cells are bit ranges
 * (`31:27`, `7`). Each cell's bits get what the cell says: a field (code, optionally with the
 * `[hi:lo]` bits of its value), fixed bits (`0`, `1`, `x`, one per bit, MSB first), `opcode`,
 * `reserved` or `unused`. The tests then compare every bit with the model.
 */
import type Token from "markdown-it/lib/token.mjs";
import type { BitRange, Field } from "../../generator/model/types";
import { plainText, tables } from "./manualFiles";

export interface BitInfo {
  /** Field name → the bit of the field's value this bit holds. */
  fields: Map<string, number>;
  fixed?: string;
  other?: string;
}

const RANGE = /^(\d+)(?::(\d+))?$/;

function isDiagram(table: Token[][]): boolean {
  return table.length > 1 && table[0].every((c) => RANGE.test(plainText(c)));
}

/** Bits described by the diagrams among `tokens`, and problems found reading them. */
export function readDiagrams(tokens: Token[]): { bits: Map<number, BitInfo>; problems: string[] } {
  const bits = new Map<number, BitInfo>();
  const problems: string[] = [];
  const at = (b: number): BitInfo => {
    let info = bits.get(b);
    if (!info) bits.set(b, (info = { fields: new Map() }));
    return info;
  };
  for (const table of tables(tokens).filter(isDiagram)) {
    const columns = table[0].map((c) => {
      const m = RANGE.exec(plainText(c))!;
      return { high: Number(m[1]), low: Number(m[2] ?? m[1]) };
    });
    for (const row of table.slice(1)) {
      row.forEach((cell, i) => {
        const { high, low } = columns[i];
        const text = plainText(cell);
        const isCode = (cell.children ?? []).some((t) => t.type === "code_inline");
        if (text === "") return;
        if (isCode) {
          const m = /^([^[\]]+)(?:\[(\d+)(?::(\d+))?\])?$/.exec(text);
          if (!m)
            return void problems.push(`cell '${text}' over ${high}:${low} is not a field label`);
          // Without a slice the cell holds value bits width-1..0.
          const valueLow = m[2] === undefined ? 0 : Number(m[3] ?? m[2]);
          const valueHigh = m[2] === undefined ? high - low : Number(m[2]);
          if (valueHigh - valueLow !== high - low)
            problems.push(`cell '${text}' spans ${high}:${low}, a different width`);
          for (let b = low; b <= high; b++) at(b).fields.set(m[1], valueLow + (b - low));
        } else if (/^[01x]+$/.test(text)) {
          if (text.length !== high - low + 1)
            problems.push(`fixed bits '${text}' over ${high}:${low} have the wrong length`);
          for (let b = low; b <= high; b++) at(b).fixed = text[high - b];
        } else if (["opcode", "reserved", "unused"].includes(text)) {
          for (let b = low; b <= high; b++) at(b).other = text;
        } else
          problems.push(`cell '${text}' over ${high}:${low} is neither a field nor fixed bits`);
      });
    }
  }
  return { bits, problems };
}

/** The absolute bit holding bit `i` of a field's value (ranges least significant part first). */
export function absoluteBit(ranges: BitRange[], i: number): number {
  let rest = i;
  for (const r of ranges) {
    const width = r.high - r.low + 1;
    if (rest < width) return r.low + rest;
    rest -= width;
  }
  throw new Error(`value bit ${i} beyond the field`);
}

/** Every problem of a diagram against fields and fixed bits (`fixed(bit)` undefined where none). */
export function diagramProblems(
  read: { bits: Map<number, BitInfo>; problems: string[] },
  width: number,
  fields: Field[],
  fixed: (bit: number) => string | undefined,
): string[] {
  const problems = [...read.problems];
  for (const f of fields) {
    for (let i = 0; i < f.width; i++) {
      const b = absoluteBit(f.ranges, i);
      const shown = read.bits.get(b)?.fields.get(f.name);
      if (shown !== i)
        problems.push(`bit ${b} should show ${f.name} value bit ${i}, shows ${shown ?? "nothing"}`);
    }
  }
  for (let b = 0; b < width; b++) {
    const info = read.bits.get(b);
    const want = fixed(b);
    if (!info) problems.push(`bit ${b} is not in the diagram`);
    else if (want !== undefined && (info.fixed ?? info.other) !== want)
      problems.push(`bit ${b} should be ${want}, is ${info.fixed ?? info.other ?? "a field"}`);
    else if (want === undefined && info.fixed !== undefined)
      problems.push(`bit ${b} is shown fixed (${info.fixed}) but is not`);
  }
  return problems;
}

/** The fixed value of bit `b`: `x`, `0` or `1`, undefined outside the mask. */
export function fixedBit(
  encoding: { match: number[]; mask: number[]; dontCare: number[] },
  b: number,
): string | undefined {
  const get = (words: number[]): number => ((words[b >>> 5] ?? 0) >>> (b & 31)) & 1;
  if (!get(encoding.mask)) return undefined;
  return get(encoding.dontCare) ? "x" : String(get(encoding.match));
}
