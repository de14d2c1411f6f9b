/**
 * R500 flow-control codec: decode/encode and Mesa's r500FragmentProgramDump() text (r500-fc syntax).
 *
 * The text is Mesa's three dump lines for one FC instruction with the line breaks removed (each line
 * keeps its leading tab), Mesa's `%d\t` index only with `{ index }`. Expected texts and words here
 * are written by hand from r500-and-bifrost.md A4/A5 (bit map, emit_flowcontrol() words, printf
 * formats); the mask names are Mesa's to_mask() (NONE R G RG B RB GB RGB A AR AG ARG AB ARB AGB
 * ARGB, read in Mesa 22.3.6 r500_fragprog.c; the doc does not list them). The assembler takes the
 * bits from the printed words, so assemble(disassemble(w)) = w & ~dontCare for every FC word; the
 * don't-care bits (not fields of FC) are inst0 19..31, inst2 3/21..23/29..31, inst3 5..7/13..15/
 * 25..30 and all of inst1/4/5.
 */
import fc from "fast-check";
import {
  assemble,
  AssemblyError,
  decode,
  disassemble,
  encode,
  type Instruction,
} from "../../out/ts/r500";

/** Bits that are part of FC (kept by encode/assemble), per word, from the A3/A4 bit maps. */
const KEEP = [0x0007ffff, 0, 0x1f1ffff7, 0x81ff1f1f, 0, 0];
const keep = (w: readonly number[]): number[] => w.map((v, i) => (v & KEEP[i]) >>> 0);

const OPS = ["JUMP", "LOOP", "ENDLOOP", "REP", "ENDREP", "BREAKLOOP", "BREAKREP", "CONTINUE"];
const A_OPS = ["NONE", "POP", "PUSH"];
const B_OPS = ["NONE", "DECR", "INCR"];
const MASKS = [
  "NONE",
  "R",
  "G",
  "RG",
  "B",
  "RB",
  "GB",
  "RGB",
  "A",
  "AR",
  "AG",
  "ARG",
  "AB",
  "ARB",
  "AGB",
  "ARGB",
];

const CMN = "0:CMN_INST   0x00000402:FC    ALU WAIT wmask: NONE omask: NONE";
const fcWords = (inst2: number, inst3: number, inst0 = 0x402): number[] => [
  inst0,
  0,
  inst2,
  inst3,
  0,
  0,
];

/** Mesa's printf, written independently of the codec from the A5 formats (one line, no index). */
function mesaDump(w: readonly number[]): string {
  const [i0, , i2, i3] = w.map((v) => v >>> 0);
  const h = (v: number, n: number): string => v.toString(16).padStart(n, "0");
  const cmn =
    `0:CMN_INST   0x${h(i0, 8)}:FC ${i0 & 4 ? "TEX_WAIT" : ""} ${i0 & 0x100 ? "LAST" : ""} ${i0 & 0x200 ? "NOP" : ""} ` +
    `${i0 & 0x400 ? "ALU WAIT" : ""} wmask: ${MASKS[(i0 >>> 11) & 0xf]} omask: ${MASKS[(i0 >>> 15) & 0xf]}`;
  const inst =
    `\t2:FC_INST    0x${h(i2, 8)}:0x${h((i2 >>> 8) & 0xff, 2)} ${(i2 >>> 5) & 1} ${OPS[i2 & 7]} ${A_OPS[(i2 >>> 6) & 3] ?? ""}` +
    ` ${B_OPS[(i2 >>> 24) & 3] ?? ""} ${B_OPS[(i2 >>> 26) & 3] ?? ""} ${(i2 >>> 16) & 0x1f} ${(i2 >>> 4) & 1} ${i3 >>> 16}` +
    (i2 & (1 << 28) ? " IGN_UNC" : "");
  const addr = `\t3:FC_ADDR    0x${h(i3, 8)}:BOOL: 0x${h(i3 & 0x1f, 2)}, INT: 0x${h((i3 >>> 8) & 0x1f, 2)}, JUMP_ADDR: ${(i3 >>> 16) & 0x1ff}, JMP_GLBL: ${i3 >>> 31}`;
  return cmn + inst + addr;
}

const u32 = fc.integer({ min: 0, max: 0xffffffff });
/** Any six words whose inst0 TYPE is FC (2). */
const fcWordsArb = fc
  .tuple(u32, u32, u32, u32, u32, u32)
  .map((w) => [((w[0] & ~3) | 2) >>> 0, w[1], w[2], w[3], w[4], w[5]]);

