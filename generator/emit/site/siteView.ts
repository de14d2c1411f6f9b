/**
 * The site as template data: every manual rendered to HTML and wrapped in the page chrome
 * (navigation to every page, the page's chapters, the search box), plus the search index. Pages are
 * `index.html` (from the manuals' README.md) and `<id>.html` per ISA manual.
 */
import type { ManualInstruction } from "../manual/manualView";
import {
  CLAUSE_DECODER_HEADING,
  withInstructionPages,
  type ClauseCodecScriptView,
  type ClauseDecoderPanelView,
} from "./clauseDecoderView";
import { DECODER_HEADING, type CodecScriptView, type DecoderPanelView } from "./decoderView";
import { GENXML_HEADING, type GenxmlPanelView, type GenxmlTableView } from "./genxmlView";
import { renderMarkdown, type RenderedMarkdown } from "./renderMarkdown";
import {
  REGISTER_HEADING,
  type RegisterPanelView,
  type RegisterScriptView,
  type RegisterTableView,
} from "./registerView";
import {
  anchorHref,
  manualPagePath,
  relativeHref,
  rewriteLinks,
  type AnchorPages,
} from "./pageLinks";
import { searchIndex, type IsaInstructions, type SearchIndex } from "./searchIndex";
import { splitPages, type ManualPage } from "./splitPages";

export const SITE_NAME = "isaforge ISA reference";

/** A Markdown manual the site publishes. */
export interface SiteManual {
  /** Its file name among the manuals: `README.md` or `<id>.md`. */
  file: string;
  markdown: string;
  /** Its name in the navigation. */
  navLabel: string;
}

export interface SiteInput {
  /** Every manual, README.md among them, in navigation order (README.md is always listed first). */
  manuals: SiteManual[];
  /** What to search, per spec (instructions; registers, fields, enums); each page is `<isa>.html`. */
  isas: Omit<IsaInstructions, "page">[];
  /** The decoder panel and codec script of each ISA with a codec; its page shows the panel. */
  decoders: { panel: DecoderPanelView; script: CodecScriptView }[];
  /** The clause decoder panel and codec script of each clause ISA (Bifrost); its page shows the panel. */
  clauseDecoders?: { panel: ClauseDecoderPanelView; script: ClauseCodecScriptView }[];
  /** The register panel and scripts of each spec with register databases; its page shows the panel. */
  registers?: { panel: RegisterPanelView; script: RegisterScriptView; table: RegisterTableView }[];
  /** The genxml panel and per-gen tables of each spec of Intel genxml documents. */
  genxml?: { panel: GenxmlPanelView; tables: GenxmlTableView[] }[];
}

export interface NavLink {
  href: string;
  label: string;
  current: boolean;
}

export interface PageLink {
  href: string;
  /** The linked page's heading, as HTML. */
  html: string;
}

export interface PageView {
  /** The page's path within `site/` (`ir3.html`, `ir3/mov.html`). */
  file: string;
  /** The site's root seen from the page: `""` or `"../"`. */
  root: string;
  lang: string;
  documentTitle: string;
  siteName: string;
  title: string;
  nav: NavLink[];
  /** The chapters of the page's manual, on every page of it. */
  chapters: { href: string; text: string; current: boolean }[];
  /** The page's sections (its headings one level below its own). */
  toc: { href: string; text: string }[];
  /** The pages above this one, the manual's front page first. */
  breadcrumbs: PageLink[];
  previous: PageLink | null;
  next: PageLink | null;
  /** Whether there is a previous or a next page. */
  pageTurn: boolean;
  /** The pages of this page's sections, listed after its text. */
  children: PageLink[];
  /** The decoder panel of the ISA's front page with this instruction's example words filled in. */
  decodeHref: string | null;
  /**
   * On an ISA's front page: the script mapping the anchors it had before it was cut into pages,
   * and the directory of those pages.
   */
  anchorScript: { file: string; dir: string } | null;
  /**
   * The rendered Markdown (trusted HTML from markdown-it, inserted unescaped), cut after the
   * title: the decoder panel, where there is one, goes between.
   */
  bodyTitle: string;
  body: string;
  decoder: DecoderPanelView | null;
  clauseDecoder: ClauseDecoderPanelView | null;
  /** The register decoder panel of a register database's page. */
  registers: RegisterPanelView | null;
  /** The genxml panel of an Intel genxml spec's page. */
  genxml: GenxmlPanelView | null;
}

