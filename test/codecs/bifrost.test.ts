/**
 * The Bifrost codec against the text Mesa's disassembler printed (../shared/corpora/expected/bifrost):
 * every stream of shown.jsonl and edge-shown.jsonl in plain and, where given, verbose mode, byte for
 * byte; every stream of rejected-shown.jsonl rejected with a ClauseStreamError of its labelled kind;
 * random bytes never throw anything else. Worked examples of bifrost-clauses.md §11 are in the files.
 *
 * @needs-upstream mesa
 */
import fc from "fast-check";
import { readFileSync } from "fs";
import * as path from "path";
import { defaultRootDir } from "../../generator/load/upstreamRoots";
import {
  ClauseStreamError,
  decodeClause,
  decodeStream,
  disassembleEachClause,
  disassembleProgram,
  encodeClause,
  assemble,
  BifrostAssemblyError,
  type ClauseContent,
} from "../../out/ts/bifrost";

interface Vector {
  id: string;
  hex: string;
  status: string;
  status_verbose?: string;
  kind?: string;
  text?: string;
  text_verbose?: string;
}

const EXPECTED = path.join(defaultRootDir("expected"), "bifrost");
const vectors = (file: string): Vector[] =>
  readFileSync(path.join(EXPECTED, file), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Vector);
const bytesOf = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));

const valid = [...vectors("shown.jsonl"), ...vectors("edge-shown.jsonl")];
const rejected = vectors("rejected-shown.jsonl");

describe("valid streams print Mesa's text", () => {
  const cases = valid.flatMap((v) => [
    { id: v.id, verbose: false, hex: v.hex, text: v.text! },
    ...(v.text_verbose !== undefined
      ? [{ id: v.id, verbose: true, hex: v.hex, text: v.text_verbose }]
      : []),
  ]);

  test("the expected files hold 251 streams, 71 of them with verbose text", () => {
    expect(valid).toHaveLength(251);
    expect(cases).toHaveLength(251 + 71);
  });

  test.each(cases)("$id (verbose: $verbose)", ({ hex, verbose, text }) => {
    expect(disassembleProgram(bytesOf(hex), { verbose })).toBe(text);
  });
});

describe("rejected streams are typed errors", () => {
  const cases = rejected.flatMap((v) => [
    ...(v.status !== "ok" ? [{ ...v, verbose: false }] : []),
    ...((v.status_verbose ?? v.status) !== "ok" ? [{ ...v, verbose: true }] : []),
  ]);

  test("every rejected stream is rejected in at least one mode", () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(rejected.length);
  });

  test.each(cases)("$id: $kind (verbose: $verbose)", ({ hex, kind, verbose }) => {
    const bytes = bytesOf(hex);
    let error: unknown;
    try {
      disassembleProgram(bytes, { verbose });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClauseStreamError);
    const e = error as ClauseStreamError;
    expect(e.kind).toBe(kind!.replace(" (verbose only)", ""));
    expect(e.byteOffset % 4).toBe(0);
    expect(e.byteOffset).toBeLessThanOrEqual(bytes.length);
    expect(e.message).toContain(`byte ${e.byteOffset}: ${e.kind}:`);
  });

  test("a stream accepted in plain mode but rejected in verbose mode prints its plain text", () => {
    const plainOnly = rejected.filter((v) => v.status === "ok");
    expect(plainOnly).toHaveLength(2);
    for (const v of plainOnly)
      expect(disassembleProgram(bytesOf(v.hex)).startsWith("clause_0:\n")).toBe(true);
  });
});

