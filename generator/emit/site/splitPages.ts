/**
 * A manual's HTML cut into pages at its headings, so that no page carries a whole ISA: the title
 * and the front chapters (contents, overview) stay on the ISA's front page `<id>.html`, every other
 * chapter becomes `<id>/<chapter>.html`, each of its sections (an instruction, an enum, a register
 * domain) `<id>/<section>.html`, and where a chapter's sections are too heavy for a page (a
 * register domain with its thousands of registers) each of their subsections (a register) gets
 * its own page too, for every section of that chapter alike, and so on a level further down where
 * the subsections of a subsection are too heavy in turn (a part of a long address map with its
 * registers). A page is named by the anchor of its heading, which the manuals already keep unique
 * and stable (GitHub's slugs).
 */

/** A heading as it stands in the rendered HTML. */
interface HeadingAt {
  level: number;
  id: string;
  /** The heading's inner HTML (text, `<code>`). */
  inner: string;
  /** Offset of its `<hN` in the HTML. */
  at: number;
  /** Index of its parent heading, or -1 for the title. */
  parent: number;
}

export interface ManualPage {
  /** `""` for the front page, else the anchor of the page's heading. */
  id: string;
  /** The page's heading, as HTML. */
  titleHtml: string;
  /** Plain text of that heading. */
  title: string;
  /** The page's HTML, its heading first. */
  html: string;
  /** The page holding this one's heading's parent, or null for the front page. */
  parent: string | null;
  /** The pages of this page's subsections, in order. */
  children: string[];
  /** Ids of the headings on this page, the page's own first. */
  anchors: string[];
  /** The headings right below the page's own that stay on it. */
  sections: { id: string; title: string }[];
}

export interface SplitOptions {
  /** Chapters (level-2 anchors) that stay on the front page. */
  front: ReadonlySet<string>;
  /** A section whose HTML (subsections included) exceeds this gives its subsections pages. */
  budget: number;
}

const HEADING = /<h([1-6]) id="([^"]*)">([\s\S]*?)<\/h\1>/g;

function headingsOf(html: string): HeadingAt[] {
  const out: HeadingAt[] = [];
  const open: number[] = [];
  for (const m of html.matchAll(HEADING)) {
    const level = Number(m[1]);
    while (open.length > 0 && out[open[open.length - 1]].level >= level) open.pop();
    out.push({
      level,
      id: m[2],
      inner: m[3],
      at: m.index!,
      parent: open.length ? open[open.length - 1] : -1,
    });
    open.push(out.length - 1);
  }
  return out;
}

const plainText = (inner: string) =>
  inner
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The manual's pages, the front page first, then in document order. */
export function splitPages(html: string, source: string, options: SplitOptions): ManualPage[] {
  const hs = headingsOf(html);
  if (hs.length === 0 || hs[0].level !== 1)
    throw new Error(`${source}: the page does not start with its <h1>`);
  const end = (i: number) => {
    let j = i + 1;
    while (j < hs.length && hs[j].level > hs[i].level) j++;
    return j < hs.length ? hs[j].at : html.length;
  };
  const chapterOf = (i: number): number => (hs[i].level <= 2 ? i : chapterOf(hs[i].parent));
  // Per chapter, the deepest level that still gets pages: sections (3), or subsections (4) when a
  // section of the chapter is over budget. Below that, a level more where the subsections of a
  // subsection weigh more than the budget in turn (a part of a long address map with its
  // registers): a subsection heavy with its own text keeps its subsections.
  const depth = new Map<number, number>();
  hs.forEach((h, i) => {
    if (h.level === 2 && !options.front.has(h.id)) depth.set(i, 3);
  });
  hs.forEach((h, i) => {
    if (h.level === 3 && depth.has(chapterOf(i)) && end(i) - h.at > options.budget)
      depth.set(chapterOf(i), 4);
  });
  const subsectionsWeight = (i: number) =>
    i + 1 < hs.length && hs[i + 1].level > hs[i].level ? end(i) - hs[i + 1].at : 0;
  for (let level = 4; level < 6; level++)
    hs.forEach((h, i) => {
      if (
        h.level === level &&
        depth.get(chapterOf(i)) === level &&
        subsectionsWeight(i) > options.budget
      )
        depth.set(chapterOf(i), level + 1);
    });
  const isPage = (i: number) =>
    i === 0 || (hs[i].level >= 2 && hs[i].level <= (depth.get(chapterOf(i)) ?? 0));
  const pageOf = (i: number): number => (isPage(i) ? i : pageOf(hs[i].parent));

  const pages = new Map<number, ManualPage>();
  const idOf = (i: number) => (i === 0 ? "" : hs[i].id);
  hs.forEach((h, i) => {
    const owner = pageOf(i);
    let page = pages.get(owner);
    if (!page) {
      const o = hs[owner];
      page = {
        id: idOf(owner),
        // Linked from elsewhere (breadcrumbs, lists), so without links of its own.
        titleHtml: o.inner.replace(/<\/?a\b[^>]*>/g, ""),
        title: plainText(o.inner),
        html: "",
        parent: owner === 0 ? null : idOf(pageOf(o.parent)),
        children: [],
        anchors: [],
        sections: [],
      };
      pages.set(owner, page);
      if (owner !== 0) pages.get(pageOf(o.parent))!.children.push(page.id);
    }
    page.anchors.push(h.id);
    if (owner !== i && h.parent === owner)
      page.sections.push({ id: h.id, title: plainText(h.inner) });
    page.html += html.slice(i === 0 ? 0 : h.at, i + 1 < hs.length ? hs[i + 1].at : html.length);
  });
  return [...pages.values()];
}
