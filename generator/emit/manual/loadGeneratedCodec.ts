/**
 * The codec the build just generated, loaded from its TypeScript text in memory: the manuals show
 * examples encoded and disassembled by exactly that code, never by a possibly stale `out/ts/` on
 * disk. The generated codecs are self-contained (no imports), so transpiling the one file and
 * running it as a CommonJS module is enough. Needs `typescript` at build time.
 */
import * as vm from "vm";
import ts from "typescript";

/** What the manuals use of a generated codec (`templates/ts/codec/`). */
export interface GeneratedCodec {
  ISA: { id: string; wordCount: number; defaultGpu: number | null };
  encode(instruction: { name: string; fields: Record<string, unknown> }): Uint32Array;
  decode(words: ArrayLike<number>, options?: { gpu?: number }): { name: string } | undefined;
  disassemble(words: ArrayLike<number>, options?: { gpu?: number }): string;
  assemble(text: string, options?: { gpu?: number }): Uint32Array;
}

const EXPORTS = ["ISA", "encode", "decode", "disassemble", "assemble"] as const;

/** Evaluate the codec source `fileName` (for error messages) and check it exports the API. */
export function loadGeneratedCodec(source: string, fileName: string): GeneratedCodec {
  const js = ts.transpileModule(source, {
    fileName,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const run = vm.runInThisContext(`(function (exports, module) {\n${js}\n})`, {
    filename: fileName,
  }) as (exports: object, module: object) => void;
  run(module.exports, module);
  const missing = EXPORTS.filter((name) => module.exports[name] === undefined);
  if (missing.length > 0)
    throw new Error(`${fileName}: generated codec does not export ${missing.join(", ")}`);
  return module.exports as unknown as GeneratedCodec;
}
