/**
 * github-slugger, the slug function GitHub uses for heading anchors. The package is ESM-only: Node
 * (>= 20.19) can `require` it, but Jest's module loader cannot, so it is loaded through Node's own
 * `require` rather than an `import` that the TypeScript CommonJS output would route through Jest.
 */
import type GithubSluggerClass from "github-slugger";

type SluggerModule = { default: typeof GithubSluggerClass };

let loaded: SluggerModule | undefined;

function sluggerModule(): SluggerModule {
  if (!loaded) {
    const { createRequire } = process.getBuiltinModule("module") as typeof import("module");
    loaded = createRequire(__filename)("github-slugger") as SluggerModule;
  }
  return loaded;
}

/** A fresh slugger: GitHub uses one per document, numbering repeated headings `x`, `x-1`, `x-2`. */
export function newGithubSlugger(): GithubSluggerClass {
  return new (sluggerModule().default)();
}