function assemblyError(text: string): { message: string; line: number; column: number } {
  try {
    assemble(text);
  } catch (e) {
    expect(e).toBeInstanceOf(AssemblyError);
    const err = e as AssemblyError;
    return { message: err.message, line: err.line, column: err.column };
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

describe("r500 worked examples (r500-and-bifrost.md A5)", () => {
  it("IF at ip 0 jumping to 5: Mesa's three lines, joined", () => {
    const mesa = [
      "0\t0:CMN_INST   0x00000402:FC    ALU WAIT wmask: NONE omask: NONE",
      "\t2:FC_INST    0x12000f00:0x0f 0 JUMP NONE INCR NONE 0 0 5 IGN_UNC",
      "\t3:FC_ADDR    0x00050000:BOOL: 0x00, INT: 0x00, JUMP_ADDR: 5, JMP_GLBL: 0",
    ].join("\n");
    const words = fcWords(0x12000f00, 0x00050000);
    const text = disassemble(words, { index: 0 });
    expect(text).toBe(mesa.replace(/\n/g, ""));
    expect(disassemble(words)).toBe(mesa.replace(/\n/g, "").slice(2));
    expect(Array.from(assemble(text))).toEqual(words);
  });

  it("ENDIF at ip 3", () => {
    const words = fcWords(0x01010020, 0x00040000);
    const text = disassemble(words, { index: 3 });
    expect(text).toContain("\t2:FC_INST    0x01010020:0x00 1 JUMP NONE DECR NONE 1 0 4\t3:FC_ADDR");
    expect(text.startsWith(`3\t${CMN}`)).toBe(true);
    expect(Array.from(assemble(text))).toEqual(words);
  });
});

describe("r500 golden vectors: every construct of emit_flowcontrol() (A5 table)", () => {
  const addr = (jump: number, tail = "") =>
    `\t3:FC_ADDR    0x${(jump << 16).toString(16).padStart(8, "0")}:BOOL: 0x00, INT: 0x00, JUMP_ADDR: ${jump}, JMP_GLBL: 0${tail}`;
  const cases: [string, number, number, string][] = [
    [
      "IF, no ELSE (endif at 4)",
      0x12000f00,
      5,
      "0x12000f00:0x0f 0 JUMP NONE INCR NONE 0 0 5 IGN_UNC",
    ],
    [
      "IF, with ELSE (else at 3)",
      0x1a000f00,
      4,
      "0x1a000f00:0x0f 0 JUMP NONE INCR INCR 0 0 4 IGN_UNC",
    ],
    ["ELSE (endif at 6)", 0x04010010, 7, "0x04010010:0x00 0 JUMP NONE NONE DECR 1 1 7"],
    ["ENDIF (at 3)", 0x01010020, 4, "0x01010020:0x00 1 JUMP NONE DECR NONE 1 0 4"],
    [
      "BGNLOOP (endloop at 4)",
      0x10000001,
      4,
      "0x10000001:0x00 0 LOOP NONE NONE NONE 0 0 4 IGN_UNC",
    ],
    [
      "BRK depth 2 (endloop at 4)",
      0x1400ff05 | (2 << 16),
      5,
      "0x1402ff05:0xff 0 BREAKLOOP NONE NONE DECR 2 0 5 IGN_UNC",
    ],
    [
      "CONT depth 1 (endloop at 4)",
      0x1400ff07 | (1 << 16),
      4,
      "0x1401ff07:0xff 0 CONTINUE NONE NONE DECR 1 0 4 IGN_UNC",
    ],
    [
      "ENDLOOP (bgnloop at 0)",
      0x1000ff22,
      1,
      "0x1000ff22:0xff 1 ENDLOOP NONE NONE NONE 0 0 1 IGN_UNC",
    ],
  ];
  it.each(cases)("%s", (_name, inst2, jump, fcInst) => {
    const words = fcWords(inst2, jump << 16);
    const text = `${CMN}\t2:FC_INST    ${fcInst}${addr(jump)}`;
    expect(disassemble(words)).toBe(text);
    expect(Array.from(assemble(text))).toEqual(words);
    expect(decode(words)?.name).toBe("FC");
  });

  it("decodes the IF word into the A4 fields", () => {
    expect(decode(fcWords(0x12000f00, 0x00050000))).toEqual({
      name: "FC",
      fields: {
        TEX_SEM_WAIT: false,
        RGB_PRED_SEL: 0,
        RGB_PRED_INV: false,
        WRITE_INACTIVE: false,
        LAST: false,
        NOP: false,
        ALU_WAIT: true,
        RGB_WMASK: 0,
        ALPHA_WMASK: false,
        RGB_OMASK: 0,
        ALPHA_OMASK: false,
        OP: "US_FC_OP_JUMP",
        B_ELSE: "value0",
        JUMP_ANY: "value0",
        A_OP: "US_FC_A_OP_NONE",
        JUMP_FUNC: 0x0f,
        B_POP_CNT: 0,
        B_OP0: "US_FC_B_OP_INCR",
        B_OP1: "US_FC_B_OP_NONE",
        IGNORE_UNCOVERED: "value1",
        BOOL_ADDR: 0,
        INT_ADDR: 0,
        JUMP_ADDR: 5,
        JUMP_GLOBAL: false,
      },
    });
  });
});

describe("r500 golden vectors: Mesa's quirks and every slot", () => {
  it("TEX_SEM_WAIT adds TEX_WAIT, keeping the empty slots' spaces", () => {
    expect(disassemble(fcWords(0x12000f00, 0x50000, 0x406))).toMatch(
      /^0:CMN_INST   0x00000406:FC TEX_WAIT   ALU WAIT wmask: NONE omask: NONE\t/,
    );
  });

  it("LAST, NOP and the 4-bit masks (wmask AR = 9, omask AGB = 14)", () => {
    const inst0 = 2 | 0x100 | 0x200 | (9 << 11) | (14 << 15);
    expect(inst0).toBe(0x74b02);
    const text = disassemble(fcWords(0, 0, inst0));
    expect(text).toMatch(/^0:CMN_INST   0x00074b02:FC  LAST NOP  wmask: AR omask: AGB\t/);
    expect(Array.from(assemble(text))).toEqual(fcWords(0, 0, inst0));
  });

  it("no flags: five spaces between FC and wmask", () => {
    expect(disassemble(fcWords(0, 0, 2))).toMatch(
      /^0:CMN_INST   0x00000002:FC     wmask: NONE omask: NONE\t/,
    );
  });

  it("every mask value prints Mesa's to_mask() name", () => {
    MASKS.forEach((name, m) => {
      const text = disassemble(fcWords(0, 0, 2 | (m << 11) | ((15 - m) << 15)));
      expect(text).toContain(`wmask: ${name} omask: ${MASKS[15 - m]}\t`);
    });
  });

  it("every OP, A_OP and B_OP value; value 3 prints nothing and keeps both spaces", () => {
    OPS.forEach((op, v) =>
      expect(disassemble(fcWords(v, 0))).toContain(`:0x00 0 ${op} NONE NONE NONE 0 0 0\t3:`),
    );
    expect(disassemble(fcWords(0x40, 0))).toContain(":0x00 0 JUMP POP NONE NONE 0 0 0\t");
    expect(disassemble(fcWords(0x80, 0))).toContain(":0x00 0 JUMP PUSH NONE NONE 0 0 0\t");
    expect(disassemble(fcWords(0xc0, 0))).toContain(":0x00 0 JUMP  NONE NONE 0 0 0\t");
    expect(disassemble(fcWords(3 << 24, 0))).toContain(":0x00 0 JUMP NONE  NONE 0 0 0\t");
    expect(disassemble(fcWords(3 << 26, 0))).toContain(":0x00 0 JUMP NONE NONE  0 0 0\t");
    const all3 = fcWords(0xc0 | (3 << 24) | (3 << 26) | 7, 0);
    expect(disassemble(all3)).toContain(":0x00 0 CONTINUE    0 0 0\t");
    expect(Array.from(assemble(disassemble(all3)))).toEqual(all3);
  });

  it("full-range JUMP_FUNC, B_POP_CNT, BOOL_ADDR, INT_ADDR, JUMP_ADDR", () => {
    const words = fcWords(0x001fff00, 0x01ff1f1f);
    const text = disassemble(words);
    expect(text).toContain("\t2:FC_INST    0x001fff00:0xff 0 JUMP NONE NONE NONE 31 0 511\t");
    expect(text).toContain(
      "\t3:FC_ADDR    0x01ff1f1f:BOOL: 0x1f, INT: 0x1f, JUMP_ADDR: 511, JMP_GLBL: 0",
    );
    expect(Array.from(assemble(text))).toEqual(words);
  });

  it("JUMP_GLOBAL leaks into the FC_INST jump address (inst3 >> 16, unmasked)", () => {
    const words = fcWords(0, 0x80050000);
    const text = disassemble(words);
    expect(text).toContain(
      " 0 0 32773\t3:FC_ADDR    0x80050000:BOOL: 0x00, INT: 0x00, JUMP_ADDR: 5, JMP_GLBL: 1",
    );
    expect(Array.from(assemble(text))).toEqual(words);
  });

  it("reserved inst3 bits leak too, and assemble clears them", () => {
    const words = fcWords(0, 0x7e050000);
    const text = disassemble(words);
    expect(text).toContain(` 0 0 ${0x7e05}\t3:FC_ADDR    0x7e050000:`);
    expect(Array.from(assemble(text))).toEqual(fcWords(0, 0x00050000));
  });

  it("bits with no slot of their own (RGB_PRED_SEL/INV, WRITE_INACTIVE) round-trip through the printed word", () => {
    const words = fcWords(0, 0, 2 | (5 << 3) | 0x40 | 0x80);
    const text = disassemble(words);
    expect(text.startsWith("0:CMN_INST   0x000000ea:FC     wmask:")).toBe(true);
    expect(Array.from(assemble(text))).toEqual(words);
  });

  it("words that are not FC print as unknown, never throw", () => {
    expect(disassemble([0x00007807, 0x02400000, 0, 0, 0, 0])).toBe(
      "unknown 0x00007807 0x02400000 0x00000000 0x00000000 0x00000000 0x00000000",
    );
    expect(disassemble([])).toBe(
      "unknown 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000",
    );
  });

  it("index: Mesa's leading `%d\\t`", () => {
    const words = fcWords(0x12000f00, 0x50000);
    expect(disassemble(words, { index: 17 })).toBe(`17\t${disassemble(words)}`);
    expect(() => disassemble(words, { index: -1 })).toThrow(RangeError);
  });

  it("assembles a program, one instruction per line, with or without indexes", () => {
    const prog = [
      fcWords(0x1a000f00, 0x40000),
      fcWords(0x04010010, 0x70000),
      fcWords(0x01010020, 0x70000),
    ];
    const text = [
      disassemble(prog[0], { index: 0 }),
      "",
      disassemble(prog[1]),
      disassemble(prog[2], { index: 6 }) + "  ",
      "",
    ].join("\r\n");
    expect(Array.from(assemble(text))).toEqual(prog.flat());
    expect(Array.from(assemble(""))).toEqual([]);
  });
});

describe("r500 properties over every field's full range", () => {
  const fieldsArb = fc.record({
    TEX_SEM_WAIT: fc.boolean(),
    RGB_PRED_SEL: fc.integer({ min: 0, max: 7 }),
    RGB_PRED_INV: fc.boolean(),
    WRITE_INACTIVE: fc.boolean(),
    LAST: fc.boolean(),
    NOP: fc.boolean(),
    ALU_WAIT: fc.boolean(),
    RGB_WMASK: fc.integer({ min: 0, max: 7 }),
    ALPHA_WMASK: fc.boolean(),
    RGB_OMASK: fc.integer({ min: 0, max: 7 }),
    ALPHA_OMASK: fc.boolean(),
    OP: fc.constantFrom(...OPS.map((o) => `US_FC_OP_${o}`)),
    B_ELSE: fc.constantFrom("value0", "value1"),
    JUMP_ANY: fc.constantFrom("value0", "value1"),
    A_OP: fc.constantFrom(...A_OPS.map((o) => `US_FC_A_OP_${o}`), "value3"),
    JUMP_FUNC: fc.integer({ min: 0, max: 255 }),
    B_POP_CNT: fc.integer({ min: 0, max: 31 }),
    B_OP0: fc.constantFrom(...B_OPS.map((o) => `US_FC_B_OP_${o}`), "value3"),
    B_OP1: fc.constantFrom(...B_OPS.map((o) => `US_FC_B_OP_${o}`), "value3"),
    IGNORE_UNCOVERED: fc.constantFrom("value0", "value1"),
    BOOL_ADDR: fc.integer({ min: 0, max: 31 }),
    INT_ADDR: fc.integer({ min: 0, max: 31 }),
    JUMP_ADDR: fc.integer({ min: 0, max: 511 }),
    JUMP_GLOBAL: fc.boolean(),
  });

  it("decode(encode(x)) = x", () => {
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        const x = { name: "FC", fields } as Instruction;
        expect(decode(encode(x))).toEqual(x);
      }),
    );
  });

  it("encode(decode(w)) = w & ~dontCare", () => {
    fc.assert(
      fc.property(fcWordsArb, (w) => {
        const d = decode(w)!;
        expect(Array.from(encode(d))).toEqual(keep(w));
      }),
    );
  });

  it("disassemble(w) is Mesa's text, and assemble(disassemble(w)) = w & ~dontCare", () => {
    fc.assert(
      fc.property(fcWordsArb, fc.option(fc.nat(100000), { nil: undefined }), (w, index) => {
        const text = disassemble(w, { index });
        expect(text).toBe((index === undefined ? "" : `${index}\t`) + mesaDump(w));
        expect(Array.from(assemble(text))).toEqual(keep(w));
      }),
      { numRuns: 2000 },
    );
  });

  it("assembles text printed from every field value it encodes", () => {
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        const w = Array.from(encode({ name: "FC", fields } as Instruction));
        expect(disassemble(w)).toBe(mesaDump(w));
        expect(Array.from(assemble(disassemble(w)))).toEqual(w);
      }),
    );
  });

  it("any words: disassemble never throws, and only FC words of one instruction's length decode", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(u32, { minLength: 6, maxLength: 6 }), fc.array(u32, { maxLength: 7 })), (w) => {
        const text = disassemble(w);
        if (((w[0] ?? 0) & 3) === 2 && w.length === 6)
          expect(text).toBe(mesaDump([0, 1, 2, 3].map((i) => w[i] ?? 0)));
        else expect(text.startsWith("unknown 0x")).toBe(true);
      }),
    );
  });
});

