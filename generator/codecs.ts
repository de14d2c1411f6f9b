/**
 * The codecs `disasm` and `asm` use: the generated ones (out/ts/<id>.ts, compiled into dist/ by
 * `prepare`, or run from source under tsx/ts-jest), or ones built from specs on demand
 * (codecsFromSpecs.ts) when the user names specs or upstream trees, or nothing is generated yet.
 */
import { existsSync, readFileSync, readdirSync } from "fs";
import * as path from "path";
import { PACKAGE_ROOT } from "./paths";

/** A line of `disasm`/`asm` output, with the error when the input line was bad. */
export interface LineResult {
  text: string;
  error?: { message: string; column: number };
}

export interface Codec {
  ISA: { id: string; wordCount: number; defaultGpu: number | null };
  decode(words: ArrayLike<number>, options?: { gpu?: number }): { name: string } | undefined;
  disassemble(words: ArrayLike<number>, options?: { gpu?: number; showErrors?: boolean }): string;
  /** Every instruction of a program, in order, one line each (words: whole instructions). */
  disassembleEach(
    words: ArrayLike<number>,
    options: { gpu?: number; showErrors?: boolean },
    visit: (line: string, index: number) => void,
  ): void;
  assemble(text: string, options?: { gpu?: number }): Uint32Array;
  /** Words as `asm` prints them (`0x%08x`), or as their bytes in memory order. */
  formatWords(words: ArrayLike<number>, bytes?: boolean): string;
  disasmLine(
    line: string,
    options?: { bytes?: boolean; gpu?: number; showErrors?: boolean },
  ): LineResult & { known: boolean };
  asmLine(line: string, options?: { bytes?: boolean; gpu?: number }): LineResult;
  AssemblyError: new (...args: never[]) => Error & { line: number; column: number };
}

/**
 * The output directory whose codecs and models a CLI run from source uses: `out/`, or
 * `$ISAFORGE_OUT` (the tests point it at their own build).
 */
function sourceOutput(): string {
  return path.resolve(process.env.ISAFORGE_OUT ?? path.join(PACKAGE_ROOT, "out"));
}

const runningFromSource = __filename.endsWith(".ts");

/** The generated codecs at hand: compiled into the package (dist/out/ts), or the output's TS. */
function codecDir(): { dir: string; ext: string } {
  const compiled = path.join(PACKAGE_ROOT, "dist", "out", "ts");
  if (!runningFromSource && existsSync(compiled)) return { dir: compiled, ext: ".js" };
  return { dir: path.join(sourceOutput(), "ts"), ext: ".ts" };
}

/** The codecs the CLI can use: their ids, each codec, and its gpu generations. */
export interface CodecSet {
  ids: string[];
  load(id: string): Codec | undefined;
  /** The gpu generations of a codec's ISA; undefined when nothing tells them. */
  generations(id: string): GenerationRange[] | undefined;
  /** Errors in the documents the codecs were to be built from (then there are none). */
  errors: string[];
  /** Why an ISA the specs name has no codec here (its upstream tree is absent), if it is so. */
  whyMissing(id: string): string | undefined;
}

/** The generated codecs of the output (`npm run generate`), or undefined when there are none. */
export function generatedCodecs(): CodecSet | undefined {
  const { dir, ext } = codecDir();
  if (!existsSync(dir)) return undefined;
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith(ext) && !f.endsWith(".d.ts"))
    .map((f) => f.slice(0, -ext.length))
    .sort();
  if (ids.length === 0) return undefined;
  return {
    ids,
    load: (id) => (ids.includes(id) ? loadCodecFile(path.join(dir, id + ext)) : undefined),
    generations: (id) => generationsOfModelFile(id),
    errors: [],
    whyMissing: () => undefined,
  };
}

