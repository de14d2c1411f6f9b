/**
 * Instructions from the rules-ng instruction words, as the rules-ng-instructions companion lays
 * them out: one per opcode enum value, with every other field of the words at its absolute bit
 * position (32·word + bit, source-formats.md §D.1).
 */
import type { Diagnostics } from "../../diagnostics";
import { emptyEncoding, orWords, rangeMask, setBits } from "../../model/bits";
import type {
  DerivedField,
  EnumDef,
  Field,
  Instruction,
  IsaInfo,
  Register,
} from "../../model/types";
import { selects, type InstructionsCompanion } from "./instructionsCompanion";
import {
  resolveDerived,
  resolveOpcode,
  resolveOperands,
  type Opcode,
  type OperandRule,
} from "./layout";

/** Fields of the words at absolute bit positions, in word order. */
function absoluteFields(words: Register[]): Field[] {
  return words.flatMap((w, n) =>
    w.fields.map((f) => ({
      ...cloneField(f),
      ranges: f.ranges.map((r) => ({ low: r.low + 32 * n, high: r.high + 32 * n })),
    })),
  );
}

export function buildInstructions(
  isa: IsaInfo,
  words: Register[],
  companion: InstructionsCompanion,
  enums: EnumDef[],
  diags: Diagnostics,
): Instruction[] {
  const fields = absoluteFields(words);
  const opcode = resolveOpcode(companion, fields, enums, words[0].source, diags);
  // Checked even when no instructions can be built, so that every wrong name is reported.
  const opcodeEnum = enums.find((e) => e.name === companion.data.opcode.enum);
  const derived = resolveDerived(companion, fields, enums, diags);
  const operands = resolveOperands(companion, fields, opcodeEnum, diags);
  if (!opcode) return [];

  const partNames = new Set(opcode.parts.map((p) => p.field));
  const instructionFields = fields.filter((f) => !partNames.has(f.name));
  return opcode.enum.values.flatMap((v): Instruction[] => {
    const name = v.name ?? `OPCODE_${v.value}`;
    if (v.value >= 2 ** opcode.bits) {
      diags.error(
        "opcode-too-wide",
        `opcode '${name}' = 0x${v.value.toString(16)} does not fit the ${opcode.bits} opcode bits (${opcode.parts.map((p) => p.field).join(", ")})`,
        v.source,
      );
      diags.suppressFollowUps(v.source);
      return [];
    }
    return [
      {
        name,
        mnemonic: name.toLowerCase(),
        opcode: v.value,
        encoding: encodingOf(isa, opcode, v.value),
        fields: instructionFields.map(cloneField),
        derived: derived.map((d): DerivedField => ({ ...d })),
        overrides: [],
        operands: operandsFor(name, operands),
        modifiers: [],
        ...(v.brief !== undefined ? { brief: v.brief } : {}),
        ...(v.doc !== undefined ? { doc: v.doc } : {}),
        notes: [],
        source: v.source,
      },
    ];
  });
}

/** The opcode value's bits, fixed in its part fields. */
function encodingOf(isa: IsaInfo, opcode: Opcode, value: number): Instruction["encoding"] {
  const encoding = emptyEncoding(isa.wordCount);
  for (const p of opcode.parts) {
    const bits = Math.floor(value / 2 ** p.shift) % 2 ** p.f.width;
    for (const r of p.f.ranges) {
      setBits(encoding.match, r.low, r.high, bits);
      encoding.mask = orWords(encoding.mask, rangeMask(isa.wordCount, r.low, r.high));
    }
  }
  return encoding;
}

function cloneField(f: Field): Field {
  return {
    ...f,
    ranges: f.ranges.map((r) => ({ ...r })),
    ...(f.alternativeTo ? { alternativeTo: [...f.alternativeTo] } : {}),
  };
}

function operandsFor(instruction: string, rules: OperandRule[]) {
  return rules
    .filter(
      (r) =>
        (!r.only || selects(r.only, instruction)) && !(r.except && selects(r.except, instruction)),
    )
    .map((r) => ({ ...r.operand, fields: [...r.operand.fields] }));
}
