/**
 * Reader for rules-ng (envytools rnn) documents, as etnaviv's `isa.xml` uses it: enums, bitsets,
 * registers (the instruction words) and the instructions built from the opcode table.
 * Steps: collect declarations (following imports) → resolve types → apply the alternatives
 * companion → build instructions.
 */
import type { ModelPart, ReaderContext } from "./readerTypes";
import { applyAlternatives } from "./rulesNg/alternatives";
import { collectDocuments } from "./rulesNg/collect";
import { buildInstructions, findInstructionWords, markSplitOpcode } from "./rulesNg/instructions";
import { resolveDefinitions } from "./rulesNg/resolve";

export function readRulesNg(ctx: ReaderContext): ModelPart {
  const collected = collectDocuments(ctx.documents, ctx.diags);
  const resolved = resolveDefinitions(collected, ctx.diags);
  const registers = resolved.registers.map((r) => r.register);
  applyAlternatives(ctx.companions, registers, ctx.diags);

  const words = findInstructionWords(ctx.isa, resolved.registers);
  if (!words) {
    const first = ctx.documents[0];
    if (first) {
      ctx.diags.warning(
        "no-instructions",
        `no domain holds ${ctx.isa.wordCount} reg32 instruction words at byte offsets 0, 4, …; no instructions are built`,
        first.recovered.locate(0),
      );
    }
    return { enums: resolved.enums, bitsets: resolved.bitsets, registers };
  }
  markSplitOpcode(words);
  const instructions = buildInstructions(
    ctx.isa,
    words,
    resolved.enums,
    ctx.diags,
    words[0].source,
  );
  // Registers in model property order, the instruction words numbered.
  const numbered = registers.map((r) => {
    const word = words.indexOf(r);
    if (word < 0) return r;
    const { name, width, offset, fields, reserved, ...rest } = r;
    return { name, width, offset, instructionWord: word, fields, reserved, ...rest };
  });
  return { enums: resolved.enums, bitsets: resolved.bitsets, registers: numbered, instructions };
}
