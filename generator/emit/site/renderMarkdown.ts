/**
 * Markdown → HTML for the site, as GitHub would show the manuals: heading ids from github-slugger
 * (one slugger per page, so `#anchor` links written for GitHub work here), math rendered by KaTeX to
 * MathML (the browser draws it; no fonts or stylesheets to ship), and links between manuals
 * (`valhall.md#x`) pointed at their pages (`valhall.html#x`).
 */
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { flattenText } from "../flattenText";
import { pageSections } from "./pageSections";
import {
  collectMathErrors,
  inlineText,
  newPageEnv,
  siteMarkdownIt,
  type PageEnv,
} from "./siteMarkdownIt";

export interface Heading {
  /** 1 for `#`, 2 for `##`, … */
  level: number;
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  /** The text of the first level-1 heading. */
  title: string;
  /** Every heading in document order. */
  headings: Heading[];
}

export interface RenderContext {
  /** Names the document in error messages (e.g. `docs/valhall.md`). */
  source: string;
  /** The page a linked Markdown file (`valhall.md`, `README.md`) became, or undefined when none. */
  pageOf(markdownFile: string): string | undefined;
  /** Where a relative image of the document (`svg/ir3/nop.svg`) is, seen from the page. */
  imageSrc?(src: string): string;
}

/** CSS class of every table, so wide bit layouts scroll instead of widening the page. */
export const TABLE_CLASS = "md-table";
/** Extra class of a bit-layout table (every column headed by a bit or bit range, `31:30`). */
export const BIT_LAYOUT_CLASS = "bit-layout";
const BIT_COLUMN = /^\d+(:\d+)?$/;

/**
 * Class of code with a run of more than 40 characters without a space, or of a path (a `/`) of more
 * than 24: it may break after each `/`, `_`, `.` and `:` (<wbr>), where the names in code that a
 * table lines up stay whole.
 */
export const LONG_CODE_CLASS = "long-code";
const LONG_CODE = /\S{41}/;
const LONG_PATH = /^(?=\S*\/)\S{25,}$/;

/**
 * Class of a digest in code (a SHA-256, in hex): shown elided to its first digits, whole on hover
 * (its title) and when copied (the element holds it all).
 */
export const DIGEST_CLASS = "digest";
const DIGEST = /^[0-9a-f]{40,}$/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Text with a word of more than 40 characters (`etna_viv:rnndb/isa.xml@<commit>`) as HTML: a digest
 * in it elided as in code, the rest breakable after each `/`, `_`, `.`, `:` and `@` (<wbr>), so
 * that it wraps at its parts, never inside one. Null for text without such a word.
 */
