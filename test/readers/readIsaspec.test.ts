/**
 * The isaspec reader on the ir3 seed page (with the cat0 fixture's companion, test/helpers/ir3Cat0),
 * on the shipped ir3 (Mesa's documents with the seed page as cat0) and on small broken inputs.
 * Expected values are derived by hand from source-formats.md §A and the documents, as cited.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { orWords, rangesMask } from "../../generator/model/bits";
import type { Instruction, IsaInfo } from "../../generator/model/types";
import { parseExpr } from "../../generator/model/expr";
import { readIsaspec } from "../../generator/readers/readIsaspec";
import type { LoadedDocument, ModelPart } from "../../generator/readers/readerTypes";
import { recoverText } from "../../generator/recover/recoverDocument";
import { needing } from "../helpers/builtSpecs";
import { readIr3Cat0 } from "../helpers/ir3Cat0";
import { errorsOf, readShippedSpec, SPECS_DIR } from "../helpers/shippedModels";
import { ISASPEC_FIXTURES, loadedIsaspec, readIsaspecDocuments } from "../helpers/isaspecText";

const FIXTURES = ISASPEC_FIXTURES;
const loaded = loadedIsaspec;

function run(documents: (diags: Diagnostics) => LoadedDocument[]): {
  part: ModelPart;
  diags: Diagnostics;
  errors: string[];
} {
  const { part, diags } = readIsaspecDocuments(documents);
  return { part, diags, errors: errorsOf(diags) };
}

/** Lines 1–4 are a 64-bit root `#i`; the body starts at line 5. */
const PRELUDE = ["<isa>", '<bitset name="#i" size="64">', "<display>{NAME}</display>", "</bitset>"];

function readBody(...body: string[]) {
  return run((d) => [loaded("t.xml", [...PRELUDE, ...body, "</isa>", ""].join("\n"), d)]);
}