/** A manual's anchors by page, for `<id>-anchors.js`: page id → its anchors but its own. */
export interface AnchorScriptView {
  id: string;
  pages: Record<string, string[]>;
}

export interface SiteView {
  pages: PageView[];
  searchIndex: SearchIndex;
  codecScripts: CodecScriptView[];
  clauseCodecScripts: ClauseCodecScriptView[];
  registerScripts: RegisterScriptView[];
  registerTables: RegisterTableView[];
  genxmlTables: (GenxmlTableView & { id: string })[];
  anchorScripts: AnchorScriptView[];
}

export const INDEX_MARKDOWN = "README.md";

/** The manuals' directory seen from the site's pages (out/docs from out/site). */
export const MANUALS_FROM_SITE = "../docs/";

export function pageFileOf(markdownFile: string): string {
  return markdownFile === INDEX_MARKDOWN ? "index.html" : markdownFile.replace(/\.md$/, ".html");
}

const DEVELOPER_NOTE = /^<!-- Generated by isaforge[^]*?-->\n\n/m;

/** Chapters that stay on an ISA's front page, with its title and panel. */
const FRONT_CHAPTERS: ReadonlySet<string> = new Set(["contents", "overview"]);

/**
 * A section (with its subsections) heavier than this, in bytes of HTML, gives every subsection of
 * its chapter a page of its own, so that no page nears 500 kB.
 */
export const SECTION_BUDGET = 300_000;

/** A manual cut into pages, with what its pages link to. */
interface SplitManual {
  manual: SiteManual;
  isa: string;
  pages: ManualPage[];
  byId: Map<string, ManualPage>;
  /** Level-2 headings: [anchor, text]. */
  chapters: [string, string][];
}

/** `href` to every page above `page`, the front page first. */
function breadcrumbs(split: SplitManual, page: ManualPage, from: string): PageLink[] {
  const out: PageLink[] = [];
  for (let up = page.parent; up !== null; up = split.byId.get(up)!.parent) {
    const p = split.byId.get(up)!;
    out.unshift({ href: relativeHref(from, manualPagePath(split.isa, p.id)), html: p.titleHtml });
  }
  return out;
}

/** Words as the decoder panel's URL state reads them (`#decode=0x…,0x…&gpu=N`). */
function decodeState(example: { words: number[]; gpu?: number }): string {
  const words = example.words.map((w) => `0x${(w >>> 0).toString(16).padStart(8, "0")}`).join(",");
  return `decode=${words}${example.gpu !== undefined ? `&gpu=${example.gpu}` : ""}`;
}

/** Headings one level below the page's own become `<h2>`…, its own `<h1>`. */
function shiftHeadings(html: string, by: number): string {
  if (by === 0) return html;
  return html.replace(
    /<(\/?)h([1-6])([ >])/g,
    (_, close: string, n: string, after: string) => `<${close}h${Number(n) - by}${after}`,
  );
}

