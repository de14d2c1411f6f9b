/**
 * An ISA made of two documents — a rules-ng register description laid out as the instruction words
 * (etnaviv: isa.xml's VIV_ISA_WORD_0..3) and another document giving the instructions (Mesa's
 * isaspec etnaviv.xml) — must not contradict itself:
 * - every instruction fixes the bits of the opcode fields (`opcodePart`) — an error if not — to a
 *   value the opcode enum names: OPCODE | OPCODE_BIT6 << 6 is an INST_OPCODE value; a value the
 *   enum lacks is only a warning, as the register document may be the older one (isa.xml of 2017
 *   lacks etnaviv.xml's branch_any, 0x24);
 * - every instruction field with the name of a word's bitfield lies at that bitfield's bits, or at
 *   those of a bitfield declared an alternative view of it (etnaviv.xml's texture `RMODE` is
 *   isa.xml's `TEX_AMODE`, an alternative to `RMODE`).
 * Instructions built from the registers themselves agree by construction and are not checked.
 */
import type { Diagnostics } from "../diagnostics";
import { getBits, rangeMask } from "../model/bits";
import type { BitRange, Field, Instruction, IsaModel } from "../model/types";

/** A bitfield of an instruction word at absolute bits, with its register. */
interface WordField {
  register: string;
  field: Field;
  ranges: BitRange[];
}

const rangesText = (ranges: BitRange[]): string =>
  ranges.map((r) => (r.low === r.high ? `${r.low}` : `${r.low}..${r.high}`)).join(", ");

const sameRanges = (a: BitRange[], b: BitRange[]): boolean =>
  a.length === b.length && a.every((r, i) => r.low === b[i].low && r.high === b[i].high);

export function checkDocumentsAgree(model: IsaModel, diags: Diagnostics): void {
  const wordFields: WordField[] = model.registers.flatMap((r) =>
    r.instructionWord === undefined
      ? []
      : r.fields.map((field) => ({
          register: r.name,
          field,
          ranges: field.ranges.map((x) => ({
            low: x.low + 32 * r.instructionWord!,
            high: x.high + 32 * r.instructionWord!,
          })),
        })),
  );
  if (wordFields.length === 0) return;
  const rulesNg = new Set(
    model.documents.filter((d) => d.format === "rules-ng").map((d) => d.path),
  );
  const others = model.instructions.filter((i) => !rulesNg.has(i.source.file));
  const opcodeParts = wordFields.filter((w) => w.field.opcodePart);
  for (const ins of others) {
    if (opcodeParts.length) checkOpcode(model, ins, opcodeParts, diags);
    checkFieldBits(ins, wordFields, diags);
  }
}

function checkOpcode(
  model: IsaModel,
  ins: Instruction,
  parts: WordField[],
  diags: Diagnostics,
): void {
  const count = ins.encoding.mask.length;
  let value = 0;
  for (const p of parts) {
    const bits = p.ranges.map((r) => rangeMask(count, r.low, r.high));
    const fixed = bits.every((m) =>
      m.every((w, i) => ((ins.encoding.mask[i] & ~ins.encoding.dontCare[i] & w) >>> 0) === w),
    );
    if (!fixed) {
      diags.error(
        "documents-disagree",
        `instruction '${ins.name}' does not fix bits ${rangesText(p.ranges)}, which ${p.register}.${p.field.name} gives to the opcode`,
        ins.source,
        [{ at: p.field.source, message: `${p.register}.${p.field.name} is defined here` }],
      );
      return;
    }
    let partValue = 0;
    let width = 0;
    for (const r of p.ranges) {
      partValue += getBits(ins.encoding.match, r.low, r.high) * 2 ** width;
      width += r.high - r.low + 1;
    }
    value += partValue * 2 ** p.field.opcodePart!.shift;
  }
  const name = parts[0].field.opcodePart!.enum;
  const opcodes = model.enums.find((e) => e.name === name);
  if (opcodes && !opcodes.values.some((v) => v.value === value))
    diags.warning(
      "opcode-unnamed",
      `instruction '${ins.name}' has opcode 0x${value.toString(16)} (bits ${parts.map((p) => rangesText(p.ranges)).join(" and ")}), which ${name} does not name`,
      ins.source,
      [{ at: opcodes.source, message: `${name} is defined here` }],
    );
}

function checkFieldBits(ins: Instruction, wordFields: WordField[], diags: Diagnostics): void {
  for (const f of ins.fields) {
    const same = wordFields.filter((w) => w.field.name === f.name);
    if (same.length === 0) continue;
    const views = same.flatMap((w) => [
      w,
      ...wordFields.filter(
        (x) =>
          x.register === w.register &&
          ((w.field.alternativeTo ?? []).includes(x.field.name) ||
            (x.field.alternativeTo ?? []).includes(w.field.name)),
      ),
    ]);
    if (views.some((w) => sameRanges(w.ranges, f.ranges))) continue;
    const w = same[0];
    diags.error(
      "documents-disagree",
      `field '${f.name}' of instruction '${ins.name}' is bits ${rangesText(f.ranges)}, but ${w.register}.${w.field.name} is bits ${rangesText(w.ranges)}`,
      f.source,
      [{ at: w.field.source, message: `${w.register}.${w.field.name} is defined here` }],
    );
  }
}
