/**
 * ir3's assembler writes the words Mesa's assembler writes. Each golden line below is one Mesa's
 * ir3_parser.y accepts; its words are worked out by hand from the parser (what it puts in the
 * ir3_instruction) and the encoder (encode.c and encode.py: the leaf's fixed bits, then each field
 * the display, an expression, a `<param>` or `force` names, from its `<encode>` map), field by field
 * from the bit positions of specs/ir3/*.xml. Every non-zero bit the text does not show cites its
 * rule. Don't-care (`x`) bits are never written by encode.py (`val = match | fields`), so they are 0
 * here even where the hardware's own words have them set.
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import fc from "fast-check";
import type { Instruction, IsaModel } from "../../generator/model/types";
import { withEnumIntegers } from "../../generator/runtime/codec/isaspecSpellings";
import * as ir3 from "../../out/ts/ir3";
import { TEST_OUT } from "../helpers/testOutput";

/** A field's value at its lowest bit of the 64-bit instruction (bit 32 + k is bit k of word 1). */
type Put = [low: number, value: number];

function words(...puts: Put[]): number[] {
  const w = [0, 0];
  for (const [low, value] of puts) {
    const i = low >> 5;
    w[i] = (w[i] + value * 2 ** (low & 31)) >>> 0;
  }
  return w;
}

const CAT = (n: number): Put => [61, n];

