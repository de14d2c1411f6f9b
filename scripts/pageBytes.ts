/**
 * What each page of a built site loads: its HTML and the scripts and style sheets it names (the
 * SVG diagrams load lazily, as they scroll into view, and are not counted). The README's table is
 * this, and a test keeps the two equal.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "fs";
import * as path from "path";
import { formatMarkdown } from "../generator/emit/markdownTables";

export interface PageBytes {
  page: string;
  html: number;
  css: number;
  search: number;
  /**
   * The ISA's codec script, for a register database the register decoder and database scripts, for
   * Intel genxml the default gen's table (the others load when chosen); 0 for a page without a panel.
   */
  codec: number;
  /** The decoder, clause decoder, register or genxml panel's script, or 0. */
  panel: number;
  total: number;
}

const SEARCH = new Set(["search.js", "search-index.js"]);
const PANELS = new Set(["decoder.js", "clause-decoder.js", "registers.js", "genxml.js"]);
const DECODER = /-(codec|registers|register-table|genxml-[\w-]+)\.js$/;

export function pageBytes(site: string): PageBytes[] {
  const size = (file: string) => statSync(path.join(site, file)).size;
  return readdirSync(site)
    .filter((f) => f.endsWith(".html"))
    .sort((a, b) => (a === "index.html" ? -1 : b === "index.html" ? 1 : a < b ? -1 : 1))
    .map((page) => {
      const html = readFileSync(path.join(site, page), "utf8");
      const named = [
        ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"#?:]+\.(?:js|css))"/g),
      ].map((m) => m[1]);
      const files = [...new Set(named)];
      const sum = (keep: (f: string) => boolean) =>
        files.filter(keep).reduce((n, f) => n + size(f), 0);
      const row = {
        page,
        html: Buffer.byteLength(html),
        css: sum((f) => f.endsWith(".css")),
        search: sum((f) => SEARCH.has(f)),
        codec: sum((f) => DECODER.test(f)),
        panel: sum((f) => PANELS.has(f)),
      };
      return { ...row, total: row.html + row.css + row.search + row.codec + row.panel };
    });
}

/** docs/site.md's table of `pageBytes`, aligned as prettier aligns it. */
export function pageBytesTable(rows: PageBytes[]): string {
  const n = (v: number) => (v === 0 ? "—" : v.toLocaleString("en-US"));
  const table = [
    "| Page | HTML | CSS | search (index + script) | codec + panel script | total |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| \`${r.page}\` | ${n(r.html)} | ${n(r.css)} | ${n(r.search)} | ${r.codec ? `${n(r.codec)} + ${n(r.panel)}` : "—"} | ${n(r.total)} |`,
    ),
  ].join("\n");
  return formatMarkdown(`${table}\n`).trimEnd();
}

/** The page that documents the site, holding the table. */
export const SITE_DOC = path.join("docs", "site.md");

/** `doc` with its page-bytes table (from its header row to the next blank line) replaced by `table`. */
export function withPageBytesTable(doc: string, table: string): string {
  const start = doc.indexOf(table.slice(0, table.indexOf("\n")));
  if (start < 0) throw new Error(`${SITE_DOC} has no page-bytes table to replace`);
  const end = doc.indexOf("\n\n", start);
  return doc.slice(0, start) + table + doc.slice(end < 0 ? doc.length : end);
}

// `npx tsx scripts/pageBytes.ts [--write] [SITE]` prints the table of SITE (default out/site), or
// with --write writes it into docs/site.md.
if (require.main === module) {
  const args = process.argv.slice(2);
  const table = pageBytesTable(
    pageBytes(args.find((a) => a !== "--write") ?? path.join("out", "site")),
  );
  if (args.includes("--write"))
    writeFileSync(SITE_DOC, withPageBytesTable(readFileSync(SITE_DOC, "utf8"), table));
  else process.stdout.write(table + "\n");
}
