/**
 * The codec the build just generated, loaded from its TypeScript text in memory: the manuals show
 * examples encoded and disassembled by exactly that code, never by a possibly stale `out/ts/` on
 * disk. The generated codecs are self-contained (no imports), so transpiling the one file and
 * running it as a CommonJS module is enough. esbuild strips the types: it is about 50 times faster
 * than the TypeScript compiler's transpileModule, which was half the time of the manuals.
 */
import * as vm from "vm";

/** What the manuals use of a generated codec (`templates/ts/codec/`). */
export interface GeneratedCodec {
  ISA: { id: string; wordCount: number; defaultGpu: number | null };
  encode(instruction: { name: string; fields: Record<string, unknown> }): Uint32Array;
  decode(words: ArrayLike<number>, options?: { gpu?: number }): { name: string } | undefined;
  disassemble(words: ArrayLike<number>, options?: { gpu?: number; showErrors?: boolean }): string;
  assemble(text: string, options?: { gpu?: number }): Uint32Array;
}

const EXPORTS = ["ISA", "encode", "decode", "disassemble", "assemble"] as const;

/**
 * The codec source compiled to a CommonJS module body (`exports.decode = …`): what the build runs
 * here and what the site's pages run (wrapped as a classic script by templates/site/codec.js.hbs).
 */
export function compileGeneratedCodec(source: string, fileName: string): string {
  // Loaded here, not at the top: the build's worker threads only load compiled codecs.
  const { transformSync } = require("esbuild") as typeof import("esbuild");
  return transformSync(source, {
    loader: "ts",
    format: "cjs",
    target: "es2022",
    sourcefile: fileName,
  }).code;
}

/** Run compiled codec `js` (from `fileName`, for error messages) as a CommonJS module: its exports. */
export function runCompiledCodec(js: string, fileName: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const run = vm.runInThisContext(`(function (exports, module) {\n${js}\n})`, {
    filename: fileName,
  }) as (exports: object, module: object) => void;
  run(module.exports, module);
  return module.exports;
}

/** Evaluate compiled codec `js` (from `fileName`, for error messages) and check it exports the API. */
export function loadCompiledCodec(js: string, fileName: string): GeneratedCodec {
  const module = { exports: runCompiledCodec(js, fileName) };
  const missing = EXPORTS.filter((name) => module.exports[name] === undefined);
  if (missing.length > 0)
    throw new Error(`${fileName}: generated codec does not export ${missing.join(", ")}`);
  return module.exports as unknown as GeneratedCodec;
}

/** Compile and evaluate the codec source `fileName`. */
export function loadGeneratedCodec(source: string, fileName: string): GeneratedCodec {
  return loadCompiledCodec(compileGeneratedCodec(source, fileName), fileName);
}
