/**
 * The bifrost-xml reader on Mesa's Bifrost ISA.xml (read in place from the mesa tree) with the
 * bifrost-clauses companion, and on small broken documents. Counts and states are the facts of
 * ../shared/docs/bifrost-clauses.md §7.2, §7.5, §7.7 and §11, not the reader's output.
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { checkAgainstSchema, parseJsonWithPositions } from "../../generator/load/loadJson";
import type { SlotState } from "../../generator/model/types";
import { modifierLookup } from "../../generator/emit/codec/bifrost/modifierLookup";
import { validateModel } from "../../generator/model/validateModel";
import { readBifrostIsa } from "../../generator/readers/readBifrostIsa";
import type { LoadedCompanion, LoadedDocument } from "../../generator/readers/readerTypes";
import { recoverText } from "../../generator/recover/recoverDocument";
import { BIFROST_ISA } from "../helpers/bifrostIsaInfo";
import { readShippedSpec, SPECS_DIR } from "../helpers/shippedModels";

const ROOT = path.join(__dirname, "..", "..");

const ISA = BIFROST_ISA;

function clausesCompanion(diags: Diagnostics): LoadedCompanion {
  const file = "specs/bifrost/clauses.json";
  const json = parseJsonWithPositions(
    file,
    readFileSync(path.join(SPECS_DIR, "bifrost", "clauses.json"), "utf8"),
    diags,
  )!;
  const schema = JSON.parse(
    readFileSync(
      path.join(ROOT, "generator", "model", "companions", "bifrost-clauses.schema.json"),
      "utf8",
    ),
  ) as object;
  expect(checkAgainstSchema(json, schema, "bifrost-clauses", diags)).toBe(true);
  return { path: file, kind: "bifrost-clauses", data: json.data, locate: json.locate };
}

function readToy(
  xml: string,
  companion: (diags: Diagnostics) => LoadedCompanion = clausesCompanion,
): { states: SlotState[]; diags: string[] } {
  const diags = new Diagnostics();
  const recovered = recoverText("toy/ISA.xml", xml, { xml: true }, diags)!;
  const doc: LoadedDocument = {
    path: "toy/ISA.xml",
    absolutePath: "toy/ISA.xml",
    format: "bifrost-xml",
    role: "upstream",
    recovered,
  };
  const part = readBifrostIsa({
    isa: ISA,
    diags,
    documents: [doc],
    companions: [companion(diags)],
  });
  return { states: part.clauseIsa!.slotStates, diags: diags.items.map(formatDiagnostic) };
}

describe("Mesa's Bifrost ISA.xml", () => {
  const { model: read, diags } = readShippedSpec("bifrost");
  const model = read!;
  const states = model.clauseIsa!.slotStates;
  const named = (mnemonic: string) => states.filter((s) => s.mnemonic === mnemonic);

  test("reads with no error or warning, into a model the schema accepts", () => {
    expect(validateModel(model, diags)).toBe(true);
    expect(diags.items.filter((d) => d.severity !== "note").map(formatDiagnostic)).toEqual([]);
  });

  test("has the states of §7.2: 392 (121 FMA, 271 ADD) of 304 instructions", () => {
    expect(states).toHaveLength(392);
    expect(states.filter((s) => s.unit === "fma")).toHaveLength(121);
    expect(states.filter((s) => s.unit === "add")).toHaveLength(271);
    expect(new Set(states.map((s) => s.mnemonic)).size).toBe(304);
    expect(states.filter((s) => s.encoding !== undefined)).toHaveLength(157);
    expect(states.filter((s) => s.derived.length > 0)).toHaveLength(155);
    expect(
      states.filter((s) => s.derived.some((d) => d.values.some((v) => v.reserved))),
    ).toHaveLength(40);
    expect(states.filter((s) => s.modifiers.some((m) => m.start === undefined))).toHaveLength(212);
    expect(states.filter((s) => modifierLookup(s).ordered)).toHaveLength(12);
  });

  test("*FCMP.f32 lists its modifiers in document order (§7.7) at the bits of §11.1", () => {
    const [fcmp] = named("*FCMP.f32");
    expect([fcmp.mask, fcmp.exact]).toEqual([0x7c0000, 0x240000]);
    expect(fcmp.modifiers.map((m) => [m.name, m.start ?? null, m.default ?? null])).toEqual([
      ["widen0", null, "none"],
      ["widen1", null, "none"],
      ["abs1", 6, "none"],
      ["neg0", 7, "none"],
      ["neg1", 8, "none"],
      ["abs0", 12, "none"],
      ["cmpf", 13, null],
      ["result_type", 16, "i1"],
    ]);
    expect(fcmp.modifiers[7].options[3]).toBe("reserved");
  });

  test("+IADD.v2s16's second encoding (§11.1) and +TEXS_CUBE.f32's immediates and staging (§11.5)", () => {
    expect(named("+IADD.v2s16").map((s) => [s.encoding, s.mask, s.exact])[1]).toEqual([
      1, 0xffcc0, 0xbec40,
    ]);
    const [texs] = named("+TEXS_CUBE.f32");
    expect(texs.staging).toBe(true);
    expect(texs.immediates.map((i) => i.name)).toEqual(["sampler_index", "texture_index"]);
  });

  test("*FADD.v2f16's lookup is §7.5's example", () => {
    const lookup = modifierLookup(named("*FADD.v2f16")[0]);
    expect(lookup.ordered).toBe(true);
    const show = (o: number) =>
      lookup.tables[o].map((a) => (a ? `${a.get("abs0")}/${a.get("abs1")}` : null));
    expect(show(0)).toEqual(["none/none", "abs/none"]);
    expect(show(1)).toEqual(["abs/none", "abs/abs"]);
  });

  test("the clause framing is the companion's", () => {
    const format = model.clauseIsa!.clauseFormat!;
    expect(format.constantPositions[14]).toBeNull();
    expect(format.registerModes.map((m) => m.mode)).not.toContain(25);
    expect(format.source.file).toBe("specs/bifrost/clauses.json");
  });
});

describe("broken documents", () => {
  test("a pseudo instruction is skipped; an unknown child is an error at its position", () => {
    const { states, diags } = readToy(
      '<bifrost>\n  <ins name="A" unit="fma" mask="0x7" exact="0x1" pseudo="true"/>\n' +
        '  <ins name="B" unit="add" mask="0x7" exact="0x2">\n    <bogus/>\n  </ins>\n</bifrost>\n',
    );
    expect(states.map((s) => s.mnemonic)).toEqual(["+B"]);
    expect(diags).toEqual([
      'toy/ISA.xml:4:5: error[unknown-element]: unknown element <bogus> in <ins name="B">',
    ]);
  });

  test("a unit the manifest lacks, a condition on no modifier, a copy of no modifier", () => {
    const { diags } = readToy(
      [
        "<bifrost>",
        '  <ins name="A" unit="xyz" mask="0x7" exact="0x1"/>',
        '  <ins name="B" unit="fma">',
        '    <mod name="m" size="1" opt="neg"/>',
        '    <encoding mask="0x7" exact="0x1">',
        '      <eq left="q" right="#x"/>',
        '      <copy name="z" start="3"/>',
        "    </encoding>",
        "  </ins>",
        "</bifrost>",
        "",
      ].join("\n"),
    );
    expect(diags).toEqual([
      "toy/ISA.xml:2:17: error[unknown-unit]: instruction 'A' has unit 'xyz'; the manifest's units are fma, add",
      "toy/ISA.xml:7:7: error[dangling-reference]: <copy> names modifier 'z', which 'B' does not have",
      "toy/ISA.xml:6:7: error[dangling-reference]: '*B' (encoding 0): a condition names 'q', which is no modifier of the instruction",
    ]);
  });

  test("an exact outside its mask is an error", () => {
    const { diags } = readToy(
      '<bifrost>\n  <ins name="C" unit="add" mask="0x7" exact="0x8"/>\n</bifrost>\n',
    );
    expect(diags).toEqual([
      "toy/ISA.xml:2:3: error[encoding-bits]: '+C': mask 0x7 / exact 0x8 do not fit a 20-bit word with exact inside mask",
    ]);
  });

  test("a modifier or derived field listing more options than its bits hold is an error", () => {
    const { diags } = readToy(
      [
        "<bifrost>",
        '  <ins name="D" unit="fma" mask="0x7" exact="0x1">',
        '    <mod name="m" start="3" size="1"><opt>a</opt><opt>b</opt><opt>c</opt></mod>',
        '    <derived start="4" size="1"><reserved/><reserved/><reserved/></derived>',
        "  </ins>",
        "</bifrost>",
        "",
      ].join("\n"),
    );
    expect(diags).toEqual([
      "toy/ISA.xml:3:5: error[modifier-size]: modifier 'm' lists 3 options, more than its 1 bits hold",
      "toy/ISA.xml:4:5: error[derived-size]: <derived> at bit 4 lists 3 values, more than its 1 bits hold",
    ]);
  });

  test("a companion bit range outside its quadword is an error at the companion", () => {
    const broken = (diags: Diagnostics) => {
      const c = clausesCompanion(diags);
      const data = structuredClone(c.data) as {
        quadwordFields: Record<string, { low: number; high: number }>;
      };
      const [name] = Object.keys(data.quadwordFields);
      data.quadwordFields[name] = { low: 120, high: 130 };
      return { ...c, data };
    };
    const { diags } = readToy(
      '<bifrost>\n  <ins name="E" unit="add" mask="0x7" exact="0x1"/>\n</bifrost>\n',
      broken,
    );
    expect(diags).toEqual([
      "specs/bifrost/clauses.json:5:5: error[clause-format]: tag: bits [120, 130) are not inside 0–127",
    ]);
  });
});
