/**
 * Codecs built from specs on demand, for `disasm` and `asm`: when the user names `--specs` or
 * `--upstream` (their own Mesa checkout: its ir3.xml is what decodes their words), or when no
 * generated output is at hand (a fresh clone before `npm run generate`). Each codec is generated
 * and compiled as the build would, then kept in the build cache's folder under the build's key
 * (specs, the upstream documents they name, the generator's code), so that only the first run
 * after a change reads the documents.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "fs";
import * as path from "path";
import { buildKey, cacheRoot } from "./buildCache";
import {
  generationsOfInstructions,
  type Codec,
  type CodecSet,
  type GenerationRange,
} from "./codecs";
import { Diagnostics, formatDiagnostic } from "./diagnostics";
import { compileGeneratedCodec, runCompiledCodec } from "./emit/manual/loadGeneratedCodec";

/** The CLI's view of a compiled codec. */
export const loadCompiledModule = (js: string, fileName: string): Codec =>
  runCompiledCodec(js, fileName) as unknown as Codec;

/** Where the documents are: a specs directory and `--upstream NAME=DIR` pairs. */
export interface SpecSource {
  specs: string;
  upstream?: string[];
}

/**
 * What was built: each ISA's compiled codec and generations, or the errors that stopped it, and
 * the notes of specs skipped for want of their upstream tree, by id.
 */
interface BuiltCodecs {
  errors: string[];
  codecs: Record<string, { js: string; generations: GenerationRange[] }>;
  skipped: Record<string, string>;
}

/** The codecs of `source` as the CLI uses them. */
export function codecSetFromSpecs(source: SpecSource): CodecSet {
  const built = codecsFromSpecs(source);
  const loaded = new Map<string, Codec>();
  return {
    ids: Object.keys(built.codecs).sort(),
    load(id) {
      const codec = built.codecs[id];
      if (!codec) return undefined;
      if (!loaded.has(id)) loaded.set(id, loadCompiledModule(codec.js, `${id}.ts`));
      return loaded.get(id);
    },
    generations: (id) => built.codecs[id]?.generations,
    errors: built.errors,
    whyMissing: (id) => built.skipped[id],
  };
}

const FORMAT = "isaforge-codecs 1";

/** The codecs of `source`'s ISAs (those with instructions), from the cache or built now. */
export function codecsFromSpecs(source: SpecSource): BuiltCodecs {
  const key = buildKey({ specs: source.specs, out: "", upstream: source.upstream });
  const root = cacheRoot();
  const file = root ? path.join(root, "codecs", `${key}.json`) : undefined;
  const cached = file && existsSync(file) ? parseCached(readFileSync(file, "utf8")) : undefined;
  if (cached) return cached;
  const built = buildCodecs(source);
  if (file && built.errors.length === 0) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const staging = `${file}.tmp-${process.pid}`;
      writeFileSync(staging, JSON.stringify({ format: FORMAT, ...built }));
      renameSync(staging, file);
    } catch {
      // A cache that cannot be written is no cache.
    }
  }
  return built;
}

function parseCached(text: string): BuiltCodecs | undefined {
  try {
    const data = JSON.parse(text) as { format?: string } & BuiltCodecs;
    return data.format === FORMAT && Array.isArray(data.errors) && data.skipped ? data : undefined;
  } catch {
    return undefined;
  }
}

function buildCodecs(source: SpecSource): BuiltCodecs {
  // Loaded here: a run that finds its codecs in the cache reads no document.
  const { buildModels } = require("./pipeline") as typeof import("./pipeline");
  const { upstreamRoots } =
    require("./load/upstreamRoots") as typeof import("./load/upstreamRoots");
  const { emitTsCodec } = require("./emit/emitTsCodec") as typeof import("./emit/emitTsCodec");
  const diags = new Diagnostics();
  const models = buildModels(source.specs, diags, upstreamRoots(source.upstream));
  const skipped: BuiltCodecs["skipped"] = {};
  for (const d of diags.items.filter((x) => x.code === "skipped-spec"))
    skipped[/^(\S+) is not built/.exec(d.message)?.[1] ?? ""] = d.message;
  if (diags.hasErrors)
    return {
      errors: diags
        .sorted()
        .filter((d) => d.severity === "error")
        .map(formatDiagnostic),
      codecs: {},
      skipped,
    };
  const codecs: BuiltCodecs["codecs"] = {};
  for (const model of models.filter((m) => m.instructions.length > 0)) {
    const [file] = emitTsCodec([model]);
    codecs[model.isa.id] = {
      js: compileGeneratedCodec(file.content, file.path),
      generations: generationsOfInstructions(model.instructions),
    };
  }
  return { errors: [], codecs, skipped };
}
