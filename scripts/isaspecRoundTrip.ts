/**
 * How the isaspec text of Mesa's own documents round-trips, per ISA, document (ir3 category) and
 * generation: for random words of every instruction (its fixed bits, other bits random, don't-care
 * bits clear) at each generation of ir3 it exists for, whether the text `disassemble` prints
 * assembles to words printing the same text, whether those are the original words, and, where
 * they are not, whether each differing bit alone leaves the text unchanged (a field the display
 * omits) or only several together do (encodings Mesa prints alike). Words Mesa reports errors for
 * other than set don't-care bits are counted apart: their text lacks an operand.
 *
 *   npx tsx scripts/isaspecRoundTrip.ts [--per N] [--seed S] [--show]   (--show: lines that fail)
 *
 * reads ../shared/corpora/mesa (as test/codecs/isaspecMesa.test.ts does).
 */
import { rmSync } from "fs";
import { prng } from "../bench/prng";
import { Diagnostics } from "../generator/diagnostics";
import { emitTsCodec } from "../generator/emit/emitTsCodec";
import { loadGeneratedCodec } from "../generator/emit/manual/loadGeneratedCodec";
import type { Instruction } from "../generator/model/types";
import { buildModels } from "../generator/pipeline";
import { haveMesaCorpus, MESA_CORPUS, mesaCorpusSpecs } from "../test/helpers/mesaCorpus";

interface Codec {
  decode(
    words: number[],
    options: { gpu: number },
  ): { fields: Record<string, unknown> } | undefined;
  disassemble(words: ArrayLike<number>, options: { gpu: number; showErrors?: boolean }): string;
  assemble(text: string, options: { gpu: number }): Uint32Array;
}

const GENS: Record<string, number[]> = { ir3: [300, 400, 500, 600, 700], etnaviv: [0] };

/** valid, same text, same words, other words with each differing bit invisible alone, the rest. */
type Counts = [number, number, number, number, number];

function tally(map: Map<string, Counts>, key: string, kind: number): void {
  const c = map.get(key) ?? [0, 0, 0, 0, 0];
  c[0]++;
  if (kind > 0) c[1]++;
  if (kind > 0) c[kind]++;
  map.set(key, c);
}

function main(argv: string[]): void {
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const per = arg("--per", 20);
  const show = argv.includes("--show");
  const hex = (w: number) => w.toString(16).padStart(8, "0");
  const random = prng(arg("--seed", 777));
  if (!haveMesaCorpus) throw new Error(`${MESA_CORPUS} is missing`);
  const specs = mesaCorpusSpecs();
  const models = buildModels(specs, new Diagnostics());
  rmSync(specs, { recursive: true, force: true });
  const codecs = new Map(
    emitTsCodec(models).map((f) => [
      /^ts\/(.+)\.ts$/.exec(f.path)![1],
      loadGeneratedCodec(f.content, f.path) as unknown as Codec,
    ]),
  );
  for (const model of models) {
    const codec = codecs.get(model.isa.id)!;
    const byDoc = new Map<string, Counts>();
    const byGpu = new Map<string, Counts>();
    let invalid = 0;
    const gensOf = (ins: Instruction) => {
      const g = GENS[model.isa.id].filter(
        (x) => !ins.gen || (x >= ins.gen.min && x <= ins.gen.max),
      );
      return g.length ? g : [ins.gen!.min];
    };
    for (const ins of model.instructions) {
      const gens = gensOf(ins);
      for (let k = 0; k < per; k++) {
        const gpu = gens[k % gens.length];
        const e = ins.encoding;
        const words = e.match.map(
          (m, i) => ((m & ~e.dontCare[i]) | ((k === 0 ? 0 : random()) & ~e.mask[i])) >>> 0,
        );
        if (!codec.decode(words, { gpu })) continue; // two instructions match: Mesa's conflict
        const errors = codec.disassemble(words, { gpu, showErrors: true }).split("\t; ")[1];
        if (errors?.split(", ").some((x) => !x.startsWith("dontcare bits in "))) {
          invalid++;
          continue;
        }
        const text = codec.disassemble(words, { gpu });
        let kind = 0;
        try {
          const back = Array.from(codec.assemble(text, { gpu }), (w) => w >>> 0);
          if (codec.disassemble(back, { gpu }) === text) {
            const differing = words.flatMap((w, i) =>
              Array.from({ length: 32 }, (_, b) => [i, b]).filter(
                ([, b]) => ((w ^ back[i]) >>> b) & 1,
              ),
            );
            const alone = differing.every(([i, b]) => {
              const flipped = words.slice();
              flipped[i] = (flipped[i] ^ (1 << b)) >>> 0;
              return codec.disassemble(flipped, { gpu }) === text;
            });
            kind = differing.length === 0 ? 2 : alone ? 3 : 4;
          }
        } catch (e) {
          kind = 0;
          if (show) console.log(`  ${words.map(hex).join(" ")} '${text}': ${(e as Error).message}`);
        }
        if (kind === 0 && show)
          console.log(`  ${words.map(hex).join(" ")} '${text}' does not round-trip`);
        tally(byDoc, ins.source.file.split("/").pop()!, kind);
        tally(byGpu, `gpu ${gpu}`, kind);
      }
    }
    const line = (key: string, [n, same, exact, alone, together]: Counts) =>
      `  ${key.padEnd(14)} ${String(same).padStart(6)}/${String(n).padEnd(6)} same text; ` +
      `words equal ${exact}, other bits each invisible alone ${alone}, only together ${together}`;
    const total = [...byDoc.values()].reduce<Counts>(
      (a, c) => a.map((x, i) => x + c[i]) as Counts,
      [0, 0, 0, 0, 0],
    );
    console.log(
      `${model.isa.id}: ${per} words per instruction; ${invalid} with Mesa errors left out`,
    );
    console.log(line("all", total));
    for (const [k, c] of [...byDoc].sort()) console.log(line(k, c));
    if (byGpu.size > 1) for (const [k, c] of [...byGpu].sort()) console.log(line(k, c));
  }
}

main(process.argv.slice(2));
