/**
 * The generated TS dispatch (out/dispatch/<id>.ts) picks the instruction the codec's decode picks
 * (out/ts/<id>.ts), for every ISA: exhaustively where the tested bits allow (r500, and ir3's cat0
 * alone: the fixture of test/helpers/ir3Cat0) and on a million seeded words elsewhere (ir3 at
 * every edge of its generation ranges), against the independent linear scan of ./reference and
 * against decode itself, and on every instruction's boundary words.
 *
 * @needs-upstream mesa
 */
import * as etnavivCodec from "../../out/ts/etnaviv";
import * as ir3Codec from "../../out/ts/ir3";
import * as r500Codec from "../../out/ts/r500";
import * as valhallCodec from "../../out/ts/valhall";
import * as etnaviv from "../../out/dispatch/etnaviv";
import * as ir3 from "../../out/dispatch/ir3";
import * as r500 from "../../out/dispatch/r500";
import * as valhall from "../../out/dispatch/valhall";
import { ir3Cat0 } from "../helpers/ir3Cat0";
import {
  boundaryWords,
  expectedAmong,
  expectedId,
  inGen,
  matchingIds,
  mixedWords,
  prng,
  reference,
  shippedJson,
  type DispatchIsa,
  type Reference,
} from "./reference";

interface DispatchModule {
  INSTRUCTION_COUNT: number;
  NO_INSTRUCTION: number;
  INSTRUCTION_NAMES: readonly string[];
  InstructionId: Record<string, number>;
  DEFAULT_GPU: number | null;
  dispatch(words: ArrayLike<number>, gpu?: number | null): number;
  execute<S>(
    table: readonly ((words: ArrayLike<number>, state: S) => void)[],
    words: ArrayLike<number>,
    state: S,
    gpu?: number | null,
  ): number;
}
type Decode = (
  words: ArrayLike<number>,
  options?: { gpu?: number },
) => { name: string } | undefined;

// A million words per ISA against the reference: 32 s for the slowest test with the machine shared
// by five jest runs; sized for a machine several times slower.
jest.setTimeout(240_000);

const ISAS: Record<DispatchIsa, { d: DispatchModule; decode: Decode }> = {
  etnaviv: { d: etnaviv, decode: etnavivCodec.decode },
  ir3: { d: ir3, decode: ir3Codec.decode },
  valhall: { d: valhall, decode: valhallCodec.decode },
  r500: { d: r500, decode: r500Codec.decode },
};

const refs = Object.fromEntries(
  Object.keys(ISAS).map((id) => [id, reference(shippedJson(id))]),
) as Record<DispatchIsa, Reference>;

/** Each ISA's instruction ids by name, from the dispatch's own names (the first of a name). */
const idsByName = new Map(
  Object.entries(ISAS).map(([isa, { d }]) => {
    const ids = new Map<string, number>();
    d.INSTRUCTION_NAMES.forEach((name, id) => ids.has(name) || ids.set(name, id));
    return [isa, ids];
  }),
);

/** The id decode gives (through the dispatch's own names), or -1. */
function decodedId(isa: DispatchIsa, words: ArrayLike<number>, gpu?: number): number {
  const { decode } = ISAS[isa];
  const decoded = decode(words, gpu === undefined ? {} : { gpu });
  return decoded ? (idsByName.get(isa)!.get(decoded.name) ?? -1) : -1;
}

const popcount = (x: number) => {
  let n = 0;
  for (let v = x >>> 0; v; v &= v - 1) n++;
  return n;
};

/** Words and gpus where two answers differ, at most a few, for the failure message. */
function firstMismatches(): {
  record(words: ArrayLike<number>, gpu: unknown, got: number, want: number, who?: string): void;
  list: string[];
} {
  const list: string[] = [];
  return {
    list,
    record(words, gpu, got, want, who = "dispatch") {
      if (list.length < 5)
        list.push(
          `words [${Array.from(words, (w) => "0x" + (w >>> 0).toString(16)).join(", ")}] gpu ${String(gpu)}: ${who} ${got}, expected ${want}`,
        );
    },
  };
}

