/**
 * The r500-regs reader on seed 004 (US_FC_INST) with the r500-framing companion, and on small broken
 * inputs. Expected values come from /work/shared/docs/r500-and-bifrost.md (A2-A5) and the seed text.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import {
  checkAgainstSchema,
  compileSchema,
  parseJsonWithPositions,
} from "../../generator/load/loadJson";
import { getBits, wordCountOf } from "../../generator/model/bits";
import type { Field, IsaInfo, IsaModel, Register } from "../../generator/model/types";
import { readR500Regs, registerNameOf } from "../../generator/readers/readR500Regs";
import type { LoadedCompanion, LoadedDocument } from "../../generator/readers/readerTypes";
import { recoverText } from "../../generator/recover/recoverDocument";
import { readShippedSpec, SPECS_DIR } from "../helpers/shippedModels";

const ROOT = path.join(__dirname, "..", "..");
const FIXTURES = path.join(__dirname, "..", "fixtures", "r500-regs");
const FRAMING_SCHEMA = path.join(
  ROOT,
  "generator",
  "model",
  "companions",
  "r500-framing.schema.json",
);

const ISA: IsaInfo = {
  id: "r500",
  title: "test",
  vendor: "test",
  instructionWidth: 192,
  wordSize: 32,
  byteOrder: "little",
  wordCount: wordCountOf(192),
  source: { file: "specs/r500/manifest.json", line: 1, column: 1 },
};

function documentOf(file: string, text: string, diags: Diagnostics): LoadedDocument {
  const recovered = recoverText(file, text, { xml: false }, diags);
  if (!recovered) throw new Error("recovery failed");
  return { path: file, absolutePath: file, format: "r500-regs", role: "seed", recovered };
}

function companionOf(file: string, text: string, diags: Diagnostics): LoadedCompanion {
  const json = parseJsonWithPositions(file, text, diags);
  if (!json) throw new Error("bad JSON");
  const schema = JSON.parse(readFileSync(FRAMING_SCHEMA, "utf8")) as object;
  if (!checkAgainstSchema(json, schema, "r500-framing", diags))
    throw new Error(diags.items.map(formatDiagnostic).join("\n"));
  return { path: file, kind: "r500-framing", data: json.data, locate: json.locate };
}

/** Read one inline document (no companion). */
function readText(file: string, text: string) {
  const diags = new Diagnostics();
  const part = readR500Regs({
    isa: ISA,
    diags,
    documents: [documentOf(file, text, diags)],
    companions: [],
  });
  return { part, diags, messages: diags.sorted().map(formatDiagnostic) };
}

function field(owner: { fields: Field[] }, name: string): Field {
  const f = owner.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
}