describe("framing facts (bifrost-clauses.md §2, §10)", () => {
  const oneTuple = "4d37d5353325aa2e69b507311de3fe5a"; // §11.1

  test("empty input and leading padding print nothing", () => {
    expect(disassembleProgram(new Uint8Array(0))).toBe("");
    expect(disassembleProgram(bytesOf("00000000" + oneTuple))).toBe("");
  });

  test("a length that is not whole words is a length error", () => {
    expect(() => disassembleProgram(bytesOf(oneTuple + "00"))).toThrow(
      expect.objectContaining({ kind: "length", byteOffset: 16 }),
    );
  });

  test("a clause cut short is truncated at the quadword it needs", () => {
    // §11.2's first quadword (tag 0x0c: not done) without its constants quadword.
    expect(() => disassembleProgram(bytesOf("0cd8f58b4dcca992816f05fd112b034a"))).toThrow(
      expect.objectContaining({ kind: "truncated", byteOffset: 16 }),
    );
  });

  test("a trailing partial quadword starting with a zero word is padding", () => {
    const text = disassembleProgram(bytesOf(oneTuple + "00000000"));
    expect(text.startsWith("clause_0:\nds(7) osrb bb r_uncond ")).toBe(true);
  });

  test("disassembleEachClause hands over each clause's text: together, disassembleProgram's", () => {
    for (const v of valid.slice(0, 20))
      for (const verbose of [false, true]) {
        const texts: string[] = [];
        disassembleEachClause(bytesOf(v.hex), { verbose }, (text) => texts.push(text));
        expect(texts.join("")).toBe(disassembleProgram(bytesOf(v.hex), { verbose }));
        for (const t of texts) expect(t).toMatch(/^clause_\d+:\n[\s\S]*\n\n$/);
      }
  });

  test("decodeClause gives §11.1's tuple and header", () => {
    const clause = decodeClause(bytesOf(oneTuple));
    expect(clause.offset).toBe(0);
    expect(clause.words).toHaveLength(4);
    expect(clause.header).toBe(0x0b5fdc63a620);
    expect(clause.tuples).toEqual([{ regs: 0x53335d537, fma: 0x25d544, add: 0xbed5a }]);
  });

  test("decodeStream finds §11.7's two clauses at quadwords 0 and 6", () => {
    const v = valid.find((x) => x.id === "valid-4242-42")!;
    const clauses = decodeStream(bytesOf(v.hex));
    expect(clauses.map((c) => [c.offset, c.tuples.length, c.words.length / 4])).toEqual([
      [0, 8, 6],
      [6, 1, 2],
    ]);
  });
});

