/**
 * The runtime every codec carries (generator/runtime/codec/codecRuntime.ts), the lines of the CLI
 * (codecLines.ts) and the generic syntax (genericSyntax.ts), tested on a small ISA of two
 * instructions filled into the stand-in tables (codecTables.ts), whose syntax prints words in hex.
 * Expected words and texts are worked out by hand from the layout below.
 */
import {
  ENUMS,
  INSTRUCTIONS,
  ISA,
  type Instruction,
} from "../../generator/runtime/codec/codecTables";
import { fieldSpec as field } from "../helpers/fieldSpec";

let rt: typeof import("../../generator/runtime/codec/codecRuntime");
let lines: typeof import("../../generator/runtime/codec/codecLines");
let generic: typeof import("../../generator/runtime/codec/genericSyntax");

// One 32-bit word. add: bits 0..3 = 1, dst 4..7, imm 8..15 (signed), flag 16, bit 31 don't care.
// neg: bits 0..3 = 2, src from bits 4..5 (low) and 8..9 (high), mode 12..13 (enum `round`).
const DST = field("dst", [4, 7], "uint");
const IMM = field("imm", [8, 15], "int");
const FLAG = field("flag", [16, 16], "bool");
const SRC = field("src", [4, 5, 8, 9], "uint");
const MODE = field("mode", [12, 13], "enum", { enumIndex: 0, default: 0 });
// pair: bits 0..3 = 4; `byte` 4..11 and `top` 8..11 are two views of the same bits (alternatives).
const BYTE = field("byte", [4, 11], "uint", { alternatives: ["top"] });
const TOP = field("top", [8, 11], "uint", { alternatives: ["byte"] });

beforeAll(async () => {
  ISA.wordCount = 1;
  ENUMS.push({ name: "round", symbols: ["rtz", null, "rne"], displays: ["", null, ".rne"] });
  INSTRUCTIONS.push(
    {
      name: "add",
      mnemonic: "add",
      match: [0x1],
      tested: [0xf],
      dontCare: [0x80000000],
      gen: null,
      fields: [DST, IMM, FLAG],
      display: null,
      index: 0,
    },
    {
      name: "neg",
      mnemonic: "neg",
      match: [0x2],
      tested: [0xf],
      dontCare: [0],
      gen: [500, 600],
      fields: [SRC, MODE],
      display: null,
      index: 1,
    },
    {
      name: "pair",
      mnemonic: "pair",
      match: [0x4],
      tested: [0xf],
      dontCare: [0],
      gen: null,
      fields: [BYTE, TOP],
      display: null,
      index: 2,
    },
  );
  // The runtime indexes the tables when it loads: after they are filled.
  rt = await import("../../generator/runtime/codec/codecRuntime");
  lines = await import("../../generator/runtime/codec/codecLines");
  generic = await import("../../generator/runtime/codec/genericSyntax");
});

describe("bits", () => {
  test("getRange reads a range across two words", () => {
    expect(rt.getRange([0xf0000000, 0x0000000f], 28, 35)).toBe(0xff);
    expect(rt.getRange([0x12345678], 0, 31)).toBe(0x12345678);
    expect(rt.getRange([0x12345678], 4, 11)).toBe(0x67);
  });

  test("setRange writes only the range", () => {
    const words = new Uint32Array([0xffffffff, 0]);
    rt.setRange(words, 30, 33, 0b0110);
    expect(Array.from(words)).toEqual([0xbfffffff, 0x1]);
  });

  test("setRange across a word boundary, a whole word, and against a bit-by-bit reference", () => {
    const words = new Uint32Array([0, 0xffffffff]);
    rt.setRange(words, 0, 31, 0x89abcdef);
    rt.setRange(words, 28, 39, 0x5a5);
    // Bits 28..31 = 0x5, bits 32..39 = 0x5a; the rest of word 1 stays set.
    expect(Array.from(words)).toEqual([0x59abcdef, 0xffffff5a]);
    const reference = (w: Uint32Array, low: number, high: number, value: number) => {
      for (let bit = low; bit <= high; bit++) {
        const m = 1 << (bit & 31);
        if (Math.floor(value / 2 ** (bit - low)) % 2 === 1) w[bit >>> 5] |= m;
        else w[bit >>> 5] &= ~m;
      }
    };
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let k = 0; k < 2000; k++) {
      const low = next() % 64;
      const high = Math.min(95, low + (next() % 32));
      const value = next() % 2 ** (high - low + 1);
      const a = new Uint32Array([next(), next(), next()]);
      const b = Uint32Array.from(a);
      rt.setRange(a, low, high, value);
      reference(b, low, high, value);
      expect(Array.from(a)).toEqual(Array.from(b));
    }
  });

  test("rawField concatenates ranges, least significant first", () => {
    // bits 4..5 = 0b10, bits 8..9 = 0b11: 0b1110.
    expect(rt.rawField([0x2322], SRC)).toBe(14);
  });
});

describe("decode", () => {
  test("fields typed: numbers, signed numbers, booleans, enum symbols", () => {
    expect(rt.decode([0x0001f231])).toEqual({
      name: "add",
      fields: { dst: 3, imm: -14, flag: true },
    });
    expect(rt.decode([0x2322])).toEqual({ name: "neg", fields: { src: 14, mode: "rne" } });
    // An enum value without a symbol.
    expect(rt.decode([0x1322])).toEqual({ name: "neg", fields: { src: 14, mode: "value1" } });
  });

  test("set don't-care bits are reported", () => {
    expect(rt.decode([0x8001f231])?.dontCareBits).toEqual([0x80000000]);
  });

  test("nothing for no match, another generation or the wrong length", () => {
    expect(rt.decode([0x3])).toBeUndefined();
    expect(rt.decode([0x2322], { gpu: 700 })).toBeUndefined();
    expect(rt.decode([0x1, 0])).toBeUndefined();
  });
});