export function siteView(input: SiteInput): SiteView {
  const index = input.manuals.find((m) => m.file === INDEX_MARKDOWN);
  if (!index) throw new Error(`site: the manuals have no ${INDEX_MARKDOWN} to become index.html`);
  for (const m of input.manuals)
    if (!/^[\w.-]+\.md$/.test(m.file))
      throw new Error(`site: manual '${m.file}' is not a Markdown file name`);
  const manuals = [index, ...input.manuals.filter((m) => m !== index)];
  const files = new Set(manuals.map((m) => m.file));

  const rendered = new Map<string, RenderedMarkdown>(
    manuals.map((m) => [
      m.file,
      // The manuals' note to the project's developers is an HTML comment, which markdown-it
      // (without raw HTML) would print as text.
      renderMarkdown(m.markdown.replace(DEVELOPER_NOTE, ""), {
        source: `docs/${m.file}`,
        pageOf: (file) => (files.has(file) ? pageFileOf(file) : undefined),
        // The manuals' images (bit-field diagrams) are published once, in docs/ beside site/.
        imageSrc: (src) => `${MANUALS_FROM_SITE}${src}`,
      }),
    ]),
  );

  // Every manual but the index is cut into pages; `anchors` says where each heading went.
  const anchors: AnchorPages = new Map();
  const splits = manuals
    .filter((m) => m !== index)
    .map((m): SplitManual => {
      const isa = m.file.replace(/\.md$/, "");
      const pages = splitPages(rendered.get(m.file)!.html, `docs/${m.file}`, {
        front: FRONT_CHAPTERS,
        budget: SECTION_BUDGET,
      });
      const where = new Map<string, string>();
      for (const p of pages) for (const a of p.anchors) where.set(a, manualPagePath(isa, p.id));
      anchors.set(pageFileOf(m.file), where);
      const chapters = rendered
        .get(m.file)!
        .headings.filter((h) => h.level === 2)
        .map((h): [string, string] => [h.id, h.text]);
      return { manual: m, isa, pages, byId: new Map(pages.map((p) => [p.id, p])), chapters };
    });

  /** Where a search result goes within its spec: `page` (its own heading) or `page#anchor`. */
  const locate = (isa: string, anchor: string) => {
    const path = anchors.get(pageFileOf(`${isa}.md`))?.get(anchor);
    if (path === undefined)
      throw new Error(`site: #${anchor} of ${isa} is no heading of ${isa}.md`);
    const id = path === `${isa}.html` ? "" : path.slice(isa.length + 1, -".html".length);
    return id === anchor ? id : `${id}#${anchor}`;
  };

  const isas = input.isas.map((isa) => ({ ...isa, page: pageFileOf(`${isa.isa}.md`) }));
  for (const isa of isas) {
    const page = rendered.get(`${isa.isa}.md`);
    if (!page)
      throw new Error(
        `site: ISA '${isa.isa}' has instructions to search but no manual ${isa.isa}.md`,
      );
    const ids = new Set(page.headings.map((h) => h.id));
    for (const ins of isa.instructions)
      if (!ids.has(ins.anchor))
        throw new Error(
          `site: instruction '${ins.name}' of ${isa.isa} links to #${ins.anchor}, which no heading of ${isa.isa}.md has`,
        );
    const sections = [
      ...(isa.registers?.registers ?? []).map((r) => [`register '${r.name}'`, r.anchor]),
      ...(isa.registers?.enums ?? []).map((e) => [`enum '${e.name}'`, e.anchor]),
    ];
    for (const [what, anchor] of sections)
      if (!ids.has(anchor))
        throw new Error(
          `site: ${what} of ${isa.isa} links to #${anchor}, which no heading of ${isa.isa}.md has`,
        );
  }
  const searched = isas.map((isa) => ({
    ...isa,
    instructions: isa.instructions.map((ins) => ({ ...ins, anchor: locate(isa.isa, ins.anchor) })),
    registers: isa.registers && {
      registers: isa.registers.registers.map((r) => ({ ...r, anchor: locate(isa.isa, r.anchor) })),
      enums: isa.registers.enums.map((e) => ({ ...e, anchor: locate(isa.isa, e.anchor) })),
    },
  }));

  // The decoder panel links an instruction to the page named by its anchor (decoder.js).
  for (const d of input.decoders)
    for (const [name, [anchor]] of Object.entries(d.script.instructions))
      if (locate(d.panel.isa, anchor) !== anchor)
        throw new Error(
          `site: instruction '${name}' of ${d.panel.isa} has no page of its own (#${anchor})`,
        );
  const decoders = new Map(input.decoders.map((d) => [`${d.panel.isa}.md`, d.panel]));
  const clauseDecoderInput = input.clauseDecoders ?? [];
  const clauseDecoders = new Map(clauseDecoderInput.map((d) => [`${d.panel.isa}.md`, d.panel]));
  const registerSites = input.registers ?? [];
  const registerPanels = new Map(registerSites.map((r) => [`${r.panel.id}.md`, r.panel]));
  const examples = new Map(
    input.isas.map((isa) => [isa.isa, new Map(isa.instructions.map((i) => [i.anchor, i.example]))]),
  );
  const nav = (current: SiteManual, from: string) =>
    manuals.map((n) => ({
      href: relativeHref(from, pageFileOf(n.file)),
      label: n.navLabel,
      current: n === current,
    }));

  const indexPage = rendered.get(index.file)!;
  const indexTitleEnd = indexPage.html.indexOf("</h1>") + "</h1>".length;
  const pages: PageView[] = [
    {
      ...emptyPage("index.html", indexPage.title),
      nav: nav(index, "index.html"),
      toc: indexPage.headings
        .filter((h) => h.level === 2)
        .map((h) => ({ href: `#${h.id}`, text: h.text })),
      bodyTitle: indexPage.html.slice(0, indexTitleEnd),
      body: indexPage.html.slice(indexTitleEnd),
    },
  ];
  const genxmlSites = input.genxml ?? [];
  const genxmlPanels = new Map(genxmlSites.map((g) => [`${g.panel.id}.md`, g.panel]));
  const context: PageContext = {
    anchors,
    decoders,
    clauseDecoders,
    registerPanels,
    genxmlPanels,
    examples,
    nav,
  };
  for (const split of splits)
    for (const page of split.pages) pages.push(manualPageView(split, page, context));
  return {
    pages,
    searchIndex: searchIndex(searched),
    codecScripts: input.decoders.map((d) => d.script),
    // The panel links a slot instruction to where the site shows its section (`page` or `page#anchor`).
    clauseCodecScripts: clauseDecoderInput.map((d) =>
      withInstructionPages(d.script, (anchor) => locate(d.panel.isa, anchor)),
    ),
    registerScripts: registerSites.map((r) => r.script),
    registerTables: registerSites.map((r) => r.table),
    genxmlTables: genxmlSites.flatMap((g) => g.tables.map((t) => ({ ...t, id: g.panel.id }))),
    anchorScripts: splits
      .filter((s) => s.pages.length > 1)
      .map((s) => ({
        id: s.isa,
        pages: Object.fromEntries(s.pages.map((p) => [p.id, p.anchors.filter((a) => a !== p.id)])),
      })),
  };
}

