/**
 * The isaspec codec generated from Mesa's own documents (../shared/corpora/mesa-isaspec): for every
 * instruction of ir3 and etnaviv and every generation it exists for, random words with its fixed
 * bits (random values of all its fields) decode as that instruction (or, where Mesa's documents
 * let two instructions match one word, as nothing, as Mesa's decoder does), encode back to the same
 * words and decode to the same fields; and the text of such words assembles to words printing the
 * same text, which assemble to themselves. Golden lines per category are written by hand from the
 * documents' display templates; they and the other lines here were checked against Mesa's decoder
 * (built from decode.py and isaspec_decode_impl.c outside the repository) when written. *
 * @needs-upstream mesa
 */
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
import * as shippedIr3 from "../../out/ts/ir3";

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

/**
 * ir3 golden lines, one or more per category: [gpu, words (word 0 first), text]. Worked out by hand
 * from the display templates and fields of the documents, as each comment says, and checked
 * against Mesa's decoder when written. Registers: ir3-common.xml #reg-gpr prints 'r{GPR}.{SWIZ}'
 * of the 8-bit number GPR << 2 | SWIZ (r1.y = 5, r2.z = 10, r3.w = 15, r4.x = 16), 'h' before it
 * where the instruction's HALF or DST_HALF says so. The category is bits 61..63 (word 1 bits
 * 29..31); a pattern's string is written high bit first.
 */