describe.each(Object.keys(ISAS) as DispatchIsa[])("%s: API", (isa) => {
  const { d } = ISAS[isa];
  const r = refs[isa];

  it("lists the model's instructions in model order, with ids by name and the codec's default gpu", () => {
    expect(d.INSTRUCTION_COUNT).toBe(r.names.length);
    expect(d.NO_INSTRUCTION).toBe(-1);
    expect([...d.INSTRUCTION_NAMES]).toEqual(r.names);
    expect(Object.keys(d.InstructionId).length).toBe(r.names.length);
    r.names.forEach((name, i) => expect(d.InstructionId[name]).toBe(i));
    expect(d.DEFAULT_GPU).toBe(r.defaultGpu);
  });

  it("execute calls the dispatched instruction's handler once, and nothing for an unknown word", () => {
    const calls: [number, ArrayLike<number>, object][] = [];
    const table = r.names.map(
      (_, id) => (words: ArrayLike<number>, state: object) => void calls.push([id, words, state]),
    );
    const state = {};
    const words = Uint32Array.from({ length: r.wordCount }, (_, w) => r.match[w]); // instruction 0's match
    const id = d.execute(table, words, state);
    expect(id).toBe(expectedId(r, words));
    expect(id).toBeGreaterThanOrEqual(0);
    expect(calls).toEqual([[id, words, state]]);

    // A word no instruction matches: find one by flipping tested bits of random words.
    const rnd = prng(99);
    const miss = new Uint32Array(r.wordCount);
    do for (let w = 0; w < r.wordCount; w++) miss[w] = rnd();
    while (expectedId(r, miss) !== -1);
    calls.length = 0;
    expect(d.execute(table, miss, state)).toBe(-1);
    expect(calls).toEqual([]);
  });

  it("execute names the instruction whose handler is missing", () => {
    const words = Uint32Array.from({ length: r.wordCount }, (_, w) => r.match[w]);
    const id = d.dispatch(words);
    expect(() => d.execute([], words, {})).toThrow(
      new RangeError(`${isa}: no handler for instruction ${r.names[id]} (id ${id})`),
    );
  });

  it("treats short, negative, fractional and oversized word values as decode does", () => {
    const rnd = prng(7);
    const odd: number[][] = [
      [],
      [r.match[0]],
      [-1],
      [-1, -1, -1, -1, -1, -1],
      [2 ** 32 + r.match[0]],
      [r.match[0] + 0.5],
    ];
    for (let k = 0; k < 200; k++)
      odd.push(
        Array.from(
          { length: rnd() % (r.wordCount + 1) },
          () => (rnd() | 0) * (rnd() % 2 ? 1 : 3.25),
        ),
      );
    for (const words of odd) expect(d.dispatch(words)).toBe(decodedId(isa, words));
  });
});

describe("ir3 cat0 fixture: exhaustive", () => {
  const fixture = ir3Cat0();
  const r = reference(fixture.model);
  const ir3 = fixture.dispatch;
  const ids = new Map(ir3.INSTRUCTION_NAMES.map((name, id) => [name, id]));
  /** The id the fixture's own codec decodes to, or -1. */
  const fixtureDecodedId = (words: ArrayLike<number>, gpu?: number): number => {
    const decoded = fixture.codec.decode(words, gpu === undefined ? {} : { gpu });
    return decoded ? (ids.get(decoded.name) ?? -1) : -1;
  };

  it("is the seed's cat0: 26 instructions, the names and default gpu of its own dispatch", () => {
    expect(r.names).toHaveLength(26);
    expect([...ir3.INSTRUCTION_NAMES]).toEqual(r.names);
    expect(ir3.DEFAULT_GPU).toBe(600);
  });
  const union = [0, 0];
  for (let i = 0; i < r.names.length; i++)
    for (let w = 0; w < 2; w++) union[w] |= r.tested[i * 2 + w];
  const bits = popcount(union[1]);
  const gpus = [undefined, 299, 300, 599];
  const gpuLabel = gpus.map((g) => g ?? "default").join("/");

  it("tests no bit of word 0, so word 1's tested bits are all there is to enumerate", () => {
    expect(r.wordCount).toBe(2);
    expect(union[0]).toBe(0);
    expect(bits).toBe(22);
  });

  it(`agrees with the reference on all 2^22 combinations of the tested bits × gpus ${gpuLabel} (16,777,216 dispatches)`, () => {
    const rnd = prng(1);
    const words = new Uint32Array(2);
    const m = union[1] >>> 0;
    const bad = firstMismatches();
    let checked = 0;
    let hits = 0;
    // Every subset of m, by the (s - m) & m submask walk; the other bits random.
    for (let s = 0; ; s = ((s - m) & m) >>> 0) {
      words[0] = rnd();
      words[1] = (s | (rnd() & ~m)) >>> 0;
      const ids = matchingIds(r, words);
      for (const gpu of gpus) {
        const want = expectedAmong(r, ids, gpu);
        const got = ir3.dispatch(words, gpu);
        if (got !== want) bad.record(words, gpu, got, want);
        if (want >= 0) hits++;
        checked++;
      }
      if (s === m) break;
    }
    expect(bad.list).toEqual([]);
    expect(checked).toBe(4 * 2 ** 22);
    expect(hits).toBeGreaterThan(0);
  });

  it("agrees with decode on 100,000 words × gpus default/0/299/300/599/600/700 (700,000 decodes)", () => {
    const rnd = prng(2);
    const words = new Uint32Array(2);
    const bad = firstMismatches();
    for (let k = 0; k < 100_000; k++) {
      mixedWords(r, rnd, k, words);
      for (const gpu of [undefined, 0, 299, 300, 599, 600, 700]) {
        const want = fixtureDecodedId(words, gpu);
        const got = ir3.dispatch(words, gpu);
        if (got !== want) bad.record(words, gpu, got, want);
      }
    }
    expect(bad.list).toEqual([]);
  });

  it("null gpu means the default gpu, as in decode", () => {
    const rnd = prng(3);
    const words = new Uint32Array(2);
    const bad = firstMismatches();
    for (let k = 0; k < 10_000; k++) {
      mixedWords(r, rnd, k, words);
      const got = ir3.dispatch(words, null);
      const want = ir3.dispatch(words, r.defaultGpu);
      if (got !== want) bad.record(words, null, got, want);
    }
    expect(bad.list).toEqual([]);
  });
});