describe("encode", () => {
  const add = (fields: Record<string, unknown>) => ({ name: "add", fields }) as Instruction;

  test("two views of the same bits must agree: the first bit where they differ is named", () => {
    const pair = (fields: Record<string, unknown>) => ({ name: "pair", fields }) as Instruction;
    // byte 0x12 puts 0x1 in bits 8..11; top 0x3 differs from it first at bit 9.
    expect(() => rt.encode(pair({ byte: 0x12, top: 0x3 }))).toThrow(
      new RangeError("pair: field top disagrees with another field on bit 9"),
    );
    expect(Array.from(rt.encode(pair({ byte: 0x12, top: 0x1 })))).toEqual([0x124]);
    expect(Array.from(rt.encode(pair({ top: 0xf })))).toEqual([0xf04]);
  });

  test("the inverse of decode; defaults fill missing fields", () => {
    expect(Array.from(rt.encode(add({ dst: 3, imm: -14, flag: true })))).toEqual([0x0001f231]);
    expect(Array.from(rt.encode({ name: "neg", fields: { src: 14 } }))).toEqual([0x0322]);
    expect(Array.from(rt.encode({ name: "neg", fields: { src: 0, mode: "value1" } }))).toEqual([
      0x1002,
    ]);
  });

  test.each([
    [{ name: "nope", fields: {} }, 'unknown instruction "nope"'],
    [add({ dst: 1 }), "add: missing field imm"],
    [add({ dst: 16, imm: 0, flag: false }), "add: field dst: 16 does not fit (0..15)"],
    [add({ dst: 1, imm: -129, flag: false }), "add: field imm: -129 does not fit (-128..127)"],
    [add({ dst: 1.5, imm: 0, flag: false }), "add: field dst: 1.5 is not an integer"],
    [add({ dst: 1, imm: 0, flag: 1 }), "add: field flag must be a boolean, got 1"],
    [add({ dst: 1, imm: 0, flag: true, src: 2 }), "add: unknown field src"],
    [{ name: "neg", fields: { src: 0, mode: "up" } }, 'neg: field mode: "up" is not a round value'],
    [
      { name: "neg", fields: { src: 0, mode: "value4" } },
      'neg: field mode: "value4" (4) does not fit 2 bits',
    ],
  ])("%j: %s", (instruction, message) => {
    expect(() => rt.encode(instruction as Instruction)).toThrow(message);
  });

  test("INSTRUCTION_NAMES lists the instructions in order", () => {
    expect(rt.INSTRUCTION_NAMES).toEqual(["add", "neg", "pair"]);
  });
});

describe("lines", () => {
  test("words print as 0x%08x, or as bytes in memory order", () => {
    expect(lines.formatWords([0x0001f231, 0xa])).toBe("0x0001f231 0x0000000a");
    expect(lines.formatWords([0x0001f231], true)).toBe("31 f2 01 00");
  });

  test("words read as hex words or bytes, with the column of a bad token", () => {
    expect(lines.parseWords("1f231")).toEqual({ words: [0x1f231] });
    expect(lines.parseWords("31,f2 01 00", true)).toEqual({ words: [0x1f231] });
    expect(lines.parseWords("  0x1 zz")).toEqual({
      error: "'zz' is not a 32-bit word in hex",
      column: 7,
    });
    expect(lines.parseWords("1 2")).toEqual({ error: "expected 1 words, found 2", column: 1 });
    expect(lines.parseWords("100", true)).toEqual({
      error: "'100' is not a byte in hex",
      column: 1,
    });
  });

  test("disasmLine: the syntax's text, whether it decodes, or the error", () => {
    expect(lines.disasmLine("0x0001f231")).toEqual({ text: "1f231", known: true });
    expect(lines.disasmLine("0x3")).toEqual({ text: "3", known: false });
    expect(lines.disasmLine("")).toEqual({ text: "", known: true });
    expect(lines.disasmLine("x")).toEqual({
      text: "invalid: 'x' is not a 32-bit word in hex",
      error: { message: "'x' is not a 32-bit word in hex", column: 1 },
      known: false,
    });
  });

  test("asmLine: the words, as words or bytes", () => {
    expect(lines.asmLine("1f231")).toEqual({
      text: "0x0001f231",
      words: new Uint32Array([0x1f231]),
    });
    expect(lines.asmLine("1f231", { bytes: true }).text).toBe("31 f2 01 00");
    expect(lines.asmLine(" ")).toEqual({ text: "" });
  });
});

describe("generic syntax", () => {
  test("NAME FIELD=value, … with every field; unknown words in hex", () => {
    expect(generic.disassemble([0x0001f231])).toBe("add dst=3, imm=-14, flag=true");
    expect(generic.disassemble([0x1322])).toBe("neg src=14, mode=value1");
    expect(generic.disassemble([0x3])).toBe("unknown 0x00000003");
  });

  test("assemble reads it back", () => {
    expect(Array.from(generic.assemble("add dst=3, imm=-14, flag=true"))).toEqual([0x0001f231]);
    expect(Array.from(generic.assemble(" neg src=14,mode=rne"))).toEqual([0x2322]);
  });

  test.each([
    ["", "1:1: empty line"],
    ["sub x=1", "1:1: unknown instruction 'sub'"],
    ["add dst=3, bad", "1:12: expected FIELD=value, found 'bad'"],
    ["add dst=3, src=1", "1:12: add has no field 'src'"],
    ["add dst=3", "1:1: add: missing field imm"],
  ])("%j: %s", (text, message) => {
    expect(() => generic.assemble(text)).toThrow(message);
  });
});
