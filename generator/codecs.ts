/**
 * Loading the generated TS codecs (out/ts/<id>.ts) for the CLI: compiled into dist/ by `prepare`,
 * or run from source under tsx/ts-jest. Only the ISAs shipped with the package have codecs.
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
  disasmLine(
    line: string,
    options?: { bytes?: boolean; gpu?: number; showErrors?: boolean },
  ): LineResult & { known: boolean };
  asmLine(line: string, options?: { bytes?: boolean; gpu?: number }): LineResult;
  AssemblyError: new (...args: never[]) => Error & { line: number; column: number };
}

function codecDir(): { dir: string; ext: string } {
  const compiled = path.join(PACKAGE_ROOT, "dist", "out", "ts");
  // Running from source (tsx, ts-jest): load the TypeScript next to it.
  if (__filename.endsWith(".ts") || !existsSync(compiled))
    return { dir: path.join(PACKAGE_ROOT, "out", "ts"), ext: ".ts" };
  return { dir: compiled, ext: ".js" };
}

/** Ids of the ISAs that have a codec. */
export function codecIds(): string[] {
  const { dir, ext } = codecDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext) && !f.endsWith(".d.ts"))
    .map((f) => f.slice(0, -ext.length))
    .sort();
}

export function loadCodec(id: string): Codec | undefined {
  if (!codecIds().includes(id)) return undefined;
  const { dir, ext } = codecDir();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(dir, id + ext)) as Codec;
}

/** A generation's gpu ids, inclusive; `null`: no upper bound. */
export type GenerationRange = readonly [number, number | null];

/** isaspec's unbounded `<gen>` max, as the readers store it. */
const NO_MAX = 0xffffffff;

/**
 * The generations of an ISA with a codec: the gpu ranges its instructions' `<gen>` bounds cut the
 * ids into (ir3: 300..499, 500..599, 600..699, 700 and up), from the shipped model; none when no
 * instruction depends on the gpu; undefined when the package ships no model to tell.
 */
export function generationsOf(id: string): GenerationRange[] | undefined {
  const file = path.join(PACKAGE_ROOT, "out", "json", `${id}.json`);
  if (!existsSync(file)) return undefined;
  const model = JSON.parse(readFileSync(file, "utf8")) as {
    instructions: { gen?: { min: number; max: number } }[];
  };
  const gens = model.instructions.flatMap((i) => (i.gen ? [i.gen] : []));
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