describe("readR500Regs on seed 004", () => {
  const { model, diags } = readShippedSpec("r500");
  const m = model as IsaModel;
  const register = (name: string): Register => m.registers.find((r) => r.name === name) as Register;

  it("reads the seed without errors", () => {
    expect(
      diags
        .sorted()
        .filter((d) => d.severity === "error")
        .map(formatDiagnostic),
    ).toEqual([]);
    expect(m.registers.map((r) => r.name)).toEqual(["US_FC_INST", "US_CMN_INST", "US_FC_ADDR"]);
  });

  it("gives US_FC_INST its 9 fields with the bits and defaults of A4 (every DEFAULT in the seed is 0x0)", () => {
    const r = register("US_FC_INST");
    expect(r.width).toBe(32);
    expect(r.instructionWord).toBe(2); // A3: inst2
    expect(r.offset).toBe(0x9800); // A4: R500_US_FC_INST_0
    const expected: [string, number, number, Field["type"]][] = [
      ["OP", 2, 0, "enum"],
      ["B_ELSE", 4, 4, "enum"],
      ["JUMP_ANY", 5, 5, "enum"],
      ["A_OP", 7, 6, "enum"],
      ["JUMP_FUNC", 15, 8, "uint"], // no POSSIBLE VALUES
      ["B_POP_CNT", 20, 16, "uint"], // no POSSIBLE VALUES
      ["B_OP0", 25, 24, "enum"],
      ["B_OP1", 27, 26, "enum"],
      ["IGNORE_UNCOVERED", 28, 28, "enum"],
    ];
    expect(r.fields.map((f) => [f.name, f.ranges[0].high, f.ranges[0].low, f.type])).toEqual(
      expected,
    );
    expect(r.fields.map((f) => f.width)).toEqual([3, 1, 1, 2, 8, 5, 2, 2, 1]);
    expect(r.fields.every((f) => f.default === 0)).toBe(true);
    // A2 / source-formats §E: the gaps are bits 3, 23:21 and 31:29.
    expect(r.reserved).toEqual([
      { low: 3, high: 3 },
      { low: 21, high: 23 },
      { low: 29, high: 31 },
    ]);
  });

  it("joins continuation lines into the description (seed lines 29-34 for JUMP_FUNC)", () => {
    expect(field(register("US_FC_INST"), "JUMP_FUNC").doc).toBe(
      "A 2x2x2 table of boolean values indicating whether to take the jump. The table index is indexed by {ALU " +
        "Compare Result, Predication Result, Boolean Value (from the static boolean address in US_FC_ADDR.BOOL)}. " +
        "To determine whether to jump, look at bit ((alu_result<<2) | (predicate<<1) | bool).",
    );
    expect(field(register("US_FC_INST"), "B_ELSE").doc).toBe(
      "Specifies whether to perform an else operation on the active and branch-inactive pixels before executing the instruction.",
    );
  });

  it("points fields at the user's file: OP is on page line 9 (7 lines of Forgejo chrome, then the header)", () => {
    expect(field(register("US_FC_INST"), "OP").source).toEqual({
      file: "specs/r500/us_fc_inst.txt.page.txt",
      line: 9,
      column: 1,
    });
  });

  it("has 23 enum values in 7 enums named per field, with the symbolic names A2 gives", () => {
    expect(m.enums.map((e) => [e.name, e.values.length])).toEqual([
      ["US_FC_INST.OP", 8],
      ["US_FC_INST.B_ELSE", 2],
      ["US_FC_INST.JUMP_ANY", 2],
      ["US_FC_INST.A_OP", 3],
      ["US_FC_INST.B_OP0", 3],
      ["US_FC_INST.B_OP1", 3],
      ["US_FC_INST.IGNORE_UNCOVERED", 2],
    ]);
    expect(m.enums.reduce((n, e) => n + e.values.length, 0)).toBe(23);
    const names = (e: string) =>
      m.enums.find((x) => x.name === e)!.values.map((v) => [v.value, v.name]);
    expect(names("US_FC_INST.OP")).toEqual(
      ["JUMP", "LOOP", "ENDLOOP", "REP", "ENDREP", "BREAKLOOP", "BREAKREP", "CONTINUE"].map(
        (n, i) => [i, `US_FC_OP_${n}`],
      ),
    );
    expect(names("US_FC_INST.A_OP")).toEqual([
      [0, "US_FC_A_OP_NONE"],
      [1, "US_FC_A_OP_POP"],
      [2, "US_FC_A_OP_PUSH"],
    ]);
    for (const e of ["US_FC_INST.B_OP0", "US_FC_INST.B_OP1"])
      expect(names(e)).toEqual([
        [0, "US_FC_B_OP_NONE"],
        [1, "US_FC_B_OP_DECR"],
        [2, "US_FC_B_OP_INCR"],
      ]);
    // A2: B_ELSE, JUMP_ANY and IGNORE_UNCOVERED values are sentences, so they have no name.
    for (const e of ["US_FC_INST.B_ELSE", "US_FC_INST.JUMP_ANY", "US_FC_INST.IGNORE_UNCOVERED"])
      expect(names(e)).toEqual([
        [0, undefined],
        [1, undefined],
      ]);
    const jump = m.enums[0].values[0];
    expect(jump.doc).toBe("(if, endif, call, etc)");
    expect(m.enums[6].values[1].doc).toBe("Ignore uncovered pixels in making jump decisions");
    expect(field(register("US_FC_INST"), "B_OP1").enum).toBe("US_FC_INST.B_OP1");
  });

  it("builds US_CMN_INST and US_FC_ADDR from the framing companion (A3, A4)", () => {
    const cmn = register("US_CMN_INST");
    expect([cmn.instructionWord, cmn.offset]).toEqual([0, 0xb800]);
    expect(cmn.fields.map((f) => `${f.name} ${f.ranges[0].high}:${f.ranges[0].low}`)).toEqual([
      "TYPE 1:0",
      "TEX_SEM_WAIT 2:2",
      "RGB_PRED_SEL 5:3",
      "RGB_PRED_INV 6:6",
      "WRITE_INACTIVE 7:7",
      "LAST 8:8",
      "NOP 9:9",
      "ALU_WAIT 10:10",
      "RGB_WMASK 13:11",
      "ALPHA_WMASK 14:14",
      "RGB_OMASK 17:15",
      "ALPHA_OMASK 18:18",
    ]);
    const addr = register("US_FC_ADDR");
    expect([addr.instructionWord, addr.offset]).toEqual([3, 0xa000]);
    expect(addr.fields.map((f) => `${f.name} ${f.ranges[0].high}:${f.ranges[0].low}`)).toEqual([
      "BOOL_ADDR 4:0",
      "INT_ADDR 12:8",
      "JUMP_ADDR 24:16",
      "JUMP_GLOBAL 31:31",
    ]);
    expect(addr.reserved).toEqual([
      { low: 5, high: 7 },
      { low: 13, high: 15 },
      { low: 25, high: 30 },
    ]);
  });

  describe("the FC instruction", () => {
    const fc = () => m.instructions.find((i) => i.name === "FC")!;

    it("is the only instruction, six words wide, with TYPE fixed to 2", () => {
      expect(m.instructions.map((i) => i.name)).toEqual(["FC"]);
      const { match, mask, dontCare } = fc().encoding;
      expect(match).toEqual([2, 0, 0, 0, 0, 0]);
      // Tested bits: TYPE (bits 0-1) only; words 1, 4, 5 and the reserved bits are don't-care.
      expect(mask.map((w, i) => (w & ~dontCare[i]) >>> 0)).toEqual([3, 0, 0, 0, 0, 0]);
      expect(dontCare[1]).toBe(0xffffffff);
      expect(dontCare[4]).toBe(0xffffffff);
      expect(dontCare[5]).toBe(0xffffffff);
      expect(dontCare[0]).toBe(0xfff80000); // US_CMN_INST bits 31:19 (not used by FC)
      expect(dontCare[2]).toBe(0xe0e00008); // US_FC_INST bits 3, 23:21, 31:29
      expect(dontCare[3]).toBe(0x7e00e0e0); // US_FC_ADDR bits 7:5, 15:13, 30:25
    });

    it("places fields at absolute bits: inst0 at 0, US_FC_INST at 64, US_FC_ADDR at 96", () => {
      const at = (name: string) => {
        const r = field(fc(), name).ranges;
        return [r[0].low, r[0].high];
      };
      expect(at("OP")).toEqual([64, 66]);
      expect(at("B_ELSE")).toEqual([68, 68]);
      expect(at("JUMP_FUNC")).toEqual([72, 79]);
      expect(at("IGNORE_UNCOVERED")).toEqual([92, 92]);
      expect(at("BOOL_ADDR")).toEqual([96, 100]);
      expect(at("INT_ADDR")).toEqual([104, 108]);
      expect(at("JUMP_ADDR")).toEqual([112, 120]);
      expect(at("JUMP_GLOBAL")).toEqual([127, 127]);
      expect(at("ALU_WAIT")).toEqual([10, 10]);
      expect(at("RGB_OMASK")).toEqual([15, 17]);
      // 11 inst0 fields (TYPE is fixed bits, not a field) + 9 + 4, all names distinct.
      expect(fc().fields).toHaveLength(24);
      expect(new Set(fc().fields.map((f) => f.name)).size).toBe(24);
      expect(fc().fields.some((f) => f.name === "TYPE")).toBe(false);
      expect(field(fc(), "A_OP").enum).toBe("US_FC_INST.A_OP");
    });

    it("matches and decodes Mesa's IF word from A5 (inst0 0x402, inst2 0x12000F00, inst3 JUMP_ADDR(5))", () => {
      const word = [0x00000402, 0, 0x12000f00, 0x00050000, 0, 0];
      const { match, mask, dontCare } = fc().encoding;
      expect(word.every((w, i) => (w & mask[i] & ~dontCare[i]) >>> 0 === match[i])).toBe(true);
      const value = (name: string) => {
        const r = field(fc(), name).ranges[0];
        return getBits(word, r.low, r.high);
      };
      expect(value("ALU_WAIT")).toBe(1);
      expect(value("OP")).toBe(0); // JUMP
      expect(value("JUMP_FUNC")).toBe(0x0f);
      expect(value("B_OP0")).toBe(2); // INCR
      expect(value("B_OP1")).toBe(0); // NONE
      expect(value("IGNORE_UNCOVERED")).toBe(1);
      expect(value("JUMP_ADDR")).toBe(5);
    });

    it("has a jump-target operand and the enum fields as modifiers", () => {
      expect(fc().operands.map((o) => [o.name, o.kind, o.fields])).toEqual([
        ["target", "target", ["JUMP_ADDR"]],
        ["predicate", "predicate", ["RGB_PRED_SEL", "RGB_PRED_INV"]],
      ]);
      expect(fc().modifiers.map((x) => x.field)).toEqual(["OP", "A_OP", "B_OP0", "B_OP1"]);
      expect(fc().source.file).toBe("specs/r500/framing.json");
    });
  });
});

