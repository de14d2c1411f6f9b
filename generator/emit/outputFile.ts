/** A generated artifact: its path relative to the output directory and its full text. */
export interface OutputFile {
  path: string;
  content: string;
}

/**
 * The ISA a generated file belongs to, from its name (`ts/ir3.ts`, `dispatch/ir3-handlers.c`,
 * `dispatch/ir3.stats.json`), or undefined for a file shared by all ISAs (`docs/README.md`,
 * `site/search-index.js`, `json/isa-model.schema.json`).
 */
export function outputIsa(path: string, ids: readonly string[]): string | undefined {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return ids.find((id) => base.startsWith(`${id}.`) || base.startsWith(`${id}-`));
}