const GOLDEN: [gpu: number, line: string, words: number[]][] = [
  // cat0: OPC 55–58 = 6 (end), SY 60.
  [300, "(sy)end", words(CAT(0), [55, 6], [60, 1])],
  [700, "(sy)end", words(CAT(0), [55, 6], [60, 1])],
  // br: BRTYPE 37–39 = 0, INV1 52, COMP1 53–54 = 0 (p0.x), IMMED 0–31.
  [300, "br !p0.x, #3", words(CAT(0), [55, 1], [52, 1], [0, 3])],
  // cat1 mov: DST_TYPE 46–48 and SRC_TYPE 50–52 = f32 (1), DST 32–39 = r1.y (5), SRC 0–7 = r2.z (10).
  [600, "mov.f32f32 r1.y, r2.z", words(CAT(1), [46, 1], [50, 1], [32, 5], [0, 10])],
  // cat2 add.u (OPC 53–58 = 16), two immediates (#multisrc: IMMED 0–10, pattern 11–13 = 100).
  // FULL (52) = 1: its map is !(srcs[0] & IR3_REG_HALF) and `immediate: integer` makes a source
  // without HALF (ir3_parser.y:1582). DST_CONV (46) = 1: the map is (srcs[0] ^ dsts[0]) & HALF and
  // hr0.x is half. The text shows only their exclusive or (DST_HALF, #dest-half).
  [
    600,
    "add.u hr0.x, 1, 2",
    words(CAT(2), [53, 16], [52, 1], [46, 1], [13, 1], [0, 1], [29, 1], [16, 2]),
  ],
  // cat3 mad.f32 (OPC 55–58 = 7; FULL is derived true): SRC1 0–7 = r0.y, SRC2 47–54 = r0.z,
  // SRC3 16–23 = r0.w.
  [600, "mad.f32 r0.x, r0.y, r0.z, r0.w", words(CAT(3), [55, 7], [0, 1], [47, 2], [16, 3])],
  // cat4 rcp (OPC 0): FULL (52) = 1 from the full source r0.y (ir3-cat4.xml:68), DST_CONV (46) = 1
  // (half destination, full source); SRC1 0–15 = r0.y (1), DST = hr0.x (0).
  [600, "rcp hr0.x, r0.y", words(CAT(4), [52, 1], [46, 1], [0, 1])],
  // cat5 sam (OPC 54–58 = 3): FULL (0) = 1, extract_cat5_FULL (encode.c): the first source r0.y is
  // not half. SRC1 1–8 = r0.y (1), TYPE 44–46 = f32 (1), WRMASK 40–43 = xyzw.
  [
    600,
    "sam (f32)(xyzw)r0.x, r0.y, s#0, t#0",
    words(CAT(5), [54, 3], [0, 1], [1, 1], [44, 1], [40, 0xf]),
  ],
  // dsxpp.1 (OPC 54–58 = 24) prints no type (HAS_TYPE false): TYPE 44–46 = f32 (1), as
  // ir3_parser.y:1090 sets cat5.type = TYPE_F32 and #cat5-type forces TYPE from it (ir3-cat5.xml:751;
  // the rule is specs/ir3/assembler.json's). FULL (0) = 1, WRMASK 40–43 = x, SRC1 1–8 = r0.y.
  [600, "dsxpp.1 (x)r0.x, r0.y", words(CAT(5), [54, 24], [44, 1], [0, 1], [40, 1], [1, 1])],
  // stg (OPC 54–58 = 3, pattern 22–23 = 1x): DST_OFF (40) = 1, the forced constant map of
  // #instruction-cat6-stg (ir3-cat6.xml:229). TYPE 49–51 = s32 (5), SRC1 41–48 = r0.z (2), OFF_LO
  // 32–39 = 5, SIZE 24–26 = 3, SRC3 1–8 = r8.y (33).
  [
    600,
    "stg.s32 g[r0.z+5], r8.y, 3",
    words(CAT(6), [54, 3], [23, 1], [40, 1], [49, 5], [41, 2], [32, 5], [24, 3], [1, 33]),
  ],
  // The same rule at a4xx, and for a7xx's stg.a (52 = 1): Mesa's parser reads g[r0.x+r0.y+4] as
  // srcs r0.x, r0.y, 4 and a dummy 0 (cat6_a6xx_global_address_pt3), the encoder OFF 14–21 = 4,
  // SRC2 32–39 = r0.y (1), SRC3 1–8 = r1.x (4), SIZE 24–26 = 1, pattern 23 = 1; DST_OFF (40) = 1.
  [
    400,
    "stg.u32 g[r0.x+4], r1.x, 1",
    words(CAT(6), [54, 3], [23, 1], [40, 1], [49, 3], [32, 4], [24, 1], [1, 4]),
  ],
  [
    700,
    "stg.a.u32 g[r0.x+r0.y+4], r1.x, 1",
    words(CAT(6), [54, 3], [52, 1], [49, 3], [40, 1], [32, 1], [23, 1], [14, 4], [24, 1], [1, 4]),
  ],
  // ldib.b (OPC 14–19 = 6, 20–22 = 110, 52–53 = 10): TYPED 11, TYPE_SIZE_MINUS_ONE 12–13 = 3,
  // TYPE f32, SRC1 = r0.x (the destination), SRC2 24–31 = r0.w (3), SSBO 41–48 = 1, MODE imm (0).
  // Bit 0 is `x` (ir3-cat6.xml:1261): the hardware's words set it, Mesa's encoder never does.
  [
    600,
    "ldib.b.typed.1d.f32.4.imm r0.x, r0.w, 1",
    words(CAT(6), [14, 6], [21, 3], [53, 1], [11, 1], [12, 3], [49, 1], [24, 3], [41, 1]),
  ],
  // resinfo (a3xx–a5xx form, OPC 54–58 = 15): D_MINUS_ONE 9–10 = 3, TYPE u32 (3), SSBO_IM 53 = 1
  // (the map !!(srcs[0] & IMMED); `g[0]` is an immediate, ir3_parser.y:1295). Bit 11 (TYPED) is
  // `x` in resinfo (ir3-cat6.xml:545): never written.
  [500, "resinfo.u32.4d r0.x, g[0]", words(CAT(6), [54, 15], [9, 3], [49, 3], [53, 1])],
  // stib.b/ldib.b with an offset: the parser's src_uoffset sets IR3_INSTR_IMM_OFFSET when it is not
  // 0 (ir3_parser.y:1548), which ir3-cat6.xml:1242 writes as HAS_OFFSET (23); without it
  // #instruction-cat6-a6xx-ibo-load-store asserts the offset 0. OPC 14–19 (stib.b 011101, ldib.b
  // 000110), 20–22 = 110, 52–53 = 10, TYPE u32 (3) at 49–51, OFFSET_LO 54–58 = 4. stib.b swaps
  // srcs[0] and srcs[3]: SRC1 32–39 = r0.x, SRC2 24–31 = r0.y (1), SSBO the immediate 0 (MODE imm).
  [
    600,
    "stib.b.untyped.1d.u32.1.imm r0.x, r0.y+4, 0",
    words(CAT(6), [14, 0x1d], [20, 6], [53, 1], [49, 3], [24, 1], [23, 1], [54, 4]),
  ],
  // ldib.b: SRC1 = the destination r0.x, SRC2 = r0.y, no offset: HAS_OFFSET 0.
  [
    600,
    "ldib.b.untyped.1d.u32.1.imm r0.x, r0.y, 0",
    words(CAT(6), [14, 6], [20, 6], [53, 1], [49, 3], [24, 1]),
  ],
  // cat7 sleep (OPC 55–58 = 2): DURATION (51) = 1, the constant map of sleep (ir3-cat7.xml:110);
  // the lexer takes only `sleep.l` (ir3_lexer.l:392).
  [600, "sleep.l", words(CAT(7), [55, 2], [51, 1])],
  // dccln (OPC 4): TYPE (51) = 1, the constant map of #instruction-cat7-data (ir3-cat7.xml:79).
  [600, "dccln.all", words(CAT(7), [55, 4], [51, 1])],
];

