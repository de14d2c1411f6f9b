/**
 * Codec throughput of one ISA, side by side in one process, in instructions per second (the best
 * pass of each, after a warm-up):
 * - `tsDisasmPerSec`: the generated codec (`out/ts/<id>.ts`) making every line of a program
 *   (`disassembleEach`, each line handed to a function that takes its length);
 * - `tsProgramPerSec`: `disassembleProgram`, which returns the lines as an array (all held at once);
 * - `cDisasmPerSec`: the generated C disassembler (bench/cDisasmSpeed.ts, `gcc -O2`) over the same
 *   program, timed inside its binary, in rounds alternating with the TS passes so that both see
 *   the same machine load (absent where gcc cannot build it: `cUnavailable` says why);
 * - `decodePerSec`, `encodePerSec`: `decode` of each instruction, `encode` of what it decoded;
 *   `baselineDecodePerSec`, `baselineEncodePerSec`: the same by the codec when issue 27 was filed
 *   (bench/baselineCodec.ts, from git history; `baselineUnavailable` says why not), alternating;
 * - `byLength`: `disassembleProgram` against program length (1k … 1M words), which shows nothing
 *   is quadratic.
 * The program is bench/corpus.ts's: instructions drawn from the model, each decoding as one.
 *
 * Run as a script it measures one ISA and prints one JSON line (bench/run.ts runs it per ISA):
 *
 *   tsx bench/codecSpeed.ts <id> [--out DIR] [--words N] [--passes N] [--rounds N] [--seed S]
 *                                [--lengths N,N,…]
 */
import { readFileSync } from "fs";
import * as path from "path";
import type { IsaModel } from "../generator/model/types";
import { makeCorpus } from "./corpus";
import { buildCDisassembler, type CDisassembler } from "./cDisasmSpeed";
import { BASELINE_REV, loadBaselineCodec } from "./baselineCodec";

export interface CodecFigures {
  tsDisasmPerSec: number;
  tsProgramPerSec: number;
  /** The generated C disassembler (absent when it cannot be built: cUnavailable). */
  cDisasmPerSec?: number;
  cUnavailable?: string;
  decodePerSec: number;
  encodePerSec: number;
  /** The same, by the codec when issue 27 was filed (bench/baselineCodec.ts), in the same rounds. */
  baselineDecodePerSec?: number;
  baselineEncodePerSec?: number;
  baselineRev?: string;
  baselineUnavailable?: string;
  /** `disassembleProgram` instructions/s by program length in words. */
  byLength: Record<string, number>;
  [other: string]: number | string | Record<string, number> | undefined;
}

export interface CodecSpeedOptions {
  /** Directory holding `json/<id>.json` and `ts/<id>.ts`. */
  out: string;
  /** Words in the program (whole instructions). */
  words: number;
  passes: number;
  /** Rounds of TS passes alternating with the C disassembler's passes. */
  rounds: number;
  seed: number;
  lengths: number[];
}

export const CODEC_DEFAULTS: CodecSpeedOptions = {
  out: "out",
  words: 200_000,
  passes: 3,
  rounds: 3,
  seed: 1,
  lengths: [1_000, 10_000, 100_000, 1_000_000],
};

interface Codec {
  ISA: { wordCount: number; defaultGpu: number | null };
  decode(words: ArrayLike<number>, options?: { gpu?: number }): unknown;
  encode(instruction: unknown): Uint32Array;
  disassembleProgram(words: ArrayLike<number>, options?: { gpu?: number }): string[];
  disassembleEach(
    words: ArrayLike<number>,
    options: { gpu?: number },
    visit: (line: string, index: number) => void,
  ): void;
}

/** Nanoseconds of the fastest of `passes` runs of `run`. */
function best(passes: number, run: () => void): number {
  let ns = Infinity;
  for (let p = 0; p < passes; p++) {
    const t0 = process.hrtime.bigint();
    run();
    ns = Math.min(ns, Number(process.hrtime.bigint() - t0));
  }
  return ns;
}

const perSec = (count: number, ns: number) => count / (ns / 1e9);