describe("r500-framing companion", () => {
  it("has a schema that compiles under ajv strict mode and accepts the shipped framing", () => {
    const schema = JSON.parse(readFileSync(FRAMING_SCHEMA, "utf8")) as object;
    expect(() => compileSchema(schema)).not.toThrow();
    const diags = new Diagnostics();
    companionOf(
      "specs/r500/framing.json",
      readFileSync(path.join(SPECS_DIR, "r500", "framing.json"), "utf8"),
      diags,
    );
    expect(diags.items).toEqual([]);
  });

  it("reports a word naming a register nobody defines", () => {
    const diags = new Diagnostics();
    const framing = [
      "{",
      '  "words": [{ "word": 0, "register": "US_NOPE", "upstream": "t" }],',
      '  "registers": [],',
      '  "instruction": { "name": "X", "mnemonic": "X", "doc": "d", "fixed": [], "operands": [], "modifiers": [], "upstream": "t" }',
      "}",
    ].join("\n");
    const companion = companionOf("framing.json", framing, diags);
    const doc = documentOf("us_x.txt", "Field Name Bits Default Description\nA 0 0x0 a\n", diags);
    readR500Regs({
      isa: { ...ISA, instructionWidth: 32, wordCount: 1 },
      diags,
      documents: [doc],
      companions: [companion],
    });
    // Reported at the "register" key: line 2, after '  "words": [{ "word": 0, ' (25 characters).
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "framing.json:2:26: error[dangling-reference]: word 0 names register 'US_NOPE', which neither the framing nor a register document defines",
    ]);
  });
});

