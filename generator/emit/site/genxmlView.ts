/**
 * The genxml panel of an Intel genxml spec's page (templates/site/genxml-panel.html.hbs and
 * generator/runtime/site/genxml.ts) and its tables: per document (gen), the decoder's view of it
 * (generator/readers/genxmlIntel/runtimeView.ts, what `isaforge genxml-decode` decodes with) as
 * JSON, one script each, so that a page loads one gen's table (its default's) and the others only
 * when chosen.
 */
import { Diagnostics } from "../../diagnostics";
import type { IsaModel } from "../../model/types";
import { chainsOfDocuments } from "../../readers/genxmlIntel/loadChain";
import { decoderSpec } from "../../readers/genxmlIntel/runtimeView";
import type { GenxmlTable } from "../../runtime/site/genxmlTable";
import { intelDocuments, intelDocumentStem, intelHistories } from "../manual/genxmlIntelHistory";
import { manualOutline } from "../manual/outline";

/** Where the panel sits and what the page's table of contents calls it. */
export const GENXML_HEADING = { id: "genxml-decoder", text: "Decode a command or structure" };

export interface GenxmlPanelView {
  id: string;
  title: string;
  /** Every gen, its table's script; the default one selected (the page loads its script). */
  gens: { stem: string; script: string; selected: boolean }[];
  /** The default gen's table script. */
  tableScript: string;
  script: string;
}

/** One gen's table script (templates/site/genxml-table.js.hbs). */
export interface GenxmlTableView {
  file: string;
  /** `spec/gen`, the key in window.isaforgeGenxmlTables. */
  key: string;
  json: string;
}

export const GENXML_SCRIPT = "genxml.js";

export function genxmlTableFile(id: string, stem: string): string {
  return `${id}-genxml-${stem}.js`;
}

/** Sections whose anchor is not the name in lower case, keyed as the panel looks them up. */
function sections(model: IsaModel): Map<string, string> {
  const outline = manualOutline(model).genxmlIntel;
  const histories = intelHistories(model);
  const out = new Map<string, string>();
  const kinds = [
    ["instructions", "instruction"],
    ["structs", "struct"],
    ["registers", "register"],
  ] as const;
  for (const [chapter, kind] of kinds)
    outline?.[chapter]?.items.forEach((h, i) => {
      const name = histories![chapter][i].name;
      if (h.anchor !== name.toLowerCase()) out.set(`${kind}:${name}`, h.anchor);
    });
  return out;
}

/** The panel and the tables of a spec of Intel genxml documents, or null for another spec. */
export function genxmlSite(
  model: IsaModel,
): { panel: GenxmlPanelView; tables: GenxmlTableView[] } | null {
  const docs = intelDocuments(model);
  if (docs.length === 0) return null;
  const id = model.isa.id;
  // The model is valid: its chains are whole (the reader reported any broken import).
  const chains = chainsOfDocuments(docs, new Diagnostics());
  const anchors = sections(model);
  const tables = docs.flatMap((doc) => {
    const chain = chains.get(doc);
    if (!chain) return [];
    const spec = decoderSpec(chain);
    const names = [
      ...Object.keys(spec.instructions).map((n) => `instruction:${n}`),
      ...Object.keys(spec.structs).map((n) => `struct:${n}`),
      ...Object.keys(spec.registers).map((n) => `register:${n}`),
    ];
    const table: GenxmlTable = {
      spec,
      sections: Object.fromEntries(
        names.flatMap((k) => (anchors.has(k) ? [[k, anchors.get(k)!]] : [])),
      ),
    };
    const stem = intelDocumentStem(doc.file);
    const size = names.length;
    return [
      {
        stem,
        size,
        view: {
          file: genxmlTableFile(id, stem),
          key: `${id}/${stem}`,
          json: JSON.stringify(table),
        },
      },
    ];
  });
  // The default: the gen with the most items (the latest, in Mesa's documents).
  const largest = tables.reduce((best, t) => (t.size >= best.size ? t : best), tables[0]);
  return {
    panel: {
      id,
      title: model.isa.title,
      gens: tables.map((t) => ({ stem: t.stem, script: t.view.file, selected: t === largest })),
      tableScript: largest.view.file,
      script: GENXML_SCRIPT,
    },
    tables: tables.map((t) => t.view),
  };
}