describe("readIsaspec on the ir3 seed page + the cat0 fixture's companion", () => {
  const { model, diags } = readIr3Cat0();
  const byName = (n: string): Instruction => model!.instructions.find((i) => i.name === n)!;

  test("no errors", () => {
    expect(errorsOf(diags)).toEqual([]);
  });

  test("26 leaves, in document order", () => {
    // The non-'#' bitsets of ir3-cat0.xml, as they appear in the seed.
    expect(model!.instructions.map((i) => i.name)).toEqual([
      "nop",
      "end",
      "ret",
      "emit",
      "cut",
      "chmask",
      "chsh",
      "flow_rev",
      "shpe",
      "predt",
      "predf",
      "prede",
      "kill",
      "jump",
      "call",
      "bkt",
      "getlast",
      "getone",
      "shps",
      "brac",
      "brax",
      "br",
      "bany",
      "ball",
      "brao",
      "braa",
    ]);
  });

  test("match / mask / dontCare from source-formats.md A.3 (words [low, high])", () => {
    const nop = byName("nop").encoding;
    expect(nop.match).toEqual([0, 0x00000000]);
    expect(nop.dontCare).toEqual([0, 0x000c081f]);
    expect(nop.mask).toEqual([0, 0xe7fee8ff]);
    const jump = byName("jump").encoding;
    expect(jump.match).toEqual([0, 0x01000000]);
    expect(jump.dontCare).toEqual([0, 0x007ce8ff]);
    // Hand-derived: jump's patterns cover 32..39, 43, 45..47, 49..58, 61..63 of the high word.
    expect(jump.mask).toEqual([0, 0xe7fee8ff]);
    const br = byName("br").encoding;
    expect(br.match).toEqual([0, 0x00800000]);
    expect(br.dontCare).toEqual([0, 0x000ce81f]);
    expect(br.mask).toEqual([0, 0xe78ee8ff]);
  });

  test("every leaf covers all 64 bits with patterns and fields (A.3 validate_isa)", () => {
    for (const ins of model!.instructions) {
      const covered = orWords(
        ins.encoding.mask,
        rangesMask(
          2,
          ins.fields.flatMap((f) => f.ranges),
        ),
      );
      expect({ name: ins.name, covered }).toEqual({
        name: ins.name,
        covered: [0xffffffff, 0xffffffff],
      });
    }
  });

  test('gen: the root\'s min 300 everywhere, getlast min 600 (seed <gen min="600"/>)', () => {
    expect(byName("getlast").gen).toEqual({ min: 600, max: 4294967295 });
    expect(byName("nop").gen).toEqual({ min: 300, max: 4294967295 });
  });

  test("display, extends, mnemonic", () => {
    // A.6: the display nop inherits from #instruction-cat0-0src.
    expect(byName("nop").display).toBe("{SY}{SS}{EQ}{JP}{REPEAT}{NAME}");
    expect(byName("br").display).toBe("{SY}{SS}{EQ}{JP}{NAME} {INV1}p0.{COMP1}, #{IMMED}");
    expect(byName("br").extends).toEqual([
      "#instruction-cat0-branch-1src",
      "#instruction-cat0-branch",
      "#instruction-cat0",
      "#instruction",
    ]);
    expect(byName("br").mnemonic).toBe("br");
    expect(byName("brax").display).toBeUndefined();
  });

  test("fields at absolute bits with their types", () => {
    const nop = byName("nop");
    expect(nop.fields.map((f) => f.name)).toEqual(["IMMED", "REPEAT", "SS", "EQ", "JP", "SY"]);
    const immed = nop.fields[0];
    expect(immed).toMatchObject({ ranges: [{ low: 0, high: 31 }], width: 32, type: "branch" });
    expect(nop.fields[1]).toMatchObject({
      ranges: [{ low: 40, high: 42 }],
      type: "enum",
      enum: "#rptN",
    });
    expect(nop.fields[2]).toMatchObject({
      ranges: [{ low: 44, high: 44 }],
      type: "bool",
      display: "(ss)",
    });
    const comp2 = byName("brao").fields.find((f) => f.name === "COMP2")!;
    expect(comp2).toMatchObject({ ranges: [{ low: 46, high: 47 }], type: "enum", enum: "#swiz" });
    expect(comp2.doc).toBe("Predicate register (p0.c) component for source 2");
  });

  test("getlast: derived CLUSTER_SIZE, encode maps, doc", () => {
    const g = byName("getlast");
    // A.1: a derived field without width= is 1 bit wide.
    expect(g.derived).toEqual([
      expect.objectContaining({
        name: "CLUSTER_SIZE",
        type: "uint",
        expr: "2ULL << {W}",
        width: 1,
      }),
    ]);
    expect(g.attributes).toMatchObject({
      "encode.W": "util_logbase2(8) - 1",
      "encode.IMMED": "src->cat0.immed",
      "encode.EQ": "!!(src->flags & IR3_INSTR_EQ)",
      "encode.SS": "!!(src->flags & IR3_INSTR_SS)",
      "encode:type": "struct ir3_instruction *",
      "encode:case-prefix": "OPC_",
    });
    expect(g.doc?.startsWith("Perform a jump for all fibers")).toBe(true);
  });

  test("enums from the companion (A.11)", () => {
    expect(model!.enums.map((e) => [e.name, e.values.map((v) => [v.value, v.display])])).toEqual([
      [
        "#rptN",
        [
          [0, ""],
          [1, "(rpt1)"],
          [2, "(rpt2)"],
          [3, "(rpt3)"],
          [4, "(rpt4)"],
          [5, "(rpt5)"],
        ],
      ],
      [
        "#swiz",
        [
          [0, "x"],
          [1, "y"],
          [2, "z"],
          [3, "w"],
        ],
      ],
    ]);
    expect(model!.enums[0].source.file).toBe("specs/ir3/ir3-companion.xml");
  });

  test("sources point into the page as given", () => {
    // The seed page is one line; nop's <bitset> starts where its text does in the raw page.
    const page = readFileSync(path.join(SPECS_DIR, "ir3-cat0", "ir3-cat0.xml.page.txt"), "utf8");
    expect(byName("nop").source).toEqual({
      file: "specs/ir3/ir3-cat0.xml.page.txt",
      line: 1,
      column: page.indexOf('<bitset name="nop"') + 1,
    });
  });

  test("the one warning: brax has no display template", () => {
    // brax extends #instruction-cat0-branch, and neither it nor an ancestor has a <display>.
    const page = readFileSync(path.join(SPECS_DIR, "ir3-cat0", "ir3-cat0.xml.page.txt"), "utf8");
    const column = page.indexOf('<bitset name="brax"') + 1;
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `specs/ir3/ir3-cat0.xml.page.txt:1:${column}: warning[no-display]: instruction 'brax' has no display template (neither it nor an ancestor has a <display>), so its assembly syntax is unknown`,
    ]);
  });
});

