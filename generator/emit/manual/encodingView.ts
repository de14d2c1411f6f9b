/**
 * Encodings as template data: bit-layout tables (cells already Markdown) for instructions,
 * instruction formats, registers and bitsets, and the grouping of instructions into formats.
 */
import type { BitRange, Field, Instruction, IsaModel, Register } from "../../model/types";
import {
  bitBoxes,
  bitLayout,
  type BitBox,
  type FixedBit,
  type LayoutCell,
  type LayoutItem,
  type LayoutTable,
} from "./bitLayout";

export interface LayoutTableView {
  /** `Word 1, bits 63:32` (several words) or `Bits 31:0`. */
  caption: string;
  header: string[];
  rows: string[][];
}

/** `45:40`, or `7` for one bit. */
export function rangeText(r: BitRange): string {
  return r.high === r.low ? `${r.high}` : `${r.high}:${r.low}`;
}

/** A field's bits, most significant part first (`97:92, 5:3` for a split field). */
export function bitsText(ranges: BitRange[]): string {
  return [...ranges].reverse().map(rangeText).join(", ");
}

function code(text: string): string {
  return `\`${text.replace(/\|/g, "\\|")}\``;
}

function cellMarkdown(cell: LayoutCell): string {
  switch (cell.kind) {
    case "field":
      return code(cell.text);
    case "reserved":
      return "reserved";
    case "opcode":
      return "_opcode_";
    case "unused":
      return "unused";
    case "fixed":
      return cell.text;
    case "empty":
      return "";
  }
}

function tableViews(tables: LayoutTable[], words: boolean): LayoutTableView[] {
  return tables.map((t) => ({
    caption: words ? `Word ${t.word}, bits ${t.high}:${t.low}` : `Bits ${t.high}:${t.low}`,
    header: t.columns.map(rangeText),
    rows: t.rows.map((row) => row.map(cellMarkdown)),
  }));
}

function bitOf(words: number[], bit: number): number {
  return ((words[bit >>> 5] ?? 0) >>> (bit & 31)) & 1;
}

export function fieldItems(fields: Field[]): LayoutItem[] {
  return fields.map((f) => ({ label: f.name, kind: "field", ranges: f.ranges }));
}

/** The fixed value of a bit of one instruction: `x`, `0` or `1`, or undefined outside the mask. */
export function fixedBitOf(ins: Instruction, bit: number): FixedBit | undefined {
  const e = ins.encoding;
  if (!bitOf(e.mask, bit)) return undefined;
  if (bitOf(e.dontCare, bit)) return "x";
  return bitOf(e.match, bit) ? "1" : "0";
}

/** The runs of an instruction's fixed bits, most significant first: `5:0` = `000011`. */
export function fixedBitRuns(model: IsaModel, ins: Instruction): { bits: string; value: string }[] {
  const runs: { bits: string; value: string }[] = [];
  let bit = model.isa.instructionWidth - 1;
  while (bit >= 0) {
    if (fixedBitOf(ins, bit) === undefined) {
      bit--;
      continue;
    }
    let value = "";
    const high = bit;
    for (; bit >= 0 && fixedBitOf(ins, bit) !== undefined; bit--) value += fixedBitOf(ins, bit);
    runs.push({ bits: rangeText({ high, low: bit + 1 }), value });
  }
  return runs;
}

export function instructionLayout(model: IsaModel, ins: Instruction): LayoutTableView[] {
  const width = model.isa.instructionWidth;
  return tableViews(
    bitLayout(width, fieldItems(ins.fields), (b) => fixedBitOf(ins, b)),
    width > 32,
  );
}

/** An instruction's encoding as diagram boxes: its fields, and its fixed bits with their values. */
export function instructionBoxes(model: IsaModel, ins: Instruction): BitBox[] {
  return bitBoxes(model.isa.instructionWidth, fieldItems(ins.fields), (b) => fixedBitOf(ins, b));
}

/** The diagram of a format (instructions from `sharedFormats`). */
export function formatLayout(model: IsaModel, members: Instruction[]): LayoutTableView[] {
  const first = members[0];
  // A fixed bit whose value differs between the members is part of what selects the instruction.
  const fixed = (bit: number): FixedBit | undefined => {
    const value = fixedBitOf(first, bit);
    if (value === undefined) return undefined;
    return members.every((m) => fixedBitOf(m, bit) === value) ? value : "opcode";
  };
  const width = model.isa.instructionWidth;
  return tableViews(bitLayout(width, fieldItems(first.fields), fixed), width > 32);
}

/** A register (bits relative to the register), reserved ranges labelled. */
export function registerLayout(reg: Register): LayoutTableView[] {
  const items: LayoutItem[] = [
    ...fieldItems(reg.fields),
    ...reg.reserved.map((r): LayoutItem => ({ label: "reserved", kind: "reserved", ranges: [r] })),
  ];
  return tableViews(
    bitLayout(reg.width, items, () => undefined),
    reg.width > 32,
  );
}

export function bitsetLayout(width: number, fields: Field[]): LayoutTableView[] {
  return tableViews(
    bitLayout(width, fieldItems(fields), () => undefined),
    width > 32,
  );
}

/** Labelled bit ranges of a `width`-bit word (a rules-ng register's fields), no fixed bits. */
export function labelledLayout(
  width: number,
  items: { label: string; ranges: BitRange[] }[],
): LayoutTableView[] {
  return tableViews(
    bitLayout(
      width,
      items.map((i): LayoutItem => ({ ...i, kind: "field" })),
      () => undefined,
    ),
    width > 32,
  );
}

/** Words in hex, word 0 first: `0x00000003 0x00000000`. */
export function hexWords(words: number[]): string {
  return words.map((w) => `0x${(w >>> 0).toString(16).padStart(8, "0")}`).join(" ");
}