describe("readR500Regs on broken input", () => {
  it("names registers after their file", () => {
    expect(registerNameOf("specs/r500/us_fc_inst.txt.page.txt")).toBe("US_FC_INST");
    expect(registerNameOf("regs/bits/us_fc_addr.txt")).toBe("US_FC_ADDR");
  });

  it("reports a glued field line (us_alu_rgba_inst.txt at 8c883d76, line 19) and reads it as the field it is", () => {
    const file = "test/fixtures/r500-regs/glued-field-line.txt";
    const { part, messages } = readText(
      file,
      readFileSync(path.join(FIXTURES, "glued-field-line.txt"), "utf8"),
    );
    // Line 4, indented by 32 spaces like a continuation line.
    expect(messages).toEqual([
      `${file}:4:33: error[glued-field-line]: 'RGB_ADDRD_REL110x0…' looks like field RGB_ADDRD_REL, bits 11, default 0x0 glued together`,
    ]);
    const reg = part.registers![0];
    expect(reg.name).toBe("GLUED_FIELD_LINE");
    expect(reg.fields.map((f) => [f.name, f.ranges[0].low, f.default])).toEqual([
      ["RGB_ADDRD", 10, 0],
      ["RGB_ADDRD_REL", 11, 0],
    ]);
    // Not folded into RGB_ADDRD's description; its values are its own.
    expect(reg.fields[0].doc).toBe(
      "Specifies whether the RGB destination address is relative to the loop register.",
    );
    expect(reg.fields[1].doc).toBe(
      "Specifies whether the RGB destination address is relative to the loop register.",
    );
    expect(part.enums!.map((e) => [e.name, e.values.map((v) => v.name)])).toEqual([
      ["GLUED_FIELD_LINE.RGB_ADDRD_REL", ["NONE", "RELATIVE"]],
    ]);
  });

  it("reports a missing header and still reads the field", () => {
    const { part, messages } = readText("us_x.txt", "OP 2:0 0x0 Op.\n");
    expect(messages).toEqual([
      "us_x.txt:1:1: error[bad-line]: expected the header line 'Field Name Bits Default Description', found 'OP 2:0 0x0 Op.'",
    ]);
    expect(part.registers![0].fields.map((f) => f.name)).toEqual(["OP"]);
  });

  it("reports malformed bits and defaults, keeps their lines away from other fields, keeps high < low as written", () => {
    const file = "test/fixtures/r500-regs/malformed-fields.txt";
    const { part, messages } = readText(
      file,
      readFileSync(path.join(FIXTURES, "malformed-fields.txt"), "utf8"),
    );
    expect(messages).toEqual([
      `${file}:3:8: error[bad-number]: field 'B_ELSE': bits '4-4' are neither 'high:low' nor a single bit number`,
      `${file}:6:12: error[bad-number]: field 'JUMP_ANY': default '0xZZ' is neither a 0x… hex number nor 'none'`,
    ]);
    const reg = part.registers![0];
    expect(reg.fields.map((f) => f.name)).toEqual(["OP", "A_OP"]);
    // B_ELSE's values did not land on OP.
    expect(field(reg, "OP")).toMatchObject({
      type: "uint",
      doc: "Specifies the type of flow control instruction.",
    });
    expect(part.enums).toEqual([]);
    // A_OP 6:7: high (6) < low (7) is kept for the analyzer to report.
    expect(field(reg, "A_OP").ranges).toEqual([{ low: 7, high: 6 }]);
  });

  it("reports text where a value line belongs, and value blocks outside a field", () => {
    const text = [
      "Field Name Bits Default Description",
      "OP 2:0 0x0 Op.",
      "POSSIBLE VALUES:",
      "0 = jump",
      "POSSIBLE VALUES:",
    ].join("\n");
    const { messages } = readText("us_x.txt", text);
    expect(messages).toEqual([
      "us_x.txt:4:1: error[bad-line]: field 'OP': expected a value line 'NN - text' after 'POSSIBLE VALUES:', found '0 = jump'",
      "us_x.txt:5:1: error[bad-line]: field 'OP' has a second 'POSSIBLE VALUES:' line",
    ]);
  });

  it("resolves 'See FIELD' to the earlier field's description and values, and reports an unknown one", () => {
    const text = [
      "Field Name Bits Default Description",
      "B_OP0 25:24 0x0 Branch op if not taken.",
      "POSSIBLE VALUES:",
      "00 - US_FC_B_OP_NONE: none",
      "01 - reserved",
      "B_OP1 27:26 none See B_OP0",
      "B_OP2 29:28 0x0 See B_OP9",
    ].join("\n");
    const { part, messages } = readText("us_x.txt", text);
    expect(messages).toEqual([
      "us_x.txt:7:1: error[dangling-reference]: field 'B_OP2' says 'See B_OP9', but no earlier field of US_X is named 'B_OP9'",
    ]);
    const b1 = field(part.registers![0], "B_OP1");
    expect(b1).toMatchObject({ type: "enum", enum: "US_X.B_OP0", doc: "Branch op if not taken." });
    expect(b1.default).toBeUndefined(); // DEFAULT none
    // One enum only (B_OP1 shares B_OP0's); `reserved` is kept, marked, without a name.
    expect(part.enums!.map((e) => e.name)).toEqual(["US_X.B_OP0"]);
    expect(part.enums![0].values.map((v) => [v.value, v.name, v.reserved])).toEqual([
      [0, "US_FC_B_OP_NONE", undefined],
      [1, undefined, true],
    ]);
  });
});
