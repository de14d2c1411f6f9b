/** The SVG bit-field diagrams of the manuals, from templates/docs/bit-field.svg.hbs. */
import type { IsaModel } from "../model/types";
import { bitFieldSvgView, diagramPath } from "./diagram/bitFieldSvg";
import { manualOutline } from "./manual/outline";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

/**
 * The SVG bit-field diagrams the manuals show, one per instruction, named by the anchor of its
 * section (`docs/svg/<id>/<anchor>.svg`). An emitter of their own: they need no example, so the
 * build's worker thread renders them beside the manuals.
 */
export function emitDiagrams(models: IsaModel[]): OutputFile[] {
  return models.flatMap((model) => {
    const anchors = manualOutline(model).instructions?.items ?? [];
    return model.instructions.map((ins, i) => ({
      path: `docs/${diagramPath(model.isa.id, anchors[i].anchor)}`,
      content: renderTemplate("docs/bit-field.svg.hbs", bitFieldSvgView(model, ins)),
    }));
  });
}
