/**
 * The rules-ng reader on the etnaviv seed (specs/etnaviv/isa.xml.page.txt) and on small documents.
 * Expected values are counted by hand in the seed (line numbers from `grep -n` on the page as
 * given) or taken from /work/shared/docs/source-formats.md §C.1 and §D.2; how instructions are
 * formed comes from specs/etnaviv-isa/instructions.json, the companion that builds the etnaviv-isa
 * instructions from the seed's registers (the etnaviv spec takes its instructions from Mesa's
 * etnaviv.xml: its specs/etnaviv/instructions.json only lays the registers out, buildInstructions
 * false).
 */
import { readFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { checkAgainstSchema, parseJsonWithPositions } from "../../generator/load/loadJson";
import type { Field, Instruction, IsaInfo, IsaModel, Register } from "../../generator/model/types";
import { readRulesNg } from "../../generator/readers/readRulesNg";
import type { LoadedCompanion, LoadedDocument } from "../../generator/readers/readerTypes";
import { loadSpec, type LoadedSpec } from "../../generator/load/loadSpecs";
import { recoverText } from "../../generator/recover/recoverDocument";
import { needing } from "../helpers/builtSpecs";
import { readShippedSpec, SPECS_DIR } from "../helpers/shippedModels";

const SEED = "specs/etnaviv/isa.xml.page.txt";
const FIXTURES = path.join(__dirname, "..", "fixtures", "rules-ng");
const at = (line: number, column = 1) => ({ file: SEED, line, column });
const INSTRUCTIONS_SCHEMA = JSON.parse(
  readFileSync(
    path.join(
      __dirname,
      "..",
      "..",
      "generator",
      "model",
      "companions",
      "rules-ng-instructions.schema.json",
    ),
    "utf8",
  ),
) as object;

/** A rules-ng-instructions companion from JSON text, schema-checked as the loader does. */
function instructionsCompanion(file: string, text: string, diags: Diagnostics): LoadedCompanion {
  const json = parseJsonWithPositions(file, text, diags)!;
  expect(checkAgainstSchema(json, INSTRUCTIONS_SCHEMA, "rules-ng-instructions", diags)).toBe(true);
  return { path: file, kind: "rules-ng-instructions", data: json.data, locate: json.locate };
}

/**
 * The shipped seed read by the rules-ng reader alone, with the companions `companionsOf` gives. The
 * spec loaded is etnaviv-isa, the seed alone (etnaviv's other document is in the mesa tree).
 */
function readSeed(companionsOf: (spec: LoadedSpec) => LoadedCompanion[]) {
  const d = new Diagnostics();
  const spec = loadSpec(SPECS_DIR, "etnaviv-isa", d)!;
  const part = readRulesNg({
    isa: spec.isa,
    diags: d,
    documents: spec.documents.filter((doc) => doc.format === "rules-ng"),
    companions: companionsOf(spec),
  });
  return { d, part };
}

describe("readRulesNg on the etnaviv seed", () => {
  let model: IsaModel;
  let diags: Diagnostics;
  beforeAll(() => {
    const file = "specs/etnaviv-isa/instructions.json";
    const text = readFileSync(path.join(SPECS_DIR, "etnaviv-isa", "instructions.json"), "utf8");
    const schemaDiags = new Diagnostics();
    const companion = instructionsCompanion(file, text, schemaDiags);
    const { d, part } = readSeed(() => [companion]);
    diags = d;
    model = {
      ...readShippedSpec("etnaviv-isa").model!,
      enums: part.enums ?? [],
      bitsets: part.bitsets ?? [],
      registers: part.registers ?? [],
      instructions: part.instructions ?? [],
    };
  });
  const register = (name: string): Register => model.registers.find((r) => r.name === name)!;
  const regField = (reg: string, name: string): Field =>
    register(reg).fields.find((f) => f.name === name)!;
  const instruction = (name: string): Instruction =>
    model.instructions.find((i) => i.name === name)!;
  const insField = (ins: string, name: string): Field =>
    instruction(ins).fields.find((f) => f.name === name)!;

  test("no errors; only the scrape's page figures and the missing copyright.xml import are reported", () => {
    expect(diags.items.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
    // `<import file="copyright.xml"/>` is line 31 of the page; copyright.xml is not shipped.
    expect(diags.items.filter((d) => d.code === "missing-import").map(formatDiagnostic)).toEqual([
      `${SEED}:31:1: warning[missing-import]: imported file 'copyright.xml' not found (looked for specs/etnaviv/copyright.xml); its definitions are missing`,
    ]);
    expect(diags.items.map((d) => d.code).sort()).toEqual(["missing-import", "page-figures"]);
  });

  test("enums and their value counts", () => {
    // Counted between each <enum> and </enum> of the page: INST_OPCODE lines 39–556 (0x00–0x7F
    // without 0x24), INST_CONDITION 557–574, INST_RGROUP 581–590 (4..7 only in a comment),
    // INST_AMODE 591–597, INST_SWIZ_COMP 598–603, INST_TYPE 610–624, INST_ROUND_MODE 625–629.
    expect(model.enums.map((e) => [e.name, e.values.length])).toEqual([
      ["INST_OPCODE", 127],
      ["INST_CONDITION", 16],
      ["INST_RGROUP", 4],
      ["INST_AMODE", 5],
      ["INST_SWIZ_COMP", 4],
      ["INST_TYPE", 8],
      ["INST_ROUND_MODE", 3],
    ]);
    const opcode = model.enums[0];
    expect(opcode).toMatchObject({ brief: "Main opcode table", source: at(39) });
    expect(opcode.doc).toMatch(
      /^Unused operands of an instruction should have their use flag at 0\./,
    );
    expect(opcode.values.some((v) => v.value === 0x24)).toBe(false);
    // Line 583: INTERNAL's free text is its documentation; `value` is decimal there, hex in
    // INST_OPCODE (0x7A = 122, line 550).
    expect(model.enums[2].values[1]).toEqual({
      value: 1,
      name: "INTERNAL",
      brief: "Derived values",
      doc: "Only one register in this range is known:\n- 0.x: gl_FrontFacing (PS)",
      source: at(583),
    });
    expect(opcode.values.find((v) => v.name === "EMIT")).toMatchObject({
      value: 122,
      source: at(550),
    });
    // Line 119–128: ADD has a brief attribute and a <doc> child.
    expect(opcode.values[1]).toMatchObject({
      name: "ADD",
      value: 1,
      brief: "Add",
      source: at(119),
    });
    expect(opcode.values[1].doc).toMatch(/^dst := src0 \+ src2\nf32: src0 is added/);
    expect(model.enums.every((e) => e.namesWithoutValue === undefined)).toBe(true);
  });

  test("bitsets, fields relative to bit 0", () => {
    // Lines 575–580 and 604–609.
    expect(model.bitsets.map((b) => [b.name, b.width, b.fields.map((f) => f.name)])).toEqual([
      ["INST_COMPS", 4, ["X", "Y", "Z", "W"]],
      ["INST_SWIZ", 8, ["X", "Y", "Z", "W"]],
    ]);
    expect(model.bitsets[0].fields[3]).toEqual({
      name: "W",
      ranges: [{ low: 3, high: 3 }],
      width: 1,
      type: "bool",
      brief: "Component 3",
      source: at(579),
    });
    expect(model.bitsets[1].fields[2]).toMatchObject({
      ranges: [{ low: 4, high: 5 }],
      type: "enum",
      enum: "INST_SWIZ_COMP",
      source: at(607),
    });
  });

  test("the four instruction words as registers", () => {
    // reg32 elements at lines 634, 644, 673, 686; 8 + 10 + 10 + 12 = 40 bitfields.
    expect(
      model.registers.map((r) => [
        r.name,
        r.offset,
        r.instructionWord,
        r.width,
        r.fields.length,
        r.source.line,
      ]),
    ).toEqual([
      ["VIV_ISA_WORD_0", 0, 0, 32, 8, 634],
      ["VIV_ISA_WORD_1", 4, 1, 32, 10, 644],
      ["VIV_ISA_WORD_2", 8, 2, 32, 10, 673],
      ["VIV_ISA_WORD_3", 12, 3, 32, 12, 686],
    ]);
    // Every bit of every word is named by some field (D.2).
    expect(model.registers.map((r) => r.reserved)).toEqual([[], [], [], []]);
    expect(regField("VIV_ISA_WORD_0", "OPCODE")).toEqual({
      name: "OPCODE",
      ranges: [{ low: 0, high: 5 }],
      width: 6,
      type: "enum",
      enum: "INST_OPCODE",
      source: at(635),
      // 7-bit opcodes in a 6-bit field: bit 6 is OPCODE_BIT6 (D.2).
      enumLowBits: true,
      opcodePart: { enum: "INST_OPCODE", shift: 0 },
    });
    expect(regField("VIV_ISA_WORD_2", "OPCODE_BIT6").opcodePart).toEqual({
      enum: "INST_OPCODE",
      shift: 6,
    });
    // Untyped: 1 bit → bool, wider → hex (C.1 `preptypeinfo`).
    expect(regField("VIV_ISA_WORD_0", "SAT")).toMatchObject({ type: "bool", brief: "Saturate" });
    expect(regField("VIV_ISA_WORD_0", "DST_AMODE")).toMatchObject({
      type: "hex",
      ranges: [{ low: 13, high: 15 }],
    });
    expect(regField("VIV_ISA_WORD_0", "DST_COMPS")).toMatchObject({
      type: "bitset",
      bitset: "INST_COMPS",
    });
    expect(regField("VIV_ISA_WORD_1", "PMODE")).toMatchObject({
      type: "bool",
      ranges: [{ low: 2, high: 2 }],
    });
    expect(regField("VIV_ISA_WORD_1", "TEX_SWIZ")).toMatchObject({
      type: "bitset",
      bitset: "INST_SWIZ",
      doc: "This swizzle is applied to the components of the value fetched from the texture.",
    });
    expect(regField("VIV_ISA_WORD_3", "SRC2_IMM")).toMatchObject({
      ranges: [{ low: 7, high: 21 }],
      source: at(689),
    });
    expect(regField("VIV_ISA_WORD_3", "UNK3_31")).toMatchObject({
      type: "bool",
      ranges: [{ low: 31, high: 31 }],
    });
  });

  test("declared alternatives mark both sides, in registers and in instructions", () => {
    expect(regField("VIV_ISA_WORD_1", "TEX_AMODE").alternativeTo).toEqual(["RMODE", "PMODE"]);
    expect(regField("VIV_ISA_WORD_1", "RMODE").alternativeTo).toEqual(["TEX_AMODE"]);
    expect(regField("VIV_ISA_WORD_1", "PMODE").alternativeTo).toEqual(["TEX_AMODE"]);
    expect(regField("VIV_ISA_WORD_3", "SRC2_IMM").alternativeTo).toEqual([
      "SRC2_REG",
      "SEL_BIT0",
      "SRC2_SWIZ",
    ]);
    for (const f of ["SRC2_REG", "SEL_BIT0", "SRC2_SWIZ"]) {
      expect(regField("VIV_ISA_WORD_3", f).alternativeTo).toEqual(["SRC2_IMM"]);
      expect(insField("TEXLD", f).alternativeTo).toEqual(["SRC2_IMM"]);
    }
    expect(insField("ADD", "TEX_AMODE").alternativeTo).toEqual(["RMODE", "PMODE"]);
    // Fields that overlap nothing have no alternatives.
    expect(regField("VIV_ISA_WORD_3", "SRC2_NEG").alternativeTo).toBeUndefined();
  });

  test("one instruction per INST_OPCODE value", () => {
    expect(model.instructions).toHaveLength(127);
    expect(model.instructions[0]).toMatchObject({
      name: "NOP",
      mnemonic: "nop",
      opcode: 0,
      brief: "No operation",
    });
    expect(model.instructions[126]).toMatchObject({ name: "NOP7F", opcode: 0x7f, source: at(555) });
    // ADD = 0x01: OPCODE (word 0 bits 5:0) = 1, OPCODE_BIT6 (word 2 bit 16) = 0.
    expect(instruction("ADD")).toMatchObject({
      mnemonic: "add",
      opcode: 1,
      brief: "Add",
      source: at(119),
      encoding: { match: [0x1, 0, 0, 0], mask: [0x3f, 0, 0x10000, 0], dontCare: [0, 0, 0, 0] },
    });
    // IMULHI0 = 0x40: low six bits 0, bit 6 → absolute bit 80 = word 2 bit 16.
    expect(instruction("IMULHI0").encoding).toEqual({
      match: [0, 0, 0x10000, 0],
      mask: [0x3f, 0, 0x10000, 0],
      dontCare: [0, 0, 0, 0],
    });
    // NOP7F = 0x7F: all seven opcode bits set.
    expect(instruction("NOP7F").encoding.match).toEqual([0x3f, 0, 0x10000, 0]);
  });

  test("instruction fields at absolute bits (D.2)", () => {
    const add = instruction("ADD");
    // 40 bitfields minus OPCODE and OPCODE_BIT6, which are the fixed bits.
    expect(add.fields).toHaveLength(38);
    expect(add.fields.map((f) => f.name)).not.toContain("OPCODE");
    expect(add.fields.map((f) => f.name)).not.toContain("OPCODE_BIT6");
    const golden: [string, number, number][] = [
      ["COND", 6, 10],
      ["TEX_ID", 27, 31],
      ["TEX_AMODE", 32, 34],
      ["SRC0_REG", 44, 52],
      ["TYPE_BIT2", 53, 53],
      ["SRC0_ABS", 63, 63],
      ["SRC1_REG", 71, 79],
      ["TYPE_BIT01", 94, 95],
      ["SRC1_RGROUP", 96, 98],
      ["SRC2_REG", 100, 108],
      ["SEL_BIT0", 109, 109],
      ["SRC2_IMM", 103, 117],
      ["SEL_BIT1", 120, 120],
      ["UNK3_31", 127, 127],
    ];
    for (const [name, low, high] of golden) {
      expect([name, insField("ADD", name).ranges]).toEqual([name, [{ low, high }]]);
    }
    expect(insField("ADD", "SRC0_REG")).toMatchObject({
      width: 9,
      type: "hex",
      brief: "Source operand 0 register",
    });
    expect(insField("ADD", "SRC0_RGROUP")).toMatchObject({
      type: "enum",
      enum: "INST_RGROUP",
      source: at(675),
    });
  });

  test("derived TYPE and THREAD", () => {
    expect(instruction("MUL").derived).toEqual([
      {
        name: "TYPE",
        type: "enum",
        enum: "INST_TYPE",
        expr: "{TYPE_BIT2} << 2 | {TYPE_BIT01}",
        width: 3,
        source: at(655),
      },
      {
        name: "THREAD",
        type: "uint",
        expr: "{SEL_BIT1} << 1 | {SEL_BIT0}",
        width: 2,
        source: at(697),
      },
    ]);
  });

  test("operands", () => {
    const names = (ins: string) => instruction(ins).operands.map((o) => `${o.kind}:${o.name}`);
    expect(names("ADD")).toEqual(["dest:dst", "src:src0", "src:src1", "src:src2"]);
    expect(names("TEXLD")).toEqual(["dest:dst", "texture:tex", "src:src0", "src:src1", "src:src2"]);
    expect(names("BRANCH")).toEqual(["dest:dst", "src:src0", "src:src1", "target:target"]);
    expect(instruction("ADD").operands[1].fields).toEqual([
      "SRC0_REG",
      "SRC0_USE",
      "SRC0_RGROUP",
      "SRC0_AMODE",
      "SRC0_SWIZ",
      "SRC0_NEG",
      "SRC0_ABS",
    ]);
    expect(instruction("TEXLD").operands[1].fields).toEqual(["TEX_ID", "TEX_AMODE", "TEX_SWIZ"]);
    expect(instruction("CALL").operands[3]).toMatchObject({
      fields: ["SRC2_IMM"],
      source: at(689),
    });
    // TEXLD* are the seven names starting with TEXLD (lines 263, 269–272, 532, 533); CALL (248)
    // and BRANCH (250) are the only instructions with a target instead of src2.
    const withTex = model.instructions.filter((i) => i.operands.some((o) => o.name === "tex"));
    expect(withTex.map((i) => i.name)).toEqual([
      "TEXLD",
      "TEXLDB",
      "TEXLDD",
      "TEXLDL",
      "TEXLDPCF",
      "TEXLDLPCF",
      "TEXLDGPCF",
    ]);
    const withTarget = model.instructions.filter((i) =>
      i.operands.some((o) => o.kind === "target"),
    );
    expect(withTarget.map((i) => i.name)).toEqual(["CALL", "BRANCH"]);
    expect(model.instructions.filter((i) => i.operands.length === 4)).toHaveLength(127 - 7);
  });

  test("without the instructions companion: definitions only, and a warning", () => {
    const { d, part } = readSeed(() => []);
    // The recovered text starts at the page's `<?xml` line (line 9).
    expect(d.items.filter((x) => x.code === "no-instructions").map(formatDiagnostic)).toEqual([
      `${SEED}:9:1: warning[no-instructions]: no rules-ng-instructions companion is given, so nothing says how the registers form instructions; no instructions are built`,
    ]);
    expect(d.errorCount).toBe(0);
    expect(part.instructions).toBeUndefined();
    expect(part.enums).toHaveLength(7);
    expect(part.bitsets).toHaveLength(2);
    // Same four registers, not numbered as instruction words, no alternatives, OPCODE unmarked.
    expect(part.registers!.map((r) => [r.name, r.instructionWord, r.fields.length])).toEqual([
      ["VIV_ISA_WORD_0", undefined, 8],
      ["VIV_ISA_WORD_1", undefined, 10],
      ["VIV_ISA_WORD_2", undefined, 10],
      ["VIV_ISA_WORD_3", undefined, 12],
    ]);
    expect(part.registers!.flatMap((r) => r.fields).some((f) => f.alternativeTo)).toBe(false);
    expect(part.registers![0].fields[0]).toMatchObject({ name: "OPCODE", enum: "INST_OPCODE" });
    expect(part.registers![0].fields[0].enumLowBits).toBeUndefined();
  });

  test("the etnaviv spec's companion (buildInstructions false): words laid out, no instructions", () => {
    const file = "specs/etnaviv/instructions.json";
    const text = readFileSync(path.join(SPECS_DIR, "etnaviv", "instructions.json"), "utf8");
    const { d, part } = readSeed(() => [instructionsCompanion(file, text, new Diagnostics())]);
    expect(d.items.filter((x) => x.severity === "error")).toEqual([]);
    expect(d.items.map((x) => x.code).sort()).toEqual(["missing-import", "page-figures"]);
    expect(part.instructions).toBeUndefined();
    expect(part.registers!.map((r) => [r.name, r.instructionWord])).toEqual([
      ["VIV_ISA_WORD_0", 0],
      ["VIV_ISA_WORD_1", 1],
      ["VIV_ISA_WORD_2", 2],
      ["VIV_ISA_WORD_3", 3],
    ]);
    const fields = part.registers!.flatMap((r) => r.fields);
    expect(fields.filter((f) => f.opcodePart).map((f) => [f.name, f.opcodePart!.shift])).toEqual([
      ["OPCODE", 0],
      ["OPCODE_BIT6", 6],
    ]);
    expect(fields.find((f) => f.name === "TEX_AMODE")!.alternativeTo).toEqual(["RMODE", "PMODE"]);
  });

  needing({ trees: ["mesa"] }).test("the etnaviv spec's instructions are etnaviv.xml's", () => {
    const model = readShippedSpec("etnaviv").model!;
    expect(new Set(model.instructions.map((i) => i.source.file))).toEqual(
      new Set(["mesa:src/etnaviv/isa/etnaviv.xml"]),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Small documents.

const INLINE = "test/fixtures/rules-ng/inline.xml";
const INLINE_JSON = "test/fixtures/rules-ng/inline.json";
/** Lines 2–3: the words are domain T's WORD_0; the opcode is enum OPC in field OPCODE. */
const COMPANION = [
  "{",
  '"words": {"domain": "T", "registers": ["WORD_0"], "upstream": "test"},',
  '"opcode": {"enum": "OPC", "parts": [{"field": "OPCODE", "shift": 0}], "upstream": "test"}',
  "}",
].join("\n");
const ISA: IsaInfo = {
  id: "test",
  title: "test",
  vendor: "test",
  instructionWidth: 32,
  wordSize: 32,
  byteOrder: "little",
  wordCount: 1,
  source: { file: "test/manifest.json", line: 1, column: 1 },
};

function loadedDocument(
  file: string,
  absolutePath: string,
  text: string,
  diags: Diagnostics,
): LoadedDocument {
  const recovered = recoverText(file, text, { xml: true }, diags)!;
  return { path: file, absolutePath, format: "rules-ng", role: "seed", recovered };
}

/**
 * Read a document whose body lines start at line 4 (after the prolog, `<database>` and
 * `<domain name="T">`), with COMPANION unless another companion text (or none) is given.
 */
function readBody(body: string[], companionText: string | null = COMPANION) {
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<database xmlns="http://nouveau.freedesktop.org/">',
    '<domain name="T">',
    ...body,
    "</domain>",
    "</database>",
    "",
  ].join("\n");
  const diags = new Diagnostics();
  const doc = loadedDocument(INLINE, path.join(FIXTURES, "inline.xml"), text, diags);
  const companions =
    companionText === null ? [] : [instructionsCompanion(INLINE_JSON, companionText, diags)];
  const part = readRulesNg({ isa: ISA, diags, documents: [doc], companions });
  return {
    part,
    diags,
    errors: diags
      .sorted()
      .filter((d) => d.severity === "error")
      .map(formatDiagnostic),
  };
}

/** Lines 4–6: a two-value opcode enum. */
const OPC = ['<enum name="OPC">', '<value value="1" name="ADD"/>', "</enum>"];

describe("readRulesNg on small documents", () => {
  test("a valid document reads without diagnostics", () => {
    const { part, diags } = readBody([
      ...OPC,
      '<reg32 offset="0" name="WORD_0">', // line 7
      '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
      '<bitfield low="8" high="9" name="MODE"/>',
      "</reg32>",
    ]);
    expect(diags.items).toEqual([]);
    expect(part.registers).toEqual([
      {
        name: "T_WORD_0",
        width: 32,
        offset: 0,
        instructionWord: 0,
        fields: [
          {
            name: "OPCODE",
            ranges: [{ low: 0, high: 5 }],
            width: 6,
            type: "enum",
            enum: "OPC",
            // The companion's one opcode part.
            opcodePart: { enum: "OPC", shift: 0 },
            source: { file: INLINE, line: 8, column: 1 },
          },
          {
            name: "MODE",
            ranges: [{ low: 8, high: 9 }],
            width: 2,
            type: "hex",
            source: { file: INLINE, line: 9, column: 1 },
          },
        ],
        reserved: [
          { low: 6, high: 7 },
          { low: 10, high: 31 },
        ],
        source: { file: INLINE, line: 7, column: 1 },
      },
    ]);
    expect(
      part.instructions!.map((i) => [
        i.name,
        i.encoding.match,
        i.encoding.mask,
        i.fields.map((f) => f.name),
      ]),
    ).toEqual([["ADD", [1], [0x3f], ["MODE"]]]);
  });

  test("unknown element", () => {
    const { errors } = readBody(
      [
        '<enum name="OPC">',
        '<value value="1" name="ADD"/>',
        '<valeu value="2" name="SUB"/>', // line 6
        '<reg32 offset="4" name="WORD_1"/>', // line 7: a rules-ng element, but not inside <enum>
        "</enum>",
      ],
      null,
    ); // enums only: no instruction words to lay out
    expect(errors).toEqual([
      `${INLINE}:6:1: error[unknown-element]: unknown element <valeu> inside <enum 'OPC'>`,
      `${INLINE}:7:1: error[unknown-element]: <reg32> is not allowed inside <enum 'OPC'>`,
    ]);
  });

  test("unknown attribute (the etna_viv brief attribute is accepted)", () => {
    const { errors } = readBody([
      ...OPC,
      '<reg32 offset="0" name="WORD_0" brief="The only word">',
      // `colour` starts at column 53: `<bitfield low="0" high="5" name="OPCODE" type="OPC" ` is 52 characters.
      '<bitfield low="0" high="5" name="OPCODE" type="OPC" colour="red"/>',
      "</reg32>",
    ]);
    expect(errors).toEqual([
      `${INLINE}:8:53: error[unknown-attribute]: unknown attribute 'colour' on <bitfield 'OPCODE'>`,
    ]);
  });

  test("unknown type (treated as hex)", () => {
    const { errors, part } = readBody([
      ...OPC,
      '<reg32 offset="0" name="WORD_0">',
      '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
      // `type` starts at column 40: `<bitfield low="6" high="7" name="MODE" ` is 39 characters.
      '<bitfield low="6" high="7" name="MODE" type="OPC_MODE"/>',
      "</reg32>",
    ]);
    expect(errors).toEqual([
      `${INLINE}:9:40: error[unknown-type]: bitfield 'T_WORD_0_MODE': unknown type 'OPC_MODE' (not a builtin type, enum, bitset, spectype or domain); treated as hex`,
    ]);
    expect(part.registers![0].fields[1].type).toBe("hex");
  });

  test("bad number", () => {
    const { errors } = readBody([
      '<enum name="OPC">',
      '<value value="0xZZ" name="ADD"/>', // `value` (the attribute) at column 8
      "</enum>",
      '<reg32 offset="0" name="WORD_0">',
      '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
      '<bitfield low="6" high="1O" name="MODE"/>', // line 9: `high` at column 19
      "</reg32>",
    ]);
    expect(errors).toEqual([
      `${INLINE}:5:8: error[bad-number]: attribute 'value' of <value 'ADD'>: '0xZZ' is not a number (decimal, or hexadecimal with 0x)`,
      `${INLINE}:9:19: error[bad-number]: attribute 'high' of <bitfield 'MODE'>: '1O' is not a number (decimal, or hexadecimal with 0x)`,
    ]);
  });

  test("missing attribute", () => {
    const { errors } = readBody([
      ...OPC,
      '<reg32 offset="0" name="WORD_0">',
      '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
      '<bitfield name="MODE"/>', // line 9
      '<bitfield low="12" name="HALF"/>', // line 10
      '<bitfield pos="13"/>', // line 11
      "</reg32>",
    ]);
    expect(errors).toEqual([
      `${INLINE}:9:1: error[missing-attribute]: bitfield 'MODE' has neither low/high nor pos`,
      `${INLINE}:10:1: error[missing-attribute]: bitfield 'HALF' has low but no high`,
      `${INLINE}:11:1: error[missing-attribute]: <bitfield> has no 'name' attribute`,
    ]);
  });

  test("duplicate value name, within one enum and across merged declarations", () => {
    const { errors, part } = readBody(
      [
        '<enum name="OPC">',
        '<value value="1" name="ADD"/>', // line 5
        '<value value="2" name="ADD"/>', // line 6
        "</enum>",
        '<enum name="OPC">', // merged with the first (C.1)
        '<value value="3" name="SUB"/>',
        '<value value="4" name="ADD"/>', // line 10
        "</enum>",
      ],
      null,
    ); // enums only: no instruction words to lay out
    const first = `\n  ${INLINE}:5:1: note: 'ADD' first declared here`;
    expect(errors).toEqual([
      `${INLINE}:6:1: error[duplicate-name]: enum 'OPC' already has a value named 'ADD'${first}`,
      `${INLINE}:10:1: error[duplicate-name]: enum 'OPC' already has a value named 'ADD'${first}`,
    ]);
    expect(part.enums!.map((e) => [e.name, e.values.map((v) => `${v.name}=${v.value}`)])).toEqual([
      ["OPC", ["ADD=1", "SUB=3"]],
    ]);
  });

  test("a same-name enum declared again with other attributes", () => {
    const { errors } = readBody(
      [
        '<enum name="OPC" brief="Opcodes">', // line 4
        '<value value="1" name="ADD"/>',
        "</enum>",
        '<enum name="OPC" bare="yes">', // line 7
        "</enum>",
      ],
      null,
    ); // enums only: no instruction words to lay out
    expect(errors).toEqual([
      `${INLINE}:7:1: error[conflicting-definition]: enum 'OPC' is declared again with different attributes; same-name declarations are merged only when their attributes match\n  ${INLINE}:4:1: note: enum 'OPC' first declared here`,
    ]);
  });

  test("no opcode field: a warning, and no instructions", () => {
    const { diags, part } = readBody([
      ...OPC,
      '<reg32 offset="0" name="WORD_0">', // line 7
      '<bitfield low="0" high="5" name="MODE"/>',
      "</reg32>",
    ]);
    // COMPANION line 3: `"field"` of parts[0] at column 38.
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `${INLINE}:7:1: warning[no-instructions]: the instruction words have no 'OPCODE' field (an opcode part); no instructions are built\n  ${INLINE_JSON}:3:38: note: 'OPCODE' is named as an opcode part here`,
    ]);
    expect(part.instructions).toEqual([]);
    // The words are still the words.
    expect(part.registers![0].instructionWord).toBe(0);
  });

  test("no instructions companion: a warning; enums and registers are still read", () => {
    const { diags, part } = readBody(
      [
        ...OPC,
        '<reg32 offset="0" name="WORD_0">',
        '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
        "</reg32>",
      ],
      null,
    );
    // Offset 0 of the document is the prolog, line 1.
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `${INLINE}:1:1: warning[no-instructions]: no rules-ng-instructions companion is given, so nothing says how the registers form instructions; no instructions are built`,
    ]);
    expect(part.instructions).toBeUndefined();
    expect(part.enums!.map((e) => e.name)).toEqual(["OPC"]);
    expect(part.registers!.map((r) => [r.name, r.instructionWord, r.fields.length])).toEqual([
      ["T_WORD_0", undefined, 1],
    ]);
  });

  test("an instruction word that is not a 32-bit register", () => {
    const { errors, part } = readBody([
      ...OPC,
      '<reg64 offset="0" name="WORD_0">', // line 7
      '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
      "</reg64>",
    ]);
    // COMPANION line 2: `"WORD_0"` at column 40 (after `"words": {"domain": "T", "registers": [`).
    expect(errors).toEqual([
      `${INLINE_JSON}:2:40: error[word-width]: words: register 'T_WORD_0' is 64 bits wide; instruction words are 32-bit registers`,
    ]);
    expect(part.instructions).toBeUndefined();
    expect(part.registers![0].instructionWord).toBeUndefined();
  });

  test("an opcode value wider than the opcode bits", () => {
    const { errors, part } = readBody([
      '<enum name="OPC">',
      '<value value="1" name="ADD"/>',
      '<value value="0x40" name="WIDE"/>', // line 6: 7 bits, but only OPCODE's 6 bits exist here
      "</enum>",
      '<reg32 offset="0" name="WORD_0">',
      '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
      "</reg32>",
    ]);
    expect(errors).toEqual([
      `${INLINE}:6:1: error[opcode-too-wide]: opcode 'WIDE' = 0x40 does not fit the 6 opcode bits (OPCODE)`,
    ]);
    expect(part.instructions!.map((i) => i.name)).toEqual(["ADD"]);
  });

  test("rnn attributes the model cannot represent are accepted with a warning", () => {
    const { diags } = readBody([
      ...OPC,
      '<reg32 offset="0" name="WORD_0" access="r">', // line 7: `access` at column 33
      '<bitfield low="0" high="5" name="OPCODE" type="OPC"/>',
      "</reg32>",
    ]);
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `${INLINE}:7:33: warning[unsupported]: attribute 'access' of <reg32 'WORD_0'> is valid rules-ng but isaforge does not model it; it is ignored`,
    ]);
  });
});

