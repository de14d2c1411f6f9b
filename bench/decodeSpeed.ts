/**
 * Decode throughput of one ISA, three ways, on the same corpus in the same run:
 * - `dispatchTs`: the generated TS dispatch tree (`out/dispatch/<id>.ts`);
 * - `linearTs`: the linear mask/match scan (bench/linearScan.ts) over the same instructions;
 * - `dispatchC`: the generated C dispatch (`out/dispatch/<id>.c`) built with `gcc -O2`.
 *
 * Each is run once untimed (warm-up, and a check that all three give the same ids), then timed for
 * `passes` passes over the corpus (the dispatches in 4 alternating rounds of `passes` each); the
 * figure is the best pass, in instructions per second. All
 * three read the corpus as one flat array of words, as an emulator reads instruction memory: the
 * TS ones through `dispatchAt(memory, at)` and the scan's `(memory, at)`, the C one through a
 * pointer into the array.
 *
 * Run as a script it measures one ISA and prints one JSON line (bench/run.ts starts one process per
 * ISA, so that no ISA's code warms up or deoptimizes another's):
 *
 *   tsx bench/decodeSpeed.ts <id> [--out DIR] [--words N] [--passes N] [--seed S]
 */
import { execFileSync } from "child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import type { IsaModel } from "../generator/model/types";
import { makeCorpus, type Corpus } from "./corpus";
import { linearScan, type Decoder } from "./linearScan";

export interface DecodeSpeed {
  dispatchTs: number;
  linearTs: number;
  dispatchC: number;
}

export interface DecodeSpeedOptions {
  /** Directory holding `json/<id>.json` and `dispatch/<id>.{ts,c,h}`. */
  out: string;
  /** Instructions in the corpus. */
  words: number;
  passes: number;
  seed: number;
}

interface DispatchModule {
  dispatchAt(memory: ArrayLike<number>, at: number, gpu?: number | null): number;
  INSTRUCTION_COUNT: number;
}

const HARNESS = path.join(__dirname, "c", "harness.c");
/** Rounds of C passes then TS passes (see measureDecodeSpeed). */
export const ROUNDS = 4;

/** Order-sensitive checksum of the ids a decoder gives the corpus (the C harness computes the same). */
function checksum(decode: Decoder, corpus: Corpus): number {
  let acc = 0;
  for (let i = 0; i < corpus.count; i++)
    acc = (Math.imul(acc, 31) + decode(corpus.words, i * corpus.wordCount) + 1) >>> 0;
  return acc;
}

// Two loops with the same body, one per decoder, so that each call site sees one function only and
// neither decoder pays for the other's being there. Each pass's sum of ids is returned (and checked
// by the caller), which also keeps the loop from being optimized away.
function timeDispatch(decode: Decoder, corpus: Corpus, passes: number): Timed {
  const timed: Timed = { ns: [], sums: [] };
  const { words, count, wordCount } = corpus;
  for (let p = 0; p < passes; p++) {
    const t0 = process.hrtime.bigint();
    let sum = 0;
    for (let i = 0; i < count; i++) sum += decode(words, i * wordCount);
    timed.ns.push(Number(process.hrtime.bigint() - t0));
    timed.sums.push(sum);
  }
  return timed;
}

function timeLinear(decode: Decoder, corpus: Corpus, passes: number): Timed {
  const timed: Timed = { ns: [], sums: [] };
  const { words, count, wordCount } = corpus;
  for (let p = 0; p < passes; p++) {
    const t0 = process.hrtime.bigint();
    let sum = 0;
    for (let i = 0; i < count; i++) sum += decode(words, i * wordCount);
    timed.ns.push(Number(process.hrtime.bigint() - t0));
    timed.sums.push(sum);
  }
  return timed;
}

interface Timed {
  ns: number[];
  sums: number[];
}

function checkSums(id: string, what: string, timed: Timed, expected: number): number[] {
  if (timed.sums.some((s) => s !== expected))
    throw new Error(
      `${id}: ${what} gave sums ${timed.sums.join(", ")} over the corpus, expected ${expected}`,
    );
  return timed.ns;
}

const perSecond = (count: number, ns: number[]) => count / (Math.min(...ns) / 1e9);