needing({ trees: ["mesa"] }).describe(
  "readIsaspec on the shipped ir3: ir3.xml imports ir3-common.xml, ir3-cat0.xml (the seed page's document), cat1..cat7",
  () => {
    const { model, diags } = readShippedSpec("ir3");
    const byName = (n: string): Instruction => model!.instructions.find((i) => i.name === n)!;
    const fixture = readIr3Cat0().model!;

    test("no errors", () => {
      expect(errorsOf(diags)).toEqual([]);
    });

    test("Mesa's ir3-cat0.xml is the seed page's document: cat0's 26 leaves come first, in the seed's order, as the fixture's", () => {
      // ir3.xml imports ir3-common.xml (no leaves), then ir3-cat0.xml … ir3-cat7.xml in that order.
      const names = model!.instructions.map((i) => i.name);
      expect(names.slice(0, 26)).toEqual(fixture.instructions.map((i) => i.name));
      expect(names[26]).toBe("mov-immed"); // the first leaf of ir3-cat1.xml
      const fromCat0 = model!.instructions.filter(
        (i) => i.source.file === "mesa:src/freedreno/isa/ir3-cat0.xml",
      );
      expect(fromCat0.map((i) => i.name)).toEqual(names.slice(0, 26));
    });

    test("ir3.xml's #instruction adds nothing to cat0's encodings, fields or displays", () => {
      // The real root, like the fixture's, has no <field> or <pattern>: only <gen min="300"/> and <encode>.
      // Only the sources differ: the page lost its line breaks, Mesa's ir3-cat0.xml has them.
      const sourceless = (x: unknown) =>
        JSON.parse(
          JSON.stringify(x, (k, v: unknown) => (k === "source" ? undefined : v)),
        ) as unknown;
      for (const ins of fixture.instructions) {
        const shipped = byName(ins.name);
        expect(shipped.encoding).toEqual(ins.encoding);
        expect(sourceless(shipped.fields)).toEqual(sourceless(ins.fields));
        expect(shipped.display).toEqual(ins.display);
        expect(shipped.gen).toEqual(ins.gen);
      }
      expect(byName("nop").encoding).toEqual({
        match: [0, 0x00000000],
        mask: [0, 0xe7fee8ff],
        dontCare: [0, 0x000c081f],
      });
    });

    test("every leaf covers all 64 bits with patterns, fields and <assert>s (isa.py's leaf check)", () => {
      // isa.py counts a default-case <assert> with the fields (cat5 isam's BASE_HI, bits 19..20 and
      // 47, are fields of an override only, asserted 0 otherwise).
      expect(model!.instructions).toHaveLength(248);
      for (const ins of model!.instructions) {
        const covered = orWords(
          ins.encoding.mask,
          rangesMask(2, [
            ...ins.fields.flatMap((f) => f.ranges),
            ...(ins.assertions ?? []).map((a) => ({ low: a.low, high: a.high })),
          ]),
        );
        expect({ name: ins.name, covered }).toEqual({
          name: ins.name,
          covered: [0xffffffff, 0xffffffff],
        });
      }
    });

    test("the root's <encode> maps are ir3.xml's (src->dsts[0], not the older src->regs[0])", () => {
      expect(byName("nop").attributes).toMatchObject({
        "encode.DST": "src->dsts[0]",
        "encode.SRC1": "src->srcs[0]",
        "encode:type": "struct ir3_instruction *",
      });
    });

    test("#rptN and #swiz come from ir3-common.xml (lines 280 and 298), with the fixture's values", () => {
      const e = (name: string) => model!.enums.find((x) => x.name === name)!;
      expect(e("#rptN").source).toEqual({
        file: "mesa:src/freedreno/isa/ir3-common.xml",
        line: 280,
        column: 1,
      });
      expect(e("#swiz").source).toEqual({
        file: "mesa:src/freedreno/isa/ir3-common.xml",
        line: 298,
        column: 1,
      });
      for (const name of ["#rptN", "#swiz"])
        expect(e(name).values.map((v) => [v.value, v.display])).toEqual(
          fixture.enums.find((x) => x.name === name)!.values.map((v) => [v.value, v.display]),
        );
    });

    test("the reader's warnings on Mesa's documents, by kind; brax's is the fixture's", () => {
      const lines = diags.items.map(formatDiagnostic);
      const kinds: Record<string, number> = {};
      for (const l of lines) {
        const m = / warning\[([a-z-]+)\]/.exec(l);
        kinds[m![1]] = (kinds[m![1]] ?? 0) + 1;
      }
      // enum-width and overlap come later, from the analysis (readIsaspecMesa.test.ts counts them).
      expect(kinds).toEqual({
        "dangling-reference": 4,
        "field-redefined": 7,
        "ignored-pattern": 3,
        "no-display": 1,
        "stray-text": 1,
      });
      // The fixture's one warning, on the same <bitset> at its line in Mesa's ir3-cat0.xml.
      expect(readIr3Cat0().diags.items.map((d) => d.message)).toEqual([
        "instruction 'brax' has no display template (neither it nor an ancestor has a <display>), so its assembly syntax is unknown",
      ]);
      expect(lines).toContain(
        "mesa:src/freedreno/isa/ir3-cat0.xml:264:1: warning[no-display]: instruction 'brax' has no display template (neither it nor an ancestor has a <display>), so its assembly syntax is unknown",
      );
      // ir3-cat3.xml:63: `<pattern pos="12">1</pattern>` inside an <override>.
      expect(lines).toContain(
        "mesa:src/freedreno/isa/ir3-cat3.xml:63:3: warning[ignored-pattern]: a <pattern> inside <override> is ignored (isaspec takes fixed bits only from the bitset itself); use <assert>",
      );
    });
  },
);

