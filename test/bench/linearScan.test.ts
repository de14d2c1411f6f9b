/**
 * The benchmark's reference decoder (a linear mask/match scan built from out/json) picks the same
 * instruction as each generated codec's decode, on corpus words and on random words, and the corpus
 * holds only words that decode.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { makeCorpus } from "../../bench/corpus";
import { defaultGpu, linearScan } from "../../bench/linearScan";
import { prng } from "../../bench/prng";
import { isasWithEncodings } from "../../bench/run";
import type { IsaModel } from "../../generator/model/types";
import { TEST_OUT } from "../helpers/testOutput";
import { builtSpecs, needing } from "../helpers/builtSpecs";

const OUT = TEST_OUT;

interface Codec {
  decode(words: ArrayLike<number>, options?: { gpu?: number }): { name: string } | undefined;
}

const model = (id: string) =>
  JSON.parse(readFileSync(path.join(OUT, "json", `${id}.json`), "utf8")) as IsaModel;
const codec = (id: string) => require(path.join(OUT, "ts", `${id}.ts`)) as Codec;

describe("linear-scan reference decoder", () => {
  test("the ISAs with encodings are the six with a codec (bifrost and the register databases have no instructions)", () => {
    // As far as this run's upstream trees build them.
    expect(isasWithEncodings(OUT)).toEqual(
      builtSpecs(["etnaviv", "etnaviv-isa", "ir3", "ir3-cat0", "r500", "valhall"]),
    );
  });

  needing({ specs: ["ir3"] }).test("ir3 words worked out by hand (source-formats.md A.11)", () => {
    const m = model("ir3");
    const decode = linearScan(m);
    const name = (hi: number, lo: number) => m.instructions[decode([lo, hi])]?.name;
    // The newest gen any instruction starts at: a7xx (ir3-cat6.xml ldg.a, ir3-cat7.xml lock, …).
    expect(defaultGpu(m)).toBe(700);
    expect(name(0x00000000, 0x00000000)).toBe("nop");
    expect(name(0x03000000, 0x00000000)).toBe("end");
    expect(name(0x13000000, 0x00000000)).toBe("end"); // (sy)end
    expect(name(0x01000000, 0x00000003)).toBe("jump");
    expect(name(0x00900000, 0xfffffffe)).toBe("br");
    expect(name(0x02220000, 0x00000005)).toBe("getlast");
    // getlast is a6xx only: at gpu 500 the same word is nothing.
    expect(linearScan(m, 500)([0x00000005, 0x02220000])).toBe(-1);
  });

  for (const id of ["etnaviv", "etnaviv-isa", "ir3", "ir3-cat0", "r500", "valhall"])
    needing({ specs: [id] }).test(`${id}: agrees with the codec's decode`, () => {
      const m = model(id);
      const decode = linearScan(m);
      const { decode: codecDecode } = codec(id);
      const corpus = makeCorpus(m, 3000, 7, decode);
      const wc = m.isa.wordCount;
      let decoded = 0;
      for (let i = 0; i < corpus.count; i++) {
        const words = corpus.words.subarray(i * wc, (i + 1) * wc);
        const got = decode(words);
        expect(got).toBeGreaterThanOrEqual(0);
        expect(m.instructions[got].name).toBe(codecDecode(words)?.name);
        decoded++;
      }
      expect(decoded).toBe(3000);
      // Random words too, most of which match nothing.
      const random = prng(99);
      const words = new Uint32Array(wc);
      for (let i = 0; i < 3000; i++) {
        for (let w = 0; w < wc; w++) words[w] = random();
        const got = decode(words);
        expect(got < 0 ? undefined : m.instructions[got].name).toBe(codecDecode(words)?.name);
      }
    });

  test("the corpus is deterministic and draws from many instructions", () => {
    const m = model("valhall");
    const decode = linearScan(m);
    const a = makeCorpus(m, 5000, 1, decode);
    expect(makeCorpus(m, 5000, 1, decode).words).toEqual(a.words);
    expect(makeCorpus(m, 5000, 2, decode).words).not.toEqual(a.words);
    const ids = new Set<number>();
    for (let i = 0; i < a.count; i++) ids.add(decode(a.words.subarray(i * 2, i * 2 + 2)));
    // 5000 draws from 252 instructions leave few out.
    expect(ids.size).toBeGreaterThan(200);
  });
});
