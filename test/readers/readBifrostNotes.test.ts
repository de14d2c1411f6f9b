/**
 * The bifrost-notes reader on seed 001 (Mesa's Bifrost Notes.txt) with the bifrost-aliases companion,
 * and on small broken inputs. Expected values come from /work/shared/docs/r500-and-bifrost.md (B1, B3)
 * and the seed text.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import {
  checkAgainstSchema,
  compileSchema,
  parseJsonWithPositions,
} from "../../generator/load/loadJson";
import type { IsaModel, Note } from "../../generator/model/types";
import { readBifrostNotes } from "../../generator/readers/readBifrostNotes";
import type { LoadedCompanion, LoadedDocument } from "../../generator/readers/readerTypes";
import { recoverText } from "../../generator/recover/recoverDocument";
import { BIFROST_ISA } from "../helpers/bifrostIsaInfo";
import { readShippedSpec, SPECS_DIR } from "../helpers/shippedModels";

const ROOT = path.join(__dirname, "..", "..");
const FIXTURES = path.join(__dirname, "..", "fixtures", "bifrost-notes");
const ALIASES_SCHEMA = path.join(
  ROOT,
  "generator",
  "model",
  "companions",
  "bifrost-aliases.schema.json",
);

const ISA = BIFROST_ISA;

function companionOf(file: string, text: string, diags: Diagnostics): LoadedCompanion {
  const json = parseJsonWithPositions(file, text, diags);
  if (!json) throw new Error("bad JSON");
  const schema = JSON.parse(readFileSync(ALIASES_SCHEMA, "utf8")) as object;
  if (!checkAgainstSchema(json, schema, "bifrost-aliases", diags))
    throw new Error(diags.items.map(formatDiagnostic).join("\n"));
  return { path: file, kind: "bifrost-aliases", data: json.data, locate: json.locate };
}

function documentOf(file: string, text: string, diags: Diagnostics): LoadedDocument {
  const recovered = recoverText(file, text, { xml: false }, diags);
  if (!recovered) throw new Error("recovery failed");
  return { path: file, absolutePath: file, format: "bifrost-notes", role: "seed", recovered };
}

/** `<ins name="…">` of the Valhall seed: the names linkNotes will look up. */
function valhallSeedNames(): Set<string> {
  const xml = readFileSync(path.join(SPECS_DIR, "valhall", "ISA.xml.page.txt"), "utf8");
  return new Set([...xml.matchAll(/<ins name="([^"]+)"/g)].map((m) => m[1]));
}

const describeTargets = (n: Note) =>
  n.targets.map((t) => `${t.isa}:${t.instruction}${t.modifiers.map((x) => `.${x}`).join("")}`);

describe("readBifrostNotes on seed 001", () => {
  const { model, diags } = readShippedSpec("bifrost");
  const m = model as IsaModel;
  const notes = (name: string) => m.notes.filter((n) => n.name === name);
  const note = (name: string, unit = "ADD") =>
    m.notes.find((n) => n.name === name && n.unit === unit) as Note;

  it("reads the seed and the alias table with no diagnostics at all (every note attached, every alias used)", () => {
    // Without the mesa tree the spec says it is built without ISA.xml (note[partial-spec]).
    const partial = (d: { code: string }) => d.code === "partial-spec";
    expect(
      diags
        .sorted()
        .filter((d) => !partial(d))
        .map(formatDiagnostic),
    ).toEqual([]);
    expect(m.instructions).toEqual([]); // the notes carry no encodings
  });

  it("makes one note per heading, in document order, with the unit of its section (counted in the seed)", () => {
    // FMA section: seed lines 5-101; ADD section after '---' / 'ADD ops..' (lines 103, 105).
    const fma = [
      "LOG_FREXPM",
      "FRCP_FREXPM",
      "FSQRT_FREXPM",
      "FRCP_FREXPE",
      "FSQRT_FREXPE",
      "FRSQ_FREXPE",
      "LSHIFT_ADD_LOW32",
    ];
    const add = [
      "F16_TO_F32.X",
      "F16_TO_F32.Y",
      "MOV",
      "FRCP_FREXPM",
      "FLOG_FREXPE",
      "LD_UBO.v4i32",
      "FRCP_FAST.f32",
      "FRCP_TABLE",
      "FRCP_FAST.f16.X",
      "FRSQ_TABLE",
      "FRCP_APPROX",
      "MUX",
      "ST_VAR",
      "LD_VAR_ADDR",
      "DISCARD",
      "ATEST.f32",
      "BLEND",
    ];
    expect(m.notes.map((n) => `${n.unit} ${n.name}`)).toEqual([
      ...fma.map((n) => `FMA ${n}`),
      ...add.map((n) => `ADD ${n}`),
    ]);
    expect(m.notes).toHaveLength(24);
    // B1: the seed is a single line of blame records; every note points into it.
    expect(
      m.notes.every(
        (n) => n.source.file === "specs/bifrost/Notes.txt.page.txt" && n.source.line === 1,
      ),
    ).toBe(true);
  });

  it("keeps both FRCP_FREXPM notes, one per unit, with their own text (the ADD copy has the typo)", () => {
    expect(notes("FRCP_FREXPM").map((n) => n.unit)).toEqual(["FMA", "ADD"]);
    expect(note("FRCP_FREXPM", "FMA").text).toBe(
      "Given a floating point number m * 2^e, returns m * 2^{-1}. This is\nexactly the same as the mantissa part of frexp().",
    );
    expect(note("FRCP_FREXPM", "ADD").text).toBe(
      "Given a floating point number m * 2^e, returns m ^ 2^{-1}.",
    );
    for (const n of notes("FRCP_FREXPM"))
      expect(describeTargets(n)).toEqual(["bifrost:FREXPM.f32", "valhall:FREXPM.f32"]);
  });

  it("keeps text without the // prefix, paragraphs intact, and inline heading comments", () => {
    expect(note("F16_TO_F32.X").text).toBe("take the low 16 bits, and expand it to a 32-bit float");
    expect(note("LD_UBO.v4i32").text).toBe("src0 = offset, src1 = binding");
    expect(note("LSHIFT_ADD_LOW32", "FMA").text).toMatch(
      /^These instructions in the FMA slot, together with LSHIFT_ADD_HIGH32\.i32\nin the ADD slot, .*scenarios:\n\n1\) Full 64-bit addition\. Do:\n/s,
    );
    expect(
      note("LSHIFT_ADD_LOW32", "FMA").text.endsWith(
        "Again, the same as the unsigned case except for the offset.",
      ),
    ).toBe(true);
    expect(note("BLEND").text).toBe(
      "This takes the sample coverage mask (computed by ATEST above) as a\nregular argument, in addition to the vec4 color in the special register.",
    );
  });

  it("attaches the B3 traps to the right instructions", () => {
    expect(describeTargets(note("FRCP_APPROX"))).toEqual([
      "bifrost:FLOG_TABLE.f32.red",
      "valhall:FLOG_TABLE.f32",
    ]);
    expect(describeTargets(note("FRCP_TABLE"))).toEqual([
      "bifrost:FRCP_APPROX.f32",
      "valhall:FRCP_APPROX.f32",
    ]);
    expect(describeTargets(note("FRSQ_TABLE"))).toEqual([
      "bifrost:FRSQ_APPROX.f32",
      "valhall:FRSQ_APPROX.f32",
    ]);
    expect(describeTargets(note("FRCP_FAST.f32"))).toEqual([
      "bifrost:FRCP.f32",
      "valhall:FRCP.f32",
    ]);
    expect(describeTargets(note("FRCP_FAST.f16.X"))).toEqual([
      "bifrost:FRCP.f16.h0",
      "valhall:FRCP.f16",
    ]);
    expect(note("FRCP_APPROX").targets[0].comment).toMatch(
      /^Trap: notes FRCP_APPROX is ISA FLOG_TABLE\.f32 with mode=red/,
    );
    expect(note("FRCP_APPROX").targets[0].source.file).toBe("specs/bifrost/aliases.json");
  });

  it("maps the other B3 rows", () => {
    expect(describeTargets(note("LOG_FREXPM", "FMA"))).toEqual([
      "bifrost:FREXPM.f32.log",
      "valhall:FREXPM.f32.log",
    ]);
    expect(describeTargets(note("FRSQ_FREXPE", "FMA"))).toEqual([
      "bifrost:FREXPE.f32.neg.sqrt",
      "valhall:FREXPE.f32.sqrt",
    ]);
    expect(describeTargets(note("LSHIFT_ADD_LOW32", "FMA"))).toEqual([
      "bifrost:SHADDXL.u32",
      "bifrost:SHADDXL.i64",
      "bifrost:SHADDXL.s32",
      "valhall:SHADDX.u64",
      "valhall:SHADDX.s64",
    ]);
    expect(describeTargets(note("F16_TO_F32.Y"))).toEqual([
      "bifrost:F16_TO_F32.h1",
      "valhall:F16_TO_F32",
    ]);
    expect(describeTargets(note("LD_UBO.v4i32"))).toEqual([
      "bifrost:LOAD.i128.ubo",
      "valhall:LOAD.i128",
    ]);
    expect(describeTargets(note("MUX"))).toEqual(["bifrost:MUX.i32.bit", "valhall:MUX.i32.bit"]);
    expect(describeTargets(note("LD_VAR_ADDR"))).toEqual([
      "bifrost:LEA_ATTR_IMM",
      "bifrost:LEA_ATTR",
      "valhall:LEA_ATTR_IMM",
      "valhall:LEA_ATTR",
    ]);
    expect(describeTargets(note("BLEND"))).toEqual(["bifrost:BLEND", "valhall:BLEND"]);
  });

  it("names only Valhall instructions that exist in the Valhall seed", () => {
    const names = valhallSeedNames();
    const missing = m.notes
      .flatMap((n) => n.targets)
      .filter((t) => t.isa === "valhall" && !names.has(t.instruction))
      .map((t) => t.instruction);
    expect(missing).toEqual([]);
    expect(m.notes.every((n) => n.targets.some((t) => t.isa === "valhall"))).toBe(true);
  });
});

