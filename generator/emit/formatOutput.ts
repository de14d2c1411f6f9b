/** Runs prettier over the artifacts it can format, chosen by file extension. */
import type { OutputFile } from "./outputFile";

/**
 * JSON is absent on purpose: `stableJson` already writes prettier's JSON style (a test checks that
 * prettier leaves every emitted JSON file unchanged), and formatting megabytes of it again would
 * triple the build time.
 */
const PARSERS: Record<string, string> = {
  ".md": "markdown",
  ".ts": "typescript",
  ".html": "html",
  ".css": "css",
};

export async function formatOutput(files: OutputFile[]): Promise<OutputFile[]> {
  // Loaded on first use: prettier is large and only the build needs it.
  const prettier = await import("prettier");
  return Promise.all(
    files.map(async (f) => {
      const ext = f.path.slice(f.path.lastIndexOf("."));
      const parser = PARSERS[ext];
      if (!parser) return f;
      return {
        path: f.path,
        content: await prettier.format(f.content, { parser, printWidth: 100 }),
      };
    }),
  );
}
