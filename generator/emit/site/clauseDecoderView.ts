/**
 * The decoder panel of a clause ISA's page (Bifrost), as template data: the panel's markup
 * (templates/site/clause-decoder-panel.html.hbs) and the page's codec script
 * (templates/site/clause-codec.js.hbs), which carries the codec this build generated, compiled to
 * JavaScript, and the section of each slot instruction, which the panel links a decoded word to.
 */
import type { IsaModel } from "../../model/types";
import { jsonLines } from "../codec/jsonLines";
import { manualOutline } from "../manual/outline";
import { codecScriptFile } from "./decoderView";

/** Where the panel sits (`#clause-decoder`) and what the page's table of contents calls it. */
export const CLAUSE_DECODER_HEADING = { id: "clause-decoder", text: "Decode and assemble clauses" };

export interface ClauseDecoderPanelView {
  isa: string;
  title: string;
  /** The page's codec script. */
  script: string;
}

export interface ClauseCodecScriptView {
  isa: string;
  /** The codec as a CommonJS module body. */
  js: string;
  /** Slot instruction mnemonic → the anchor of its section (on the site: its page's, see siteView). */
  instructions: Record<string, string>;
  /** `instructions` as a JS literal with short lines, for the script. */
  instructionsJs: string;
}

export function clauseDecoderPanelView(model: IsaModel): ClauseDecoderPanelView {
  return { isa: model.isa.id, title: model.isa.title, script: codecScriptFile(model.isa.id) };
}

export function clauseCodecScriptView(model: IsaModel, js: string): ClauseCodecScriptView {
  const slots = manualOutline(model).slotInstructions;
  const instructions = Object.fromEntries(
    (slots?.mnemonics ?? []).map((m, i) => [m, slots!.items[i].anchor]),
  );
  return {
    isa: model.isa.id,
    js,
    instructions,
    instructionsJs: jsonLines(instructions, 100, "    "),
  };
}

/** The script with each instruction's anchor replaced by where the site shows it. */
export function withInstructionPages(
  script: ClauseCodecScriptView,
  pageOf: (anchor: string) => string,
): ClauseCodecScriptView {
  const instructions = Object.fromEntries(
    Object.entries(script.instructions).map(([m, anchor]) => [m, pageOf(anchor)]),
  );
  return { ...script, instructions, instructionsJs: jsonLines(instructions, 100, "    ") };
}