function loadCodecFile(file: string): Codec {
  // TypeScript output from a compiled CLI (`npm run generate` writes out/ts, not dist/): transpile it.
  if (file.endsWith(".ts") && !runningFromSource) {
    const { compileGeneratedCodec } =
      require("./emit/manual/loadGeneratedCodec") as typeof import("./emit/manual/loadGeneratedCodec");
    const { loadCompiledModule } =
      require("./codecsFromSpecs") as typeof import("./codecsFromSpecs");
    return loadCompiledModule(compileGeneratedCodec(readFileSync(file, "utf8"), file), file);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as Codec;
}

/**
 * The codecs for a command: built from `source` when it names specs or upstream trees; else the
 * generated ones; else (no output generated yet) built from the package's own specs.
 */
export function codecsFor(source: { specs?: string; upstream?: string[] } = {}): CodecSet {
  const generated =
    source.specs === undefined && source.upstream === undefined ? generatedCodecs() : undefined;
  if (generated) return generated;
  const { codecSetFromSpecs } = require("./codecsFromSpecs") as typeof import("./codecsFromSpecs");
  return codecSetFromSpecs({
    specs: source.specs ?? path.join(PACKAGE_ROOT, "specs"),
    upstream: source.upstream,
  });
}

/** Document formats that give instructions (the others give register databases or notes). */
const INSTRUCTION_FORMATS = new Set(["isaspec", "valhall-xml", "r500-regs", "rules-ng"]);

/**
 * The ids `--help` lists: the generated codecs', or (none generated yet) the package's specs with
 * a document of an instruction format, read from their manifests alone.
 */
export function codecIds(): string[] {
  const generated = generatedCodecs();
  if (generated) return generated.ids;
  const specs = path.join(PACKAGE_ROOT, "specs");
  if (!existsSync(specs)) return [];
  return readdirSync(specs)
    .filter((id) => {
      try {
        const manifest = readFileSync(path.join(specs, id, "manifest.json"), "utf8");
        const { documents } = JSON.parse(manifest) as { documents: { format: string }[] };
        return documents.some((d) => INSTRUCTION_FORMATS.has(d.format));
      } catch {
        return false;
      }
    })
    .sort();
}

/** A generation's gpu ids, inclusive; `null`: no upper bound. */
export type GenerationRange = readonly [number, number | null];

/** isaspec's unbounded `<gen>` max, as the readers store it. */
const NO_MAX = 0xffffffff;

/**
 * The generations of an ISA with a codec: the gpu ranges its instructions' `<gen>` bounds cut the
 * ids into (ir3: 300..499, 500..599, 600..699, 700 and up); none when no instruction depends on
 * the gpu.
 */
export function generationsOfInstructions(
  instructions: readonly { gen?: { min: number; max: number } }[],
): GenerationRange[] {
  const gens = instructions.flatMap((i) => (i.gen ? [i.gen] : []));
  if (gens.length === 0) return [];
  const starts = new Set<number>();
  for (const g of gens) {
    starts.add(g.min);
    if (g.max < NO_MAX) starts.add(g.max + 1);
  }
  const sorted = [...starts].sort((a, b) => a - b);
  const top = Math.max(...gens.map((g) => g.max));
  return sorted
    .map((min, i): GenerationRange => {
      const next = sorted[i + 1];
      return [min, next !== undefined ? next - 1 : top >= NO_MAX ? null : top];
    })
    .filter(([min]) => gens.some((g) => g.min <= min && min <= g.max));
}

/** The generations from the output's model of `id`; undefined when the output has no model. */
function generationsOfModelFile(id: string): GenerationRange[] | undefined {
  const file = path.join(
    runningFromSource ? sourceOutput() : path.join(PACKAGE_ROOT, "out"),
    "json",
    `${id}.json`,
  );
  if (!existsSync(file)) return undefined;
  const model = JSON.parse(readFileSync(file, "utf8")) as {
    instructions: { gen?: { min: number; max: number } }[];
  };
  return generationsOfInstructions(model.instructions);
}
