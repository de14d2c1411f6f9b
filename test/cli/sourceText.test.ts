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

describe("readWordListing", () => {
  test("any number of words per line, comments, commas; each word where it was", () => {
    expect(readWordListing("# a\n0x1, 2 // b\n\n  ffffffff\n", false)).toEqual({
      words: [
        { value: 1, line: 2, column: 1 },
        { value: 2, line: 2, column: 6 },
        { value: 0xffffffff, line: 4, column: 3 },
      ],
      errors: [],
    });
  });

  test("bytes make little-endian words; a byte left over is an error at it", () => {
    expect(readWordListing("02 00 00 00\n00 c1 91 00 07", true)).toEqual({
      words: [
        { value: 2, line: 1, column: 1 },
        { value: 0x0091c100, line: 2, column: 1 },
      ],
      errors: [{ line: 2, column: 13, message: "1 byte left over: a 32-bit word is 4 bytes" }],
    });
  });

  test("every bad token is an error at its line and column", () => {
    expect(readWordListing("0x1 0xZZ\n123456789", false).errors).toEqual([
      { line: 1, column: 5, message: "'0xZZ' is not a 32-bit word in hex" },
      { line: 2, column: 1, message: "'123456789' is not a 32-bit word in hex" },
    ]);
    expect(readWordListing("100", true).errors).toEqual([
      { line: 1, column: 1, message: "'100' is not a byte in hex" },
    ]);
  });
});

describe("readBinaryWords", () => {
  test("little-endian words; a size that is not whole words is an error", () => {
    expect(readBinaryWords(Uint8Array.of(3, 0, 0, 0, 0, 0, 0x90, 0))).toEqual({
      words: [3, 0x00900000],
    });
    expect(readBinaryWords(Uint8Array.of(1, 2, 3))).toEqual({
      words: [],
      error: "3 bytes is not a whole number of 32-bit words",
    });
  });
});