describe("ir3: random and boundary words at every edge of its generation ranges", () => {
  const r = refs.ir3;
  // ir3's <gen>s: the root's min 300; min 500, 600, 700; max 499, 599, 699 (ir3-cat1.xml …
  // ir3-cat7.xml). Each edge, one below the lowest and the top; undefined and null mean the
  // default (700), 0 is below every range too.
  const GPUS = [undefined, null, 0, 299, 300, 499, 500, 599, 600, 699, 700, 4294967295];

  it("has gen ranges with exactly those edges", () => {
    const edges = new Set<number>();
    for (let i = 0; i < r.names.length; i++)
      if (r.hasGen[i]) edges.add(r.genMin[i]).add(r.genMax[i]);
    expect([...edges].sort((a, b) => a - b)).toEqual([
      300, 499, 500, 599, 600, 699, 700, 4294967295,
    ]);
    expect(r.hasGen.every((h) => h)).toBe(true);
    expect(r.defaultGpu).toBe(700);
  });

  it(`agrees with the reference on 1,000,000 seeded words × ${GPUS.length} gpus, and with decode on each word at one of them (half uniform, half built from an instruction)`, () => {
    const rnd = prng(12);
    const words = new Uint32Array(2);
    const bad = firstMismatches();
    let hits = 0;
    let conflicts = 0;
    const hitGpus = new Set<unknown>();
    for (let k = 0; k < 1_000_000; k++) {
      mixedWords(r, rnd, k, words);
      const ids = matchingIds(r, words);
      for (const gpu of GPUS) {
        const want = expectedAmong(r, ids, gpu);
        const got = ir3.dispatch(words, gpu);
        if (got !== want) bad.record(words, gpu, got, want);
        if (want >= 0) hitGpus.add(gpu);
        else if (ids.some((i) => inGen(r, i, gpu ?? r.defaultGpu))) conflicts++;
      }
      const gpu = GPUS[k % GPUS.length];
      const want = expectedAmong(r, ids, gpu);
      const decoded = decodedId("ir3", words, gpu ?? undefined);
      if (decoded !== want) bad.record(words, gpu, decoded, want, "decode");
      if (ids.length > 0) hits++;
    }
    expect(bad.list).toEqual([]);
    expect(hits).toBeGreaterThanOrEqual(500_000); // every built word matches its instruction
    // Only gpus below the root's <gen min="300"/> (ir3.xml) see no instruction.
    expect(GPUS.filter((g) => !hitGpus.has(g))).toEqual([0, 299]);
    // Words two instructions match (ir3-cat6.xml: ldib.b with ldl, ldp, ldlw, stsc …) are met.
    expect(conflicts).toBeGreaterThan(0);
  });

  it(`agrees with the reference and with decode on every instruction's boundary words × ${GPUS.length} gpus (${(r.names.length * 65).toLocaleString("en-US")} words)`, () => {
    const bad = firstMismatches();
    const all = boundaryWords(r);
    expect(all.length).toBe(r.names.length * 65);
    for (const words of all)
      for (const gpu of GPUS) {
        const want = expectedId(r, words, gpu);
        const got = ir3.dispatch(words, gpu);
        if (got !== want) bad.record(words, gpu, got, want);
        const decoded = decodedId("ir3", words, gpu ?? undefined);
        if (decoded !== want) bad.record(words, gpu, decoded, want, "decode");
      }
    expect(bad.list).toEqual([]);
    // Each instruction's own match with free bits 0 is found at a gpu of its range, unless an
    // earlier instruction of that gpu takes those bits.
    for (let i = 0; i < r.names.length; i++) {
      const base = all[i * 65];
      expect(ir3.dispatch(base, r.genMin[i])).toBe(expectedId(r, base, r.genMin[i]));
    }
  });
});

