/**
 * Reader for Mesa's Bifrost ISA.xml (root `<bifrost>`): every FMA and ADD instruction as the states
 * Mesa's generated disassembler decodes, plus the clause framing of the `bifrost-clauses` companion.
 * The states form the model's `clauseIsa`; the slot words have no fields of their own outside it.
 */
import type { SlotState } from "../model/types";
import { readClauseFormat } from "./bifrostIsa/clauseFormat";
import { readSlotInstruction } from "./bifrostIsa/slotStates";
import type { ModelPart, ReaderContext } from "./readerTypes";
import { singleCompanion } from "./singleCompanion";
import { elements, locateElement, parseXml } from "./xml";

export function readBifrostIsa(ctx: ReaderContext): ModelPart {
  const units = new Map((ctx.isa.units ?? []).map((u) => [u.name.toLowerCase(), u.width]));
  const slotStates: SlotState[] = [];
  for (const doc of ctx.documents) {
    const root = parseXml(doc.recovered, ctx.diags);
    if (!root) continue;
    if (root.name !== "bifrost") {
      ctx.diags.error(
        "unknown-element",
        `the root element is <${root.name}>; Mesa's Bifrost ISA.xml has <bifrost>`,
        locateElement(doc.recovered, root),
      );
      continue;
    }
    // Mesa reads only the root's direct <ins> children.
    for (const el of elements(root)) {
      if (el.name !== "ins") {
        ctx.diags.error(
          "unknown-element",
          `unknown element <${el.name}> in <bifrost>; only <ins> is read`,
          locateElement(doc.recovered, el),
        );
        continue;
      }
      slotStates.push(...readSlotInstruction({ doc: doc.recovered, diags: ctx.diags, units }, el));
    }
  }
  const companion = singleCompanion(ctx.companions, "bifrost-clauses", ctx.diags);
  if (!companion && !ctx.failedCompanions?.includes("bifrost-clauses"))
    ctx.diags.error(
      "missing-companion",
      "a Bifrost ISA.xml needs a bifrost-clauses companion: the clause framing is not in the document",
      ctx.isa.source,
    );
  const clauseFormat = companion ? readClauseFormat(companion, ctx.diags) : undefined;
  return { clauseIsa: { slotStates, ...(clauseFormat ? { clauseFormat } : {}) } };
}
