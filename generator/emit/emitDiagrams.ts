/** The SVG bit-field diagrams of the manuals, from templates/docs/bit-field.svg.hbs. */
import type { IsaModel } from "../model/types";
import { bitFieldSvgView, diagramPath, type BitFieldSvgView } from "./diagram/bitFieldSvg";
import {
  clauseFormatDiagrams,
  clauseFormatSvgView,
  slotStateDiagramPath,
  slotStateSvgView,
} from "./diagram/clauseIsaDiagrams";
import {
  intelLayoutSvgView,
  layoutDiagramName,
  panfrostLayoutSvgView,
} from "./diagram/genxmlDiagram";
import { slotWidth } from "./manual/clauseLayouts";
import { intelHistories } from "./manual/genxmlIntelHistory";
import { structLayouts } from "./manual/genxmlPanfrostView";
import { manualOutline } from "./manual/outline";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

const svgFile = (path: string, view: BitFieldSvgView): OutputFile => ({
  path: `docs/${path}`,
  content: renderTemplate("docs/bit-field.svg.hbs", view),
});

/**
 * The SVG bit-field diagrams the manuals show, one per instruction, named by the anchor of its
 * section (`docs/svg/<id>/<anchor>.svg`); for a clause ISA one per slot state and the clause
 * format's; for genxml one per layout of each item. An emitter of their own: they need no example, so the build's worker thread renders
 * them beside the manuals.
 */
export function emitDiagrams(models: IsaModel[]): OutputFile[] {
  return models.flatMap((model) => {
    const outline = manualOutline(model);
    const anchors = outline.instructions?.items ?? [];
    const files = [
      ...model.instructions.map((ins, i) => ({
        name: anchors[i].anchor,
        view: bitFieldSvgView(model, ins),
      })),
      ...genxmlDiagrams(model),
    ].map(({ name, view }) => svgFile(diagramPath(model.isa.id, name), view));
    const clauseIsa = model.clauseIsa;
    if (!clauseIsa) return files;
    const slots = outline.slotInstructions;
    slots?.mnemonics.forEach((mnemonic, i) => {
      const states = clauseIsa.slotStates.filter((s) => s.mnemonic === mnemonic);
      for (const s of states)
        files.push(
          svgFile(
            slotStateDiagramPath(model.isa.id, slots.items[i].anchor, s, states.length),
            slotStateSvgView(s, slotWidth(model, s)),
          ),
        );
    });
    if (outline.clauseFormat && clauseIsa.clauseFormat)
      for (const d of clauseFormatDiagrams(model, clauseIsa.clauseFormat))
        files.push(svgFile(d.path, clauseFormatSvgView(d)));
    return files;
  });
}

/** One diagram per layout of each genxml item the manual draws (genxmlDiagram.ts). */
function genxmlDiagrams(model: IsaModel): { name: string; view: BitFieldSvgView }[] {
  const outline = manualOutline(model);
  const out: { name: string; view: BitFieldSvgView }[] = [];
  const intel = intelHistories(model);
  for (const kind of ["instructions", "structs", "registers"] as const) {
    const chapter = outline.genxmlIntel?.[kind];
    if (!intel || !chapter) continue;
    intel[kind].forEach((h, i) =>
      h.runs.forEach((run, k) =>
        out.push({
          name: layoutDiagramName(chapter.items[i].anchor, k),
          view: intelLayoutSvgView(run.item),
        }),
      ),
    );
  }
  const panfrost = outline.genxmlPanfrost?.structs;
  if (panfrost) {
    const docs = (model.genxml ?? []).filter((d) => d.dialect === "panfrost");
    panfrost.names.forEach((name, i) =>
      structLayouts(docs, name).forEach((l, k) =>
        out.push({
          name: layoutDiagramName(panfrost.items[i].anchor, k),
          view: panfrostLayoutSvgView(l.item),
        }),
      ),
    );
  }
  return out;
}
