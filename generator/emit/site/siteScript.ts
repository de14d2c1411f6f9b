/**
 * The site's panel and search scripts (`decoder.js`, `registers.js`, `search.js`): browser code
 * kept as real TypeScript modules (generator/runtime/site/*.ts, typechecked with the DOM's types and
 * unit-tested on their own) rather than as templates, and compiled here by esbuild into the classic
 * script a page loads (pages opened from file:// cannot load modules). The modules do nothing when
 * imported; the script runs the module's `start`. esbuild's output is not prettier's style: the
 * build's prettier pass formats it, as it formats the compiled register decoders.
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";

/** The site scripts compiled from generator/runtime/site/<name>.ts. */
export type SiteScriptName = "decoder" | "clauseDecoder" | "genxml" | "registers" | "search";

/** Where the modules are: beside the sources, or (from dist/) in the package's generator/. */
function siteRuntimeDir(): string {
  const dirs = [
    path.join(__dirname, "..", "..", "runtime", "site"),
    path.join(__dirname, "..", "..", "..", "..", "generator", "runtime", "site"),
  ];
  const found = dirs.find((d) => existsSync(path.join(d, "search.ts")));
  if (found === undefined) throw new Error(`site runtime not found in ${dirs.join(" or ")}`);
  return found;
}

/**
 * The site's stylesheet, generator/runtime/site/style.css: a static file beside the scripts,
 * written in prettier's style (no template: nothing in it depends on the model).
 */
export function siteStylesheet(): string {
  return readFileSync(path.join(siteRuntimeDir(), "style.css"), "utf8");
}

const compiled = new Map<SiteScriptName, string>();

/**
 * generator/runtime/site/<name>.ts as a classic script: one IIFE, no module syntax, ES2020 (the
 * BigInt literals of registers.js need it), ending in a call of the module's `start`.
 */
export function siteScript(name: SiteScriptName): string {
  let js = compiled.get(name);
  if (js !== undefined) return js;
  // Loaded here, not at the top: only the site's emitter needs it.
  const { buildSync } = require("esbuild") as typeof import("esbuild");
  const dir = siteRuntimeDir();
  const result = buildSync({
    stdin: {
      contents: `"use strict";\nimport { start } from "./${name}";\nstart();\n`,
      resolveDir: dir,
      loader: "ts",
      // Named in the output's comment above the `start()` call it adds.
      sourcefile: "../../emit/site/siteScript.ts",
    },
    bundle: true,
    format: "iife",
    target: "es2020",
    charset: "utf8",
    write: false,
    // Paths in the output's comments relative to the package, wherever it is installed; no
    // tsconfig.json read, so the output is the same from sources and from an installed package.
    absWorkingDir: path.join(dir, "..", "..", ".."),
    tsconfigRaw: {},
    logLevel: "silent",
  });
  js =
    `// The site's ${name}.js: generator/runtime/site/${name}.ts, compiled by isaforge's build.\n` +
    `// Edit that module, not this file.\n` +
    result.outputFiles[0].text;
  compiled.set(name, js);
  return js;
}
