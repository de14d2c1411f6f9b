/**
 * The rules-ng-instructions companion checked against the document. Every name it uses must exist
 * in the document; one that does not is a `dangling-reference` at the companion and is left out.
 */
import type { Diagnostics } from "../../diagnostics";
import type { DerivedField, EnumDef, Field, IsaInfo, Operand, Register } from "../../model/types";
import type { InstructionsCompanion, Selector, ValuePart } from "./instructionsCompanion";
import type { Resolved } from "./resolve";

/**
 * The registers named as the instruction words, in word order; undefined (errors reported) unless
 * every one exists, is 32 bits wide, and there is one per 32-bit word of the instruction.
 */
export function findInstructionWords(
  isa: IsaInfo,
  companion: InstructionsCompanion,
  resolved: Resolved,
  diags: Diagnostics,
): Register[] | undefined {
  const { domain, registers } = companion.data.words;
  if (!resolved.domains.includes(domain)) {
    diags.error(
      "dangling-reference",
      `words: domain '${domain}' does not exist`,
      companion.locate(["words", "domain"]),
    );
    return undefined;
  }
  let ok = true;
  const words = registers.flatMap((name, i): Register[] => {
    const found = resolved.registers.find((r) => r.domain === domain && r.shortName === name);
    const at = companion.locate(["words", "registers", i]);
    if (!found) {
      diags.error("dangling-reference", `words: domain '${domain}' has no register '${name}'`, at);
      ok = false;
      return [];
    }
    if (found.register.width !== 32) {
      diags.error(
        "word-width",
        `words: register '${found.register.name}' is ${found.register.width} bits wide; instruction words are 32-bit registers`,
        at,
      );
      ok = false;
    }
    return [found.register];
  });
  if (registers.length !== isa.wordCount) {
    diags.error(
      "word-count",
      `words: ${registers.length} registers named, but a ${isa.instructionWidth}-bit instruction has ${isa.wordCount} 32-bit words`,
      companion.locate(["words", "registers"]),
    );
    ok = false;
  }
  return ok ? words : undefined;
}

/** A part of the opcode with the field holding it (bits absolute). */
export interface OpcodePart extends ValuePart {
  f: Field;
}

export interface Opcode {
  enum: EnumDef;
  parts: OpcodePart[];
  /** Bits of an opcode value: the highest part's shift + width. */
  bits: number;
}

/**
 * The opcode enum and the fields holding its parts. A missing enum is a dangling reference; a
 * missing part field means the document describes no instructions the companion can build.
 */
export function resolveOpcode(
  companion: InstructionsCompanion,
  fields: Field[],
  enums: EnumDef[],
  wordsAt: Field["source"],
  diags: Diagnostics,
): Opcode | undefined {
  const spec = companion.data.opcode;
  const opcodeEnum = findEnum(companion, enums, spec.enum, ["opcode", "enum"], "opcode", diags);
  const parts = spec.parts.flatMap((p, j): OpcodePart[] => {
    const f = fields.find((x) => x.name === p.field);
    if (f) return [{ ...p, f }];
    diags.warning(
      "no-instructions",
      `the instruction words have no '${p.field}' field (an opcode part); no instructions are built`,
      wordsAt,
      [
        {
          at: companion.locate(["opcode", "parts", j, "field"]),
          message: `'${p.field}' is named as an opcode part here`,
        },
      ],
    );
    return [];
  });
  if (!opcodeEnum || parts.length < spec.parts.length) return undefined;
  return { enum: opcodeEnum, parts, bits: Math.max(...parts.map((p) => p.shift + p.f.width)) };
}

/**
 * Every field holding a part of the opcode says so (`opcodePart`); the one holding the low bits of
 * a split opcode is typed with the wider opcode enum, so it is marked as holding only the values'
 * low bits (`enumLowBits`), so that wider values are not taken for errors.
 */
export function markOpcodeParts(words: Register[], companion: InstructionsCompanion): void {
  const { enum: name, parts } = companion.data.opcode;
  const fields = words.flatMap((w) => w.fields);
  for (const p of parts)
    for (const f of fields) if (f.name === p.field) f.opcodePart = { enum: name, shift: p.shift };
  const low = parts.find((p) => p.shift === 0);
  const others = parts.filter((p) => p !== low && fields.some((f) => f.name === p.field));
  if (!low || others.length === 0) return;
  for (const f of fields) {
    if (f.name === low.field && f.type === "enum" && f.enum === name) f.enumLowBits = true;
  }
}

/** The opcode's enum and part fields exist (when no instructions are built from them). */
export function checkOpcode(
  companion: InstructionsCompanion,
  words: Register[],
  enums: EnumDef[],
  diags: Diagnostics,
): void {
  const fields = words.flatMap((w) => w.fields);
  findEnum(companion, enums, companion.data.opcode.enum, ["opcode", "enum"], "opcode", diags);
  companion.data.opcode.parts.forEach((p, j) =>
    findField(companion, fields, p.field, ["opcode", "parts", j, "field"], "opcode", diags),
  );
}