describe("readIsaspec features", () => {
  test("imports: read relative to the importing document, each file once", () => {
    const main = path.join(FIXTURES, "import", "main.xml");
    const { part, diags } = run((d) => [
      loaded("test/fixtures/isaspec/import/main.xml", readFileSync(main, "utf8"), d, main),
    ]);
    expect(diags.items.map(formatDiagnostic)).toEqual([]);
    expect(part.enums!.map((e) => e.name)).toEqual(["#color"]);
    expect(part.enums![0].source).toEqual({
      file: "test/fixtures/isaspec/import/common.xml",
      line: 3,
      column: 1,
    });
    expect(part.enums![0].values.map((v) => v.value)).toEqual([0, 1]);
    const op = part.instructions![0];
    expect(op.name).toBe("op");
    expect(op.extends).toEqual(["#root"]);
    expect(op.display).toBe("{NAME} {C}");
    expect(op.encoding.match).toEqual([0x00000001, 0]);
    expect(op.encoding.mask).toEqual([0xfffffcff, 0xffffffff]);
    expect(op.encoding.dontCare).toEqual([0xfffffc00, 0xffffffff]);
  });

  test("multi-gen leaves become one instruction per generation range (A.10)", () => {
    const { part, errors } = readBody(
      '<bitset name="m" extends="#i"><gen min="300" max="599"/></bitset>',
      '<bitset name="m" extends="#i" displayname="mm"><gen min="600"/></bitset>',
    );
    expect(errors).toEqual([]);
    expect(part.instructions!.map((i) => [i.name, i.mnemonic, i.gen])).toEqual([
      ["m.gen300_599", "m", { min: 300, max: 599 }],
      ["m.gen600", "mm", { min: 600, max: 4294967295 }],
    ]);
  });

  test("an instruction keeps the <doc> of the nearest bitset it extends that has one (extendsDoc)", () => {
    const { part, errors } = readBody(
      '<bitset name="#a" extends="#i"><doc>Outer text.</doc></bitset>',
      '<bitset name="#b" extends="#a"><doc>\n\t\tNear text.\n\t</doc></bitset>',
      '<bitset name="#c" extends="#b"></bitset>',
      '<bitset name="own" extends="#c"><doc>Own text.</doc></bitset>',
      '<bitset name="plain" extends="#i"></bitset>',
    );
    expect(errors).toEqual([]);
    expect(part.instructions!.map((i) => [i.name, i.doc, i.extendsDoc])).toEqual([
      ["own", "Own text.", { encoding: "#b", doc: "Near text." }],
      ["plain", undefined, undefined],
    ]);
  });

  test("templates, overrides, named expressions, asserts, meta, bitset-typed fields", () => {
    const { part, errors } = readBody(
      '<template name="T">{A}</template>',
      '<expr name="#is3">{A} == 3 /* three */</expr>',
      '<bitset name="#sub" size="64"><field name="S" low="0" high="63" type="uint"/></bitset>',
      '<bitset name="k" extends="#i">',
      '<meta kind="alu"/>',
      "<display>{NAME} {T}</display>",
      '<field name="A" low="0" high="3" type="uint"/>',
      '<assert low="4" high="5">10</assert>',
      '<derived name="D" type="int" expr="#is3" width="8"/>',
      '<override expr="#is3"><display>{NAME}.three</display><assert pos="6">1</assert></override>',
      '<encode><map name="A" force="true">src->a</map></encode>',
      "</bitset>",
      '<bitset name="u" extends="#i"><field name="X" low="0" high="63" type="#sub"/></bitset>',
    );
    expect(errors).toEqual([]);
    const k = part.instructions!.find((i) => i.name === "k")!;
    expect(k.display).toBe("{NAME} {A}");
    // The assert's bits 4..5 = '10' are expected, not matched on (isa.py counts an assert with
    // the fields; Mesa's decoder reports a difference when it prints the instruction).
    expect(k.encoding.match).toEqual([0, 0]);
    expect(k.encoding.mask).toEqual([0, 0]);
    expect(k.assertions).toEqual([{ bitset: "k", low: 4, high: 5, value: 2 }]);
    expect(k.derived).toEqual([
      expect.objectContaining({ name: "D", type: "int", expr: "{A} == 3 /* three */", width: 8 }),
    ]);
    expect(k.overrides).toEqual([
      expect.objectContaining({
        expr: "{A} == 3 /* three */",
        display: "{NAME}.three",
        fields: [],
        derived: [],
        assertions: [{ bitset: "k", low: 6, high: 6, value: 1 }],
        bitset: "k",
      }),
    ]);
    expect(k.attributes).toEqual({
      "encode.A": "src->a",
      "encode.A:force": "true",
      "meta.kind": "alu",
    });
    const u = part.instructions!.find((i) => i.name === "u")!;
    expect(u.fields[0]).toMatchObject({ name: "X", type: "bitset", bitset: "#sub" });
    expect(part.bitsets).toEqual([expect.objectContaining({ name: "#sub", width: 64 })]);
  });
});

