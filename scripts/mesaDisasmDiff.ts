/**
 * isaforge's isaspec disassembly against Mesa's own decoder, line by line. The codecs are generated
 * from Mesa's documents (../shared/corpora/mesa-isaspec, as test/codecs/isaspecMesa.test.ts does)
 * and Mesa's decoder is built from the same documents in a temporary folder (bench/mesaDecoder.ts).
 * For every instruction and every generation it exists for (ir3 300–700, etnaviv), `--per` random
 * words with its fixed bits (other bits random, don't-care bits set in a third of them), plus as
 * many uniformly random words, make one program per ISA and generation; Mesa's isa_disasm and the
 * codec's disassembleProgram print it with show_errors off and on, and every line is compared.
 *
 *   npx tsx scripts/mesaDisasmDiff.ts [--per N] [--seed S] [--isa ir3,etnaviv] [--show N]
 *
 * Prints the counts per ISA and generation and the first --show (default 5) differing lines;
 * exits 1 on any difference, 2 when Mesa's decoder cannot be built (no mako, no gcc).
 */
import { rmSync } from "fs";
import { buildMesaDecoder, mesaDecoderUnavailable } from "../bench/mesaDecoder";
import { prng } from "../bench/prng";
import { Diagnostics } from "../generator/diagnostics";
import { emitTsCodec } from "../generator/emit/emitTsCodec";
import { loadGeneratedCodec } from "../generator/emit/manual/loadGeneratedCodec";
import type { Instruction, IsaModel } from "../generator/model/types";
import { buildModels } from "../generator/pipeline";
import { MESA_CORPUS, mesaCorpusSpecs } from "../test/helpers/mesaCorpus";

interface Codec {
  disassembleProgram(
    words: ArrayLike<number>,
    options: { gpu?: number; showErrors?: boolean },
  ): string[];
}

const GENS: Record<string, number[]> = { ir3: [300, 400, 500, 600, 700], etnaviv: [0] };

interface Options {
  per: number;
  seed: number;
  isas: string[];
  show: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { per: 50, seed: 1, isas: Object.keys(GENS), show: 5 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[++i];
    const n = Number(value);
    if (argv[i - 1] === "--isa") o.isas = (value ?? "").split(",").filter(Boolean);
    else if (!Number.isInteger(n) || n < 0)
      throw new Error(`mesaDisasmDiff: ${argv[i - 1]} needs a number, got '${value ?? ""}'`);
    else if (argv[i - 1] === "--per") o.per = n;
    else if (argv[i - 1] === "--seed") o.seed = n;
    else if (argv[i - 1] === "--show") o.show = n;
    else throw new Error(`mesaDisasmDiff: unknown option '${argv[i - 1]}'`);
  }
  for (const isa of o.isas)
    if (!GENS[isa]) throw new Error(`mesaDisasmDiff: no Mesa decoder for '${isa}'`);
  return o;
}

/** The instruction's fixed bits with random others; don't-care bits set when `dontCare`. */
function wordsOf(ins: Instruction, random: () => number, dontCare: boolean): number[] {
  return ins.encoding.match.map((m, i) => {
    const dc = ins.encoding.dontCare[i];
    const free = ~ins.encoding.mask[i] | dc;
    return ((m & ~dc) | (random() & free & (dontCare ? ~0 : ~dc))) >>> 0;
  });
}

/** One program per generation: every instruction of it `per` times, then `per` × count random ones. */
function program(model: IsaModel, gen: number, per: number, random: () => number): Uint32Array {
  const inGen = model.instructions.filter(
    (i) => !i.gen || gen === 0 || (gen >= i.gen.min && gen <= i.gen.max),
  );
  const words: number[] = [];
  for (const ins of inGen)
    for (let k = 0; k < per; k++) words.push(...wordsOf(ins, random, k % 3 === 2));
  for (let k = 0; k < per * inGen.length; k++)
    for (let w = 0; w < model.isa.wordCount; w++) words.push(random());
  return Uint32Array.from(words);
}

function main(): void {
  let o: Options;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  for (const isa of o.isas) {
    const why = mesaDecoderUnavailable(MESA_CORPUS, isa);
    if (why) {
      process.stderr.write(`mesaDisasmDiff: cannot build Mesa's decoder: ${why}\n`);
      process.exitCode = 2;
      return;
    }
  }
  const specs = mesaCorpusSpecs();
  let models: IsaModel[];
  try {
    models = buildModels(specs, new Diagnostics());
  } finally {
    rmSync(specs, { recursive: true, force: true });
  }
  const codecs = new Map(
    emitTsCodec(models).map((f) => [
      f.path.replace(/^ts\/|\.ts$/g, ""),
      loadGeneratedCodec(f.content, f.path) as unknown as Codec,
    ]),
  );
  const random = prng(o.seed);
  let differences = 0;
  let total = 0;
  for (const isa of o.isas) {
    const model = models.find((m) => m.isa.id === isa)!;
    const codec = codecs.get(isa)!;
    const mesa = buildMesaDecoder(MESA_CORPUS, isa);
    try {
      for (const gen of GENS[isa]) {
        const words = program(model, gen, o.per, random);
        const counts = { lines: 0, different: 0, noMatch: 0, withErrors: 0 };
        for (const showErrors of [false, true]) {
          const theirs = mesa.disasm(words, gen, showErrors).split("\n").slice(0, -1);
          const ours = codec.disassembleProgram(words, {
            ...(isa === "ir3" ? { gpu: gen } : {}),
            showErrors,
          });
          if (theirs.length !== ours.length) {
            process.stdout.write(
              `${isa} gen ${gen}: Mesa printed ${theirs.length} lines, isaforge ${ours.length}\n`,
            );
            counts.different++;
          }
          for (let i = 0; i < Math.min(theirs.length, ours.length); i++) {
            counts.lines++;
            if (theirs[i].startsWith("no match:")) counts.noMatch++;
            if (showErrors && theirs[i].includes("\t; ")) counts.withErrors++;
            if (theirs[i] === ours[i]) continue;
            if (differences + counts.different < o.show) {
              const n = model.isa.wordCount;
              const hex = Array.from(words.subarray(i * n, i * n + n), (w) =>
                w.toString(16).padStart(8, "0"),
              ).join(" ");
              process.stdout.write(
                `${isa} gen ${gen} show_errors ${showErrors ? 1 : 0} line ${i + 1} (${hex}):\n` +
                  `  Mesa:      ${JSON.stringify(theirs[i])}\n  isaforge:  ${JSON.stringify(ours[i])}\n`,
              );
            }
            counts.different++;
          }
        }
        process.stdout.write(
          `${isa}${isa === "ir3" ? ` gen ${gen}` : ""}: ${counts.lines} lines compared ` +
            `(${words.length / model.isa.wordCount} instructions, show_errors off and on; ` +
            `${counts.noMatch} no match, ${counts.withErrors} with errors), ${counts.different} different\n`,
        );
        differences += counts.different;
        total += counts.lines;
      }
    } finally {
      mesa.dispose();
    }
  }
  process.stdout.write(`${total} lines compared, ${differences} different\n`);
  if (differences > 0) process.exitCode = 1;
}

main();
