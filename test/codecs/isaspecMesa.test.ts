/**
 * The isaspec codec generated from Mesa's own documents (../shared/corpora/mesa-isaspec): for every
 * instruction of ir3 and etnaviv and every generation it exists for, random words with its fixed
 * bits (random values of all its fields) decode as that instruction (or, where Mesa's documents
 * let two instructions match one word, as nothing, as Mesa's decoder does), encode back to the same
 * words and decode to the same fields; and the text of such words assembles to words printing the
 * same text, which assemble to themselves. Golden lines per category are written by hand from the
 * documents' display templates; they and the other lines here were checked against Mesa's decoder
 * (built from decode.py and isaspec_decode_impl.c outside the repository) when written. */
import { rmSync } from "fs";
import fc from "fast-check";
import { Diagnostics } from "../../generator/diagnostics";
import { emitTsCodec } from "../../generator/emit/emitTsCodec";
import { renderWarnings, EMITTERS } from "../../generator/emit";
import {
  loadGeneratedCodec,
  type GeneratedCodec,
} from "../../generator/emit/manual/loadGeneratedCodec";
import type { Instruction, IsaModel } from "../../generator/model/types";
import { buildModels } from "../../generator/pipeline";
import { haveMesaCorpus, mesaCorpusSpecs } from "../helpers/mesaCorpus";

type Codec = Omit<GeneratedCodec, "decode" | "disassemble"> & {
  decode(
    words: ArrayLike<number>,
    options?: { gpu?: number },
  ): { name: string; fields: Record<string, unknown> } | undefined;
  disassemble(words: ArrayLike<number>, options?: { gpu?: number; showErrors?: boolean }): string;
};

const GENS: Record<string, number[]> = { ir3: [300, 400, 500, 600, 700], etnaviv: [0] };

/** The generations to try an instruction at: those of GENS inside its range, else its first. */
function gensOf(isa: string, ins: Instruction): number[] {
  const inRange = GENS[isa].filter((g) => !ins.gen || (g >= ins.gen.min && g <= ins.gen.max));
  return inRange.length ? inRange : [ins.gen!.min];
}

/**
 * Words with the instruction's fixed bits, uniformly random other bits, don't-care bits clear and
 * asserted bits as expected (bits that are neither fields nor fixed cannot survive encoding).
 */
function arbWords(ins: Instruction): fc.Arbitrary<number[]> {
  return fc
    .array(fc.noBias(fc.integer({ min: 0, max: 0xffffffff })), {
      minLength: ins.encoding.match.length,
      maxLength: ins.encoding.match.length,
    })
    .map((r) => {
      const words = ins.encoding.match.map(
        (m, i) => ((m & ~ins.encoding.dontCare[i]) | (r[i] & ~ins.encoding.mask[i])) >>> 0,
      );
      for (const a of ins.assertions ?? [])
        for (let bit = a.low; bit <= a.high; bit++) {
          const set = Math.floor(a.value / 2 ** (bit - a.low)) % 2;
          const w = bit >> 5;
          words[w] = set
            ? (words[w] | (1 << (bit & 31))) >>> 0
            : (words[w] & ~(1 << (bit & 31))) >>> 0;
        }
      return words;
    });
}

/** Whether two instructions of the model match the words for the GPU (Mesa: a bitset conflict). */
function conflicting(model: IsaModel, words: number[], gpu: number): boolean {
  const hits = model.instructions.filter(
    (i) =>
      (!i.gen || (gpu >= i.gen.min && gpu <= i.gen.max)) &&
      i.encoding.mask.every(
        (m, w) =>
          (words[w] & m & ~i.encoding.dontCare[w]) >>> 0 ===
          (i.encoding.match[w] & ~i.encoding.dontCare[w]) >>> 0,
      ),
  );
  return hits.length > 1;
}