describe("encodeClause", () => {
  test("every clause of the valid streams: bytes → clause → the same bytes (625 clauses)", () => {
    let clauses = 0;
    for (const v of valid) {
      const bytes = bytesOf(v.hex);
      for (const clause of decodeStream(bytes)) {
        const start = 16 * clause.offset;
        expect(encodeClause(clause)).toEqual(bytes.slice(start, start + 4 * clause.words.length));
        clauses++;
      }
    }
    expect(clauses).toBe(625);
  });

  /** Constants quadwords take their modifiers from their constants' top nibbles (§6.4): equal ones say plain. */
  const TOP_NIBBLE = 0xf0000000;
  const clauseContent = fc
    .record({
      n: fc.integer({ min: 1, max: 8 }),
      header: fc.nat(2 ** 45 - 1),
      tuples: fc.array(
        fc.record({
          regs: fc.nat(2 ** 35 - 1),
          fma: fc.nat(2 ** 23 - 1),
          add: fc.nat(2 ** 20 - 1),
        }),
        { minLength: 8, maxLength: 8 },
      ),
      constants: fc.array(fc.record({ lo: fc.nat(0xffffffff), hi: fc.nat(0xffffffff) }), {
        minLength: 6,
        maxLength: 6,
      }),
      pairs: fc.nat(3),
    })
    .map(({ n, header, tuples, constants, pairs }): ClauseContent => {
      // What Mesa's layouts hold: slot 0 in the tuple quadwords for 3, 5, 6 and 8 tuples, then pairs.
      const embedded = [3, 5, 6, 8].includes(n) ? 1 : 0;
      const room = [1, 1, 1, 2, 2, 2, 3, 2][n - 1];
      const constantCount = embedded + 2 * Math.min(pairs, room);
      const k = constants.map((c) => ({ lo: (c.lo & ~0xf) >>> 0, hi: c.hi }));
      for (let s = embedded; s + 1 < 6; s += 2)
        k[s + 1].hi = ((k[s + 1].hi & ~TOP_NIBBLE) | (k[s].hi & TOP_NIBBLE)) >>> 0;
      return {
        header,
        tuples: tuples.slice(0, n),
        constants: k.map((c, i) => (i < constantCount ? c : { lo: 0, hi: 0 })),
        modifiers: ["plain", "plain", "plain", "plain", "plain", "plain"],
        constantCount,
      };
    });

  test("random clauses in Mesa's layouts: clause → bytes → the same clause", () => {
    fc.assert(
      fc.property(clauseContent, (clause) => {
        const back = decodeClause(encodeClause(clause));
        expect(back.header).toBe(clause.header);
        expect(back.tuples).toEqual(clause.tuples);
        expect(back.constants).toEqual(clause.constants);
        expect(back.constantCount).toBe(clause.constantCount);
      }),
      { numRuns: 1000, seed: 37 },
    );
  });

  test("a quadword is read only from the fields the companion's kindFields names for its kind (what the manual draws)", () => {
    const format = JSON.parse(
      readFileSync(path.join(__dirname, "..", "..", "specs", "bifrost", "clauses.json"), "utf8"),
    ) as {
      kindFields: Record<string, string[]>;
      quadwordFields: Record<string, { low: number; high: number }>;
      tagKinds: { kind: string; x: number; f?: number[]; l?: number[] }[];
    };
    const kindOf = (tag: number) =>
      format.tagKinds.find(
        (k) =>
          tag >> 7 === k.x &&
          (k.f === undefined || k.f.includes((tag >> 3) & 7)) &&
          (k.l === undefined || k.l.includes(tag & 7)),
      )!.kind;
    const said = (c: ClauseContent) =>
      JSON.stringify([c.header, c.tuples, c.constants, c.modifiers, c.constantCount]);
    let flipped = 0;
    fc.assert(
      fc.property(clauseContent, (clause) => {
        const bytes = encodeClause(clause);
        const before = said(decodeClause(bytes));
        for (let q = 0; q < bytes.length / 16; q++) {
          const read = new Set<number>();
          for (const name of format.kindFields[kindOf(bytes[16 * q])]) {
            const { low, high } = format.quadwordFields[name];
            for (let b = low; b < high; b++) read.add(b);
          }
          for (let b = 8; b < 128; b++) {
            if (read.has(b)) continue;
            const changed = bytes.slice();
            changed[16 * q + (b >> 3)] ^= 1 << (b & 7);
            expect(said(decodeClause(changed))).toBe(before);
            flipped++;
          }
        }
      }),
      { numRuns: 100, seed: 37 },
    );
    // The kinds with bits no field takes (t1, ec-m, tail) were among them.
    expect(flipped).toBeGreaterThan(1000);
  });

  test("a clause no layout holds is a RangeError", () => {
    const clause = decodeClause(bytesOf("4d37d5353325aa2e69b507311de3fe5a"));
    expect(() => encodeClause({ ...clause, tuples: [] })).toThrow(RangeError);
    expect(() => encodeClause({ ...clause, constantCount: 4 })).toThrow(RangeError);
  });
});

