import {
  dialectOf,
  otherCaseMnemonic,
  readBinaryWords,
  readWordListing,
  sourceColumn,
  splitAssemblyLine,
} from "../../generator/sourceText";

const ir3 = dialectOf("ir3");
const valhall = dialectOf("valhall");
const texts = (line: string, dialect = ir3) =>
  splitAssemblyLine(line, 1, dialect).statements.map((s) => s.text);

describe("splitAssemblyLine", () => {
  test("whitespace around the instruction and before commas goes; inside it stays", () => {
    expect(texts("   br   !p0.x ,  #3   ")).toEqual(["br   !p0.x,  #3"]);
    expect(texts("\tMOV.i32  r1 ,r2 ", valhall)).toEqual(["MOV.i32  r1,r2"]);
  });

  test("// anywhere, # first or before a space: comments; #3 is an immediate", () => {
    expect(texts("br !p0.x, #3 // taken")).toEqual(["br !p0.x, #3"]);
    expect(texts("br !p0.x, #3 # taken")).toEqual(["br !p0.x, #3"]);
    expect(texts("#3 is a comment here")).toEqual([]);
    expect(texts("br !p0.x, #3 # ")).toEqual(["br !p0.x, #3"]);
    // A lone `#` at the end is the immediate's: the assembler reports what is missing after it.
    expect(texts("br !p0.x, #")).toEqual(["br !p0.x, #"]);
    expect(texts("mov.s32s32 r0.x, #-1")).toEqual(["mov.s32s32 r0.x, #-1"]);
    expect(texts("// nothing")).toEqual([]);
  });

  test("; is a comment for ir3, kept aside to check it holds no instruction", () => {
    const line = splitAssemblyLine("nop ;  end ", 4, ir3);
    expect(line.statements.map((s) => s.text)).toEqual(["nop"]);
    expect(line.semicolonComment?.text).toBe("end");
    // `end` starts at column 8 of the line as written.
    expect(sourceColumn(line.semicolonComment!, 1)).toBe(8);
  });

  test("; is an error where upstream has neither comment nor separator", () => {
    expect(splitAssemblyLine("NOP ; NOP", 2, valhall)).toEqual({
      statements: [],
      error: {
        line: 2,
        column: 5,
        message:
          "';' is neither a comment nor a separator here: write one instruction per line, comments after # or //",
      },
    });
  });

  test("a separator splits statements where a dialect has one", () => {
    const dialect = { ...valhall, separator: ";" };
    const line = splitAssemblyLine(" NOP ;  MOV.i32 r1, r2", 1, dialect);
    expect(line.statements.map((s) => s.text)).toEqual(["NOP", "MOV.i32 r1, r2"]);
    expect(sourceColumn(line.statements[1], 1)).toBe(9);
  });
});

describe("sourceColumn", () => {
  test("maps a column of the tidied text back to the line; past the end, after the last character", () => {
    const [span] = splitAssemblyLine("  br  , r1", 1, ir3).statements;
    expect(span.text).toBe("br, r1");
    expect(sourceColumn(span, 3)).toBe(7);
    expect(sourceColumn(span, 7)).toBe(11);
  });
});

describe("otherCaseMnemonic", () => {
  test("the mnemonic in the case the upstream assembler takes, when it differs", () => {
    expect(otherCaseMnemonic("BR !p0.x, #3", ir3)).toBe("br");
    expect(otherCaseMnemonic("br !p0.x, #3", ir3)).toBeUndefined();
    expect(otherCaseMnemonic("fadd.f32 r0, r1, r2", valhall)).toBe("FADD.f32");
    expect(otherCaseMnemonic("MOV.I32 r1, r2", valhall)).toBe("MOV.i32");
    expect(otherCaseMnemonic("MOV.i32 r1, r2", valhall)).toBeUndefined();
  });
});

/** Words in instructions of one word, as a listing alone is read; and ir3's of two. */
const ONE = { isa: "toy", words: 1 };
const IR3 = { isa: "ir3", words: 2 };