/**
 * Build the C harness against the ISA's dispatch and write the corpus file; the returned function
 * times `passes` passes over it in a fresh process.
 */
function buildC(
  id: string,
  out: string,
  corpus: Corpus,
  dir: string,
): (passes: number) => { checksum: number; ns: number[] } {
  const corpusFile = path.join(dir, "corpus.bin");
  const le = Buffer.alloc(corpus.words.length * 4);
  corpus.words.forEach((w, i) => le.writeUInt32LE(w, i * 4));
  writeFileSync(corpusFile, le);
  const exe = path.join(dir, `harness-${id}`);
  const dispatchDir = path.join(out, "dispatch");
  execFileSync(
    "gcc",
    [
      "-O2",
      "-std=c99",
      `-I${dispatchDir}`,
      `-DDISPATCH_HEADER="${id}.h"`,
      `-DDISPATCH_FN=${id}_dispatch`,
      "-o",
      exe,
      HARNESS,
      path.join(dispatchDir, `${id}.c`),
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  return (passes) =>
    JSON.parse(
      execFileSync(
        exe,
        [corpusFile, String(corpus.wordCount), String(corpus.count), String(passes)],
        {
          encoding: "utf8",
        },
      ),
    ) as { checksum: number; ns: number[] };
}

export function measureDecodeSpeed(id: string, options: DecodeSpeedOptions): DecodeSpeed {
  const out = path.resolve(options.out);
  const model = JSON.parse(readFileSync(path.join(out, "json", `${id}.json`), "utf8")) as IsaModel;
  const generated = require(path.join(out, "dispatch", `${id}.ts`)) as DispatchModule;
  if (generated.INSTRUCTION_COUNT !== model.instructions.length)
    throw new Error(
      `${id}: out/dispatch/${id}.ts has ${generated.INSTRUCTION_COUNT} instructions, the model ${model.instructions.length}: regenerate out/`,
    );
  const linear = linearScan(model);
  // Called directly (no wrapper in the timed loop); every call below passes `at`.
  const dispatch = generated.dispatchAt as Decoder;
  const corpus = makeCorpus(model, options.words, options.seed, linear);

  const expected = checksum(linear, corpus);
  let expectedSum = 0;
  for (let i = 0; i < corpus.count; i++) expectedSum += linear(corpus.words, i * corpus.wordCount);
  if (checksum(dispatch, corpus) !== expected)
    throw new Error(`${id}: the TS dispatch and the linear scan disagree on the corpus`);
  const dir = mkdtempSync(path.join(tmpdir(), `isaforge-bench-${id}-`));
  try {
    const runC = buildC(id, out, corpus, dir);
    timeDispatch(dispatch, corpus, 1); // warm-up
    timeLinear(linear, corpus, 1);
    // C and TS passes alternate, in ROUNDS rounds, so that both meet the same spells of a shared
    // machine (where either can run at half speed for seconds at a time); the best pass counts.
    const cNs: number[] = [];
    const tsNs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const c = runC(options.passes);
      if (c.checksum !== expected)
        throw new Error(`${id}: the C dispatch and the linear scan disagree on the corpus`);
      cNs.push(...c.ns);
      tsNs.push(
        ...checkSums(
          id,
          "the TS dispatch",
          timeDispatch(dispatch, corpus, options.passes),
          expectedSum,
        ),
      );
    }
    const linearNs = checkSums(
      id,
      "the linear scan",
      timeLinear(linear, corpus, options.passes),
      expectedSum,
    );
    return {
      dispatchTs: perSecond(corpus.count, tsNs),
      linearTs: perSecond(corpus.count, linearNs),
      dispatchC: perSecond(corpus.count, cNs),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const id = argv[0];
  if (!id || id.startsWith("-")) {
    process.stderr.write(
      "usage: tsx bench/decodeSpeed.ts <id> [--out DIR] [--words N] [--passes N] [--seed S]\n",
    );
    process.exit(2);
  }
  const result = measureDecodeSpeed(id, {
    out: option(argv, "--out", "out"),
    words: Number(option(argv, "--words", "1000000")),
    passes: Number(option(argv, "--passes", "5")),
    seed: Number(option(argv, "--seed", "1")),
  });
  process.stdout.write(JSON.stringify(result) + "\n");
}