describe("assemble", () => {
  const pcRelative = (v: { text?: string }) => /[^\n]clause_-?\d/.test(v.text!);
  const textOf = (id: string) => valid.find((v) => v.id === id)!.text!;

  test("45 of the 251 valid texts have PC-relative constants", () => {
    expect(valid.filter(pcRelative)).toHaveLength(45);
  });

  test.each(valid.map((v) => ({ id: v.id, text: v.text! })))(
    "$id: assemble gives bytes that print the same text",
    ({ text }) => {
      expect(disassembleProgram(assemble(text))).toBe(text);
    },
  );

  /** The modifiers of each clause's constant slots as `assemble` wrote them. */
  const modifiersWritten = (text: string) =>
    decodeStream(assemble(text)).map((c) => c.modifiers.slice(0, c.constantCount));

  test("a lone branch target is the high half of a pchi constant, as Mesa's packer writes branch offsets", () => {
    // Seven tuples: no embedded slot; the target's slot is the first of the constants pair.
    expect(modifiersWritten(textOf("edge-5150-38"))).toEqual([["pchi", "plain"]]);
  });

  test("a `>> 32` target is a pc60 constant, one slot for every tuple that reads it", () => {
    // Six tuples: the slot is the embedded one, its modifier in the EC+M quadword.
    expect(modifiersWritten(textOf("edge-5150-14"))).toEqual([["pc60"]]);
    expect(modifiersWritten(textOf("edge-5150-32"))).toEqual([["pc60", "plain"]]);
  });

  test("two targets read by one tuple are a pcpair constant", () => {
    expect(modifiersWritten(textOf("edge-5150-4")).at(-1)).toEqual(["pcpair"]);
  });

  test("a clause the next label says is longer than Mesa's layouts repeat a constants quadword to that length", () => {
    // §11.7: eight tuples in six quadwords, then clause_6; as clause_11, clause 0 is 11 quadwords.
    const text = textOf("valid-4242-42").replace("clause_6:", "clause_11:");
    const bytes = assemble(text);
    expect(disassembleProgram(bytes)).toBe(text);
    expect(decodeStream(bytes).map((c) => c.offset)).toEqual([0, 11]);
  });

  test("a clause the next label says is shorter than Mesa's layout for its tuples is an error naming its line", () => {
    const text = textOf("valid-4242-42").replace("clause_6:", "clause_5:");
    expect(() => assemble(text)).toThrow(
      "line 1: a clause of 8 tuples and 0 constant slots is not 5 quadwords long",
    );
  });

  test("a line no instruction prints is an error naming its line", () => {
    const bad = textOf("valid-4242-106").replace("*FCMP.f32.gtlt.f1", "*FCMP.f32.bogus");
    expect(() => assemble(bad)).toThrow(BifrostAssemblyError);
    expect(() => assemble(bad)).toThrow(/^line 4: /);
  });

  test("a target past a 60-bit byte offset is an error naming its line", () => {
    const far = textOf("edge-5150-32").replace("12731256519444421", String(2n ** 55n));
    expect(() => assemble(far)).toThrow(
      "line 6: target clause_36028797018963968 is past a 60-bit offset",
    );
  });

  test("a `>> 32` target beside a 32-bit constant in one tuple is an error naming its line", () => {
    const both = textOf("edge-5150-32").replace("r14.neg.abs", "0x3f800000 /* 1.000000 */.neg.abs");
    expect(() => assemble(both)).toThrow(/^line 6: a tuple reading a `>> 32` target/);
  });
});

describe("random input", () => {
  test("random bytes give text or a ClauseStreamError, never anything else", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 200 }),
        fc.boolean(),
        (bytes, verbose) => {
          try {
            expect(typeof disassembleProgram(bytes, { verbose })).toBe("string");
          } catch (e) {
            if (!(e instanceof ClauseStreamError)) throw e;
          }
        },
      ),
      { numRuns: 2000, seed: 37 },
    );
  });

  test("valid streams with a few bytes changed give text or a ClauseStreamError", () => {
    const streams = valid.map((v) => bytesOf(v.hex));
    fc.assert(
      fc.property(
        fc.nat(streams.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (index, changes, verbose) => {
          const bytes = streams[index].slice();
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          try {
            disassembleProgram(bytes, { verbose });
          } catch (e) {
            if (!(e instanceof ClauseStreamError)) throw e;
          }
        },
      ),
      { numRuns: 2000, seed: 37 },
    );
  });
});