describe("readIsaspec errors (exact diagnostics)", () => {
  test("pattern-length", () => {
    const { errors } = readBody(
      '<bitset name="a" extends="#i">',
      '<pattern low="0" high="3">000</pattern>',
      "</bitset>",
    );
    expect(errors).toEqual([
      "t.xml:6:1: error[pattern-length]: pattern '000' has 3 bits but bits 0..3 are 4 bits",
    ]);
  });

  test("bad-pattern (and no don't-care in an assert)", () => {
    const { errors } = readBody(
      '<bitset name="a" extends="#i">',
      '<pattern low="0" high="3">01a0</pattern>',
      '<assert pos="7">x</assert>',
      "</bitset>",
    );
    expect(errors).toEqual([
      "t.xml:6:1: error[bad-pattern]: pattern '01a0' contains 'a': only '0', '1' and 'x' are allowed",
      "t.xml:7:1: error[bad-pattern]: assert 'x' contains 'x': only '0' and '1' are allowed",
    ]);
  });

  test("dangling extends", () => {
    const { errors, part } = readBody('<bitset name="a" extends="#nope"/>');
    expect(errors).toEqual([
      "t.xml:5:18: error[dangling-reference]: bitset 'a' extends '#nope', which is not defined",
    ]);
    expect(part.instructions).toEqual([]);
  });

  test("cyclic-extends, once per cycle", () => {
    const { errors, part } = readBody(
      '<bitset name="b" extends="c"/>',
      '<bitset name="c" extends="b"/>',
      '<bitset name="d" extends="c"/>',
      '<bitset name="e" extends="e"/>',
    );
    expect(errors).toEqual([
      "t.xml:5:18: error[cyclic-extends]: cyclic extends: b → c → b",
      "t.xml:8:18: error[cyclic-extends]: cyclic extends: e → e",
    ]);
    expect(part.instructions).toEqual([]);
  });

  test("size together with extends", () => {
    const { errors } = readBody('<bitset name="a" extends="#i" size="64"/>');
    expect(errors).toEqual([
      "t.xml:5:31: error[conflicting-attributes]: bitset 'a' has both 'size' and 'extends': a child bitset inherits its size",
    ]);
  });

  test("unknown-element and unknown-attribute: warnings, as isa.py ignores them", () => {
    const { diags } = readBody(
      '<bitset name="a" extends="#i">',
      '<patern low="0" high="3">0000</patern>',
      '<field name="X" pos="1" type="uint" colour="red"/>',
      "</bitset>",
    );
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "t.xml:6:1: warning[unknown-element]: unknown element <patern> in <bitset>; Mesa ignores it",
      "t.xml:7:37: warning[unknown-attribute]: unknown attribute 'colour' on <field>; Mesa ignores it",
    ]);
  });

  test("an enum or expression defined again: a warning, and the later one is used (isa.py's dict)", () => {
    const { diags, part } = readBody(
      '<enum name="#e"><value val="0" display="old"/></enum>',
      '<enum name="#e"><value val="0" display="new"/></enum>',
      '<expr name="#x">1</expr>',
      '<expr name="#x">0</expr>',
    );
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "t.xml:6:1: warning[duplicate-name]: enum '#e' is defined again (first at t.xml:5:1); Mesa uses this later one",
      "t.xml:8:1: warning[duplicate-name]: expression '#x' is defined again (first at t.xml:7:1); Mesa uses this later one",
    ]);
    expect(part.enums?.find((e) => e.name === "#e")?.values.map((v) => v.display)).toEqual(["new"]);
  });

  test("missing-attribute: enum value without display", () => {
    const { errors } = readBody('<enum name="#e">', '<value val="1"/>', "</enum>");
    expect(errors).toEqual([
      "t.xml:6:1: error[missing-attribute]: <value> in enum '#e' has no 'display' attribute",
    ]);
  });

  test("bad-number", () => {
    const { errors } = readBody(
      '<bitset name="a" extends="#i">',
      '<field name="X" low="a" high="3" type="uint"/>',
      "</bitset>",
    );
    expect(errors).toEqual([
      "t.xml:6:17: error[bad-number]: field 'X': low=\"a\" is not a decimal number between 0 and 4294967295",
    ]);
  });

  test("field-overlap: a child redefining bits of an ancestor's pattern or field", () => {
    const { errors } = readBody(
      '<bitset name="#mid" extends="#i">',
      '<pattern low="8" high="11">0000</pattern>',
      '<field name="F" low="12" high="15" type="uint"/>',
      "</bitset>",
      '<bitset name="leaf" extends="#mid">',
      '<pattern low="10" high="13">0000</pattern>',
      '<field name="G" low="4" high="8" type="uint"/>',
      "</bitset>",
    );
    expect(errors).toEqual([
      "t.xml:10:1: error[field-overlap]: pattern 10..13 of 'leaf' redefines bits 10..11, already defined by pattern 8..11 of its ancestor '#mid'\n" +
        "  t.xml:6:1: note: pattern 8..11 of '#mid' is here",
      "t.xml:10:1: error[field-overlap]: pattern 10..13 of 'leaf' redefines bits 12..13, already defined by field 'F' of its ancestor '#mid'\n" +
        "  t.xml:7:1: note: field 'F' of '#mid' is here",
      "t.xml:11:1: error[field-overlap]: field 'G' of 'leaf' redefines bit 8, already defined by pattern 8..11 of its ancestor '#mid'\n" +
        "  t.xml:6:1: note: pattern 8..11 of '#mid' is here",
    ]);
  });

  test("field-overlap inside one bitset: pattern against pattern and field", () => {
    const { errors } = readBody(
      '<bitset name="a" extends="#i">',
      '<pattern low="0" high="3">0000</pattern>',
      '<pattern low="3" high="4">00</pattern>',
      '<field name="F" low="4" high="5" type="uint"/>',
      "</bitset>",
    );
    expect(errors).toEqual([
      "t.xml:7:1: error[field-overlap]: pattern 3..4 of 'a' overlaps field 'F' of the same bitset (bit 4)\n" +
        "  t.xml:8:1: note: field 'F' of 'a' is here",
      "t.xml:7:1: error[field-overlap]: pattern 3..4 of 'a' overlaps pattern 0..3 of the same bitset (bit 3)\n" +
        "  t.xml:6:1: note: pattern 0..3 of 'a' is here",
    ]);
  });

  test("expr-syntax", () => {
    const { errors } = readBody('<expr name="#e">{A} &amp;&amp; </expr>');
    expect(errors).toEqual([
      "t.xml:5:1: error[expr-syntax]: expression '{A} &&': expected a number, {FIELD} or '(', found end of expression at character 7",
    ]);
  });

  test('dangling references: {NAME} in an expression or display (Mesa builds them: warnings), expr="#missing" (isa.py fails: an error)', () => {
    const { diags } = readBody(
      '<expr name="#e">{B} == 1</expr>',
      '<bitset name="a" extends="#i">',
      "<display>{NAME} {Q:align=8}{:align=12}</display>",
      '<field name="A" pos="0" type="bool"/>',
      '<override expr="#e"><display>x</display></override>',
      '<derived name="D" type="uint" expr="#missing"/>',
      "</bitset>",
    );
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "t.xml:5:1: warning[dangling-reference]: {B} in expression '{B} == 1' (override 1 of 'a') names no field or derived field of 'a'; Mesa reads it as nothing (no field 'B')",
      "t.xml:7:1: warning[dangling-reference]: {Q} in the display of 'a' names no field or derived field of 'a'; Mesa reads it as nothing (no field 'Q')",
      "t.xml:10:31: error[dangling-reference]: derived 'D' refers to expression '#missing', which is not defined",
    ]);
  });

  test("unknown-type", () => {
    const { errors, part } = readBody(
      '<bitset name="a" extends="#i">',
      '<field name="X" pos="0" type="#nosuch"/>',
      "</bitset>",
    );
    expect(errors).toEqual([
      "t.xml:6:25: error[unknown-type]: field 'X' of 'a': unknown type '#nosuch' (not a builtin type, an enum or a bitset)",
    ]);
    // The field is still emitted (as custom), so its bits are not lost.
    expect(part.instructions![0].fields[0]).toMatchObject({ name: "X", type: "custom" });
  });

  test("duplicate-name: same generations, or a bitset defined twice and extended", () => {
    const { errors } = readBody(
      '<bitset name="m" extends="#i"><gen min="500"/></bitset>',
      '<bitset name="m" extends="#i"><gen min="500"/></bitset>',
      '<bitset name="#p" extends="#i"/>',
      '<bitset name="#p" extends="#i"/>',
      '<bitset name="q" extends="#p"/>',
    );
    expect(errors).toEqual([
      "t.xml:6:1: error[duplicate-name]: bitset 'm' is defined again for the same generations 500..4294967295 (first at t.xml:5:1)",
      "t.xml:8:1: error[duplicate-name]: bitset '#p' is defined again (first at t.xml:7:1); only leaves may have several definitions, and 'q' extends it",
    ]);
  });

  test("bad-value, bits-outside, instruction-width, gen-range", () => {
    const { errors } = readBody(
      '<bitset name="a" extends="#i">',
      '<field name="X" pos="0" type="bool" call="yes"/>',
      '<pattern low="60" high="70">00000000000</pattern>',
      "</bitset>",
      '<bitset name="#w" size="32"/>',
      '<bitset name="w1" extends="#w"/>',
      '<bitset name="#g" extends="#i"><gen min="500"/></bitset>',
      '<bitset name="g1" extends="#g"><gen min="400"/></bitset>',
    );
    expect(errors).toEqual([
      't.xml:6:37: error[bad-value]: field \'X\': call="yes" must be "true" or "false"',
      "t.xml:7:1: error[bits-outside]: pattern 60..70 of 'a' lies outside the 64-bit instruction",
      "t.xml:9:1: error[instruction-width]: root bitset '#w' is 32 bits but the manifest says instructions are 64 bits",
      "t.xml:12:37: error[gen-range]: bitset 'g1': gen min 400 widens the range 500..4294967295 it inherits from '#g'",
    ]);
  });

  test("warnings: no-display, stray-text, ignored-pattern", () => {
    const { diags } = readBody(
      '<bitset name="#n" size="64"/>',
      '<bitset name="n1" extends="#n"/>',
      '<bitset name="a" extends="#i">oops',
      '<field name="A" pos="0" type="bool"/>',
      '<override><expr>{A}</expr><pattern pos="1">1</pattern></override>',
      "</bitset>",
    );
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "t.xml:6:1: warning[no-display]: instruction 'n1' has no display template (neither it nor an ancestor has a <display>), so its assembly syntax is unknown",
      "t.xml:7:1: warning[stray-text]: text 'oops' directly inside <bitset> is ignored",
      "t.xml:9:27: warning[ignored-pattern]: a <pattern> inside <override> is ignored (isaspec takes fixed bits only from the bitset itself); use <assert>",
    ]);
  });

  test("missing-file import", () => {
    const { errors } = run((d) => [
      loaded("t.xml", '<isa>\n<import file="nope.xml"/>\n</isa>\n', d),
    ]);
    expect(errors).toEqual([
      "t.xml:2:1: error[missing-file]: import of 'nope.xml': 'nope.xml' does not exist",
    ]);
  });

  test("errors inside an imported document are reported in that document", () => {
    const main = path.join(FIXTURES, "import", "broken-main.xml");
    const { diags } = run((d) => [
      loaded("test/fixtures/isaspec/import/broken-main.xml", readFileSync(main, "utf8"), d, main),
    ]);
    expect(diags.items.map(formatDiagnostic)).toEqual([
      "test/fixtures/isaspec/import/broken.xml:4:2: warning[unknown-element]: unknown element <colour> in <bitset>; Mesa ignores it",
      "test/fixtures/isaspec/import/broken-main.xml:4:1: error[missing-file]: import of 'absent.xml': 'test/fixtures/isaspec/import/absent.xml' does not exist",
    ]);
  });
});

