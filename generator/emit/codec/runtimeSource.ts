/**
 * The runtime modules a codec carries (generator/runtime/codec/*.ts: real, typechecked and tested
 * TypeScript), as one block of code to inline into the codec, so that codecs stay self-contained:
 * without their imports of each other, and without `export` (the codec's API is its own).
 */
import { readFileSync } from "fs";
import * as path from "path";

/** The modules every codec carries, in dependency order, with its syntax's before the lines. */
const codecRuntime = (...syntax: string[]) => [
  "codecTypes.ts",
  "codecRuntime.ts",
  "assemblyError.ts",
  ...syntax,
  "wordListing.ts",
  "codecLines.ts",
];

/** The modules a codec carries, by assembly syntax, in dependency order. */
export const SYNTAX_RUNTIME: Readonly<Record<string, readonly string[]>> = {
  generic: codecRuntime("plainLines.ts", "genericSyntax.ts"),
  isaspec: codecRuntime(
    "isaspecNumbers.ts",
    "isaspecText.ts",
    "isaspecExpr.ts",
    "isaspecSpellings.ts",
    "isaspecTypes.ts",
    "isaspecValues.ts",
    "isaspecSolve.ts",
    "isaspecScope.ts",
    "isaspecDisplay.ts",
    "isaspecAssemble.ts",
  ),
  valhall: codecRuntime("plainLines.ts", "valhallSyntax.ts"),
  "r500-fc": codecRuntime("r500FcSyntax.ts"),
  // Clause streams, not words: none of the word codecs' runtime.
  bifrost: [
    "bifrostText.ts",
    "bifrostClauses.ts",
    "bifrostAssemblyError.ts",
    "bifrostConstants.ts",
    "bifrostAssemble.ts",
  ],
};

/**
 * What a codec exports for its users. The modules' other exports are for each other only: the
 * inlined code declares them without `export`.
 */
const CODEC_API = new Set([
  "Words",
  "DecodeOptions",
  "AssembleOptions",
  "decode",
  "encode",
  "INSTRUCTION_NAMES",
  "DisassembleOptions",
  "disassemble",
  "disassembleProgram",
  "disassembleEach",
  "AssemblyError",
  "assemble",
  "LineResult",
  "formatWords",
  "parseWords",
  "disasmLine",
  "asmLine",
  "ClauseStreamError",
  "BifrostAssemblyError",
  "ClauseContent",
  "ClauseErrorKind",
  "Clause",
  "Tuple",
  "Constant",
  "ConstantModifier",
  "decodeStream",
  "disassembleEachClause",
  "decodeClause",
  "encodeClause",
]);

const sources = new Map<string, string>();

/** A runtime module's source: beside the sources, or (from dist/) in the package's generator/. */
function read(name: string): string {
  let text = sources.get(name);
  if (text !== undefined) return text;
  const dirs = [
    path.join(__dirname, "..", "..", "runtime", "codec"),
    path.join(__dirname, "..", "..", "..", "..", "generator", "runtime", "codec"),
  ];
  for (const dir of dirs) {
    try {
      text = readFileSync(path.join(dir, name), "utf8");
      break;
    } catch {
      // try the next
    }
  }
  if (text === undefined)
    throw new Error(`runtime source ${name} not found in ${dirs.join(" or ")}`);
  sources.set(name, text);
  return text;
}

/**
 * The modules' code for inlining: imports (of every form: each ends at its `;`) removed, `export`
 * kept only on the codec's API, each module's header kept. A declaration that prettier lays out
 * differently without its `export` is exported by an `export { … };` of its own (with a `//`
 * comment line above it), which goes.
 */
export function runtimeSource(names: readonly string[]): string {
  return names
    .map((name) =>
      read(name)
        .replace(/^import [^;]*;\n/gm, "")
        .replace(/^(?:\/\/[^\n]*\n)?export \{[^}]*\};\n/gm, "")
        .replace(
          /^export (?=(?:abstract )?(?:function\*?|class|const|let|interface|type) (\w+))/gm,
          (kept, declared: string) => (CODEC_API.has(declared) ? kept : ""),
        )
        .trim(),
    )
    .join("\n\n");
}
