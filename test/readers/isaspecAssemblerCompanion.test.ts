/** The isaspec-assembler companion: rules checked against the instructions, applied as implicit values. */
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import type { Instruction } from "../../generator/model/types";
import {
  applyAssemblerCompanion,
  assemblerText,
} from "../../generator/readers/isaspec/assemblerCompanion";
import type { LoadedCompanion } from "../../generator/readers/readerTypes";

const at = { file: "a.json", line: 1, column: 1 };

function instruction(name: string): Instruction {
  return {
    name,
    mnemonic: name,
    encoding: { match: [0], mask: [0], dontCare: [0] },
    fields: [{ name: "TYPE", ranges: [{ low: 0, high: 2 }], type: "uint", width: 3, source: at }],
    derived: [],
    overrides: [],
    operands: [],
    modifiers: [],
    notes: [],
    source: at,
    implicit: [{ field: "TYPE", value: 2, why: "constant <encode> map", source: at }],
  } as Instruction;
}

function companion(implicit: unknown[]): LoadedCompanion {
  return {
    path: "a.json",
    kind: "isaspec-assembler",
    data: { assembler: "x", implicit },
    locate: (p) => ({ file: "a.json", line: 1, column: p.length }),
  };
}

test("a rule replaces a constant map's value and says why", () => {
  const ins = [instruction("a"), instruction("b")];
  const diags = new Diagnostics();
  applyAssemblerCompanion(
    companion([{ instructions: ["a"], field: "TYPE", value: 1, why: "parser:1" }]),
    ins,
    diags,
  );
  expect(diags.items).toEqual([]);
  expect(ins[0].implicit).toEqual([
    { field: "TYPE", value: 1, why: "parser:1", source: { file: "a.json", line: 1, column: 2 } },
  ]);
  expect(ins[1].implicit?.map((v) => v.value)).toEqual([2]);
});

test("a rule the parser applies whatever the text is marked always", () => {
  const ins = [instruction("a")];
  const diags = new Diagnostics();
  applyAssemblerCompanion(
    companion([{ instructions: ["a"], field: "TYPE", value: 1, why: "p", always: true }]),
    ins,
    diags,
  );
  expect(ins[0].implicit?.map((v) => [v.value, v.always])).toEqual([[1, true]]);
});

test("unknown instructions and fields and values too wide are errors at the rule", () => {
  const diags = new Diagnostics();
  applyAssemblerCompanion(
    companion([
      { instructions: ["nope"], field: "TYPE", value: 1, why: "w" },
      { instructions: ["a"], field: "NOPE", value: 1, why: "w" },
      { instructions: ["a"], field: "TYPE", value: 8, why: "w" },
    ]),
    [instruction("a")],
    diags,
  );
  expect(diags.items.map(formatDiagnostic)).toEqual([
    "a.json:1:4: error[unknown-instruction]: no instruction 'nope'",
    "a.json:1:3: error[unknown-field]: instruction 'a' has no field 'NOPE'",
    "a.json:1:3: error[value-range]: 8 does not fit field 'TYPE' of 'a' (3 bits)",
  ]);
});

test("text rules: a respelling that is no regular expression is an error at its pattern", () => {
  const diags = new Diagnostics();
  const text = assemblerText(
    {
      path: "a.json",
      kind: "isaspec-assembler",
      data: {
        assembler: "x",
        implicit: [],
        text: {
          integers: { spelling: "c", why: "lexer:1" },
          respellings: [
            { pattern: "(", replacement: "", why: "w" },
            { pattern: "a$", replacement: "b", why: "w" },
          ],
        },
      },
      locate: (p) => ({ file: "a.json", line: p.length, column: 1 }),
    },
    diags,
  );
  expect(diags.items.map((d) => d.message)).toEqual([
    "not a regular expression: Invalid regular expression: /(/g: Unterminated group",
  ]);
  expect(text).toEqual({
    integers: { spelling: "c", why: "lexer:1", source: { file: "a.json", line: 2, column: 1 } },
    respellings: [
      { pattern: "a$", replacement: "b", why: "w", source: { file: "a.json", line: 3, column: 1 } },
    ],
  });
});
