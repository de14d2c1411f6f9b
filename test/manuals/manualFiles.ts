/**
 * The generated manuals (out/docs) as the tests read them: parsed with markdown-it (CommonMark +
 * GFM tables, the way GitHub reads them), headings with their GitHub anchors (github-slugger, one
 * slugger per document over all headings in order), sections, tables and links. Nothing here
 * comes from the generator, so the tests check the Markdown as a reader's renderer sees it.
 */
import { readdirSync, readFileSync } from "fs";
import * as path from "path";
import MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import type { IsaModel } from "../../generator/model/types";
import { TEST_OUT } from "../helpers/testOutput";

export const ROOT = path.join(__dirname, "..", "..");
export const DOCS_DIR = path.join(TEST_OUT, "docs");

export function shippedModel(id: string): IsaModel {
  return JSON.parse(readFileSync(path.join(TEST_OUT, "json", `${id}.json`), "utf8")) as IsaModel;
}

/** The ISAs that have a model (out/json/<id>.json). */
export function shippedIds(): string[] {
  return readdirSync(path.join(TEST_OUT, "json"))
    .filter((f) => f.endsWith(".json") && !f.includes("schema"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

type Slugger = { slug(text: string): string };
// github-slugger is ESM-only; Jest's loader cannot import it, Node's own require (not Jest's
// stand-in for the `module` builtin) can.
const nodeModule = process.getBuiltinModule("module") as typeof import("module");
const { default: GithubSlugger } = nodeModule.createRequire(__filename)("github-slugger") as {
  default: new () => Slugger;
};

export interface Heading {
  level: number;
  text: string;
  anchor: string;
  /** 0-based source line of the heading. */
  line: number;
}

export interface Section {
  heading: Heading;
  /** Source lines from the heading up to the next heading of the same or a higher level. */
  source: string;
  tokens: Token[];
}

export interface Manual {
  file: string;
  source: string;
  lines: string[];
  tokens: Token[];
  headings: Heading[];
}

const md = new MarkdownIt();

/** The text a reader sees in an inline token (text and code, no markup). */
export function plainText(inline: Token): string {
  return (inline.children ?? [])
    .filter((t) => t.type === "text" || t.type === "code_inline")
    .map((t) => t.content)
    .join("");
}

export function readManual(file: string): Manual {
  const source = readFileSync(path.join(DOCS_DIR, file), "utf8");
  const tokens = md.parse(source, {});
  const slugger = new GithubSlugger();
  const headings: Heading[] = [];
  tokens.forEach((t, i) => {
    if (t.type !== "heading_open") return;
    const text = plainText(tokens[i + 1]);
    headings.push({
      level: Number(t.tag.slice(1)),
      text,
      anchor: slugger.slug(text),
      line: t.map![0],
    });
  });
  return { file, source, lines: source.split("\n"), tokens, headings };
}

/** The section under `heading`. */
export function section(manual: Manual, heading: Heading): Section {
  const next = manual.headings.find((h) => h.line > heading.line && h.level <= heading.level);
  const end = next ? next.line : manual.lines.length;
  // Block-level tokens carry their source lines; the ones inside a table row do not, so cut the
  // token list at the headings' block tokens.
  const first = manual.tokens.findIndex(
    (t) => t.type === "heading_open" && t.map![0] === heading.line,
  );
  const last = next
    ? manual.tokens.findIndex((t) => t.type === "heading_open" && t.map![0] === next.line)
    : manual.tokens.length;
  return {
    heading,
    source: manual.lines.slice(heading.line, end).join("\n"),
    tokens: manual.tokens.slice(first, last),
  };
}

/** The headings one level below the chapter titled `chapter` (level 2), in order. */
export function chapterItems(manual: Manual, chapter: string, level = 3): Heading[] {
  const top = manual.headings.find((h) => h.level === 2 && h.text === chapter);
  if (!top) return [];
  const end = manual.headings.find((h) => h.line > top.line && h.level <= 2);
  return manual.headings.filter(
    (h) => h.line > top.line && (!end || h.line < end.line) && h.level === level,
  );
}

/** Every table in some tokens: rows (header first) of cells, each cell as its inline token. */
export function tables(tokens: Token[]): Token[][][] {
  const out: Token[][][] = [];
  let rows: Token[][] | undefined;
  let row: Token[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === "table_open") rows = [];
    else if (t.type === "table_close" && rows) {
      out.push(rows);
      rows = undefined;
    } else if (t.type === "tr_open") row = [];
    else if (t.type === "tr_close" && rows && row) rows.push(row);
    else if ((t.type === "th_open" || t.type === "td_open") && row) row.push(tokens[i + 1]);
  }
  return out;
}

/** Every link target in some tokens. */
export function links(tokens: Token[]): string[] {
  return tokens.flatMap((t) =>
    (t.children ?? []).filter((c) => c.type === "link_open").map((c) => c.attrGet("href") ?? ""),
  );
}

/** The sources of the images among `tokens`. */
export function images(tokens: Token[]): string[] {
  return tokens.flatMap((t) =>
    (t.children ?? []).filter((c) => c.type === "image").map((c) => c.attrGet("src") ?? ""),
  );
}

/** The links in a table cell. */
export function cellLinks(cell: Token): string[] {
  return links([cell]);
}
