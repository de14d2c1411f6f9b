/**
 * The markdown-it parser the site renders the manuals with: CommonMark and GitHub's tables, math by
 * KaTeX to MathML (through markdown-it-texmath), and GitHub's heading ids. One instance serves every
 * page: what belongs to a page (its slugger, its parsed inline content) travels in the page's
 * `env` (`newPageEnv`), so building the parser (and the link matcher markdown-it compiles in its
 * constructor) is paid once per process, not per page.
 */
import katex from "katex";
import MarkdownIt from "markdown-it";
import texmath from "markdown-it-texmath";
import type Token from "markdown-it/lib/token.mjs";
import type GithubSlugger from "github-slugger";
import { newGithubSlugger } from "./githubSlugger";

/** markdown-it's core state, as its rules receive it. */
type StateCore = Parameters<Parameters<MarkdownIt["core"]["ruler"]["at"]>[1]>[0];

/** What one page's parses share. */
export interface PageEnv {
  /** GitHub uses one slugger per document, numbering repeated headings `x`, `x-1`, `x-2`. */
  slugger: GithubSlugger;
  /** Inline content → its parsed tokens (see `parseInlineOnce`). */
  inlines: Map<string, Token[]>;
}

export function newPageEnv(): PageEnv {
  return { slugger: newGithubSlugger(), inlines: new Map() };
}

// texmath keeps the engine of its first use for the whole process, so the engine is one shared
// object; it records failures in `mathErrors` (set only inside `collectMathErrors`) instead of
// letting texmath print them into the page as text.
let mathErrors: string[] | undefined;
const mathEngine = {
  renderToString(tex: string, options: { displayMode?: boolean }): string {
    try {
      return katex.renderToString(tex, {
        displayMode: options.displayMode ?? false,
        output: "mathml",
        throwOnError: true,
      });
    } catch (e) {
      mathErrors?.push(`$${tex}$: ${(e as Error).message}`);
      throw e;
    }
  },
};

/** Runs `render`, then throws if KaTeX failed on any formula meanwhile, naming `source` and each one. */
export function collectMathErrors<T>(source: string, render: () => T): T {
  mathErrors = [];
  try {
    return render();
  } finally {
    const errors = mathErrors;
    mathErrors = undefined;
    if (errors.length > 0)
      throw new Error(`${source}: math KaTeX cannot render:\n  ${errors.join("\n  ")}`);
  }
}

/** A heading's text as the anchor plugin (and GitHub) sees it: text and code spans, markup removed. */
export function inlineText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((t) => t.type === "text" || t.type === "code_inline")
    .map((t) => t.content)
    .join("");
}

/**
 * markdown-it's `inline` rule, parsing each distinct inline content once per page: the generated
 * manuals repeat the same cells (`` `SY` ``, `bool, prints (sy)`, `x`) thousands of times, and the
 * tokens of an inline content depend on nothing else (no link reference definitions can be in
 * play: renderMarkdown parses a page that has one as a whole, and references are collected
 * before any inline content is parsed). Equal contents therefore share one `children` array;
 * whoever changes tokens must visit each array once.
 */
function parseInlineOnce(state: StateCore): void {
  const { inlines } = state.env as PageEnv;
  for (const token of state.tokens) {
    if (token.type !== "inline") continue;
    const parsed = inlines.get(token.content);
    if (parsed) token.children = parsed;
    else {
      state.md.inline.parse(token.content, state.md, state.env, token.children!);
      inlines.set(token.content, token.children!);
    }
  }
}

/** An in-page link that markdown-it's link normalisation (parse, punycode, percent-encode) keeps as it is. */
const PLAIN_FRAGMENT = /^#[A-Za-z0-9_.-]*$/;

function newSiteMarkdownIt(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).use(texmath, {
    engine: mathEngine,
    delimiters: "dollars",
  });
  md.core.ruler.at("inline", parseInlineOnce);
  // Every heading gets the id GitHub gives it. (markdown-it-anchor does this too, but searches the
  // whole token list again after each heading, which made a 20,000-instruction page take seconds.)
  md.core.ruler.push("heading_ids", (state) => {
    const { slugger } = state.env as PageEnv;
    state.tokens.forEach((t, i) => {
      if (t.type === "heading_open") t.attrSet("id", slugger.slug(inlineText(state.tokens[i + 1])));
    });
  });
  // Code marked `wordBreaks` (names in a bit layout's cells, long paths, see renderMarkdown) may
  // break after each `_`, `.`, `/` or `:`: <wbr>, no character, so copying the name copies it whole.
  const codeInline = md.renderer.rules.code_inline!;
  md.renderer.rules.code_inline = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (!(token.meta as { wordBreaks?: boolean } | null)?.wordBreaks)
      return codeInline(tokens, idx, options, env, self);
    const text = md.utils.escapeHtml(token.content).replace(/([_./:])(?=[^_./:])/g, "$1<wbr>");
    return `<code${self.renderAttrs(token)}>${text}</code>`;
  };
  // The manuals link to their own anchors tens of thousands of times.
  const normalizeLink = md.normalizeLink;
  md.normalizeLink = (url) => (PLAIN_FRAGMENT.test(url) ? url : normalizeLink(url));
  return md;
}

let shared: MarkdownIt | undefined;

/** The site's parser; parse and render with a `PageEnv` as `env`. */
export function siteMarkdownIt(): MarkdownIt {
  shared ??= newSiteMarkdownIt();
  return shared;
}
