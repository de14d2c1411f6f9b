/**
 * Generated Markdown in prettier's style without running prettier: the templates already write
 * prettier's blocks, lists, escapes and spacing, so what is left is what prettier computes from the
 * content — each GFM table's columns padded to their widest cell (measured as prettier measures
 * it) — and a single final newline.
 * Linear in the document's size (prettier's Markdown printer is not, and was most of the build).
 * A test runs prettier itself over every generated Markdown file and fails on any difference.
 */
import { util } from "prettier";

/** An opening or closing code fence: up to 3 spaces, then 3+ backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A delimiter row: `| --- | :-: | --: |`. */
const DELIMITER = /^\|(\s*:?-+:?\s*\|)+\s*$/;

type Align = "none" | "left" | "center" | "right";

/** Text with runs of spaces outside code spans made one, as prettier prints a cell's text. */
function collapseSpaces(text: string): string {
  return text.replace(/(`+)[\s\S]*?\1|[^`]+|`+/g, (part) =>
    part.startsWith("`") ? part : part.replace(/ {2,}/g, " "),
  );
}

/**
 * The cells of a row `| a | b \| c |`: split at pipes no backslash escapes, trimmed, inner runs of
 * spaces made one.
 */
function cells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => collapseSpaces(c.trim()));
}

function alignOf(cell: string): Align {
  const left = cell.startsWith(":");
  const right = cell.endsWith(":");
  return left && right ? "center" : left ? "left" : right ? "right" : "none";
}

/**
 * A table as prettier prints it. Rows keep their own number of cells (a short row is not padded,
 * a long one keeps its extra cells); each column is as wide as its widest cell in any row, at
 * least 3 (the delimiter row's `---`).
 */
function formatTable(rows: string[][], aligns: Align[]): string[] {
  const widths: number[] = [];
  for (const r of rows)
    r.forEach((text, c) => (widths[c] = Math.max(widths[c] ?? 3, util.getStringWidth(text))));
  const row = (r: string[]) =>
    `| ${r
      .map((text, c) => {
        const spaces = widths[c] - util.getStringWidth(text);
        const before =
          aligns[c] === "right" ? spaces : aligns[c] === "center" ? Math.floor(spaces / 2) : 0;
        return " ".repeat(before) + text + " ".repeat(spaces - before);
      })
      .join(" | ")} |`;
  const delimiter = `| ${aligns
    .map((a, c) => {
      const first = a === "center" || a === "left" ? ":" : "-";
      const last = a === "center" || a === "right" ? ":" : "-";
      return first + "-".repeat(widths[c] - 2) + last;
    })
    .join(" | ")} |`;
  return [row(rows[0]), delimiter, ...rows.slice(1).map(row)];
}

/**
 * `markdown` with every table outside fenced code aligned, runs of blank lines made one, ending in
 * exactly one newline.
 */
export function formatMarkdown(markdown: string): string {
  const lines = markdown.split("\n");
  const out: string[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const mark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (mark && mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark)
        fence = null;
      out.push(line);
      continue;
    }
    if (mark) {
      fence = mark;
      out.push(line);
      continue;
    }
    const next = lines[i + 1];
    if (line.startsWith("|") && next !== undefined && DELIMITER.test(next.trim())) {
      const aligns = cells(next).map(alignOf);
      const rows = [cells(line)];
      let j = i + 2;
      for (; j < lines.length && lines[j].startsWith("|"); j++) rows.push(cells(lines[j]));
      // GFM: a header with another cell count than the delimiter row is no table.
      if (rows[0].length === aligns.length) {
        out.push(...formatTable(rows, aligns));
        i = j - 1;
        continue;
      }
    }
    // Blocks are separated by one blank line (a run of them is one).
    if (line === "" && out.length > 0 && out[out.length - 1] === "") continue;
    out.push(line);
  }
  return out.join("\n").replace(/\n*$/, "\n");
}
