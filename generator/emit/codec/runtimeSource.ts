/**
 * The runtime modules a codec carries (generator/runtime/codec/*.ts: real, typechecked and tested
 * TypeScript), as one block of code to inline into the codec, so that codecs stay self-contained:
 * without their imports of each other, and without `export` (the codec's API is its own).
 */
import { readFileSync } from "fs";
import * as path from "path";

/** The modules an isaspec codec carries, in dependency order. */
export const ISASPEC_RUNTIME = [
  "isaspecNumbers.ts",
  "isaspecText.ts",
  "isaspecExpr.ts",
  "isaspecSpellings.ts",
];

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

/** The modules' code for inlining: imports and `export` keywords removed, each module's header kept. */
export function runtimeSource(names: readonly string[]): string {
  return names
    .map((name) =>
      read(name)
        .replace(/^import [^;]*;\n\n?/gm, "")
        .replace(/^export /gm, "")
        .trimEnd(),
    )
    .join("\n\n");
}