describe("isaspec expression checker (A.7 C integer subset)", () => {
  const ok = (text: string) => {
    const r = parseExpr(text);
    if (!r.ok) throw new Error(r.message);
    return r;
  };
  const fail = (text: string) => {
    const r = parseExpr(text);
    return r.ok ? "parsed" : r.message;
  };

  test("accepts the constructs of ir3/etnaviv expressions", () => {
    expect(ok("2ULL << {W}").refs).toEqual(["W"]);
    expect(ok("({SRC1_R} == 0) && !({DST} & 0x1f) || {A} != 1").refs).toEqual([
      "SRC1_R",
      "DST",
      "A",
    ]);
    expect(ok("-{X} * 2 % 3 / 4 + ~0 ^ {Y} | 1 >= 2 <= 3 > 4 < 5 >> 1").refs).toEqual(["X", "Y"]);
    expect(ok("{A} /* p0.x */ != 1").refs).toEqual(["A"]);
    ok("0x7fffffffffffffffULL");
    ok("010u");
  });

  test("C precedence", () => {
    // 1 + 2 * 3: '*' binds tighter; a || b && c: '&&' binds tighter; 1 << 2 < 3: '<<' binds tighter.
    expect(ok("1 + 2 * 3").ast).toEqual({
      kind: "binary",
      op: "+",
      left: { kind: "number", text: "1" },
      right: {
        kind: "binary",
        op: "*",
        left: { kind: "number", text: "2" },
        right: { kind: "number", text: "3" },
      },
    });
    expect(ok("{a} || {b} && {c}").ast).toMatchObject({ op: "||", right: { op: "&&" } });
    expect(ok("1 << 2 < 3").ast).toMatchObject({ op: "<", left: { op: "<<" } });
    expect(ok("1 - 2 - 3").ast).toMatchObject({ op: "-", left: { op: "-" } });
    expect(ok("!-~{a}").ast).toMatchObject({ op: "!", operand: { op: "-", operand: { op: "~" } } });
  });

  test("rejects everything else, saying where", () => {
    expect(fail("")).toBe(
      "expected a number, {FIELD} or '(', found end of expression at character 1",
    );
    expect(fail("{A} &&")).toBe(
      "expected a number, {FIELD} or '(', found end of expression at character 7",
    );
    expect(fail("util_logbase2({A})")).toBe(
      "unexpected identifier 'util_logbase2' (only numbers, {FIELD} references, ISA_GPU_ID() and C operators are allowed) at character 1",
    );
    expect(fail("({A} + 1")).toBe(
      "expected ')' to close the '(' at character 1, found end of expression at character 9",
    );
    expect(fail("{A} ? 1 : 2")).toBe("unexpected character '?' at character 5");
    expect(fail("1 /* open")).toBe("unterminated comment at character 3");
    expect(fail("12abc")).toBe("bad number '12abc' at character 1");
    expect(fail("09")).toBe("bad octal number '09' at character 1");
    expect(fail("{A B}")).toBe("malformed field reference (expected '{NAME}') at character 1");
    expect(fail("1 2")).toBe("unexpected '2' after a complete expression at character 3");
    expect(fail("{A} = 1")).toBe("unexpected character '=' at character 5");
  });
});