describe("r500 assembler errors", () => {
  const IF = `${CMN}\t2:FC_INST    0x12000f00:0x0f 0 JUMP NONE INCR NONE 0 0 5 IGN_UNC\t3:FC_ADDR    0x00050000:BOOL: 0x00, INT: 0x00, JUMP_ADDR: 5, JMP_GLBL: 0`;
  const col = (needle: string, text = IF): number => text.indexOf(needle) + 1;

  it.each<[string, string, string, number]>([
    [
      "a misspelt literal",
      IF.replace("wmask:", "wmsk:"),
      'expected "wmask:", found "wmsk:"',
      col(" wmask:") + 1,
    ],
    [
      "a wrong label",
      IF.replace("JMP_GLBL:", "JMP_GLOBAL:"),
      'expected "JMP_GLBL:", found "JMP_GLOBAL:"',
      col("JMP_GLBL"),
    ],
    [
      "a tab replaced by a space",
      IF.replace("\t3:FC_ADDR", " 3:FC_ADDR"),
      'expected "\\t", found " "',
      col("\t3:FC_ADDR"),
    ],
    [
      "an unknown flag",
      IF.replace("FC    ALU", "FC LAT  ALU"),
      'expected "TEX_WAIT" or nothing for TEX_SEM_WAIT, found "LAT"',
      col("FC ") + 3,
    ],
    [
      "ALU_WAIT for ALU WAIT",
      IF.replace("ALU WAIT", "ALU_WAIT"),
      'expected "ALU WAIT" or nothing for ALU_WAIT, found "ALU_WAIT"',
      col("ALU WAIT"),
    ],
    [
      "an unknown op",
      IF.replace("JUMP NONE", "JMP NONE"),
      'expected "JUMP", "LOOP", "ENDLOOP", "REP", "ENDREP", "BREAKLOOP", "BREAKREP" or "CONTINUE" for OP, found "JMP"',
      col("JUMP NONE"),
    ],
    [
      "a non-FC type",
      IF.replace(":FC ", ":ALU "),
      'expected "FC" for instruction type, found "ALU"',
      col(":FC ") + 1,
    ],
    [
      "a bad mask",
      IF.replace("wmask: NONE", "wmask: RGBA"),
      'expected "NONE", "R", "G", "RG", "B", "RB", "GB", "RGB", "A", "AR", "AG", "ARG", "AB", "ARB", "AGB" or "ARGB" for wmask, found "RGBA"',
      col("wmask: ") + 7,
    ],
    [
      "a bad word",
      IF.replace("0x12000f00", "0x12000g00"),
      'expected a 32-bit word like 0x00000402 for word 2, found "0x12000g00"',
      col("0x12000f00"),
    ],
    [
      "a 9-digit word",
      IF.replace("0x00050000", "0x000050000"),
      'expected a 32-bit word like 0x00000402 for word 3, found "0x000050000"',
      col("0x00050000"),
    ],
    [
      "a missing number",
      IF.replace("JUMP_ADDR: 5", "JUMP_ADDR: x"),
      'expected a decimal number for JUMP_ADDR, found "x"',
      col("JUMP_ADDR: 5") + 11,
    ],
    [
      "a truncated line",
      IF.slice(0, IF.indexOf(", JMP_GLBL")),
      'expected ",", found end of line',
      IF.indexOf(", JMP_GLBL") + 1,
    ],
    ["trailing text", IF + " ; if", 'unexpected ";" after the instruction', IF.length + 2],
    [
      "an inst0 that is not FC",
      IF.replace("0x00000402", "0x00000401"),
      "0x00000401 is not word 0 of FC: its bits 0x00000003 must be 0x00000002",
      col("0x00000402"),
    ],
    [
      "a flag the word lacks",
      IF.replace("FC    ALU", "FC  LAST  ALU"),
      'LAST "LAST" disagrees with word 0 0x00000402, which gives ""',
      col("FC ") + 4,
    ],
    [
      "a mask the word lacks",
      IF.replace("omask: NONE", "omask: AR"),
      'omask "AR" disagrees with word 0 0x00000402, which gives "NONE"',
      col("omask: ") + 7,
    ],
    [
      "a B_OP the word lacks",
      IF.replace("INCR NONE 0", "DECR NONE 0"),
      'B_OP0 "DECR" disagrees with word 2 0x12000f00, which gives "INCR"',
      col("INCR NONE"),
    ],
    [
      "a missing IGN_UNC",
      IF.replace(" IGN_UNC", ""),
      'IGNORE_UNCOVERED "" disagrees with word 2 0x12000f00, which gives "IGN_UNC"',
      col(" IGN_UNC"),
    ],
    [
      "a jump address FC_ADDR does not give",
      IF.replace(" 5 IGN_UNC", " 6 IGN_UNC"),
      "jump address (inst3 >> 16) 6 disagrees with word 3 0x00050000, which gives 5",
      col(" 5 IGN_UNC") + 1,
    ],
    [
      "a JUMP_FUNC the word lacks",
      IF.replace(":0x0f 0", ":0x1f 0"),
      "JUMP_FUNC 1f disagrees with word 2 0x12000f00, which gives 0f",
      col(":0x0f") + 3,
    ],
    [
      "a JMP_GLBL the word lacks",
      IF.replace("JMP_GLBL: 0", "JMP_GLBL: 1"),
      "JUMP_GLOBAL 1 disagrees with word 3 0x00050000, which gives 0",
      col("JMP_GLBL: 0") + 10,
    ],
  ])("%s", (_name, text, message, column) => {
    expect(assemblyError(text)).toEqual({ message: `1:${column}: ${message}`, line: 1, column });
  });

  it("columns are 1-based character positions (tabs count as one)", () => {
    // "0:CMN_INST   " (13) + "0x00000402" (10) + ":" + "FC" + 4 spaces + "ALU WAIT" + " ": wmask at 40.
    expect(assemblyError(IF.replace("wmask:", "wmsk:")).column).toBe(40);
    expect(assemblyError(`7\t${IF.replace("wmask:", "wmsk:")}`).column).toBe(42);
  });

  it("a syntax error later on the line wins over a disagreement earlier on it", () => {
    const text = IF.replace("INCR NONE 0", "DECR NONE 0").replace("BOOL:", "BOOL=");
    expect(assemblyError(text).message).toBe(
      `1:${col(":BOOL:")}: expected ":BOOL:", found ":BOOL="`,
    );
  });

  it("reports the line of the bad instruction in a program", () => {
    const text = `${IF}\n\n${IF.replace("NONE omask", "XYZ omask")}`;
    expect(assemblyError(text)).toEqual({
      message: `3:${col("NONE omask")}: expected ${'"NONE", "R", "G", "RG", "B", "RB", "GB", "RGB", "A", "AR", "AG", "ARG", "AB", "ARB", "AGB" or "ARGB"'} for wmask, found "XYZ"`,
      line: 3,
      column: col("NONE omask"),
    });
  });
});
