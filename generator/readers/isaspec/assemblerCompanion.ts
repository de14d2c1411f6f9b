/**
 * The `isaspec-assembler` companion: values the upstream assembler's parser gives fields its text
 * leaves open (Mesa's ir3_parser.y sets `cat5.type = TYPE_F32` for `dsxpp.1`, which prints no
 * type), added to the instructions' `implicit` values after the constant `<encode>` maps.
 */
import type { Diagnostics } from "../../diagnostics";
import type { AssemblerText, Instruction, SourceRef } from "../../model/types";
import type { LoadedCompanion } from "../readerTypes";

interface TextRules {
  integers?: { spelling: "c"; why: string };
  respellings?: { pattern: string; replacement: string; why: string }[];
  flagOrder?: { order: string[]; why: string };
  integerMasks?: { pattern: string; bits: number; why: string }[];
  halfBits?: { pattern: string; why: string };
  floatBits?: { pattern: string; why: string };
  enumIntegers?: { pattern: string; enum: string; why: string; lossy?: boolean }[];
}

/** The companion's `text` rules: spellings the assembler reads besides the disassembler's text. */
export function assemblerText(
  companion: LoadedCompanion,
  diags: Diagnostics,
): AssemblerText | undefined {
  const text = (companion.data as { text?: TextRules }).text;
  if (!text) return undefined;
  const out: AssemblerText = {};
  if (text.integers)
    out.integers = { ...text.integers, source: companion.locate(["text", "integers"]) };
  const halfBits = text.halfBits
    ? withPattern(companion, ["text", "halfBits"], text.halfBits, diags)
    : undefined;
  if (halfBits) out.halfBits = halfBits;
  const floatBits = text.floatBits
    ? withPattern(companion, ["text", "floatBits"], text.floatBits, diags)
    : undefined;
  if (floatBits) out.floatBits = floatBits;
  if (text.flagOrder)
    out.flagOrder = { ...text.flagOrder, source: companion.locate(["text", "flagOrder"]) };
  const respellings = withPatterns(companion, "respellings", text.respellings, diags);
  if (respellings.length) out.respellings = respellings;
  const integerMasks = withPatterns(companion, "integerMasks", text.integerMasks, diags);
  if (integerMasks.length) out.integerMasks = integerMasks;
  const enumIntegers = withPatterns(companion, "enumIntegers", text.enumIntegers, diags);
  if (enumIntegers.length) out.enumIntegers = enumIntegers;
  return out;
}

/** The rule at `path`, located, if its `pattern` is a regular expression (else an error there). */
function withPattern<T extends { pattern: string }>(
  companion: LoadedCompanion,
  path: (string | number)[],
  rule: T,
  diags: Diagnostics,
): (T & { source: SourceRef }) | undefined {
  try {
    new RegExp(rule.pattern, "g");
    return { ...rule, source: companion.locate(path) };
  } catch (e) {
    diags.error(
      "bad-pattern",
      `not a regular expression: ${(e as Error).message}`,
      companion.locate([...path, "pattern"]),
    );
    return undefined;
  }
}

/** The rules of a list whose patterns are regular expressions. */
function withPatterns<T extends { pattern: string }>(
  companion: LoadedCompanion,
  key: "respellings" | "integerMasks" | "enumIntegers",
  rules: T[] | undefined,
  diags: Diagnostics,
): (T & { source: SourceRef })[] {
  return (rules ?? []).flatMap((r, i) => withPattern(companion, ["text", key, i], r, diags) ?? []);
}

interface Rule {
  instructions: string[];
  field: string;
  value: number;
  why: string;
  always?: boolean;
}

export function applyAssemblerCompanion(
  companion: LoadedCompanion,
  instructions: Instruction[],
  diags: Diagnostics,
): void {
  const byName = new Map(instructions.map((i) => [i.name, i]));
  const rules = (companion.data as { implicit: Rule[] }).implicit;
  rules.forEach((rule, r) => {
    rule.instructions.forEach((name, n) => {
      const ins = byName.get(name);
      const at = companion.locate(["implicit", r, "instructions", n]);
      if (!ins) return diags.error("unknown-instruction", `no instruction '${name}'`, at);
      const field = ins.fields.find((f) => f.name === rule.field);
      if (!field)
        return diags.error(
          "unknown-field",
          `instruction '${name}' has no field '${rule.field}'`,
          companion.locate(["implicit", r, "field"]),
        );
      if (rule.value >= 2 ** field.width)
        return diags.error(
          "value-range",
          `${rule.value} does not fit field '${rule.field}' of '${name}' (${field.width} bits)`,
          companion.locate(["implicit", r, "value"]),
        );
      const implicit = (ins.implicit ??= []).filter((v) => v.field !== rule.field);
      implicit.push({
        field: rule.field,
        value: rule.value,
        why: rule.why,
        ...(rule.always ? { always: true } : {}),
        source: companion.locate(["implicit", r]),
      });
      ins.implicit = implicit;
    });
  });
}