/** A field's value in the words (its ranges low part first). */
function fieldOf(ins: Instruction, name: string, w: readonly number[]): number {
  let value = 0;
  let shift = 0;
  for (const r of ins.fields.find((f) => f.name === name)!.ranges) {
    for (let b = r.low; b <= r.high; b++)
      value += (Math.floor(w[b >> 5] / 2 ** (b & 31)) % 2) * 2 ** (shift + b - r.low);
    shift += r.high - r.low + 1;
  }
  return value;
}

/**
 * Whether a text is one the companion marks `lossy`: a respelling rewrites it (a cat5 '()' write
 * mask) or an enumIntegers rule reads an integer of it as the enum's value (a float op's `h(5)`).
 */
function lossyTexts(model: IsaModel): (text: string) => boolean {
  const t = model.assemblerText;
  const respellings = (t?.respellings ?? [])
    .filter((r) => r.lossy)
    .map((r) => new RegExp(r.pattern));
  const enums = (t?.enumIntegers ?? [])
    .filter((e) => e.lossy)
    .map((e) => {
      const texts: string[] = [];
      for (const v of model.enums.find((x) => x.name === e.enum)!.values)
        texts[v.value] = v.display ?? "";
      return { re: new RegExp(e.pattern), texts: Array.from(texts, (x) => x ?? "") };
    });
  expect(respellings.length + enums.length).toBeGreaterThan(1);
  return (text) =>
    respellings.some((re) => re.test(text)) ||
    enums.some((e) => e.re.test(text) && withEnumIntegers(text, e.texts) !== text);
}

const hex = (w: ArrayLike<number>) => Array.from(w, (x) => `0x${x.toString(16).padStart(8, "0")}`);

