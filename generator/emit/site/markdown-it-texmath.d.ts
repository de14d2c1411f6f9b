/** markdown-it-texmath ships no types; this is the part of its API the site uses. */
declare module "markdown-it-texmath" {
  import type MarkdownIt from "markdown-it";

  interface TexmathEngine {
    renderToString(tex: string, options: { displayMode?: boolean }): string;
  }

  interface TexmathOptions {
    /** The renderer (KaTeX's API). texmath keeps the engine of its first use for the whole process. */
    engine: TexmathEngine;
    delimiters?: string | string[];
    katexOptions?: object;
  }

  function texmath(md: MarkdownIt, options: TexmathOptions): void;
  export = texmath;
}
