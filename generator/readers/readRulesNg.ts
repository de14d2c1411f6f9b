/**
 * Reader for rules-ng (envytools rnn) documents: enums, bitsets and registers from the document;
 * instructions from the registers laid out by the ISA's rules-ng-instructions companion (which
 * words, opcode, derived values, operands, overlapping fields), since rules-ng cannot say how
 * registers form instructions. Steps: collect declarations (following imports) → resolve types →
 * apply the companion. A companion with `buildInstructions: false` only lays the registers out as
 * the instruction words (another document of the ISA gives the instructions: etnaviv's isaspec).
 */
import type { Register } from "../model/types";
import type { ModelPart, ReaderContext } from "./readerTypes";
import { applyAlternatives } from "./rulesNg/alternatives";
import { collectDocuments } from "./rulesNg/collect";
import { buildInstructions } from "./rulesNg/instructions";
import { findInstructionsCompanion, INSTRUCTIONS_KIND } from "./rulesNg/instructionsCompanion";
import { checkOpcode, findInstructionWords, markOpcodeParts } from "./rulesNg/layout";
import { resolveDefinitions } from "./rulesNg/resolve";

export function readRulesNg(ctx: ReaderContext): ModelPart {
  const xmlErrorsBefore = ctx.diags.items.filter((d) => d.code === "xml-syntax").length;
  const collected = collectDocuments(ctx.documents, ctx.diags);
  const resolved = resolveDefinitions(collected, ctx.diags);
  const registers = resolved.registers.map((r) => r.register);
  const definitions = { enums: resolved.enums, bitsets: resolved.bitsets };
  // A document that did not parse was reported; checking companions against what is missing would
  // only repeat it.
  if (ctx.diags.items.filter((d) => d.code === "xml-syntax").length > xmlErrorsBefore)
    return { ...definitions, registers };

  const companion = findInstructionsCompanion(ctx.companions, ctx.diags);
  if (!companion) {
    const first = ctx.documents[0];
    // A companion that failed to load was reported already.
    if (first && !ctx.failedCompanions?.includes(INSTRUCTIONS_KIND)) {
      ctx.diags.warning(
        "no-instructions",
        `no ${INSTRUCTIONS_KIND} companion is given, so nothing says how the registers form instructions; no instructions are built`,
        first.recovered.locate(0),
      );
    }
    return { ...definitions, registers };
  }
  applyAlternatives(companion, registers, ctx.diags);
  const words = findInstructionWords(ctx.isa, companion, resolved, ctx.diags);
  if (!words) return { ...definitions, registers };
  markOpcodeParts(words, companion);
  if (companion.data.buildInstructions === false) {
    checkOpcode(companion, words, resolved.enums, ctx.diags);
    return { ...definitions, registers: numberWords(registers, words) };
  }
  const instructions = buildInstructions(ctx.isa, words, companion, resolved.enums, ctx.diags);
  return { ...definitions, registers: numberWords(registers, words), instructions };
}

/** Registers in model property order, the instruction words numbered. */
function numberWords(registers: Register[], words: Register[]): Register[] {
  return registers.map((r) => {
    const word = words.indexOf(r);
    if (word < 0) return r;
    const { name, width, offset, fields, reserved, ...rest } = r;
    return { name, width, offset, instructionWord: word, fields, reserved, ...rest };
  });
}