describe("readWordListing", () => {
  test("any number of words per line, comments, commas; each word where it was", () => {
    expect(readWordListing("# a\n0x1, 2 // b\n\n  ffffffff\n", false, ONE)).toEqual({
      words: [
        { value: 1, line: 2, column: 1 },
        { value: 2, line: 2, column: 6 },
        { value: 0xffffffff, line: 4, column: 3 },
      ],
      errors: [],
    });
  });

  // Changed with issue 39: the message names the instruction's size in bytes (it was the word's),
  // and bytes after whole words are one error with the words of their instruction before them.
  test("bytes make little-endian words; bytes left over are one error at the first", () => {
    expect(readWordListing("02 00 00 00\n00 c1 91 00 07", true, ONE)).toEqual({
      words: [
        { value: 2, line: 1, column: 1 },
        { value: 0x0091c100, line: 2, column: 1 },
      ],
      errors: [{ line: 2, column: 13, message: "1 byte left over: toy instructions are 4 bytes" }],
    });
    expect(readWordListing("03 00 00 00 00 00 90 00\n0a 00 00 00 05", true, IR3)).toEqual({
      words: [
        { value: 3, line: 1, column: 1 },
        { value: 0x00900000, line: 1, column: 13 },
      ],
      errors: [{ line: 2, column: 1, message: "5 bytes left over: ir3 instructions are 8 bytes" }],
    });
  });

  // Changed with issue 39: a bad token no longer makes every other token of its line an error too
  // (`invalid: …` lines piped in gave one error per word); the line gives no words instead.
  test("the first bad token of a line is its one error, and the line gives no words", () => {
    expect(readWordListing("0x1 0xZZ 0xYY\n0x2\n12345678901234567\n", false, ONE)).toEqual({
      words: [{ value: 2, line: 2, column: 1 }],
      errors: [
        { line: 1, column: 5, message: "'0xZZ' is not a 32-bit word in hex" },
        {
          line: 3,
          column: 1,
          message: "'12345678901234567' is wider than 64 bits: write it as 32-bit words",
        },
      ],
    });
    expect(readWordListing("100", true, ONE).errors).toEqual([
      { line: 1, column: 1, message: "'100' is not a byte in hex" },
    ]);
  });

  test("64-bit values and Mesa's forms: the high word last", () => {
    const words = (text: string) => readWordListing(text, false, IR3).words.map((w) => w.value);
    const mov = [0x00000020, 0x20244000];
    expect(words("0x2024400000000020")).toEqual(mov);
    expect(words("2024400000000020")).toEqual(mov);
    expect(words("20244000_00000020")).toEqual(mov);
    expect(words("[20244000x_00000020x]")).toEqual(mov);
    expect(words("\t:1:0000:0000[20244000x_00000020x] mov.f32f32 r0.x, r8.x")).toEqual(mov);
    // A 64-bit value of fewer digits is zero-extended: 0x1_00000002.
    expect(words("0x100000002")).toEqual([2, 1]);
  });

  test("Mesa's forms written otherwise are errors at them", () => {
    const text = "2024_4000_0000_0020\n1 [20244000_00000020]\n:0:0000[2024400_00000020x] mov";
    expect(readWordListing(text, false, IR3)).toEqual({
      words: [],
      errors: [
        {
          line: 1,
          column: 1,
          message:
            "'2024_4000_0000_0020' is not HHHHHHHH_LLLLLLLL: 8 hex digits a word, the high word first",
        },
        {
          line: 2,
          column: 3,
          message:
            "'[20244000_00000020]' is where no word dump can be: Mesa's [HHHHHHHHx_LLLLLLLLx] starts a line",
        },
        {
          line: 3,
          column: 8,
          message:
            "'[2024400_00000020x]' is not Mesa's dump of words: [HHHHHHHHx_LLLLLLLLx], the high word first",
        },
      ],
    });
  });

  test("a token of several words starts an instruction: the words before it are one error", () => {
    expect(readWordListing("0x1\n0x2024400000000020\n0x3 0x4 0x5\n", false, IR3)).toEqual({
      words: [
        { value: 0x20, line: 2, column: 1 },
        { value: 0x20244000, line: 2, column: 1 },
        { value: 3, line: 3, column: 1 },
        { value: 4, line: 3, column: 5 },
      ],
      errors: [
        { line: 1, column: 1, message: "1 word left over: ir3 instructions are 2 words" },
        { line: 3, column: 9, message: "1 word left over: ir3 instructions are 2 words" },
      ],
    });
    // An instruction of four words takes two 64-bit values, each at an even word.
    const etnaviv = { isa: "etnaviv", words: 4 };
    expect(readWordListing("0x1 0x2 0x0000000400000003\n", false, etnaviv)).toEqual({
      words: [1, 2, 3, 4].map((value) => ({
        value,
        line: 1,
        column: value < 3 ? value * 4 - 3 : 9,
      })),
      errors: [],
    });
  });
});

describe("readBinaryWords", () => {
  test("little-endian words; the bytes after the last whole instruction are an error at their offset", () => {
    expect(readBinaryWords(Uint8Array.of(3, 0, 0, 0, 0, 0, 0x90, 0), IR3)).toEqual({
      words: [3, 0x00900000],
    });
    expect(readBinaryWords(Uint8Array.of(3, 0, 0, 0, 0, 0, 0x90, 0, 1, 2, 3), IR3)).toEqual({
      words: [3, 0x00900000],
      error: "3 bytes left over at offset 0x8: ir3 instructions are 8 bytes",
    });
    expect(readBinaryWords(Uint8Array.of(1, 2, 3, 4), IR3)).toEqual({
      words: [],
      error: "1 word left over at offset 0x0: ir3 instructions are 2 words",
    });
  });
});
