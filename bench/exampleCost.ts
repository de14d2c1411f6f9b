/**
 * Where the manuals' worked examples (generator/emit/manual/examples.ts) spend a cold build's time:
 * per ISA, how many attempts the examples make (counted as encodes: one per attempt, and one more
 * for a decode-only example), how often and for how long they call each codec
 * function, and how the attempts fall per instruction. The codecs are compiled as the build
 * compiles them, in this fresh process, so the figures include their warm-up as a build pays it.
 *
 *   tsx bench/exampleCost.ts [--specs DIR] [--top N]
 *
 * `--top N` also lists each ISA's N costliest instructions (ms, attempts). Times are wall-clock ms
 * of this thread: on a shared machine take the minimum of a few runs.
 */
import { performance } from "perf_hooks";
import { useBatchTiering } from "../generator/batchTiering";
import { Diagnostics } from "../generator/diagnostics";
import { generatedCodecs } from "../generator/emit/emitManuals";
import { instructionExample } from "../generator/emit/manual/examples";
import type { GeneratedCodec } from "../generator/emit/manual/loadGeneratedCodec";
import { buildModels } from "../generator/pipeline";

// As the CLI runs a build (generator/batchTiering.ts): the codecs warm up as they do there.
useBatchTiering();

const CALLS = ["encode", "decode", "disassemble", "assemble"] as const;
type Call = (typeof CALLS)[number];

/** `codec` with each call counted and timed into `calls`. */
function timed(
  codec: GeneratedCodec,
  calls: Record<Call, { n: number; ms: number }>,
): GeneratedCodec {
  const wrap =
    <A extends unknown[], R>(name: Call, f: (...a: A) => R) =>
    (...args: A): R => {
      const start = performance.now();
      try {
        return f(...args);
      } finally {
        calls[name].n++;
        calls[name].ms += performance.now() - start;
      }
    };
  return {
    ISA: codec.ISA,
    encode: wrap("encode", codec.encode),
    decode: wrap("decode", codec.decode),
    disassemble: wrap("disassemble", codec.disassemble),
    assemble: wrap("assemble", codec.assemble),
  };
}

function main(): void {
  const argv = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const top = Number(option("--top", "0"));
  const models = buildModels(option("--specs", "specs"), new Diagnostics());
  let start = performance.now();
  const codecs = generatedCodecs(models);
  console.log(`compile and load the codecs: ${(performance.now() - start).toFixed(0)} ms`);
  for (const model of models) {
    const compiled = codecs.get(model.isa.id);
    if (!compiled) continue;
    const calls = Object.fromEntries(CALLS.map((c) => [c, { n: 0, ms: 0 }])) as Record<
      Call,
      { n: number; ms: number }
    >;
    const codec = timed(compiled.codec, calls);
    const perInstruction: { name: string; attempts: number; ms: number }[] = [];
    start = performance.now();
    for (const ins of model.instructions) {
      const encodes = calls.encode.n;
      const t = performance.now();
      instructionExample(model, ins, codec);
      perInstruction.push({
        name: ins.name,
        attempts: calls.encode.n - encodes,
        ms: performance.now() - t,
      });
    }
    const ms = performance.now() - start;
    const spread = new Map<number, number>();
    for (const p of perInstruction) spread.set(p.attempts, (spread.get(p.attempts) ?? 0) + 1);
    console.log(
      `${model.isa.id}: ${model.instructions.length} instructions, ${calls.encode.n} attempts, ${ms.toFixed(0)} ms; ` +
        CALLS.map((c) => `${c} ${calls[c].n}× ${calls[c].ms.toFixed(0)} ms`).join(", "),
    );
    console.log(
      `  instructions by attempts: ${[...spread]
        .sort((a, b) => a[0] - b[0])
        .map(([attempts, n]) => `${attempts}:${n}`)
        .join(" ")}`,
    );
    if (top > 0) {
      const costliest = [...perInstruction].sort((a, b) => b.ms - a.ms).slice(0, top);
      console.log(
        `  costliest: ${costliest.map((p) => `${p.name} ${p.ms.toFixed(1)} ms (${p.attempts})`).join(", ")}`,
      );
    }
  }
}

main();