export function measureCodecSpeed(id: string, o: CodecSpeedOptions): CodecFigures {
  const out = path.resolve(o.out);
  const model = JSON.parse(readFileSync(path.join(out, "json", `${id}.json`), "utf8")) as IsaModel;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const codec = require(path.join(out, "ts", `${id}.ts`)) as Codec;
  const n = codec.ISA.wordCount;
  const gpu = codec.ISA.defaultGpu;
  const opts = gpu === null ? {} : { gpu };
  const corpus = makeCorpus(model, Math.max(1, Math.floor(o.words / n)), o.seed, (w) =>
    codec.decode(w, opts) ? 0 : -1,
  );
  const program = corpus.words;
  const count = corpus.count;

  // Each line is made and handed over, as the C disassembler prints each into a FILE (/dev/null).
  let sink = 0;
  const take = (line: string) => {
    sink += line.length;
  };
  const disasm = (words: Uint32Array) => codec.disassembleEach(words, opts, take);
  disasm(program);

  let c: CDisassembler | null = null;
  let cWhy: string | null = null;
  try {
    c = buildCDisassembler(o.out, id);
  } catch (e) {
    cWhy = `the C disassembler did not build: ${(e as Error).message.split("\n")[0]}`;
  }
  const figures: CodecFigures = {
    tsDisasmPerSec: 0,
    tsProgramPerSec: 0,
    decodePerSec: 0,
    encodePerSec: 0,
    byLength: {},
  };
  try {
    for (let r = 0; r < o.rounds; r++) {
      const ts = perSec(
        count,
        best(o.passes, () => disasm(program)),
      );
      figures.tsDisasmPerSec = Math.max(figures.tsDisasmPerSec, ts);
      const array = best(o.passes, () => {
        sink += codec.disassembleProgram(program, opts).length;
      });
      figures.tsProgramPerSec = Math.max(figures.tsProgramPerSec, perSec(count, array));
      if (c) {
        const v = c.perSecond(program, n, gpu ?? 0, o.passes);
        figures.cDisasmPerSec = Math.max(figures.cDisasmPerSec ?? 0, v);
      }
    }
  } finally {
    c?.dispose();
  }
  if (cWhy) figures.cUnavailable = cWhy;

  // decode and encode, one instruction at a time, as a user calls them; the baseline's (the codec
  // when issue 27 was filed) in alternating rounds, on the same instructions.
  const one: Uint32Array[] = [];
  for (let i = 0; i < count; i++) one.push(program.subarray(i * n, i * n + n));
  const baseline = loadBaselineCodec(id);
  const coders: [
    Pick<Codec, "decode" | "encode">,
    "decodePerSec" | "baselineDecodePerSec",
    "encodePerSec" | "baselineEncodePerSec",
  ][] = [[codec, "decodePerSec", "encodePerSec"]];
  if (typeof baseline === "string") figures.baselineUnavailable = baseline;
  else {
    figures.baselineRev = BASELINE_REV;
    coders.push([baseline, "baselineDecodePerSec", "baselineEncodePerSec"]);
  }
  try {
    const decoded = coders.map(([coder]) => one.map((w) => coder.decode(w, opts)));
    // Each round starts with the other codec, so neither always runs on a warmer or busier machine.
    for (let r = 0; r < o.rounds; r++)
      (r % 2 ? [...coders].reverse() : coders).forEach(([coder, decodeKey, encodeKey]) => {
        const k = coders.findIndex(([c]) => c === coder);
        const d = perSec(
          count,
          best(o.passes, () => {
            for (const w of one) sink += coder.decode(w, opts) ? 1 : 0;
          }),
        );
        figures[decodeKey] = Math.max(figures[decodeKey] ?? 0, d);
        const e = perSec(
          count,
          best(o.passes, () => {
            for (const x of decoded[k]) sink += coder.encode(x).length;
          }),
        );
        figures[encodeKey] = Math.max(figures[encodeKey] ?? 0, e);
      });
  } finally {
    if (typeof baseline !== "string") baseline.dispose();
  }

  for (const length of o.lengths) {
    const instructions = Math.max(1, Math.floor(length / n));
    const words = new Uint32Array(instructions * n);
    for (let at = 0; at < words.length; at += program.length)
      words.set(program.subarray(0, Math.min(program.length, words.length - at)), at);
    // Short programs are repeated so that each timed run lasts long enough to measure.
    const repeat = Math.max(1, Math.ceil(100_000 / words.length));
    const ns = best(o.passes, () => {
      for (let k = 0; k < repeat; k++) disasm(words);
    });
    figures.byLength[String(length)] = perSec(instructions * repeat, ns);
  }
  if (sink < 0) throw new Error("unreachable");
  return figures;
}

export function parseCodecArgs(argv: string[]): { id: string; options: CodecSpeedOptions } {
  const o: CodecSpeedOptions = { ...CODEC_DEFAULTS };
  const id = argv[0];
  if (!id || id.startsWith("--")) throw new Error("codecSpeed: give an ISA id");
  for (let i = 1; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ""];
    const num = () => {
      const v = Number(value);
      if (!Number.isInteger(v) || v < 1)
        throw new Error(`codecSpeed: ${flag} needs a positive integer, got '${value}'`);
      return v;
    };
    if (flag === "--out") o.out = value;
    else if (flag === "--words") o.words = num();
    else if (flag === "--passes") o.passes = num();
    else if (flag === "--rounds") o.rounds = num();
    else if (flag === "--seed") o.seed = num();
    else if (flag === "--lengths") o.lengths = value.split(",").map((v) => Number(v));
    else throw new Error(`codecSpeed: unknown option '${flag}'`);
  }
  return { id, options: o };
}

/** The arguments of the script form, for bench/run.ts. */
export function codecArgs(id: string, o: CodecSpeedOptions): string[] {
  return [
    id,
    ...["--out", o.out, "--words", String(o.words), "--passes", String(o.passes)],
    ...["--rounds", String(o.rounds), "--seed", String(o.seed), "--lengths", o.lengths.join(",")],
  ];
}

if (require.main === module) {
  const { id, options } = parseCodecArgs(process.argv.slice(2));
  process.stdout.write(JSON.stringify(measureCodecSpeed(id, options)) + "\n");
}