/** What every page of the manuals needs from the whole site. */
interface PageContext {
  anchors: AnchorPages;
  decoders: Map<string, DecoderPanelView>;
  clauseDecoders: Map<string, ClauseDecoderPanelView>;
  registerPanels: Map<string, RegisterPanelView>;
  genxmlPanels: Map<string, GenxmlPanelView>;
  /** Per ISA: an instruction's anchor → its example's words. */
  examples: Map<string, Map<string, ManualInstruction["example"]>>;
  nav(current: SiteManual, from: string): NavLink[];
}

/** The page `page` of a manual: its HTML with links for its place, and its navigation. */
function manualPageView(split: SplitManual, page: ManualPage, ctx: PageContext): PageView {
  const { anchors, decoders, clauseDecoders, registerPanels, genxmlPanels, examples, nav } = ctx;
  const m = split.manual;
  const front = split.byId.get("")!;
  const file = manualPagePath(split.isa, page.id);
  const level = page.id === "" ? 1 : Number(/^<h([1-6])/.exec(page.html)?.[1] ?? 1);
  const html = shiftHeadings(
    rewriteLinks(page.html, file, pageFileOf(m.file), anchors, `docs/${m.file}`),
    level - 1,
  );
  const titleEnd = html.indexOf("</h1>") + "</h1>".length;
  if (titleEnd < "</h1>".length) throw new Error(`site: docs/${m.file} renders no <h1>`);
  const isFront = page === front;
  const decoder = isFront ? (decoders.get(m.file) ?? null) : null;
  const clauseDecoder = isFront ? (clauseDecoders.get(m.file) ?? null) : null;
  const registers = isFront ? (registerPanels.get(m.file) ?? null) : null;
  const genxml = isFront ? (genxmlPanels.get(m.file) ?? null) : null;
  const siblings = page.parent === null ? [] : split.byId.get(page.parent)!.children;
  const at = siblings.indexOf(page.id);
  const linkTo = (id: string | undefined): PageLink | null =>
    id === undefined
      ? null
      : {
          href: relativeHref(file, manualPagePath(split.isa, id)),
          html: split.byId.get(id)!.titleHtml,
        };
  const children = page.children.map((id) => linkTo(id)!);
  const linked = new Set([...html.matchAll(/href="([^"]*)"/g)].map((l) => l[1]));
  const example = examples.get(split.isa)?.get(page.id);
  const chapterOf = (p: ManualPage): string =>
    p.parent === "" || p.parent === null ? p.id : chapterOf(split.byId.get(p.parent)!);
  const chapter = chapterOf(page);
  return {
    ...emptyPage(file, page.title),
    documentTitle: isFront
      ? `${page.title} · ${SITE_NAME}`
      : `${page.title} · ${front.title} · ${SITE_NAME}`,
    nav: nav(m, file),
    chapters: split.chapters.map(([id, text]) => ({
      href: anchorHref(file, anchors.get(pageFileOf(m.file))!.get(id)!, id),
      text,
      current: id === chapter,
    })),
    toc: [
      ...(decoder ? [{ href: `#${DECODER_HEADING.id}`, text: DECODER_HEADING.text }] : []),
      ...(clauseDecoder
        ? [{ href: `#${CLAUSE_DECODER_HEADING.id}`, text: CLAUSE_DECODER_HEADING.text }]
        : []),
      ...(registers ? [{ href: `#${REGISTER_HEADING.id}`, text: REGISTER_HEADING.text }] : []),
      ...(genxml ? [{ href: `#${GENXML_HEADING.id}`, text: GENXML_HEADING.text }] : []),
      ...page.sections.map((s) => ({ href: `#${s.id}`, text: s.title })),
    ],
    breadcrumbs: breadcrumbs(split, page, file),
    previous: at > 0 ? linkTo(siblings[at - 1]) : null,
    next: at >= 0 ? linkTo(siblings[at + 1]) : null,
    pageTurn: at > 0 || (at >= 0 && at + 1 < siblings.length),
    // A page whose own text links every one of its subpages (an address map) needs no list.
    children: children.every((c) => linked.has(c.href)) ? [] : children,
    decodeHref: example ? relativeHref(file, `${split.isa}.html#${decodeState(example)}`) : null,
    anchorScript:
      isFront && split.pages.length > 1
        ? { file: anchorScriptFile(split.isa), dir: split.isa }
        : null,
    bodyTitle: html.slice(0, titleEnd),
    body: html.slice(titleEnd),
    decoder,
    clauseDecoder,
    registers,
    genxml,
  };
}

/** `<id>-anchors.js`: the anchors of an ISA's pages, which its front page loads for an old link. */
export function anchorScriptFile(isa: string): string {
  return `${isa}-anchors.js`;
}

function emptyPage(file: string, title: string): PageView {
  return {
    file,
    root: file.includes("/") ? "../" : "",
    lang: "en",
    documentTitle: `${title} · ${SITE_NAME}`,
    siteName: SITE_NAME,
    title,
    nav: [],
    chapters: [],
    toc: [],
    breadcrumbs: [],
    previous: null,
    next: null,
    pageTurn: false,
    children: [],
    decodeHref: null,
    anchorScript: null,
    bodyTitle: "",
    body: "",
    decoder: null,
    clauseDecoder: null,
    registers: null,
    genxml: null,
  };
}
