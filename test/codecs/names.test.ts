/**
 * The names the TS codecs give what a document leaves unnamed: enum values (from their display
 * text, `none` for one that displays as nothing, `value<n>` for one with no text) and the fields
 * interfaces of instructions (after an instruction, unique even where names collide).
 *
 * @needs-upstream mesa
 */
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import ts from "typescript";
import { codecView } from "../../generator/emit/codec/codecView";
import type { EnumDef } from "../../generator/model/types";
import * as ir3 from "../../out/ts/ir3";
import * as r500 from "../../out/ts/r500";
import * as valhall from "../../out/ts/valhall";
import { at, enumDef, field, instruction, model } from "../helpers/modelFactory";
import { TEST_OUT } from "../helpers/testOutput";

const values = (
  name: string,
  entries: [number, string | undefined, string | undefined, boolean?][],
): EnumDef => ({
  ...enumDef(name, [], 1),
  values: entries.map(([value, valueName, display, reserved]) => ({
    value,
    ...(valueName === undefined ? {} : { name: valueName }),
    ...(display === undefined ? {} : { display }),
    ...(reserved ? { reserved } : {}),
    source: at(2 + value),
  })),
});

describe("enum value symbols", () => {
  const symbolsOf = (e: EnumDef) => codecView(model({ enums: [e] }), []).enums[0].symbols;

  test("from the display text: leading dots and enclosing parentheses go, other text stays", () => {
    const e = values("#mixed", [
      [0, undefined, ".unsigned"],
      [1, undefined, "(rpt1)"],
      [2, undefined, "(1/log2(e))"],
      [3, undefined, "16.32"],
      [4, ".f32", ""],
      [5, "GT", "two words"],
    ]);
    expect(symbolsOf(e)).toEqual(["unsigned", "rpt1", "1/log2(e)", "16.32", "f32", "GT"]);
  });

  test("a value that displays as nothing is none, after every value with text chose", () => {
    const e = values("#rpt", [
      [0, undefined, ""],
      [1, undefined, "none"],
      [2, undefined, ""],
    ]);
    expect(symbolsOf(e)).toEqual([null, "none", null]);
    expect(
      symbolsOf(
        values("#rptN", [
          [0, undefined, ""],
          [1, undefined, "(rpt1)"],
        ]),
      ),
    ).toEqual(["none", "rpt1"]);
  });

  test("no text, reserved, taken or shaped like value<n>: no symbol (value<n> at run time)", () => {
    const e = values("#rest", [
      [0, undefined, undefined],
      [1, "X", undefined, true],
      [2, "x", undefined],
      [3, undefined, "x"],
      [4, "value9", undefined],
    ]);
    expect(symbolsOf(e)).toEqual([null, null, "x", null, null]);
  });

  test("the shipped codecs decode and encode by those names", () => {
    const fields = { ...ir3.decode([0, 0])!.fields };
    expect(fields).toMatchObject({ REPEAT: "none" });
    const words = ir3.encode({
      name: "dp2acc",
      fields: {
        SRC2_R: false,
        SRC3_R: false,
        DST: 1,
        REPEAT: "none",
        SRC1_R: false,
        SS: false,
        UL: false,
        SRC2: 2,
        JP: false,
        SY: false,
        SRC1: 3,
        SRC_SIGN: "mixed",
        SRC3: 4,
        SRC_PACK: "high",
        SRC3_NEG: false,
        SAT: false,
      },
    });
    expect(ir3.decode(words)?.fields).toMatchObject({ SRC_SIGN: "mixed", SRC_PACK: "high" });
    // The display is `{SY}{SS}{JP}{SAT}(nop{NOP}) {UL}{NAME}{SRC_SIGN}{SRC_PACK} {DST}, …`.
    expect(ir3.disassemble(words)).toContain(" dp2acc.mixed.high r0.y, ");
    expect(r500.decode([2, 0, 0, 0, 0, 0])?.fields).toMatchObject({
      B_ELSE: "value0",
      IGNORE_UNCOVERED: "value0",
    });
    expect(() =>
      ir3.encode({ ...ir3.decode([0, 0])!, fields: { ...fields, REPEAT: "_0" } } as never),
    ).toThrow('nop: field REPEAT: "_0" is not a #rptN value');
    expect(
      ir3.encode({ ...ir3.decode([0, 0])!, fields: { ...fields, REPEAT: "value1" } } as never),
    ).toEqual(
      ir3.encode({ ...ir3.decode([0, 0])!, fields: { ...fields, REPEAT: "rpt1" } } as never),
    );
    const dims = ["1d", "2d", "3d", "cube"] satisfies valhall.Dimension[];
    expect(dims).toHaveLength(4);
  });
});

describe("fields interfaces", () => {
  const u = (name: string) => field(name, 0, 3, 1);
  const view = codecView(
    model({
      enums: [values("Add Fields", [[0, "a", undefined]])],
      instructions: [
        instruction("add", [0, 0], [1, 0], 1, { fields: [u("A")] }),
        instruction("ADD", [1, 0], [1, 0], 2, { fields: [u("B")] }),
        instruction("sub.f32", [0, 1], [1, 1], 3, { fields: [u("A")] }),
        instruction("sub-f32", [1, 1], [1, 1], 4, { fields: [u("C")] }),
      ],
    }),
    [],
  );

  test("named after the first instruction that has them, numbered where a name is taken", () => {
    expect(view.enums[0].typeName).toBe("AddFields");
    expect(view.groups.map((g) => [g.typeName, g.namesType, g.names])).toEqual([
      ["AddFields2", "AddFields2Name", ['"add"', '"sub.f32"']],
      ["AddFields3", "AddFields3Name", ['"ADD"']],
      ["SubF32Fields", "SubF32FieldsName", ['"sub-f32"']],
    ]);
  });

  test("a type error names the instructions' interfaces", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-names-"));
    try {
      const file = path.join(dir, "use.ts");
      const codec = path.join(TEST_OUT, "ts", "ir3");
      writeFileSync(
        file,
        `import { decode } from ${JSON.stringify(codec)};\nexport const x = decode([0, 0])!.fields.NOPE;\n`,
      );
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        types: [],
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        lib: ["lib.es2022.d.ts"],
      });
      const [message] = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(message).toBe(
        "Property 'NOPE' does not exist on type 'Required<NopFields> | Required<KillFields> | " +
          "Required<GetlastFields> | Required<BracFields> | ... 49 more ... | Required<...>'.\n" +
          "  Property 'NOPE' does not exist on type 'Required<NopFields>'.",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