function longWordHtml(text: string): string | null {
  if (!LONG_CODE.test(text)) return null;
  return text
    .split(/([0-9a-f]{40,})/)
    .map((part, i) =>
      i % 2 === 1
        ? `<span class="${DIGEST_CLASS}" title="${part}">${part}</span>`
        : escapeHtml(part).replace(/([_./:@])(?=[^_./:@\s])/g, "$1<wbr>"),
    )
    .join("");
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Gives an inline token children of its own (equal contents elsewhere share the parsed ones, whose
 * links and images are rewritten already) in which each code span with a `_` or `.` inside is
 * marked `wordBreaks` (siteMarkdownIt renders <wbr> after them).
 */
function withWordBreaks(inline: Token): void {
  const children = inline.children ?? [];
  if (!children.some((c) => c.type === "code_inline" && /[_.][^_.]/.test(c.content))) return;
  inline.children = children.map((c) =>
    c.type === "code_inline"
      ? Object.assign(Object.create(Object.getPrototypeOf(c) as object) as Token, c, {
          meta: { ...(c.meta as object | null), wordBreaks: true },
        })
      : c,
  );
}

/** Whether the table opening at `tokens[open]` heads every column with a bit or bit range. */
function isBitLayout(tokens: Token[], open: number): boolean {
  const headers: string[] = [];
  for (let i = open + 1; i < tokens.length && tokens[i].type !== "thead_close"; i++)
    if (tokens[i].type === "th_open") headers.push(inlineText(tokens[i + 1]).trim());
  return headers.length > 0 && headers.every((h) => BIT_COLUMN.test(h));
}

function rewriteLink(href: string, ctx: RenderContext): string {
  if (SCHEME.test(href) || href.startsWith("#") || href.startsWith("/")) return href;
  const hashAt = href.indexOf("#");
  const file = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : href.slice(hashAt);
  if (!file.endsWith(".md")) return href;
  const page = ctx.pageOf(file.replace(/^\.\//, ""));
  if (page === undefined)
    throw new Error(
      `${ctx.source}: link '${href}' names a Markdown file that is not a page of the site`,
    );
  return page + hash;
}

/** What the sections of one page share while they render. */
interface PageRender {
  md: MarkdownIt;
  env: PageEnv;
  ctx: RenderContext;
  headings: Heading[];
  /** Inline token lists already rewritten: equal inline contents share theirs (siteMarkdownIt). */
  rewritten: Set<Token[]>;
}

export function renderMarkdown(markdown: string, ctx: RenderContext): RenderedMarkdown {
  const page: PageRender = {
    md: siteMarkdownIt(),
    env: newPageEnv(),
    ctx,
    headings: [],
    rewritten: new Set(),
  };
  const html = collectMathErrors(ctx.source, () =>
    pageSections(markdown)
      .map((section) => flattenText(renderSection(section, page)))
      .join(""),
  );
  const title = page.headings.find((h) => h.level === 1)?.text;
  if (title === undefined) throw new Error(`${ctx.source}: no level-1 heading to title the page`);
  return { html, title, headings: page.headings };
}

/** One section of a page (see pageSections): its headings go to the page's, its HTML is returned. */
function renderSection(
  markdown: string,
  { md, env, ctx, headings, rewritten }: PageRender,
): string {
  const tokens = md.parse(markdown, env);
  let bitLayout = false;
  tokens.forEach((t, i) => {
    if (t.type === "table_close") bitLayout = false;
    if (t.type === "heading_open")
      headings.push({
        level: Number(t.tag.slice(1)),
        id: t.attrGet("id") ?? "",
        text: inlineText(tokens[i + 1]),
      });
    if (t.type === "table_open") {
      t.attrJoin("class", TABLE_CLASS);
      bitLayout = isBitLayout(tokens, i);
      if (bitLayout) t.attrJoin("class", BIT_LAYOUT_CLASS);
    }
    if (t.children && !rewritten.has(t.children)) rewriteChildren(t.children, rewritten, ctx);
    // A bit layout's names may break after `_` or `.` (a column a bit, all of them names): the
    // table fits its column instead of scrolling.
    if (bitLayout && t.type === "inline") withWordBreaks(t);
  });
  return md.renderer.render(tokens, md.options, env);
}

/** An inline content's tokens with their links, images and long code rewritten for the site, once. */
function rewriteChildren(children: Token[], rewritten: Set<Token[]>, ctx: RenderContext): void {
  rewritten.add(children);
  children.forEach((child, i) => {
    const html = child.type === "text" ? longWordHtml(child.content) : null;
    if (html !== null)
      children[i] = Object.assign(
        Object.create(Object.getPrototypeOf(child) as object) as Token,
        child,
        {
          type: "html_inline",
          content: html,
        },
      );
    if (child.type === "code_inline" && DIGEST.test(child.content)) {
      child.attrSet("class", DIGEST_CLASS);
      child.attrSet("title", child.content);
    } else if (
      child.type === "code_inline" &&
      (LONG_CODE.test(child.content) || LONG_PATH.test(child.content))
    ) {
      child.attrSet("class", LONG_CODE_CLASS);
      child.meta = { ...(child.meta as object | null), wordBreaks: true };
    }
    const href = child.type === "link_open" ? child.attrGet("href") : null;
    if (href !== null) child.attrSet("href", rewriteLink(href, ctx));
    const src = child.type === "image" ? child.attrGet("src") : null;
    if (src !== null) {
      if (ctx.imageSrc && !SCHEME.test(src) && !src.startsWith("/"))
        child.attrSet("src", ctx.imageSrc(src));
      // Diagrams are many on a long page; the browser fetches them as they scroll into view.
      child.attrSet("loading", "lazy");
    }
  });
}