describe("r500: exhaustive", () => {
  const r = refs.r500;

  it("tests only bits inside the low 20 bits of dword 0", () => {
    for (let i = 0; i < r.names.length; i++)
      for (let w = 0; w < r.wordCount; w++)
        expect(r.tested[i * r.wordCount + w] & (w === 0 ? ~0xfffff : ~0)).toBe(0);
  });

  it("agrees with the reference on all 2^20 values of dword 0's low 20 bits, other bits random (1,048,576 words)", () => {
    const rnd = prng(4);
    const words = new Uint32Array(r.wordCount);
    const bad = firstMismatches();
    let hits = 0;
    for (let low = 0; low < 2 ** 20; low++) {
      for (let w = 0; w < r.wordCount; w++) words[w] = rnd();
      words[0] = ((words[0] & ~0xfffff) | low) >>> 0;
      const want = expectedId(r, words);
      const got = r500.dispatch(words);
      if (got !== want) bad.record(words, undefined, got, want);
      if (want >= 0) hits++;
    }
    expect(bad.list).toEqual([]);
    expect(hits).toBe(2 ** 18); // one instruction testing 2 bits: a quarter of the words
  });

  it("agrees with decode on 50,000 words and every boundary word", () => {
    const rnd = prng(5);
    const words = new Uint32Array(r.wordCount);
    const bad = firstMismatches();
    for (let k = 0; k < 50_000; k++) {
      mixedWords(r, rnd, k, words);
      const want = decodedId("r500", words);
      const got = r500.dispatch(words);
      if (got !== want) bad.record(words, undefined, got, want);
    }
    for (const b of boundaryWords(r))
      if (r500.dispatch(b) !== decodedId("r500", b))
        bad.record(b, undefined, r500.dispatch(b), decodedId("r500", b));
    expect(bad.list).toEqual([]);
  });
});

describe.each(["etnaviv", "valhall"] as DispatchIsa[])("%s: random and boundary words", (isa) => {
  const r = refs[isa];
  const { d } = ISAS[isa];

  it("agrees with the reference and with decode on 1,000,000 seeded words (half uniform, half built from an instruction)", () => {
    // No instruction has a gen range narrower than every gpu (etnaviv.xml's leaves have none, so
    // isaspec's default 0..2^32-1), so the gpu passed (varied below) cannot change the answer.
    expect(r.hasGen.every((h, k) => !h || (r.genMin[k] === 0 && r.genMax[k] === 0xffffffff))).toBe(
      true,
    );
    const rnd = prng(isa === "etnaviv" ? 10 : 11);
    const words = new Uint32Array(r.wordCount);
    const bad = firstMismatches();
    let hits = 0;
    for (let k = 0; k < 1_000_000; k++) {
      mixedWords(r, rnd, k, words);
      const gpu = k % 3 === 0 ? rnd() % 1000 : undefined;
      const want = expectedId(r, words);
      const got = d.dispatch(words, gpu);
      if (got !== want) bad.record(words, gpu, got, want);
      const decoded = decodedId(isa, words, gpu);
      if (decoded !== want) bad.record(words, gpu, decoded, want, "decode");
      if (want >= 0) hits++;
    }
    expect(bad.list).toEqual([]);
    expect(hits).toBeGreaterThanOrEqual(500_000); // every built word hits
  });

  it(`agrees with decode on every instruction's boundary words (${(r.names.length * (1 + 32 * r.wordCount)).toLocaleString("en-US")} words)`, () => {
    const bad = firstMismatches();
    const all = boundaryWords(r);
    expect(all.length).toBe(r.names.length * (1 + 32 * r.wordCount));
    for (const words of all) {
      const want = decodedId(isa, words);
      const got = d.dispatch(words);
      if (got !== want) bad.record(words, undefined, got, want);
    }
    expect(bad.list).toEqual([]);
    // Each instruction's own match with free bits 0 is found (the first of its boundary words),
    // unless an earlier instruction takes those bits.
    for (let i = 0; i < r.names.length; i++) {
      const base = all[i * (1 + 32 * r.wordCount)];
      expect(d.dispatch(base)).toBe(expectedId(r, base));
    }
  });
});
