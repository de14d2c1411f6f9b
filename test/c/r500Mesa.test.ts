/**
 * R500: the names Mesa's r300_reg.h gives US_FC_INST and US_FC_ADDR (specs/r500/mesa-names.json,
 * carried into the model by the r500-regs reader) come out of the C header with Mesa's values
 * (r500-and-bifrost.md A4), checked by _Static_assert in test/c/r500-mesa-names.c; the companion is
 * checked against the registers.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { checkAgainstSchema, parseJsonWithPositions } from "../../generator/load/loadJson";
import type { Register } from "../../generator/model/types";
import { attachMesaNames } from "../../generator/readers/r500/mesaNames";
import type { LoadedCompanion } from "../../generator/readers/readerTypes";
import { readShippedSpec, SPECS_DIR } from "../helpers/shippedModels";
import { compile, HEADERS, ROOT, tempDir } from "./cc";

jest.setTimeout(60_000);

const SCHEMA = path.join(ROOT, "generator", "model", "companions", "r500-mesa-names.schema.json");

function companion(file: string, text: string, diags: Diagnostics): LoadedCompanion | undefined {
  const json = parseJsonWithPositions(file, text, diags);
  if (
    !json ||
    !checkAgainstSchema(
      json,
      JSON.parse(readFileSync(SCHEMA, "utf8")) as object,
      "r500-mesa-names",
      diags,
    )
  )
    return undefined;
  return { path: file, kind: "r500-mesa-names", data: json.data, locate: json.locate };
}

describe("R500 Mesa-compatible names", () => {
  it("are _Static_assert-checked against Mesa's values (C11 and C++17)", () => {
    const tmp = tempDir();
    try {
      const source = path.join(__dirname, "r500-mesa-names.c");
      compile(
        ["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", `-I${HEADERS}`],
        source,
      );
      compile(
        ["g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", `-I${HEADERS}`, "-x", "c++"],
        source,
      );
      // The check can fail: a wrong value does not compile.
      const wrong = tmp.write(
        "wrong.c",
        `#include "r500.h"\n_Static_assert(R500_FC_A_OP_PUSH == (1 << 6), "x");\n`,
      );
      expect(() => compile(["gcc", "-std=c11", `-I${HEADERS}`], wrong)).toThrow(
        /static assertion failed/,
      );
    } finally {
      tmp.cleanup();
    }
  });

  it("are in the model: every A4 macro on its register or field", () => {
    const { model, diags } = readShippedSpec("r500");
    expect(diags.items.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
    const names = (r: Register) => [
      ...(r.headerNames ?? []).map((h) => `${h.name} ${h.kind}`),
      ...r.fields.flatMap((f) =>
        (f.headerNames ?? []).map(
          (h) => `${f.name} ${h.name} ${h.kind}${h.value !== undefined ? ` ${h.value}` : ""}`,
        ),
      ),
    ];
    const reg = (n: string) => model!.registers.find((r) => r.name === n)!;
    expect(names(reg("US_FC_ADDR"))).toEqual([
      "R500_US_FC_ADDR_0 offset",
      "BOOL_ADDR R500_FC_BOOL_ADDR setter",
      "INT_ADDR R500_FC_INT_ADDR setter",
      "JUMP_ADDR R500_FC_JUMP_ADDR setter",
      "JUMP_GLOBAL R500_FC_JUMP_GLOBAL mask",
    ]);
    expect(names(reg("US_FC_INST"))).toHaveLength(1 + 8 + 2 + 3 + 2 + 6 + 1);
    expect(names(reg("US_FC_INST"))).toContain("B_OP1 R500_FC_B_OP1_INCR value 2");
    expect(names(reg("US_CMN_INST"))).toEqual([]);
    // The instruction's own copies of the fields stay without them.
    expect(model!.instructions[0].fields.some((f) => f.headerNames)).toBe(false);
    expect(reg("US_FC_INST").headerNames![0].header).toBe(
      "sailfishos-mirror/mesa:src/gallium/drivers/r300/r300_reg.h@630c5ab0",
    );
  });

  it("reports names of registers, fields or values that do not exist, and values that do not fit", () => {
    const { model } = readShippedSpec("r500");
    const diags = new Diagnostics();
    const text = `{
  "header": "h",
  "registers": [
    { "register": "US_NOPE", "fields": [] },
    { "register": "US_CMN_INST", "offset": "R500_NO_OFFSET", "fields": [] },
    { "register": "US_FC_INST", "fields": [
      { "field": "NOPE", "mask": "R500_X" },
      { "field": "A_OP", "values": [{ "name": "R500_Y", "value": "US_FC_A_OP_NOPE" }] },
      { "field": "A_OP", "values": [{ "name": "R500_Z", "value": 4 }] }
    ] }
  ]
}`;
    const c = companion("mesa-names.json", text, diags)!;
    const registers = model!.registers.map((r) =>
      r.name === "US_CMN_INST" ? { ...r, offset: undefined } : r,
    );
    attachMesaNames(c, registers, model!.enums, diags);
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "mesa-names.json:4:7: error[dangling-reference]: Mesa names for register 'US_NOPE', which no register document or companion defines",
      "mesa-names.json:5:34: error[dangling-reference]: 'R500_NO_OFFSET' names the offset of US_CMN_INST, which has none (the framing gives offsets)",
      "mesa-names.json:7:9: error[dangling-reference]: Mesa names for field 'NOPE', which register US_FC_INST does not have",
      "mesa-names.json:8:57: error[dangling-reference]: 'R500_Y' stands for value 'US_FC_A_OP_NOPE', which field US_FC_INST.A_OP does not have",
      "mesa-names.json:9:57: error[bad-number]: 'R500_Z': value 4 does not fit field US_FC_INST.A_OP (2 bits)",
    ]);
  });

  it("has a schema that allows exactly one kind of macro per field", () => {
    const diags = new Diagnostics();
    const text = `{ "header": "h", "registers": [{ "register": "US_FC_INST", "fields": [{ "field": "OP", "mask": "A", "setter": "B" }] }] }`;
    expect(companion("m.json", text, diags)).toBeUndefined();
    expect(diags.items.map((d) => d.code)).toContain("schema");
    expect(
      companion(
        "shipped.json",
        readFileSync(path.join(SPECS_DIR, "r500", "mesa-names.json"), "utf8"),
        new Diagnostics(),
      ),
    ).toBeDefined();
  });
});