const IR3_GOLDEN: [number, number[], string][] = [
  // cat0 nop: REPEAT (bits 40..42) = 2 prints #rptN '(rpt2)'.
  [600, [0x00000000, 0x00000200], "(rpt2)nop"],
  // cat1 (001), #instruction-cat1-mov '{SY}{SS}{JP}{REPEAT}{UL}mov.{SRC_TYPE}{DST_TYPE}
  // {ROUND}{DST_HALF}{DST}, {SRC}': DST bits 32..39, DST_TYPE 46..48 and SRC_TYPE 50..52 (#type:
  // f16 0, f32 1, u32 3, s16 4), the source form at 53..54. mov-gpr (00): SRC r2.z in bits 0..7,
  // f32 → f32.
  [600, [0x0000000a, 0x20044005], "mov.f32f32 r1.y, r2.z"],
  // All other bits 0: f16 → f16 makes HALF and DST_HALF true, so both registers print 'h'.
  [600, [0x00000000, 0x20000000], "mov.f16f16 hr0.x, hr0.x"],
  // mov-immed (10, bit 54): #cat1-immed-src's f32 override prints '({IMMED})', a float (%f).
  [600, [0x3f800000, 0x20444000], "mov.f32f32 r0.x, (1.000000)"],
  // SRC_TYPE u32 ≠ DST_TYPE f32: the cov override; a u32 immediate over 0x1000 prints '0x{IMMED}'
  // in hex; SY bit 60, REPEAT (bits 40..41) 1.
  [600, [0x00012345, 0x304c4100], "(sy)(rpt1)cov.u32f32 r0.x, 0x12345"],
  // DST 0xf4 (a0.x) with s16 → s16: the mova override; the s16 immediate is a 16-bit int.
  [600, [0x0000fffe, 0x205100f4], "mova a0.x, -2"],
  // cat3 (011), #instruction-cat3-base '{SY}{SS}{JP}{SAT}{REPEAT}{UL}{NAME} {DST_HALF}{DST},
  // {SRC1_NEG}{SRC1_R}{SRC1}, {SRC2_NEG}{SRC2_R}{HALF}{SRC2}, {SRC3_NEG}{SRC3_R}{SRC3}': SRC1 in
  // bits 0..12 and SRC3 in 16..28 (#cat3-src-gpr: the register in the low 8 bits), SRC2 in 47..54,
  // OPC 55..58. mad.f32 (0111) is FULL: nothing is half.
  [600, [0x0010000a, 0x63878005], "mad.f32 r1.y, r2.z, r3.w, r4.x"],
  // mad.f16 (0110) is not FULL: HALF, and DST_HALF as FULL == DST_CONV (both 0). SRC1_R (bit 43)
  // with REPEAT 0 selects the '(nop{NOP})' override, NOP = SRC1_R | SRC2_R << 1 = 1; SRC1_NEG bit 14.
  [600, [0x0010400a, 0x63078805], "(nop1) mad.f16 hr1.y, (neg)hr2.z, hr3.w, hr4.x"],
  // sel.b32 (1001): SAT bit 42, REPEAT 2.
  [600, [0x00030001, 0x64810600], "(sat)(rpt2)sel.b32 r0.x, r0.y, r0.z, r0.w"],
  // cat5 (101), #instruction-cat5 '{SY}{JP}{NAME}{3D}{A}{O}{P}{SV}{1D} {TYPE}({WRMASK}){DST_HALF}
  // {DST}{SRC1}{SRC2}{SAMP}{TEX}': sam (bits 54..58 = 00011) has one source (', {HALF}{SRC}' of
  // bits 1..8), a sampler (', s#{SAMP}', bits 21..24) and a texture (', t#{TEX}', 25..31); FULL bit
  // 0, WRMASK 40..43, TYPE 44..46 printed '({TYPE})'.
  [600, [0x04200005, 0xa0c01f00], "sam (f32)(xyzw)r0.x, r0.z, s#1, t#2"],
  // f16: DST_HALF (#type-half); FULL 0: the source is half; 3D bit 48, SY.
  [600, [0x00000004, 0xb0c10304], "(sy)sam.3d (f16)(xy)hr1.x, hr0.z, s#0, t#0"],
  // cat6 (110), ldg '{SY}{JP}{NAME}.{TYPE} {TYPE_HALF}{DST}, g[{SRC1}{OFF}], {SIZE}': bits 0 and
  // 23 set, OFF (an offset: '%+d', nothing for 0) in bits 1..13, SRC1 14..21, SIZE 24..26, DST
  // 32..39, TYPE 49..51.
  [600, [0x01828009, 0xc0060005], "ldg.u32 r1.y, g[r2.z+4], 1"],
  [600, [0x04803fff, 0xd0000000], "(sy)ldg.f16 hr0.x, g[r0.x-1], 4"],
  // ldg.a for a6xx (bit 22 set): SRC2 bits 1..8, OFF (uoffset) 9..10, SRC2_ADD_DWORD_SHIFT 12..13;
  // SRC2_BYTE_SHIFT = that + 2; the override when the shift is not 0.
  [600, [0x01c2821f, 0xc0060005], "ldg.a.u32 r1.y, g[r2.z+(r3.w+1)<<2], 1"],
  [600, [0x01c2921f, 0xc0060005], "ldg.a.u32 r1.y, g[r2.z+r3.w<<3+1<<2], 1"],
  // ldg.a for a7xx: OFF in bits 41..48, SRC1_CONST bit 13 makes SRC1 'c{GPR}.{SWIZ}'.
  [700, [0x01c2a01f, 0xc0060805], "ldg.a.u32 r1.y, g[c2.z+r3.w+4], 1"],
  // cat2 add.f (OPC 0, cat 010): DST r1.y = 5, SRC1 r2.z = 10, SRC2 r3.w = 15 (bits 16..31), FULL.
  [600, [0x000f000a, 0x40100005], "add.f r1.y, r2.z, r3.w"],
  // cat4 rcp (OPC 0, cat 100): DST r1.y, SRC r2.z, FULL so neither is half.
  [600, [0x0000000a, 0x80100005], "rcp r1.y, r2.z"],
  // cat7 fence (bits 55..58 = 0001, bit 49 set): W R L G at bits 51..54 print in order G L R W.
  [700, [0x00000000, 0xe0fa0000], "fence.g.l.r.w"],
  [700, [0x00000000, 0xf0fa0000], "(sy)fence.g.l.r.w"],
  [700, [0x00000000, 0xe00a0000], "bar.w"],
];

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
    ...IR3_GOLDEN.map(([gpu, words, text]) => ["ir3", gpu, words, text] as const),
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

  test.each(IR3_GOLDEN)(
    "the shipped ir3 codec (the same cat1..cat7 documents): gpu %d: %j ⇄ %s",
    (gpu, words, text) => {
      expect(shippedIr3.disassemble(words, { gpu, showErrors: true })).toBe(text);
      expect(Array.from(shippedIr3.assemble(text, { gpu }))).toEqual(words);
    },
  );

  test("every instruction of both documents has a manual example that assembles back to its words", () => {
    for (const e of EMITTERS.filter((x) => x.name === "ts-codec" || x.name === "manuals"))
      e.emit(models);
    expect(renderWarnings(models).map((d) => d.message)).toEqual([]);
  });
});