(haveMesaCorpus ? describe : describe.skip)("isaspec codecs of Mesa's documents", () => {
  let specs: string;
  let models: IsaModel[];
  const codecs = new Map<string, Codec>();
  beforeAll(() => {
    specs = mesaCorpusSpecs();
    const diags = new Diagnostics();
    models = buildModels(specs, diags);
    for (const file of emitTsCodec(models))
      codecs.set(
        /^ts\/(.+)\.ts$/.exec(file.path)![1],
        loadGeneratedCodec(file.content, file.path) as Codec,
      );
  });
  afterAll(() => rmSync(specs, { recursive: true, force: true }));

  test.each(["ir3", "etnaviv"])(
    "%s: random words of every instruction and generation: decode, encode, decode",
    (isa) => {
      const model = models.find((m) => m.isa.id === isa)!;
      const codec = codecs.get(isa)!;
      let checked = 0;
      for (const ins of model.instructions) {
        for (const gpu of gensOf(isa, ins)) {
          fc.assert(
            fc.property(arbWords(ins), (words) => {
              const d = codec.decode(words, { gpu });
              if (!d) return conflicting(model, words, gpu);
              checked++;
              const back = Array.from(codec.encode(d), (w) => w >>> 0);
              return (
                d.name === ins.name &&
                back.every((w, i) => w === words[i]) &&
                JSON.stringify(codec.decode(back, { gpu })) === JSON.stringify(d)
              );
            }),
            { numRuns: 8, seed: 12 },
          );
        }
      }
      expect(checked).toBeGreaterThan(model.instructions.length * 5);
    },
  );

  /** The texts of valid random words, and what assembling them gives. */
  function textRoundTrips(isa: string) {
    const model = models.find((m) => m.isa.id === isa)!;
    const codec = codecs.get(isa)!;
    let valid = 0;
    let invalid = 0;
    const failures: string[] = [];
    for (const ins of model.instructions) {
      for (const gpu of gensOf(isa, ins)) {
        for (const words of fc.sample(arbWords(ins), { numRuns: 4, seed: 5 })) {
          if (!codec.decode(words, { gpu })) continue;
          // Words Mesa reports errors for other than set don't-care bits (a sub-field matching
          // no leaf, unexpected bits) are no valid encoding: their text lacks an operand.
          const errors = codec.disassemble(words, { gpu, showErrors: true }).split("\t; ")[1];
          if (errors?.split(", ").some((e) => !e.startsWith("dontcare bits in "))) {
            invalid++;
            continue;
          }
          valid++;
          const text = codec.disassemble(words, { gpu });
          const hex = words.map((w) => w.toString(16).padStart(8, "0")).join(" ");
          try {
            const back = Array.from(codec.assemble(text, { gpu }), (w) => w >>> 0);
            const again = codec.disassemble(back, { gpu });
            if (again !== text) failures.push(`${hex} '${text}' → '${again}'`);
            // The assembler's words are canonical: their text assembles to them again.
            else if (Array.from(codec.assemble(again, { gpu })).join() !== back.join())
              failures.push(`${hex} '${text}' does not assemble to the same words twice`);
          } catch (e) {
            failures.push(`${hex} '${text}': ${(e as Error).message}`);
          }
        }
      }
    }
    return { model, valid, invalid, failures };
  }

  // Every text assembles to words that print the same text (the words themselves differ only
  // where the text does not show bits: fields the display omits, don't-care bits, floats printed
  // with 6 decimals, encodings Mesa prints alike), and those words assemble back to themselves.
  test.each(["ir3", "etnaviv"])(
    "%s: text of valid random words assembles to words printing the same text, every one",
    (isa) => {
      const { model, valid, failures } = textRoundTrips(isa);
      expect(valid).toBeGreaterThan(model.instructions.length);
      expect(failures).toEqual([]);
    },
  );

  // Lines Mesa's decoder prints for words of its documents, which once did not assemble: a
  // s2en/bindless texture instruction (DESC_MODE only from .s2en/.uniform/.baseN/a1.x together),
  // a float immediate (20 bits shifted left by 12, printed with 6 decimals) beside an integer one,
  // and a subnormal half float.
  test.each([
    ["ir3", 600, "(sy)isam.o.v.s2en.uniform.base6.1d (u32)()r0.x, hr0.x, hr34.x, r13.x"],
    ["ir3", 400, "(jp)dsxpp.1.o.p.s.s2en.nonuniform.base7 (xyz)r0.x, hr0.x, hr43.z, r16.z"],
    ["ir3", 700, "(sy)alias.rt.b16.0 r0.x, h(0.000004)"],
    ["etnaviv", 0, "or24.s32.pack3    t3[a.z].x_zw, 7040.000000, void, 488672"],
    ["etnaviv", 0, "texld             t27.xy_w, tex13.xxxx, -|t322.zyyz|, void, void"],
  ] as const)("%s gpu %d: '%s' assembles to words printing it", (isa, gpu, text) => {
    const codec = codecs.get(isa)!;
    expect(codec.disassemble(codec.assemble(text, { gpu }), { gpu, showErrors: true })).toBe(text);
  });

  // Mesa prints 'no match: ' and every word, most significant first, for words no instruction
  // matches and for words two match (ldib.b and stsc both match these at gpu 700; stsc alone at 600).
  test.each([
    ["ir3", 700, [0x00e74000, 0xc7600000], "no match: c760000000e74000"],
    ["ir3", 700, [0x00e18001, 0xc0600000], "no match: c060000000e18001"],
    ["ir3", 600, [0x00000000, 0xe0000000], "no match: e000000000000000"],
    ["etnaviv", 0, [0x3f, 0, 0, 0x80000000], "no match: 8000000000000000000000000000003f"],
  ] as const)("%s gpu %d: %j prints %s", (isa, gpu, words, text) => {
    const codec = codecs.get(isa)!;
    expect(codec.decode(words, { gpu })).toBeUndefined();
    expect(codec.disassemble(words, { gpu, showErrors: true })).toBe(text);
  });

  // Worked out by hand from the templates (ir3-common.xml #reg-gpr 'r{GPR}.{SWIZ}' with the
  // register number = GPR << 2 | SWIZ, #multisrc-gpr, the category patterns at bits 61..63, FULL at
  // bit 52; etnaviv.xml's #instruction-dst/src) and checked against Mesa's decoder.
  test.each([
    // cat0 nop: REPEAT (bits 40..42) = 2 prints #rptN '(rpt2)'.
    ["ir3", 600, [0x00000000, 0x00000200], "(rpt2)nop"],
    // cat2 add.f (OPC 0, cat 010): DST r1.y = 5, SRC1 r2.z = 10, SRC2 r3.w = 15 (bits 16..31), FULL.
    ["ir3", 600, [0x000f000a, 0x40100005], "add.f r1.y, r2.z, r3.w"],
    // cat4 rcp (OPC 0, cat 100): DST r1.y, SRC r2.z, FULL so neither is half.
    ["ir3", 600, [0x0000000a, 0x80100005], "rcp r1.y, r2.z"],
    // cat7 fence (bits 55..58 = 0001, bit 49 set): W R L G at bits 51..54 print in order G L R W.
    ["ir3", 700, [0x00000000, 0xe0fa0000], "fence.g.l.r.w"],
    ["ir3", 700, [0x00000000, 0xf0fa0000], "(sy)fence.g.l.r.w"],
    ["ir3", 700, [0x00000000, 0xe00a0000], "bar.w"],
    // etnaviv: all-zero words are nop with every operand unused ('void'), padded to column 18.
    ["etnaviv", 0, [0, 0, 0, 0], "nop               void, void, void, void"],
    // The texld: DST t1, sampler tex0.xyzw, SRC0 t1.xyyy.
    [
      "etnaviv",
      0,
      [0x07811018, 0x15001f20, 0, 0],
      "texld             t1, tex0.xyzw, t1.xyyy, void, void",
    ],
  ] as const)("%s gpu %d: %j ⇄ %s", (isa, gpu, words, text) => {
    const codec = codecs.get(isa)!;
    expect(codec.disassemble(words, { gpu, showErrors: true })).toBe(text);
    expect(Array.from(codec.assemble(text, { gpu }))).toEqual(words);
  });

  test("every instruction of both documents has a manual example that assembles back to its words", () => {
    for (const e of EMITTERS.filter((x) => x.name === "ts-codec" || x.name === "manuals"))
      e.emit(models);
    expect(renderWarnings(models).map((d) => d.message)).toEqual([]);
  });
});
