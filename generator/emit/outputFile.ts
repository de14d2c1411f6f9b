/** A generated artifact: its path relative to the output directory and its full text. */
export interface OutputFile {
  path: string;
  content: string;
  /**
   * Already in final form, so the build's prettier pass leaves it alone: text its template writes
   * in prettier's style (test/emit/prettierJudge checks every such file in out/), or the site's
   * codec scripts, which are compiled from codecs prettier has seen as TypeScript.
   */
  preformatted?: boolean;
}

/** Files in path order (code-unit order, as the build lists them). */
export function compareOutputPaths(a: OutputFile, b: OutputFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The ISA a generated file belongs to, from its name (`ts/ir3.ts`, `dispatch/ir3-handlers.c`,
 * `dispatch/ir3.stats.json`) or its folder (`docs/svg/ir3/br.svg`), or undefined for a file shared
 * by all ISAs (`docs/README.md`, `site/search-index.js`, `json/isa-model.schema.json`).
 */
export function outputIsa(path: string, ids: readonly string[]): string | undefined {
  const slash = path.lastIndexOf("/");
  const base = path.slice(slash + 1);
  const folders = slash < 0 ? [] : path.slice(0, slash).split("/");
  return (
    ids.find((id) => folders.includes(id)) ??
    ids.find((id) => base.startsWith(`${id}.`) || base.startsWith(`${id}-`))
  );
}
