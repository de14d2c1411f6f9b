/**
 * The generated C dispatch (out/dispatch/<id>.c) compiles as strict C99 with its handler skeleton,
 * its header compiles as C++17 (together with the C header of out/c, so their names do not clash),
 * and it returns the TS dispatch's id on 100,000+ words per ISA, execute included (harness.c).
 */
import { readFileSync, writeFileSync } from "fs";
import * as path from "path";
import { C99, compile, CXX17, sh, tempDir } from "../c/cc";
import {
  boundaryWords,
  DISPATCH_ISAS,
  mixedWords,
  prng,
  reference,
  ROOT,
  shippedJson,
} from "./reference";
import { describeEachSpec } from "../helpers/builtSpecs";
import { TEST_OUT } from "../helpers/testOutput";

const DIR = path.join(TEST_OUT, "dispatch");
const HARNESS = path.join(__dirname, "harness.c");
const WORDS_PER_ISA = 100_000;

type Dispatch = (words: ArrayLike<number>, gpu?: number | null) => number;
/** The TS dispatch of the test build (loaded by id: the ISAs a run lacks the trees for are not built). */
const dispatcherOf = (isa: string) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require(path.join(DIR, `${isa}.ts`)) as { dispatch: Dispatch }).dispatch;

/** C gpus and the TS argument each stands for (-1: none, so the default). */
const GPUS: [number, number | undefined][] = [
  [-1, undefined],
  [0, 0],
  [299, 299],
  [300, 300],
  [599, 599],
  [600, 600],
  [700, 700],
];

describeEachSpec(
  DISPATCH_ISAS,
  (isa) => `${isa}: C`,
  (isa) => {
    const tmp = tempDir();
    afterAll(() => tmp.cleanup());
    const upper = isa.toUpperCase();
    const r = reference(shippedJson(isa));
    const defines = [
      `-DISA_HEADER="${isa}.h"`,
      `-DDISPATCH=${isa}_dispatch`,
      `-DEXECUTE=${isa}_execute`,
      `-DHANDLER_FN=${isa}_handler_fn`,
      `-DINSTR_COUNT=${upper}_INSTR_COUNT`,
      `-DWORD_COUNT=${r.wordCount}`,
      `-DHANDLERS=${isa}_handlers`,
      `-I${DIR}`,
    ];
    const exe = path.join(tmp.dir, "harness");

    it("compiles with gcc -std=c99 -Wall -Wextra -Werror -pedantic -O2, with the handler skeleton linked in", () => {
      compile([...C99, "-O2"], HARNESS, exe, [
        ...defines,
        path.join(DIR, `${isa}.c`),
        path.join(DIR, `${isa}-handlers.c`),
      ]);
      const run = sh([exe]);
      expect(run.stderr).toBe("");
      expect(run.stdout).toBe(`handlers ${r.names.length}\n`);
    });

    it("the header compiles as C++17 and C99 next to the out/c header", () => {
      const both = `#include "${isa}.h"\n#include "${path.join(TEST_OUT, "c", `${isa}.h`)}"\nint probe(void);\nint probe(void) { return ${upper}_INSTR_COUNT + ${upper}_NO_INSTRUCTION; }\n`;
      compile(CXX17, tmp.write("both.cpp", both), undefined, [`-I${DIR}`]);
      compile(C99, tmp.write("both.c", both), undefined, [`-I${DIR}`]);
    });

    const boundary = boundaryWords(r);
    it(`agrees with the TS dispatch on ${WORDS_PER_ISA.toLocaleString("en-US")} seeded words and ${boundary.length.toLocaleString("en-US")} boundary words`, () => {
      const rnd = prng(isa.length * 1000 + 17);
      const count = WORDS_PER_ISA + boundary.length;
      const record = 1 + r.wordCount;
      const data = new Uint32Array(count * record);
      const tsGpu: (number | undefined)[] = [];
      const words = new Uint32Array(r.wordCount);
      for (let k = 0; k < count; k++) {
        if (k < WORDS_PER_ISA) mixedWords(r, rnd, k, words);
        else words.set(boundary[k - WORDS_PER_ISA]);
        const [cGpu, gpu] = GPUS[k % GPUS.length];
        data[k * record] = cGpu >>> 0;
        data.set(words, k * record + 1);
        tsGpu.push(gpu);
      }
      const file = path.join(tmp.dir, "words.bin");
      writeFileSync(file, Buffer.from(data.buffer)); // little-endian on every platform Node runs on here
      expect(new Uint8Array(new Uint32Array([1]).buffer)[0]).toBe(1);
      const run = sh([exe, file]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const lines = run.stdout.trim().split("\n");
      expect(lines[0]).toBe(`handlers ${r.names.length}`);
      const ids = lines.slice(1).map(Number);
      expect(ids.length).toBe(count);
      const mismatches: string[] = [];
      let hits = 0;
      const dispatch = dispatcherOf(isa);
      for (let k = 0; k < count; k++) {
        const w = data.subarray(k * record + 1, (k + 1) * record);
        const want = dispatch(w, tsGpu[k]);
        if (ids[k] !== want && mismatches.length < 5)
          mismatches.push(`record ${k}: C ${ids[k]}, TS ${want}`);
        if (want >= 0) hits++;
      }
      expect(mismatches).toEqual([]);
      expect(hits).toBeGreaterThan(count / 3);
    });

    it("the C data tables are the size the stats state", () => {
      const c = readFileSync(path.join(DIR, `${isa}.c`), "utf8");
      const stats = JSON.parse(readFileSync(path.join(DIR, `${isa}.stats.json`), "utf8")) as {
        tableBytes: number;
      };
      const bytes: Record<string, number> = {
        int8_t: 1,
        uint8_t: 1,
        int16_t: 2,
        uint16_t: 2,
        int32_t: 4,
        uint32_t: 4,
      };
      let total = 0;
      for (const m of c.matchAll(/^static const (\w+) [A-Z_]+\[(\d+)\] = \{/gm))
        total += bytes[m[1]] * Number(m[2]);
      expect(total).toBe(stats.tableBytes);
    });
  },
);
