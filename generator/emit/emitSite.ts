/**
 * The static documentation site, `site/`: the Markdown manuals as HTML pages (`index.html` from
 * docs/README.md, `<id>.html` per ISA) with navigation, a client-side search over instructions,
 * registers, fields and enums, a decoder panel on pages of ISAs with instructions and a register
 * panel on pages of register databases, from templates/site/ (the panels' and the search's scripts
 * from generator/runtime/site/, siteScript.ts). It renders the manuals' own Markdown, so the site
 * and GitHub show the same text and the same anchors.
 */
import type { IsaModel } from "../model/types";
import { renderManuals, type RenderedManuals } from "./emitManuals";
import type { OutputFile } from "./outputFile";
import { joinedStringLines, stringLiteral } from "./jsLiterals";
import { renderTemplate } from "./renderTemplate";
import { clauseCodecScriptView, clauseDecoderPanelView } from "./site/clauseDecoderView";
import { codecScriptFile, codecScriptView, decoderPanelView } from "./site/decoderView";
import { GENXML_SCRIPT, genxmlSite } from "./site/genxmlView";
import {
  registerScriptFile,
  registerSearch,
  registerSite,
  registerTableFile,
  TABLE_SOURCE,
} from "./site/registerView";
import { searchIndexLines } from "./site/searchIndex";
import { siteScript, siteStylesheet } from "./site/siteScript";
import {
  anchorScriptFile,
  INDEX_MARKDOWN,
  siteView,
  type SiteManual,
  type SiteView,
} from "./site/siteView";

const INDEX_NAV_LABEL = "Overview";

export function siteInput(
  models: IsaModel[],
  manuals: RenderedManuals,
): Parameters<typeof siteView>[0] {
  const titles = new Map(models.map((m) => [`${m.isa.id}.md`, m.isa.title]));
  return {
    manuals: manuals.files.map((f): SiteManual => {
      const file = f.path.replace(/^docs\//, "");
      const navLabel = file === INDEX_MARKDOWN ? INDEX_NAV_LABEL : titles.get(file);
      if (navLabel === undefined) throw new Error(`site: manual ${f.path} belongs to no ISA`);
      return { file, markdown: f.content, navLabel };
    }),
    isas: models.map((m) => {
      const instructions = manuals.instructions.get(m.isa.id);
      if (!instructions) throw new Error(`site: ISA '${m.isa.id}' has no rendered manual`);
      return { isa: m.isa.id, isaTitle: m.isa.title, instructions, registers: registerSearch(m) };
    }),
    decoders: models.flatMap((m) => {
      const js = manuals.codecScripts.get(m.isa.id);
      if (js === undefined || m.clauseIsa) return [];
      const manual = manuals.instructions.get(m.isa.id)!;
      return [{ panel: decoderPanelView(m, manual), script: codecScriptView(m, manual, js) }];
    }),
    clauseDecoders: models.flatMap((m) => {
      const js = manuals.codecScripts.get(m.isa.id);
      if (js === undefined || !m.clauseIsa) return [];
      return [{ panel: clauseDecoderPanelView(m), script: clauseCodecScriptView(m, js) }];
    }),
    registers: models.flatMap((m) => registerSite(m) ?? []),
    genxml: models.flatMap((m) => genxmlSite(m) ?? []),
  };
}

/** `TARGET = '…';` as prettier prints it (printWidth 100). */
function stringAssignment(target: string, json: string): string {
  const head = `${target} =`;
  const one = `${head} ${stringLiteral(json)};`;
  if (one.length <= 100) return one;
  const own = `  ${stringLiteral(json)};`;
  return own.length <= 100 ? `${head}\n${own}` : `${head} ${joinedStringLines(json, "")};`;
}

export function renderSite(view: SiteView): OutputFile[] {
  return [
    ...view.pages.map((page) => ({
      path: `site/${page.file}`,
      content: renderTemplate("site/page.html.hbs", page),
    })),
    // A static file of generator/runtime/site/, written in prettier's style.
    { path: "site/style.css", content: siteStylesheet(), preformatted: true },
    // Compiled from generator/runtime/site/ (siteScript.ts) and formatted by the build.
    { path: "site/search.js", content: siteScript("search") },
    {
      path: "site/search-index.js",
      // Written in prettier's style: several megabytes for a large ISA, too much to format again.
      content: renderTemplate("site/search-index.js.hbs", {
        lines: searchIndexLines("window.isaforgeSearchIndex", view.searchIndex),
      }),
      preformatted: true,
    },
    ...(view.codecScripts.length > 0
      ? [{ path: "site/decoder.js", content: siteScript("decoder") }]
      : []),
    ...view.codecScripts.map((c) => ({
      path: `site/${codecScriptFile(c.isa)}`,
      content: renderTemplate("site/codec.js.hbs", c),
      preformatted: true,
    })),
    ...(view.clauseCodecScripts.length > 0
      ? [{ path: "site/clause-decoder.js", content: siteScript("clauseDecoder") }]
      : []),
    ...view.clauseCodecScripts.map((c) => ({
      path: `site/${codecScriptFile(c.isa)}`,
      content: renderTemplate("site/clause-codec.js.hbs", c),
      preformatted: true,
    })),
    ...(view.registerScripts.length > 0
      ? [{ path: "site/registers.js", content: siteScript("registers") }]
      : []),
    // The compiled decoder is formatted by the build (tens of kilobytes of code); the database,
    // 1.7 MB for adreno-hw, is one string literal its template writes in prettier's style.
    ...view.registerScripts.map((r) => ({
      path: `site/${registerScriptFile(r.id)}`,
      content: renderTemplate("site/register-decoder.js.hbs", { ...r, tableSource: TABLE_SOURCE }),
    })),
    ...(view.genxmlTables.length > 0
      ? [{ path: `site/${GENXML_SCRIPT}`, content: siteScript("genxml") }]
      : []),
    // One per document: an Intel gen's table as one string literal in prettier's style, or a
    // Panfrost document's compiled decoder module (as the codec scripts, not formatted again).
    ...view.genxmlTables.map((t) => ({
      path: `site/${t.file}`,
      content:
        "json" in t
          ? renderTemplate("site/genxml-table.js.hbs", {
              id: t.id,
              assignment: stringAssignment(
                `window.isaforgeGenxmlTables[${stringLiteral(t.key)}]`,
                t.json,
              ),
            })
          : renderTemplate("site/genxml-module.js.hbs", t),
      preformatted: true,
    })),
    // Loaded only by a front page opened with an anchor it no longer holds.
    ...view.anchorScripts.map((a) => ({
      path: `site/${anchorScriptFile(a.id)}`,
      content: renderTemplate("site/anchors.js.hbs", {
        assignment: stringAssignment("window.isaforgeAnchors", JSON.stringify(a.pages)),
      }),
      preformatted: true,
    })),
    ...view.registerTables.map((t) => ({
      path: `site/${registerTableFile(t.id)}`,
      content: renderTemplate("site/register-table.js.hbs", {
        id: t.id,
        assignment: stringAssignment(
          `window.isaforgeRegisterTables[${stringLiteral(t.id)}]`,
          t.json,
        ),
      }),
      preformatted: true,
    })),
  ];
}

export function emitSite(models: IsaModel[]): OutputFile[] {
  return renderSite(siteView(siteInput(models, renderManuals(models))));
}
