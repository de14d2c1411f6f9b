/** The index of the manuals, `docs/README.md`: one row per ISA linking its manual. */
import type { IsaModel } from "../../model/types";
import { manualFile } from "./manualLinks";
import { escapeInline, link } from "./markdownText";

export interface ReadmeView {
  manuals: {
    link: string;
    title: string;
    vendor: string;
    instructions: string;
    enums: string;
    notes: string;
  }[];
}

export function readmeView(models: IsaModel[]): ReadmeView {
  return {
    manuals: models.map((m) => ({
      link: link(escapeInline(m.isa.id), manualFile(m.isa.id)),
      title: escapeInline(m.isa.title),
      vendor: escapeInline(m.isa.vendor),
      instructions: String(m.instructions.length),
      enums: String(m.enums.length),
      notes: String(m.notes.length),
    })),
  };
}