describe("readRulesNg with imports and an instructions companion (test/fixtures/rules-ng)", () => {
  function companion(file: string, diags: Diagnostics): LoadedCompanion {
    const display = `test/fixtures/rules-ng/${file}`;
    return instructionsCompanion(display, readFileSync(path.join(FIXTURES, file), "utf8"), diags);
  }
  function readFixture(instructions: string) {
    const diags = new Diagnostics();
    const file = "test/fixtures/rules-ng/imports.xml";
    const abs = path.join(FIXTURES, "imports.xml");
    const doc = loadedDocument(file, abs, readFileSync(abs, "utf8"), diags);
    const part = readRulesNg({
      isa: ISA,
      diags,
      documents: [doc],
      companions: [companion(instructions, diags)],
    });
    return {
      part,
      diags,
      errors: diags
        .sorted()
        .filter((d) => d.severity === "error")
        .map(formatDiagnostic),
    };
  }
  const IMPORTS = "test/fixtures/rules-ng/imports.xml";

  test("imports are read once, merged in document order; a missing import is a warning", () => {
    const { part, diags } = readFixture("instructions.json");
    // imports.xml line 4 imports absent.xml; defs.xml's import of imports.xml is ignored (parsed once).
    expect(diags.items.map(formatDiagnostic)).toEqual([
      "test/fixtures/rules-ng/imports.xml:4:1: warning[missing-import]: imported file 'absent.xml' not found (looked for test/fixtures/rules-ng/absent.xml); its definitions are missing",
    ]);
    // defs.xml is imported at line 3, before imports.xml declares its own INST_COND values (line 5),
    // so defs.xml's values come first; the brief comes from the only declaration that has one.
    expect(
      part.enums!.map((e) => [e.name, e.values.map((v) => v.name), e.source.file, e.source.line]),
    ).toEqual([
      ["INST_OP", ["NOP", "ADD"], "test/fixtures/rules-ng/defs.xml", 4],
      ["INST_COND", ["ALWAYS", "GT", "LT"], "test/fixtures/rules-ng/defs.xml", 9],
      ["T_WORD_0_KIND", ["TEMP", "CONST"], "test/fixtures/rules-ng/imports.xml", 16],
    ]);
    expect(part.enums![1].brief).toBe("Condition");
    // defs.xml line 7: a value without `value` is kept as a name only.
    expect(part.enums![0].namesWithoutValue).toEqual([
      {
        name: "RESERVED_NAME",
        source: { file: "test/fixtures/rules-ng/defs.xml", line: 7, column: 1 },
      },
    ]);
    expect(part.enums![0].values[1]).toEqual({
      value: 3,
      name: "ADD",
      brief: "Add",
      doc: "dst := src0 + src1",
      source: { file: "test/fixtures/rules-ng/defs.xml", line: 6, column: 1 },
    });
    expect(part.bitsets!.map((b) => [b.name, b.width])).toEqual([["INST_MASK", 8]]);
    const fields = part.registers![0].fields;
    expect(fields.map((f) => [f.name, f.type, f.enum ?? f.bitset ?? ""])).toEqual([
      ["OPCODE", "enum", "INST_OP"],
      ["COND", "enum", "INST_COND"],
      ["MASK", "bitset", "INST_MASK"],
      ["SAT", "bool", ""],
      ["IMM", "uint", ""],
      ["REG", "hex", ""],
      ["KIND", "enum", "T_WORD_0_KIND"],
    ]);
    expect(part.registers![0].reserved).toEqual([
      { low: 15, high: 15 },
      { low: 24, high: 31 },
    ]);
    expect(fields.map((f) => f.alternativeTo)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      ["REG", "KIND"],
      ["IMM"],
      ["IMM"],
    ]);
    // The companion names OPCODE alone as the opcode: bits 0–3, unmarked (no higher part).
    expect(
      part.instructions!.map((i) => [i.name, i.opcode, i.encoding.match, i.encoding.mask]),
    ).toEqual([
      ["NOP", 0, [0], [0xf]],
      ["ADD", 3, [3], [0xf]],
    ]);
    expect(fields[0].enumLowBits).toBeUndefined();
    expect(part.registers![0].instructionWord).toBe(0);
    // instructions.json derived: SAT (bit 14, imports.xml line 13) << 2 | COND (bits 4–5) → 3 bits;
    // KIND (bits 20–23) << 4 | REG (bits 16–19, line 15) → 8 bits, typed with the inline enum.
    const ins = (name: string) => part.instructions!.find((i) => i.name === name)!;
    expect(ins("ADD").derived).toEqual([
      {
        name: "SATCOND",
        type: "uint",
        expr: "{SAT} << 2 | {COND}",
        width: 3,
        source: { file: IMPORTS, line: 13, column: 1 },
      },
      {
        name: "KINDREG",
        type: "enum",
        enum: "T_WORD_0_KIND",
        expr: "{KIND} << 4 | {REG}",
        width: 8,
        source: { file: IMPORTS, line: 15, column: 1 },
      },
    ]);
    expect(ins("NOP").derived).toEqual(ins("ADD").derived);
    // Operands: dst everywhere; imm only ADD; mask except NO*; cond only NO*/AD* except ADD.
    const operands = (name: string) => ins(name).operands.map((o) => `${o.kind}:${o.name}`);
    expect(operands("NOP")).toEqual(["dest:dst", "predicate:cond"]);
    expect(operands("ADD")).toEqual(["dest:dst", "imm:imm", "src:mask"]);
    expect(ins("ADD").operands[2]).toEqual({
      name: "mask",
      kind: "src",
      fields: ["MASK", "SAT"],
      source: { file: IMPORTS, line: 12, column: 1 },
    });
  });

  test("an alternative whose fields share no bits is reported as stale", () => {
    const { diags } = readFixture("instructions-stale.json");
    expect(
      diags
        .sorted()
        .filter((d) => d.code === "stale-alternative")
        .map(formatDiagnostic),
    ).toEqual([
      // entry 0 starts at line 5 column 5; SAT (bit 14) and MASK (6..13) are neighbours, not overlapping.
      "test/fixtures/rules-ng/instructions-stale.json:5:5: warning[stale-alternative]: alternatives[0]: fields 'SAT' and 'MASK' of register 'T_WORD_0' share no bits",
    ]);
  });

  test("names the document lacks are dangling references at the companion", () => {
    const { part, errors } = readFixture("instructions-dangling.json");
    const file = "test/fixtures/rules-ng/instructions-dangling.json";
    expect(errors).toEqual([
      // Line 9: `"field"` of parts[1] at column 11; line 11: the `"enum"` key at column 7.
      `${file}:9:11: error[dangling-reference]: derived[0] 'BAD': the instruction words have no field 'NOPE'`,
      `${file}:11:7: error[dangling-reference]: derived[0] 'BAD': enum 'INST_NOPE' does not exist`,
      // Line 19: `"REGX"` at column 25; line 20: `"SUB"` at column 34, `"XX"` at column 57.
      `${file}:19:25: error[dangling-reference]: operands[0] 'dst': the instruction words have no field 'REGX'`,
      `${file}:20:34: error[dangling-reference]: operands[0] 'dst': only.names: 'SUB' is not a value of enum 'INST_OP'`,
      `${file}:20:57: error[dangling-reference]: operands[0] 'dst': only.namePrefix: no value of enum 'INST_OP' starts with 'XX'`,
      // Line 28: `"NOPE"` at column 23; line 33: the `"register"` key of entry 1 at column 7.
      `${file}:28:23: error[dangling-reference]: alternatives[0]: register 'T_WORD_0' has no field 'NOPE'`,
      `${file}:33:7: error[dangling-reference]: alternatives[1]: register 'T_WORD_9' does not exist`,
    ]);
    // What exists is still used: the instructions, dst with its one existing field; BAD is left out.
    expect(
      part.instructions!.map((i) => [i.name, i.derived, i.operands.map((o) => o.fields)]),
    ).toEqual([
      ["NOP", [], []],
      ["ADD", [], [["REG"]]],
    ]);
  });

  test("a dangling opcode enum or opcode part: no instructions", () => {
    const { part, diags } = readFixture("instructions-dangling-opcode.json");
    const file = "test/fixtures/rules-ng/instructions-dangling-opcode.json";
    expect(
      diags
        .sorted()
        .filter((d) => d.code !== "missing-import")
        .map(formatDiagnostic),
    ).toEqual([
      // imports.xml line 9 is WORD_0; the companion's line 4 is the `"enum"` key, line 7 column 9
      // the `"field"` of parts[1]. Selector names cannot be checked without the opcode enum.
      `${IMPORTS}:9:1: warning[no-instructions]: the instruction words have no 'OPCODE_HI' field (an opcode part); no instructions are built\n  ${file}:7:9: note: 'OPCODE_HI' is named as an opcode part here`,
      `${file}:4:5: error[dangling-reference]: opcode: enum 'INST_OPX' does not exist`,
    ]);
    expect(part.instructions).toEqual([]);
    expect(part.registers![0].instructionWord).toBe(0);
  });

  test("a second instructions companion is an error and is ignored", () => {
    const diags = new Diagnostics();
    const abs = path.join(FIXTURES, "imports.xml");
    const doc = loadedDocument(IMPORTS, abs, readFileSync(abs, "utf8"), diags);
    const companions = ["instructions.json", "instructions-stale.json"].map((f) =>
      companion(f, diags),
    );
    const part = readRulesNg({ isa: ISA, diags, documents: [doc], companions });
    // The whole second file (line 1, column 1) is ignored: its stale alternative is not reported.
    expect(
      diags
        .sorted()
        .filter((d) => d.code !== "missing-import")
        .map(formatDiagnostic),
    ).toEqual([
      "test/fixtures/rules-ng/instructions-stale.json:1:1: error[duplicate-companion]: only one rules-ng-instructions companion is allowed; 'test/fixtures/rules-ng/instructions-stale.json' is ignored (the first is 'test/fixtures/rules-ng/instructions.json')",
    ]);
    expect(part.instructions!.map((i) => i.name)).toEqual(["NOP", "ADD"]);
  });

  test("instruction words the document lacks, or too many of them", () => {
    const words = readFixture("instructions-bad-words.json");
    const file = "test/fixtures/rules-ng/instructions-bad-words.json";
    // Line 2: the `"registers"` key at column 29, `"WORD_9"` at column 53; the ISA has one word.
    expect(words.errors).toEqual([
      `${file}:2:29: error[word-count]: words: 2 registers named, but a 32-bit instruction has 1 32-bit words`,
      `${file}:2:53: error[dangling-reference]: words: domain 'T' has no register 'WORD_9'`,
    ]);
    expect(words.part.instructions).toBeUndefined();
    expect(words.part.registers![0].instructionWord).toBeUndefined();

    const domain = readFixture("instructions-bad-domain.json");
    // Line 2: the `"domain"` key at column 14.
    expect(domain.errors).toEqual([
      "test/fixtures/rules-ng/instructions-bad-domain.json:2:14: error[dangling-reference]: words: domain 'U' does not exist",
    ]);
    expect(domain.part.instructions).toBeUndefined();
  });
});
