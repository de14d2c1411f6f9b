/**
 * Instructions from the rules-ng instruction words: one per opcode enum value, with every other
 * bitfield at its absolute bit position (32·word + bit, source-formats.md §D.1).
 */
import type { Diagnostics } from "../../diagnostics";
import { emptyEncoding, orWords, rangeMask, setBits } from "../../model/bits";
import type {
  DerivedField,
  EnumDef,
  Field,
  Instruction,
  IsaInfo,
  Operand,
  Register,
  SourceRef,
} from "../../model/types";
import { DERIVED, OPCODE_PARTS, OPERANDS, type ValuePart } from "./etnavivLayout";
import type { ResolvedRegister } from "./resolve";

/**
 * The registers forming the instruction: reg32s at byte offsets 0, 4, … of one domain, one per
 * instruction word (etnaviv: WORD_0..WORD_3 of VIV_ISA). Undefined when no domain has them all.
 */
export function findInstructionWords(
  isa: IsaInfo,
  registers: ResolvedRegister[],
): Register[] | undefined {
  const domains = [...new Set(registers.map((r) => r.domain))];
  for (const domain of domains) {
    const words: Register[] = [];
    for (let n = 0; n < isa.wordCount; n++) {
      const at = registers.filter(
        (r) => r.domain === domain && r.byteOffset === 4 * n && r.register.width === 32,
      );
      if (at.length !== 1) break;
      words.push(at[0].register);
    }
    if (words.length === isa.wordCount) return words;
  }
  return undefined;
}

/**
 * The register field holding the opcode's low bits (OPCODE, bits 0–5) is typed with the 7-bit
 * opcode enum: mark it, when the other opcode parts exist, so wider values are not taken for errors.
 */
export function markSplitOpcode(words: Register[]): void {
  const fields = words.flatMap((w) => w.fields);
  const [low, ...high] = OPCODE_PARTS.map((p) => fields.filter((f) => f.name === p.field));
  if (high.every((h) => h.length === 0)) return;
  for (const f of low) if (f.type === "enum") f.enumLowBits = true;
}

/** Fields of the words at absolute bit positions, in word order. */
function absoluteFields(words: Register[]): Field[] {
  return words.flatMap((w, n) =>
    w.fields.map((f) => ({
      ...f,
      ranges: f.ranges.map((r) => ({ low: r.low + 32 * n, high: r.high + 32 * n })),
      ...(f.alternativeTo ? { alternativeTo: [...f.alternativeTo] } : {}),
    })),
  );
}

export function buildInstructions(
  isa: IsaInfo,
  words: Register[],
  enums: EnumDef[],
  diags: Diagnostics,
  wordsAt: SourceRef,
): Instruction[] {
  const fields = absoluteFields(words);
  const byName = (name: string) => fields.find((f) => f.name === name);
  const opcodeField = byName(OPCODE_PARTS[0].field);
  const opcodeEnum = enums.find((e) => e.name === opcodeField?.enum);
  if (!opcodeField || !opcodeEnum) {
    diags.warning(
      "no-instructions",
      `the instruction words have no '${OPCODE_PARTS[0].field}' field typed with an opcode enum; no instructions are built`,
      wordsAt,
    );
    return [];
  }
  const parts = OPCODE_PARTS.flatMap((p) => {
    const f = byName(p.field);
    return f ? [{ ...p, f }] : [];
  });
  const opcodeBits = Math.max(...parts.map((p) => p.shift + p.f.width));
  const partNames = new Set(parts.map((p) => p.field));
  const instructionFields = fields.filter((f) => !partNames.has(f.name));
  const derived = derivedFields(fields, enums);

  return opcodeEnum.values.flatMap((v): Instruction[] => {
    const name = v.name ?? `OPCODE_${v.value}`;
    if (v.value >= 2 ** opcodeBits) {
      diags.error(
        "opcode-too-wide",
        `opcode '${name}' = 0x${v.value.toString(16)} does not fit the ${opcodeBits} opcode bits (${parts.map((p) => p.field).join(", ")})`,
        v.source,
      );
      return [];
    }
    const encoding = emptyEncoding(isa.wordCount);
    for (const p of parts) {
      const bits = Math.floor(v.value / 2 ** p.shift) % 2 ** p.f.width;
      for (const r of p.f.ranges) {
        setBits(encoding.match, r.low, r.high, bits);
        encoding.mask = orWords(encoding.mask, rangeMask(isa.wordCount, r.low, r.high));
      }
    }
    return [
      {
        name,
        mnemonic: name.toLowerCase(),
        opcode: v.value,
        encoding,
        fields: instructionFields.map(cloneField),
        derived: derived.map((d) => ({ ...d })),
        overrides: [],
        operands: operandsFor(name, fields),
        modifiers: [],
        ...(v.brief !== undefined ? { brief: v.brief } : {}),
        ...(v.doc !== undefined ? { doc: v.doc } : {}),
        notes: [],
        source: v.source,
      },
    ];
  });
}

function cloneField(f: Field): Field {
  return {
    ...f,
    ranges: f.ranges.map((r) => ({ ...r })),
    ...(f.alternativeTo ? { alternativeTo: [...f.alternativeTo] } : {}),
  };
}

/** `{TYPE_BIT2} << 2 | {TYPE_BIT01}`: most significant part first. */
function expression(parts: ValuePart[]): string {
  return [...parts]
    .sort((a, b) => b.shift - a.shift)
    .map((p) => (p.shift === 0 ? `{${p.field}}` : `{${p.field}} << ${p.shift}`))
    .join(" | ");
}

function derivedFields(fields: Field[], enums: EnumDef[]): DerivedField[] {
  return DERIVED.flatMap((spec): DerivedField[] => {
    const found = spec.parts.map((p) => fields.find((f) => f.name === p.field));
    if (found.some((f) => !f)) return [];
    const width = Math.max(...spec.parts.map((p, i) => p.shift + found[i]!.width));
    const typed = spec.enum !== undefined && enums.some((e) => e.name === spec.enum);
    return [
      {
        name: spec.name,
        type: typed ? "enum" : "uint",
        ...(typed ? { enum: spec.enum } : {}),
        expr: expression(spec.parts),
        width,
        source: found[0]!.source,
      },
    ];
  });
}

function operandsFor(instruction: string, fields: Field[]): Operand[] {
  return OPERANDS.flatMap((spec): Operand[] => {
    if (spec.only && !spec.only(instruction)) return [];
    const present = spec.fields.filter((n) => fields.some((f) => f.name === n));
    const first = fields.find((f) => f.name === spec.fields[0]);
    if (!first) return [];
    return [{ name: spec.name, kind: spec.kind, fields: present, source: first.source }];
  });
}
