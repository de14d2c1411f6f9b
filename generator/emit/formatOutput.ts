/**
 * Gives the artifacts prettier's style without spending the build's time in prettier: files whose
 * templates write prettier's style are marked `preformatted` and pass through; Markdown gets our
 * own linear table alignment (markdownTables.ts); anything else prettier can parse goes through
 * prettier. A test runs prettier over every generated file as the judge.
 */
import { markdownSections } from "./markdownSections";
import { formatMarkdown } from "./markdownTables";
import type { OutputFile } from "./outputFile";

/**
 * JSON is absent on purpose: `stableJson` already writes prettier's JSON style (a test checks that
 * prettier leaves every emitted JSON file unchanged), and formatting megabytes of it again would
 * triple the build time. HTML is absent too: the site's pages come from a hand-indented template and
 * markdown-it, and prettier's HTML printer took half a minute on the Valhall page alone.
 */
const PARSERS: Record<string, string> = {
  ".md": "markdown",
  ".ts": "typescript",
  ".css": "css",
  ".js": "babel",
};

/** The prettier parser for a generated file, or undefined where prettier is not the style. */
export function prettierParser(path: string): string | undefined {
  return PARSERS[path.slice(path.lastIndexOf("."))];
}

/** What prettier itself makes of a generated file (the judge; the build uses it for all but Markdown). */
export async function prettierFormat(f: OutputFile): Promise<string> {
  const parser = prettierParser(f.path);
  if (!parser) return f.content;
  // Loaded on first use: prettier is large and only the build needs it.
  const prettier = await import("prettier");
  // `filepath` tells prettier's TypeScript parser the file is .ts, not JSX; without it prettier
  // sniffs for JSX with a regular expression that is quadratic on long runs of lines with no
  // quote (a large generated table took minutes).
  const format = (text: string) =>
    prettier.format(text, { parser, printWidth: 100, filepath: f.path });
  // Markdown section by section (see markdownSections): the same text, in linear time. Each
  // formatted section ends with one newline; the blank line before the next heading is put back.
  const pieces = parser === "markdown" ? markdownSections(f.content) : [f.content];
  const out: string[] = [];
  for (const piece of pieces) out.push(await format(piece));
  return out.join("\n");
}

export async function formatOutput(files: OutputFile[]): Promise<OutputFile[]> {
  // One file at a time: formatting is single-threaded anyway, and started all at once (as with
  // Promise.all) the syntax trees of every large file are alive together, which ran a build of a
  // 20,000-instruction ISA out of memory.
  const formatted: OutputFile[] = [];
  for (const f of files) {
    const content = f.preformatted
      ? f.content
      : prettierParser(f.path) === "markdown"
        ? formatMarkdown(f.content)
        : await prettierFormat(f);
    formatted.push({ path: f.path, content });
  }
  return formatted;
}
