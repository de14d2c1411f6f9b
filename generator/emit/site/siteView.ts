/**
 * The site as template data: every manual rendered to HTML and wrapped in the page chrome
 * (navigation to every page, the page's chapters, the search box), plus the search index. Pages are
 * `index.html` (from the manuals' README.md) and `<id>.html` per ISA manual.
 */
import { DECODER_HEADING, type CodecScriptView, type DecoderPanelView } from "./decoderView";
import { renderMarkdown, type RenderedMarkdown } from "./renderMarkdown";
import {
  REGISTER_HEADING,
  type RegisterPanelView,
  type RegisterScriptView,
  type RegisterTableView,
} from "./registerView";
import { searchIndex, type IsaInstructions, type SearchIndex } from "./searchIndex";

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
  /** The register panel and scripts of each spec with register databases; its page shows the panel. */
  registers?: { panel: RegisterPanelView; script: RegisterScriptView; table: RegisterTableView }[];
}

export interface NavLink {
  href: string;
  label: string;
  current: boolean;
}

export interface PageView {
  /** The page's file name within `site/`. */
  file: string;
  lang: string;
  documentTitle: string;
  siteName: string;
  title: string;
  nav: NavLink[];
  /** The page's chapters (level-2 headings). */
  toc: { href: string; text: string }[];
  /**
   * The rendered Markdown (trusted HTML from markdown-it, inserted unescaped), cut after the
   * title: the decoder panel, where there is one, goes between.
   */
  bodyTitle: string;
  body: string;
  decoder: DecoderPanelView | null;
  /** The register decoder panel of a register database's page. */
  registers: RegisterPanelView | null;
}

export interface SiteView {
  pages: PageView[];
  searchIndex: SearchIndex;
  codecScripts: CodecScriptView[];
  registerScripts: RegisterScriptView[];
  registerTables: RegisterTableView[];
}

export const INDEX_MARKDOWN = "README.md";

/** The manuals' directory seen from the site's pages (out/docs from out/site). */
export const MANUALS_FROM_SITE = "../docs/";

export function pageFileOf(markdownFile: string): string {
  return markdownFile === INDEX_MARKDOWN ? "index.html" : markdownFile.replace(/\.md$/, ".html");
}

export function siteView(input: SiteInput): SiteView {
  const index = input.manuals.find((m) => m.file === INDEX_MARKDOWN);
  if (!index) throw new Error(`site: the manuals have no ${INDEX_MARKDOWN} to become index.html`);
  for (const m of input.manuals)
    if (!/^[\w.-]+\.md$/.test(m.file)) throw new Error(`site: manual '${m.file}' is not a Markdown file name`);
  const manuals = [index, ...input.manuals.filter((m) => m !== index)];
  const files = new Set(manuals.map((m) => m.file));

  const rendered = new Map<string, RenderedMarkdown>(
    manuals.map((m) => [
      m.file,
      renderMarkdown(m.markdown, {
        source: `docs/${m.file}`,
        pageOf: (file) => (files.has(file) ? pageFileOf(file) : undefined),
        // The manuals' images (bit-field diagrams) are published once, in docs/ beside site/.
        imageSrc: (src) => `${MANUALS_FROM_SITE}${src}`,
      }),
    ]),
  );

  const isas = input.isas.map((isa) => ({ ...isa, page: pageFileOf(`${isa.isa}.md`) }));
  for (const isa of isas) {
    const page = rendered.get(`${isa.isa}.md`);
    if (!page) throw new Error(`site: ISA '${isa.isa}' has instructions to search but no manual ${isa.isa}.md`);
    const ids = new Set(page.headings.map((h) => h.id));
    for (const ins of isa.instructions)
      if (!ids.has(ins.anchor))
        throw new Error(`site: instruction '${ins.name}' of ${isa.isa} links to #${ins.anchor}, which no heading of ${isa.isa}.md has`);
    const sections = [
      ...(isa.registers?.registers ?? []).map((r) => [`register '${r.name}'`, r.anchor]),
      ...(isa.registers?.enums ?? []).map((e) => [`enum '${e.name}'`, e.anchor]),
    ];
    for (const [what, anchor] of sections)
      if (!ids.has(anchor))
        throw new Error(`site: ${what} of ${isa.isa} links to #${anchor}, which no heading of ${isa.isa}.md has`);
  }

  const decoders = new Map(input.decoders.map((d) => [`${d.panel.isa}.md`, d.panel]));
  const registerSites = input.registers ?? [];
  const registerPanels = new Map(registerSites.map((r) => [`${r.panel.id}.md`, r.panel]));
  const pages = manuals.map((m): PageView => {
    const page = rendered.get(m.file)!;
    const file = pageFileOf(m.file);
    const decoder = decoders.get(m.file) ?? null;
    const registers = registerPanels.get(m.file) ?? null;
    const chapters = page.headings
      .filter((h) => h.level === 2)
      .map((h) => ({ href: `#${h.id}`, text: h.text }));
    const titleEnd = page.html.indexOf("</h1>") + "</h1>".length;
    if (titleEnd < "</h1>".length) throw new Error(`site: docs/${m.file} renders no <h1>`);
    return {
      file,
      lang: "en",
      documentTitle: `${page.title} · ${SITE_NAME}`,
      siteName: SITE_NAME,
      title: page.title,
      nav: manuals.map((n) => ({ href: pageFileOf(n.file), label: n.navLabel, current: n === m })),
      toc: [
        ...(decoder ? [{ href: `#${DECODER_HEADING.id}`, text: DECODER_HEADING.text }] : []),
        ...(registers ? [{ href: `#${REGISTER_HEADING.id}`, text: REGISTER_HEADING.text }] : []),
        ...chapters,
      ],
      bodyTitle: page.html.slice(0, titleEnd),
      body: page.html.slice(titleEnd),
      decoder,
      registers,
    };
  });
  return {
    pages,
    searchIndex: searchIndex(isas),
    codecScripts: input.decoders.map((d) => d.script),
    registerScripts: registerSites.map((r) => r.script),
    registerTables: registerSites.map((r) => r.table),
  };
}