describe("ir3 asm writes Mesa's words", () => {
  test.each(GOLDEN.map(([gpu, line, w]) => [gpu, line, hex(w)] as const))(
    "gpu %i: %s → %j",
    (gpu, line, expected) => {
      const w = ir3.assemble(line, { gpu });
      expect(hex(w)).toEqual(expected);
      // text → words → text is exact, and the words assemble back from their text
      expect(ir3.disassemble(w, { gpu })).toBe(line);
    },
  );

  // Numbers spelled otherwise than the disassembler prints them, as Mesa's lexer reads them: a
  // float immediate `(1.0)` is fim_val 1.0 and `h(1.0)` _mesa_float_to_half(1.0) (ir3_parser.y
  // immediate_cat1). cat1 mov with an immediate: pattern 53–54 = 10, DST_TYPE 46–48 and SRC_TYPE
  // 50–52 the types (f32 1, f16 0).
  test.each([
    [
      "mov.f32f32 r0.x, (1.0)",
      words(CAT(1), [54, 1], [46, 1], [50, 1], [0, 0x3f800000]),
      "mov.f32f32 r0.x, (1.000000)",
    ],
    [
      "mov.f32f32 r0.x, (0.5)",
      words(CAT(1), [54, 1], [46, 1], [50, 1], [0, 0x3f000000]),
      "mov.f32f32 r0.x, (0.500000)",
    ],
    [
      "mov.f16f16 hr0.x, h(1.0)",
      words(CAT(1), [54, 1], [0, 0x3c00]),
      "mov.f16f16 hr0.x, h(1.000000)",
    ],
  ] as const)("%s", (line, w, printed) => {
    const back = ir3.assemble(line, { gpu: 600 });
    expect(hex(back)).toEqual(hex(w));
    expect(ir3.disassemble(back, { gpu: 600 })).toBe(printed);
  });

  // Integers as Mesa's lexer reads them (ir3_lexer.l:97-98, strtoul(…, 0): decimal, 0x hex, octal),
  // whatever the disassembler prints (specs/ir3/assembler.json text.integers). cat1 mov immediate:
  // pattern 53–54 = 10, DST_TYPE 46–48 and SRC_TYPE 50–52 (u32 3, u16 2), IMMED 0–31 the value
  // (immediate_cat1, ir3_parser.y:1569; a u16 value is masked to 16 bits, which 0x10 fits).
  // cat2 add.u: OPC 53–58 = 16, FULL 52 (r0.y is full), SRC1 0–15 = r0.y, SRC2 16–31 the
  // #multisrc immediate: IMMED 16–26, pattern bits 27–29 = 100.
  test.each([
    [
      "mov.u32u32 r0.x, 0x10",
      words(CAT(1), [54, 1], [46, 3], [50, 3], [0, 16]),
      "mov.u32u32 r0.x, 16",
    ],
    [
      "mov.u16u16 hr0.x, 0x10",
      words(CAT(1), [54, 1], [46, 2], [50, 2], [0, 16]),
      "mov.u16u16 hr0.x, 16",
    ],
    // 4097 > 0x1000: Mesa prints a u32 immediate that large in hex (#cat1-immed-src).
    [
      "mov.u32u32 r0.x, 4097",
      words(CAT(1), [54, 1], [46, 3], [50, 3], [0, 4097]),
      "mov.u32u32 r0.x, 0x1001",
    ],
    // A negative integer is the parser's int (ir3_parser.y:1602-1605): -1 is 0xffffffff in a u32
    // immediate; a 16-bit source type masks it to 16 bits (immediate_cat1, ir3_parser.y:1569:
    // type_size(u16) < 32; assembler.json integerMasks), u16 is 2; s16 (4) takes 0xffff, printed -1;
    // s32 (5) takes -0x10.
    [
      "mov.u32u32 r0.x, -1",
      words(CAT(1), [54, 1], [46, 3], [50, 3], [0, 0xffffffff]),
      "mov.u32u32 r0.x, 0xffffffff",
    ],
    [
      "mov.u16u16 hr0.x, -1",
      words(CAT(1), [54, 1], [46, 2], [50, 2], [0, 0xffff]),
      "mov.u16u16 hr0.x, 65535",
    ],
    [
      "mov.s16s16 hr0.x, 0xffff",
      words(CAT(1), [54, 1], [46, 4], [50, 4], [0, 0xffff]),
      "mov.s16s16 hr0.x, -1",
    ],
    [
      "mov.s32s32 r0.x, -0x10",
      words(CAT(1), [54, 1], [46, 5], [50, 5], [0, 0xfffffff0]),
      "mov.s32s32 r0.x, -16",
    ],
    // cat0 jump (OPC 55–58 = 2): IMMED 0–31 = -16.
    ["jump #-0x10", words(CAT(0), [55, 2], [0, 0xfffffff0]), "jump #-16"],
    // T_INT is strtoul's value in an int (ir3_lexer.l:97): 2147483648 is -2147483648.
    ["jump #2147483648", words(CAT(0), [55, 2], [0, 0x80000000]), "jump #-2147483648"],
    // mov-relconst: pattern bits 10 and 11 set, OFFSET 0–9 = -4 (ir3_parser.y offset: '-' integer,
    // assembler.json's respelling to the printed '+ -4'), f32 types.
    [
      "mov.f32f32 r0.x, c<a0.x - 4>",
      words(CAT(1), [46, 1], [50, 1], [11, 1], [10, 1], [0, 0x3fc]),
      "mov.f32f32 r0.x, c<a0.x + -4>",
    ],
    // Spaces the lexer skips (ir3_lexer.l:82): add.f, FULL, SRC1 r0.y, SRC2 r0.z (16–31 = 2).
    ["add.f  r0.x ,r0.y , r0.z", words(CAT(2), [52, 1], [0, 1], [16, 2]), "add.f r0.x, r0.y, r0.z"],
    // h(integer) is the half immediate's bits (ir3_parser.y:1572, assembler.json halfBits): f16
    // (SRC_TYPE and DST_TYPE 0), IMMED 0–15 = 1, printed as the value 2^-24 with six decimals.
    ["mov.f16f16 hr0.x, h(1)", words(CAT(1), [54, 1], [0, 1]), "mov.f16f16 hr0.x, h(0.000000)"],
    // A leading 0 is octal for strtoul(…, 0): 010 is 8.
    [
      "mov.u32u32 r0.x, 010",
      words(CAT(1), [54, 1], [46, 3], [50, 3], [0, 8]),
      "mov.u32u32 r0.x, 8",
    ],
    [
      "add.u r0.x, r0.y, 0x10",
      words(CAT(2), [53, 16], [52, 1], [0, 1], [16, 16], [29, 1]),
      "add.u r0.x, r0.y, 16",
    ],
    // A cat5 destination without (wrmask) has wrmask MAX2(1, 0) = 1 (ir3_parser.y:184), WRMASK
    // 40–43 = x (ir3-cat5.xml:108; assembler.json text.respellings). sam as the golden above;
    // dsxpp.1 too (its TYPE f32 by the rule above).
    [
      "sam (f32)r0.x, r0.y, s#0, t#0",
      words(CAT(5), [54, 3], [0, 1], [1, 1], [44, 1], [40, 1]),
      "sam (f32)(x)r0.x, r0.y, s#0, t#0",
    ],
    [
      "dsxpp.1 r0.x, r0.y",
      words(CAT(5), [54, 24], [44, 1], [0, 1], [40, 1], [1, 1]),
      "dsxpp.1 (x)r0.x, r0.y",
    ],
  ] as const)("%s", (line, w, printed) => {
    const back = ir3.assemble(line, { gpu: 600 });
    expect(hex(back)).toEqual(hex(w));
    expect(ir3.disassemble(back, { gpu: 600 })).toBe(printed);
  });

  // Mesa's parser reads alias's b16/b32 and ignores it (ir3_parser.y:1403-1406) and ir3-cat7.xml:335
  // maps SRC_TYPE (50) to 1 (assembler.json, `always`): a b16 line gets b32 words, which print b32.
  // alias: OPC 55–58 = 1000, pattern 53–54 = 1x (bit 54), SCOPE 47–49 (tex 0, rt 3, mem 4: ir3.h
  // ALIAS_*), SRC_REG_TYPE 51–52 (const 1, immediate 2), UNK 40–43 the last number, SRC 0–7 the
  // register number (hr0.y as r0.y: 1) or 0–31 the immediate (h(1.0): _mesa_float_to_half 0x3c00).
  test.each([
    ["alias.tex.b16.0 r0.x, hr0.y", words(CAT(7), [55, 8], [54, 1], [50, 1], [0, 1])],
    ["alias.tex.b32.0 r0.x, r0.y", words(CAT(7), [55, 8], [54, 1], [50, 1], [0, 1])],
    ["alias.mem.b16.0 r0.x, hc0.x", words(CAT(7), [55, 8], [54, 1], [50, 1], [47, 4], [51, 1])],
    [
      "alias.rt.b16.1 r0.x, h(1.0)",
      words(CAT(7), [55, 8], [54, 1], [50, 1], [47, 3], [51, 2], [40, 1], [0, 0x3c00]),
    ],
  ] as const)("gpu 700: %s", (line, w) => {
    expect(hex(ir3.assemble(line, { gpu: 700 }))).toEqual(hex(w));
  });

  // dsxpp.1's TYPE is f32 whatever the destination (ir3_parser.y:1090, `always`): hr0.x is
  // register 0, as r0.x. WRMASK x, SRC1 r0.y, FULL (r0.y is full).
  test("dsxpp.1 with a half destination is f32", () => {
    const w = ir3.assemble("dsxpp.1 (x)hr0.x, r0.y", { gpu: 600 });
    expect(hex(w)).toEqual(hex(words(CAT(5), [54, 24], [44, 1], [0, 1], [40, 1], [1, 1])));
  });

  // What Mesa's parser takes in other forms than the templates print (assembler.json text): flags
  // in any order (ir3_parser.y:846-856), a (rptN) movmsk.wN overrides (ir3_parser.y:938), .s2en
  // without .uniform (ir3_parser.y:1133). Each gives the words of the printed form.
  test.each([
    [600, "(jp)(sy)end", "(sy)(jp)end"],
    [600, "(ss)(sy)(rpt1)add.f r0.x, r0.y, r0.z", "(sy)(ss)(rpt1)add.f r0.x, r0.y, r0.z"],
    [600, "(rpt3)movmsk.w32 r0.y", "movmsk.w32 r0.y"],
    [600, "sam.s2en (f32)(xyzw)r0.x, r0.y, hr1.x", "sam.s2en.uniform (f32)(xyzw)r0.x, r0.y, hr1.x"],
  ] as const)("gpu %i: %s is %s", (gpu, line, printed) => {
    expect(hex(ir3.assemble(line, { gpu }))).toEqual(hex(ir3.assemble(printed, { gpu })));
    expect(ir3.disassemble(ir3.assemble(line, { gpu }), { gpu })).toBe(printed);
  });

  // (eq) where the template prints no {EQ}: encode.py encodes only the fields a case's display
  // names (encode.py Case.fieldnames), so Mesa writes no EQ for add.f or jump; for br (display
  // {EQ}) EQ is bit 48. jump: OPC 55–58 = 2, IMMED 3, SY 60.
  test.each([
    ["(eq)add.f r0.x, r0.y, r0.z", words(CAT(2), [52, 1], [0, 1], [16, 2])],
    ["(sy)(eq)jump #3", words(CAT(0), [55, 2], [60, 1], [0, 3])],
    ["(eq)br p0.x, #3", words(CAT(0), [55, 1], [48, 1], [0, 3])],
  ] as const)("gpu 600: %s", (line, w) => {
    expect(hex(ir3.assemble(line, { gpu: 600 }))).toEqual(hex(w));
  });

  // end (OPC 55–58 = 6) with SY 60 and JP 59 however the line orders them.
  test("(jp)(sy)end", () => {
    expect(hex(ir3.assemble("(jp)(sy)end", { gpu: 600 }))).toEqual(
      hex(words(CAT(0), [55, 6], [60, 1], [59, 1])),
    );
  });

  // A cat2 h(N) is the integer N (ir3_parser.y:1585), not a half's bits as in cat1: the text
  // Mesa prints for such words assembles back to them.
  test("a cat2 h(N) stays an integer", () => {
    const line = "(sy)(ss)(jp)(sat)(rpt2)(ul)xor.b (ei)p0.w, (last)hr2.w, (r)h(331)";
    expect(ir3.disassemble(ir3.assemble(line, { gpu: 600 }), { gpu: 600 })).toBe(line);
  });

  // '()' is T_WRMASK 0 (ir3_lexer.l:129) and the destination's wrmask MAX2(1, 0) = 1
  // (ir3_parser.y:184): WRMASK 40–43 = x, as for no mask (assembler.json, a `lossy` respelling: the
  // WRMASK 0 words the decoder prints '()' for are none Mesa's assembler writes). sam: OPC 54–58 = 3,
  // FULL 0 (r0.y is full), SRC1 1–8 = r0.y, TYPE 44–46 = f32; dsxpp.1: OPC 24, TYPE f32 (the rule
  // above).
  test.each([
    [
      "sam (f32)()r0.x, r0.y, s#0, t#0",
      words(CAT(5), [54, 3], [0, 1], [1, 1], [44, 1], [40, 1]),
      "sam (f32)(x)r0.x, r0.y, s#0, t#0",
    ],
    [
      "dsxpp.1 ()r0.x, r0.y",
      words(CAT(5), [54, 24], [44, 1], [0, 1], [40, 1], [1, 1]),
      "dsxpp.1 (x)r0.x, r0.y",
    ],
  ] as const)("an empty write mask is x: %s", (line, w, printed) => {
    const back = ir3.assemble(line, { gpu: 600 });
    expect(hex(back)).toEqual(hex(w));
    expect(ir3.disassemble(back, { gpu: 600 })).toBe(printed);
  });

  // brax takes '#' integer (ir3_parser.y:881,891), but no display template names a field of it
  // (ir3-cat0.xml:264: neither brax nor a bitset it extends has one), so encode.py has no case for
  // it and writes only its fixed bits, whatever the number or the flags: OPC 55–58 = 1, BRTYPE
  // 37–39 = 110. Mesa prints the words as an empty line.
  test.each(["brax #3", "(sy)brax #-2"])("gpu 600: %s is brax's fixed bits", (line) => {
    const w = ir3.assemble(line, { gpu: 600 });
    expect(hex(w)).toEqual(hex(words(CAT(0), [55, 1], [37, 6])));
    expect(ir3.disassemble(w, { gpu: 600 })).toBe("");
  });

  // alias's destination is a dst_reg (ir3_parser.y:1406) written as #reg-gpr (ir3-cat7.xml:320),
  // the register's number: hr1.y is r1.y (5). OPC 55–58 = 1000, pattern 54, SRC_TYPE 50 = 1
  // (always), SCOPE 47–49 (rt 3), UNK 40–43 the last number, SRC 0–7 = r0.y (1).
  test.each([
    ["alias.tex.b32.0 hr0.x, r0.y", words(CAT(7), [55, 8], [54, 1], [50, 1], [0, 1])],
    [
      "alias.rt.b16.2 hr1.y, hr0.y",
      words(CAT(7), [55, 8], [54, 1], [50, 1], [47, 3], [40, 2], [32, 5], [0, 1]),
    ],
  ] as const)("gpu 700: a half alias destination: %s", (line, w) => {
    expect(hex(ir3.assemble(line, { gpu: 700 }))).toEqual(hex(w));
  });

  // A float cat2 op's integer source is a FLUT index: 'immediate: integer' (iim_val N) or 'h' '('
  // integer ')' (IMMED | HALF), ir3_parser.y:1583,1585; ir3_cat2_int (ir3.h:1595) does not list
  // mul.f/add.f/cmps.f, so __multisrc_case (encode.c:228-239) writes #multisrc-immed-flut-full
  // (pattern 11–13 = 101, bit 10 = 0) or -half (bit 10 = 1), IMMED 0–9 = N (assembler.json
  // enumIntegers). mul.f: OPC 53–58 = 3; SRC1 0–15 = r0.y (1); SRC2 16–31 the immediate; FULL 52
  // from the full r0.y (ir3-cat2.xml's FULL map !(srcs[0] & HALF)). add.f (OPC 0) with (neg): ABSNEG
  // 14–15 of SRC1 = 1. cmps.f (OPC 5) .le: COND 48–50 = 1 (#cond: lt 0, le 1), DST p0.x = register 62 × 4 = 248.
  test.each([
    [
      "mul.f r0.x, r0.y, 1",
      words(CAT(2), [53, 3], [52, 1], [0, 1], [16, 1], [29, 1], [27, 1]),
      "mul.f r0.x, r0.y, (0.5)",
    ],
    [
      "mul.f hr0.x, hr0.y, h(1)",
      words(CAT(2), [53, 3], [0, 1], [16, 1], [26, 1], [29, 1], [27, 1]),
      "mul.f hr0.x, hr0.y, h(0.5)",
    ],
    [
      "add.f r0.x, (neg)11, r0.y",
      words(CAT(2), [52, 1], [0, 11], [10, 0], [13, 1], [11, 1], [14, 1], [16, 1]),
      "add.f r0.x, (neg)(4.0), r0.y",
    ],
    [
      "cmps.f.le p0.x, r0.y, 3",
      words(CAT(2), [53, 5], [52, 1], [48, 1], [32, 248], [0, 1], [16, 3], [29, 1], [27, 1]),
      "cmps.f.le p0.x, r0.y, (2.0)",
    ],
  ] as const)("gpu 600: a float op's integer is a FLUT index: %s", (line, w, printed) => {
    const back = ir3.assemble(line, { gpu: 600 });
    expect(hex(back)).toEqual(hex(w));
    expect(ir3.disassemble(back, { gpu: 600 })).toBe(printed);
  });

  // An alias integer source is immediate_cat1's integer (cat7_alias_src, ir3_parser.y:1389-1390),
  // masked to 16 bits: type_size(cat1.src_type) < 32 (ir3_parser.y:1569), cat1.src_type being the
  // cat7 struct's w/r/l/g bits, 0 = TYPE_F16 (ir3.h:384-436). It is IR3_REG_IMMED: SRC_REG_TYPE
  // 51–52 = 2, IMMED 0–31 = the masked integer (#alias-immed-src, extract_reg_uim); SRC_TYPE 50 = 1
  // whatever b16/b32 says. OPC 55–58 = 1000, pattern 54; SCOPE 47–49 (tex 0, rt 3); UNK 40–43.
  test.each([
    [
      "alias.rt.b32.0 r0.x, 16",
      words(CAT(7), [55, 8], [54, 1], [50, 1], [47, 3], [51, 2], [0, 16]),
    ],
    [
      "alias.tex.b32.1 r0.x, -1",
      words(CAT(7), [55, 8], [54, 1], [50, 1], [51, 2], [40, 1], [0, 0xffff]),
    ],
    [
      "alias.tex.b16.1 hr0.x, 0x13c00",
      words(CAT(7), [55, 8], [54, 1], [50, 1], [51, 2], [40, 1], [0, 0x3c00]),
    ],
  ] as const)("gpu 700: an alias integer: %s", (line, w) => {
    expect(hex(ir3.assemble(line, { gpu: 700 }))).toEqual(hex(w));
  });

  // 'tex, a1.x' and 'samp, a1.x' parse at every generation (cat5_samp_tex_all, ir3_parser.y:1150-1152),
  // but with a1.x #cat5-src3 writes only SAMP at a6xx, only TEX from a7xx, all 8 bits (ir3-cat5.xml:
  // 882-903), from cat5.samp or cat5.tex, 0 where the line names the other: `t#2` at a6xx and `s#2`
  // at a7xx are written nowhere. sam: OPC 54–58 = 3, FULL 0 and SRC1 1–8 = r0.y, TYPE 44–46 = f32,
  // WRMASK 40–43 = xyzw; .base0 sets IR3_INSTR_B: S2EN_BINDLESS 51 = 1 and DESC_MODE 29–31 = 7
  // (CAT5_BINDLESS_A1_IMM: B and A1EN without S2EN, encode.c:178-183); BASE 0; SRC3 21–28 = 0.
  test.each([
    [600, "sam.base0 (f32)(xyzw)r0.x, r0.y, t#2, a1.x", "s#0"],
    [700, "sam.base0 (f32)(xyzw)r0.x, r0.y, s#2, a1.x", "t#0"],
  ] as const)("gpu %i: %s names what Mesa does not write", (gpu, line, printed) => {
    const w = ir3.assemble(line, { gpu });
    expect(hex(w)).toEqual(
      hex(words(CAT(5), [54, 3], [0, 1], [1, 1], [44, 1], [40, 0xf], [51, 1], [29, 7])),
    );
    expect(ir3.disassemble(w, { gpu })).toBe(`sam.base0 (f32)(xyzw)r0.x, r0.y, ${printed}, a1.x`);
  });

  // A line the spellings rewrite (flags put in order, spaces dropped, a write mask added) reports
  // its error in the columns of the line as written.
  test.each([
    ["(jp)(sy)add.u r0.x, r0.y, 0x10000", "1:28: expected end of line, found 'x10000'"],
    ["(jp)(sy)add.u r0.x ,r0.y , r9.q", "1:31: expected SWIZ (x, y, z or w), found 'q'"],
    ["sam (f32)r0.x, r0.y, s#0, t#0, q", "1:30: expected ', a1.x' or end of line, found ','"],
    ["(eq)(sy)bogus r0.x", "1:9: unknown mnemonic 'bogus' for gpu 600"],
  ])("a rewritten line's error is in the user's columns: %s", (line, message) => {
    expect(() => ir3.assemble(line, { gpu: 600 })).toThrow(message);
  });

  // A number no spelling makes fit is still an error, at the number.
  test("an integer that fits no spelling is an error", () => {
    expect(() => ir3.assemble("add.u r0.x, r0.y, 0x10000", { gpu: 600 })).toThrow(
      "1:20: expected end of line, found 'x10000'",
    );
  });

  test("every category has a golden line", () => {
    const cats = new Set(GOLDEN.map(([, , w]) => w[1] >>> 29));
    expect([...cats].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  // Mesa's printed text of random words of every instruction and generation (words Mesa's decoder
  // prints without remarks: no don't-care bit set, no sub-field matching nothing) assembles, through
  // the companion's respellings and spellings, to words printing that text again.
  test("the text of random words assembles back to words printing it", () => {
    const model = JSON.parse(
      readFileSync(path.join(TEST_OUT, "json", "ir3.json"), "utf8"),
    ) as IsaModel;
    const lossy = lossyTexts(model);
    const failures: string[] = [];
    let checked = 0;
    for (const ins of model.instructions) {
      const { match, mask, dontCare } = ins.encoding;
      const gens = [300, 400, 500, 600, 700].filter(
        (g) => !ins.gen || (g >= ins.gen.min && g <= ins.gen.max),
      );
      const random = fc.array(fc.noBias(fc.integer({ min: 0, max: 0xffffffff })), {
        minLength: 2,
        maxLength: 2,
      });
      for (const gpu of gens)
        for (const r of fc.sample(random, { numRuns: 3, seed: 28 })) {
          const w = match.map((m, i) => ((m & ~dontCare[i]) | (r[i] & ~mask[i])) >>> 0);
          if (ir3.decode(w, { gpu })?.name !== ins.name) continue;
          // Mesa writes an `always` value whatever the line (alias's b16): no other value is its.
          if (ins.implicit?.some((v) => v.always && fieldOf(ins, v.field, w) !== v.value)) continue;
          const text = ir3.disassemble(w, { gpu, showErrors: true });
          if (text.includes("\t; ")) continue;
          // A text Mesa's assembler reads as other words (a cat5 '()' write mask) is a known lossy
          // one, not a round-trip failure: no words Mesa writes print it.
          if (lossy(text)) continue;
          checked++;
          try {
            const again = ir3.disassemble(ir3.assemble(text, { gpu }), { gpu });
            if (again !== text) failures.push(`${gpu} '${text}' → '${again}'`);
          } catch (e) {
            failures.push(`${gpu} '${text}': ${(e as Error).message}`);
          }
        }
    }
    expect(checked).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 120_000);
});
