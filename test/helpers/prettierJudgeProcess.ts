/**
 * The prettier judge's own process (test/helpers/prettierJudge.ts starts it): reads
 * `{ dir, files }` as JSON on standard input, formats each file with prettier as the build's
 * style claims it is formatted, and writes `{ file: null | "line N differs: …" }` as JSON.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { prettierFormat } from "../../generator/emit/formatOutput";

/** Prettier's text for a generated file: JSON as `stableJson` claims to write it, else as the build. */
async function prettierText(file: string, content: string): Promise<string> {
  if (!file.endsWith(".json")) return prettierFormat({ path: file, content });
  const prettier = await import("prettier");
  return prettier.format(content, { parser: "json", printWidth: 100 });
}

/** null when prettier leaves `content` as it is, else the first line it changes. */
function difference(content: string, formatted: string): string | null {
  if (formatted === content) return null;
  const a = content.split("\n");
  const b = formatted.split("\n");
  const i = a.findIndex((line, k) => line !== b[k]);
  const at = i < 0 ? a.length : i;
  return `line ${at + 1} differs:\n  generated: ${a[at]}\n  prettier:  ${b[at]}`;
}

async function main(): Promise<void> {
  const { dir, files } = JSON.parse(readFileSync(0, "utf8")) as { dir: string; files: string[] };
  const verdicts: Record<string, string | null> = {};
  for (const file of files) {
    const content = readFileSync(path.join(dir, file), "utf8");
    verdicts[file] = difference(content, await prettierText(file, content));
  }
  process.stdout.write(JSON.stringify(verdicts));
}

main().catch((e: Error) => {
  process.stderr.write(`${e.stack ?? e.message}\n`);
  process.exitCode = 1;
});