/** The derived values whose parts all exist. */
export function resolveDerived(
  companion: InstructionsCompanion,
  fields: Field[],
  enums: EnumDef[],
  diags: Diagnostics,
): DerivedField[] {
  return (companion.data.derived ?? []).flatMap((spec, i): DerivedField[] => {
    const what = `derived[${i}] '${spec.name}'`;
    const found = spec.parts.map((p, j) =>
      findField(companion, fields, p.field, ["derived", i, "parts", j, "field"], what, diags),
    );
    const typed =
      spec.enum !== undefined &&
      findEnum(companion, enums, spec.enum, ["derived", i, "enum"], what, diags) !== undefined;
    if (found.some((f) => !f)) return [];
    return [
      {
        name: spec.name,
        type: typed ? "enum" : "uint",
        ...(typed ? { enum: spec.enum } : {}),
        expr: expression(spec.parts),
        width: Math.max(...spec.parts.map((p, j) => p.shift + found[j]!.width)),
        source: found[0]!.source,
      },
    ];
  });
}

/** `{TYPE_BIT2} << 2 | {TYPE_BIT01}`: most significant part first. */
function expression(parts: ValuePart[]): string {
  return [...parts]
    .sort((a, b) => b.shift - a.shift)
    .map((p) => (p.shift === 0 ? `{${p.field}}` : `{${p.field}} << ${p.shift}`))
    .join(" | ");
}

/** An operand and the instructions it belongs to. */
export interface OperandRule {
  operand: Operand;
  only?: Selector;
  except?: Selector;
}

/**
 * The operands with the fields that exist (an operand with none is left out). Selector names are
 * checked against the opcode enum, when it exists.
 */
export function resolveOperands(
  companion: InstructionsCompanion,
  fields: Field[],
  opcodeEnum: EnumDef | undefined,
  diags: Diagnostics,
): OperandRule[] {
  return (companion.data.operands ?? []).flatMap((spec, i): OperandRule[] => {
    const what = `operands[${i}] '${spec.name}'`;
    const found = spec.fields.flatMap((name, j) => {
      const f = findField(companion, fields, name, ["operands", i, "fields", j], what, diags);
      return f ? [f] : [];
    });
    if (opcodeEnum) {
      for (const side of ["only", "except"] as const) {
        const selector = spec[side];
        if (selector)
          checkSelector(companion, selector, opcodeEnum, ["operands", i, side], what, diags);
      }
    }
    if (found.length === 0) return [];
    const operand: Operand = {
      name: spec.name,
      kind: spec.kind,
      fields: found.map((f) => f.name),
      source: found[0].source,
    };
    return [
      {
        operand,
        ...(spec.only ? { only: spec.only } : {}),
        ...(spec.except ? { except: spec.except } : {}),
      },
    ];
  });
}

function checkSelector(
  companion: InstructionsCompanion,
  selector: Selector,
  opcodeEnum: EnumDef,
  at: (string | number)[],
  what: string,
  diags: Diagnostics,
): void {
  const names = opcodeEnum.values.flatMap((v) => (v.name !== undefined ? [v.name] : []));
  const side = at[at.length - 1];
  (selector.names ?? []).forEach((name, k) => {
    if (names.includes(name)) return;
    diags.error(
      "dangling-reference",
      `${what}: ${side}.names: '${name}' is not a value of enum '${opcodeEnum.name}'`,
      companion.locate([...at, "names", k]),
    );
  });
  (selector.namePrefix ?? []).forEach((prefix, k) => {
    if (names.some((n) => n.startsWith(prefix))) return;
    diags.error(
      "dangling-reference",
      `${what}: ${side}.namePrefix: no value of enum '${opcodeEnum.name}' starts with '${prefix}'`,
      companion.locate([...at, "namePrefix", k]),
    );
  });
}

function findField(
  companion: InstructionsCompanion,
  fields: Field[],
  name: string,
  at: (string | number)[],
  what: string,
  diags: Diagnostics,
): Field | undefined {
  const f = fields.find((x) => x.name === name);
  if (!f) {
    diags.error(
      "dangling-reference",
      `${what}: the instruction words have no field '${name}'`,
      companion.locate(at),
    );
  }
  return f;
}

function findEnum(
  companion: InstructionsCompanion,
  enums: EnumDef[],
  name: string,
  at: (string | number)[],
  what: string,
  diags: Diagnostics,
): EnumDef | undefined {
  const e = enums.find((x) => x.name === name);
  if (!e) {
    diags.error(
      "dangling-reference",
      `${what}: enum '${name}' does not exist`,
      companion.locate(at),
    );
  }
  return e;
}
