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
  halfBits?: { why: string };
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
  if (text.halfBits)
    out.halfBits = { ...text.halfBits, source: companion.locate(["text", "halfBits"]) };
  if (text.flagOrder)
    out.flagOrder = { ...text.flagOrder, source: companion.locate(["text", "flagOrder"]) };
  const respellings = withPatterns(companion, "respellings", text.respellings, diags);
  if (respellings.length) out.respellings = respellings;
  const integerMasks = withPatterns(companion, "integerMasks", text.integerMasks, diags);
  if (integerMasks.length) out.integerMasks = integerMasks;
  return out;
}

/** The rules whose `pattern` is a regular expression, located; an error at each other one. */
function withPatterns<T extends { pattern: string }>(
  companion: LoadedCompanion,
  key: "respellings" | "integerMasks",
  rules: T[] | undefined,
  diags: Diagnostics,
): (T & { source: SourceRef })[] {
  const out: (T & { source: SourceRef })[] = [];
  (rules ?? []).forEach((r, i) => {
    try {
      new RegExp(r.pattern, "g");
      out.push({ ...r, source: companion.locate(["text", key, i]) });
    } catch (e) {
      diags.error(
        "bad-pattern",
        `not a regular expression: ${(e as Error).message}`,
        companion.locate(["text", key, i, "pattern"]),
      );
    }
  });
  return out;
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
