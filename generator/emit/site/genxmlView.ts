/**
 * The genxml panel of a genxml spec's page (templates/site/genxml-panel.html.hbs and
 * generator/runtime/site/genxml.ts) and its scripts, one per document, so that a page loads one
 * document's (its default's) and the others only when chosen. Intel: the decoder's view of a gen
 * (generator/readers/genxmlIntel/runtimeView.ts, what `isaforge genxml-decode` decodes with) as
 * JSON. Panfrost: the document's generated decoder module (genxmlPanfrost/decoderModule.ts),
 * compiled.
 */
import { Diagnostics } from "../../diagnostics";
import type { IsaModel } from "../../model/types";
import { chainsOfDocuments } from "../../readers/genxmlIntel/loadChain";
import { decoderSpec } from "../../readers/genxmlIntel/runtimeView";
import type { GenxmlTable } from "../../runtime/site/genxmlTable";
import { intelDocuments, intelDocumentStem, intelHistories } from "../manual/genxmlIntelHistory";
import { genxmlDocumentStem } from "../emitGenxmlPanfrost";
import { panfrostDecoderModule } from "../genxmlPanfrost/decoderModule";
import { compileGeneratedCodec } from "../manual/loadGeneratedCodec";
import { manualOutline } from "../manual/outline";

/** Where the panel sits and what the page's table of contents calls it. */
export const GENXML_HEADING = { id: "genxml-decoder", text: "Decode a command or structure" };

export interface GenxmlPanelView {
  id: string;
  title: string;
  /** Intel's documents hold command streams to walk; Panfrost's hold descriptors only. */
  intel: boolean;
  /** Every gen, its table's script; the default one selected (the page loads its script). */
  gens: { stem: string; script: string; selected: boolean }[];
  /** The default gen's table script. */
  tableScript: string;
  script: string;
}

/**
 * One document's script: an Intel gen's table (templates/site/genxml-table.js.hbs) or a Panfrost
 * document's compiled decoder module (templates/site/genxml-module.js.hbs).
 */
export type GenxmlTableView = {
  file: string;
  /** `spec/document`, the key in window.isaforgeGenxmlTables or isaforgeGenxmlModules. */
  key: string;
} & ({ json: string } | { document: string; js: string; sections: Record<string, string> });

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

interface DocumentScript {
  stem: string;
  /** How many items it decodes: the default document is the one with the most. */
  size: number;
  view: GenxmlTableView;
}

/** The panel and the scripts of a spec of genxml documents, or null for another spec. */
export function genxmlSite(
  model: IsaModel,
): { panel: GenxmlPanelView; tables: GenxmlTableView[] } | null {
  const intel = intelDocuments(model).length > 0;
  const tables = intel ? intelScripts(model) : panfrostScripts(model);
  if (tables.length === 0) return null;
  // The default: the latest document of those with the most items.
  const largest = tables.reduce((best, t) => (t.size >= best.size ? t : best), tables[0]);
  return {
    panel: {
      id: model.isa.id,
      title: model.isa.title,
      intel,
      gens: tables.map((t) => ({ stem: t.stem, script: t.view.file, selected: t === largest })),
      tableScript: largest.view.file,
      script: GENXML_SCRIPT,
    },
    tables: tables.map((t) => t.view),
  };
}

function intelScripts(model: IsaModel): DocumentScript[] {
  const docs = intelDocuments(model);
  const id = model.isa.id;
  // The model is valid: its chains are whole (the reader reported any broken import).
  const chains = chainsOfDocuments(docs, new Diagnostics());
  const anchors = sections(model);
  return docs.flatMap((doc): DocumentScript[] => {
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
    const json = JSON.stringify(table);
    const view = { file: genxmlTableFile(id, stem), key: `${id}/${stem}`, json };
    return [{ stem, size: names.length, view }];
  });
}

/** Each Panfrost document with descriptors to decode: its decoder module, compiled. */
function panfrostScripts(model: IsaModel): DocumentScript[] {
  const outline = manualOutline(model).genxmlPanfrost?.structs;
  const anchors = new Map(outline?.names.map((n, i) => [n, outline.items[i].anchor]) ?? []);
  const id = model.isa.id;
  return (model.genxml ?? []).flatMap((doc): DocumentScript[] => {
    if (doc.dialect !== "panfrost") return [];
    const structs = doc.items.filter((i) => i.kind === "struct" && !i.noDirectPacking);
    if (structs.length === 0) return [];
    const stem = genxmlDocumentStem(doc.file);
    const file = genxmlTableFile(id, stem);
    const js = compileGeneratedCodec(panfrostDecoderModule(doc), `${stem}.ts`);
    const sections = Object.fromEntries(
      structs.flatMap((s) => (anchors.has(s.name) ? [[s.name, anchors.get(s.name)!]] : [])),
    );
    const view = { file, key: `${id}/${stem}`, document: doc.file, js, sections };
    return [{ stem, size: structs.length, view }];
  });
}
