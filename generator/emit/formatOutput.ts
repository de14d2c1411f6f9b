/** Runs prettier over the artifacts it can format, chosen by file extension. */
import { markdownSections } from "./markdownSections";
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

export async function formatOutput(files: OutputFile[]): Promise<OutputFile[]> {
  // Loaded on first use: prettier is large and only the build needs it.
  const prettier = await import("prettier");
  // One file at a time: formatting is single-threaded anyway, and started all at once (as with
  // Promise.all) the syntax trees of every large file are alive together, which ran a build of a
  // 20,000-instruction ISA out of memory.
  const formatted: OutputFile[] = [];
  for (const f of files) {
    const ext = f.path.slice(f.path.lastIndexOf("."));
    const parser = PARSERS[ext];
    if (!parser || f.preformatted) {
      formatted.push({ path: f.path, content: f.content });
      continue;
    }
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
    formatted.push({ path: f.path, content: out.join("\n") });
  }
  return formatted;
}