describe("bifrost-aliases companion", () => {
  it("has a schema that compiles under ajv strict mode and accepts the shipped table", () => {
    const schema = JSON.parse(readFileSync(ALIASES_SCHEMA, "utf8")) as object;
    expect(() => compileSchema(schema)).not.toThrow();
    const diags = new Diagnostics();
    companionOf(
      "specs/bifrost/aliases.json",
      readFileSync(path.join(SPECS_DIR, "bifrost", "aliases.json"), "utf8"),
      diags,
    );
    expect(diags.items).toEqual([]);
  });
});

describe("readBifrostNotes on broken input", () => {
  const notesFile = "test/fixtures/bifrost-notes/notes-broken.txt";
  const aliasesFile = "test/fixtures/bifrost-notes/aliases-broken.json";
  const run = () => {
    const diags = new Diagnostics();
    const doc = documentOf(
      notesFile,
      readFileSync(path.join(FIXTURES, "notes-broken.txt"), "utf8"),
      diags,
    );
    const companion = companionOf(
      aliasesFile,
      readFileSync(path.join(FIXTURES, "aliases-broken.json"), "utf8"),
      diags,
    );
    const part = readBifrostNotes({ isa: ISA, diags, documents: [doc], companions: [companion] });
    return { notes: part.notes ?? [], messages: diags.sorted().map(formatDiagnostic) };
  };

  it("reports unattached notes, unused and duplicate aliases, alias mismatches and stray text, exactly", () => {
    // aliases-broken.json: entries on lines 3-6 at column 5; entry 2's variant object at column 49.
    // 0x0ce60 × 8 = 0x67300 (B3's FRCP_APPROX row), but the entry says exact 0x67000.
    expect(run().messages).toEqual([
      `${aliasesFile}:4:49: error[alias-mismatch]: alias 'BAR' (ADD): old opcode 0x0ce60 × 8 = 0x67300 does not match Bifrost FLOG_TABLE.f32 exact 0x67000`,
      `${aliasesFile}:5:5: warning[unused-alias]: alias 'FOO' (ADD) matches no note heading of the ADD section`,
      `${aliasesFile}:6:5: error[duplicate-name]: alias 'BAR' (ADD) is listed twice; this entry is ignored\n` +
        `  ${aliasesFile}:4:5: note: first entry`,
      `${notesFile}:15:1: warning[unattached-note]: note 'QUX' (ADD) has no entry in the alias table; it is kept without targets`,
      `${notesFile}:17:1: error[bad-line]: expected an opcode heading 'NAME:' or a '//' comment line, found 'stray prose line'`,
    ]);
  });

  it("keys aliases by (name, unit) and keeps every note, attached or not", () => {
    const { notes } = run();
    expect(notes.map((n) => [n.name, n.unit, n.text])).toEqual([
      ["FOO", "FMA", "Foo does a thing.\n\nSecond paragraph."],
      ["BAR", "ADD", "inline text"],
      ["QUX", "ADD", "Qux text."],
    ]);
    expect(notes.map(describeTargets)).toEqual([
      ["bifrost:FREXPM.f32.log", "valhall:FREXPM.f32.log"],
      ["bifrost:FLOG_TABLE.f32.red"],
      [],
    ]);
    expect(notes[1].targets[0]).toMatchObject({
      comment: "wrong exact on purpose",
      source: { file: aliasesFile, line: 4, column: 49 },
    });
    expect(notes[0].source).toEqual({ file: notesFile, line: 5, column: 1 });
  });

  it("reports an exact too wide for its unit", () => {
    const diags = new Diagnostics();
    const aliases = [
      '{ "aliases": [',
      '{ "note": "MOV", "unit": "ADD", "bifrost": [{ "instruction": "MOV.i32", "modifiers": [], "unit": "add", "exact": "0x701968" }], "valhall": [], "upstream": "t" }',
      "] }",
    ].join("\n");
    const companion = companionOf("aliases.json", aliases, diags);
    const doc = documentOf("notes.txt", "ADD ops..\nMOV:\n// move\n", diags);
    readBifrostNotes({ isa: ISA, diags, documents: [doc], companions: [companion] });
    // 0x701968 is MOV.i32's FMA exact (B3); it needs 23 bits, the ADD word has 20. Variant at column 45.
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "aliases.json:2:45: error[alias-mismatch]: alias 'MOV' (ADD): Bifrost MOV.i32 exact 0x701968 does not fit the 20-bit ADD word",
    ]);
  });
});
