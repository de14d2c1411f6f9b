/**
 * The decoder panel of an ISA page, as template data: the panel's markup (templates/site/
 * decoder-panel.html.hbs) and the page's codec script (templates/site/codec.js.hbs), which carries
 * the codec this build generated, compiled to JavaScript, and what the panel draws beside the text:
 * each instruction's section anchor and the boxes of its encoding (fields, fixed and don't-care
 * bits), from the same layout as the manuals' diagrams. Nothing here depends on a particular ISA.
 */
import { jsonLines } from "../codec/jsonLines";
import type { Instruction, IsaModel } from "../../model/types";
import { bitBoxes, type BitBox } from "../manual/bitLayout";
import { fieldItems } from "../manual/encodingView";
import type { ManualInstruction } from "../manual/manualView";

/** Where the panel sits (`#decoder`) and what the page's table of contents calls it. */
export const DECODER_HEADING = { id: "decoder", text: "Decode and encode" };

export interface DecoderPanelView {
  isa: string;
  title: string;
  /** The page's codec script. */
  script: string;
  /** `0x00000000 0x00000000`: as many words as an instruction has. */
  placeholder: string;
  /**
   * The generations where decoding can change (an instruction's range starts or ends), the
   * example's selected; null where there is no choice to make (no generations, or one).
   */
  gpus: { value: number; selected: boolean }[] | null;
  /**
   * What the panel shows when it opens: the words of a real instruction's example in the manual,
   * which the script decodes on load; null for an ISA whose manual has no example.
   */
  example: { words: string; instruction: string } | null;
}

/** A box as the panel script reads it: `[word, layer, high, low, kind, text, field]`. */
type BoxRow = [number, number, number, number, string, string, string | null];

export interface CodecScriptView {
  isa: string;
  /** The codec as a CommonJS module body. */
  js: string;
  /**
   * Instruction name → [anchor of its section, index into `layouts`]; on the site, whose
   * instructions each have a page named by that anchor, the page's name.
   */
  instructions: Record<string, [string, number]>;
  /** Distinct encodings' boxes; instructions of one format share theirs. */
  layouts: BoxRow[][];
  /** The two tables as JS literals with short lines, for the script. */
  instructionsJs: string;
  layoutsJs: string;
}

export function codecScriptFile(isa: string): string {
  return `${isa}-codec.js`;
}

function generations(model: IsaModel): number[] | null {
  const gens = new Set<number>();
  for (const ins of model.instructions) {
    if (!ins.gen) continue;
    gens.add(ins.gen.min);
    if (ins.gen.max < 0xffffffff) gens.add(ins.gen.max + 1);
  }
  // One boundary (etnaviv's generation 0, from which every instruction exists) chooses nothing.
  return gens.size > 1 ? [...gens].sort((a, b) => a - b) : null;
}

const bitOf = (words: number[], bit: number) => ((words[bit >>> 5] ?? 0) >>> (bit & 31)) & 1;

/** Fixed bits without their values (the panel shows the words' own bits), don't-care ones as `x`. */
function liveBoxes(model: IsaModel, ins: Instruction): BitBox[] {
  const { mask, dontCare } = ins.encoding;
  return bitBoxes(model.isa.instructionWidth, fieldItems(ins.fields), (b) =>
    !bitOf(mask, b) ? undefined : bitOf(dontCare, b) ? "x" : "0",
  );
}

/** `0x00000000 0x…`: words as the panel's input takes them, word 0 first. */
export function wordsText(words: readonly number[]): string {
  return words.map((w) => `0x${(w >>> 0).toString(16).padStart(8, "0")}`).join(" ");
}

/**
 * The example the panel opens with: that of the instruction with the most fields (the first such
 * in model order), whose decoding shows the most of what the panel draws.
 */
function panelExample(
  model: IsaModel,
  manual: readonly ManualInstruction[],
): { index: number; example: NonNullable<ManualInstruction["example"]> } | null {
  let best: number | undefined;
  manual.forEach(({ example }, i) => {
    const fields = (j: number) => model.instructions[j].fields.length;
    if (example && (best === undefined || fields(i) > fields(best))) best = i;
  });
  return best === undefined ? null : { index: best, example: manual[best].example! };
}

export function decoderPanelView(
  model: IsaModel,
  manual: readonly ManualInstruction[],
): DecoderPanelView {
  const example = panelExample(model, manual);
  const gpu = example?.example.gpu;
  return {
    isa: model.isa.id,
    title: model.isa.title,
    script: codecScriptFile(model.isa.id),
    placeholder: Array.from({ length: model.isa.wordCount }, () => "0x00000000").join(" "),
    gpus: generations(model)?.map((value) => ({ value, selected: value === gpu })) ?? null,
    example: example && {
      words: wordsText(example.example.words),
      instruction: model.instructions[example.index].name,
    },
  };
}

/**
 * What an instruction's boxes are made of (its fields' names and bits, its mask and don't-care
 * bits): instructions of one format share it, so their boxes are drawn once.
 */
function boxesKey(ins: Instruction): string {
  const fields = ins.fields.map(
    (f) => `${f.name}:${f.ranges.map((r) => `${r.high}-${r.low}`).join(",")}`,
  );
  return `${ins.encoding.mask.join()}|${ins.encoding.dontCare.join()}|${fields.join(";")}`;
}

export function codecScriptView(
  model: IsaModel,
  manual: ManualInstruction[],
  js: string,
): CodecScriptView {
  const layouts: BoxRow[][] = [];
  const layoutIndex = new Map<string, number>();
  const indexByBoxesKey = new Map<string, number>();
  const instructions: Record<string, [string, number]> = {};
  model.instructions.forEach((ins, i) => {
    const boxes = boxesKey(ins);
    let index = indexByBoxesKey.get(boxes);
    if (index === undefined) {
      const rows = liveBoxes(model, ins).map((b): BoxRow => [
        b.word,
        b.layer,
        b.high,
        b.low,
        b.kind,
        b.text,
        b.item ?? null,
      ]);
      // Different fields can still draw the same boxes (a field order that places them alike).
      const key = JSON.stringify(rows);
      index = layoutIndex.get(key);
      if (index === undefined) {
        index = layouts.push(rows) - 1;
        layoutIndex.set(key, index);
      }
      indexByBoxesKey.set(boxes, index);
    }
    instructions[ins.name] = [manual[i].anchor, index];
  });
  return {
    isa: model.isa.id,
    js,
    instructions,
    layouts,
    instructionsJs: jsonLines(instructions, 100, "    "),
    layoutsJs: jsonLines(layouts, 100, "    "),
  };
}
