/** Small hand-built models for testing the analyzer and emitters without any reader. */
import type { EnumDef, Field, Instruction, IsaModel, SourceRef } from "../../generator/model/types";

export const at = (line: number, column = 1): SourceRef => ({ file: "t.xml", line, column });

export function field(
  name: string,
  low: number,
  high: number,
  line: number,
  extra: Partial<Field> = {},
): Field {
  return {
    name,
    ranges: [{ low, high }],
    width: high - low + 1,
    type: "uint",
    source: at(line),
    ...extra,
  };
}

/** An instruction over two words whose fixed bits are `mask`/`match` (given as [low, high] words). */
export function instruction(
  name: string,
  match: number[],
  mask: number[],
  line: number,
  extra: Partial<Instruction> = {},
): Instruction {
  return {
    name,
    mnemonic: name.toLowerCase(),
    encoding: { match, mask, dontCare: [0, 0] },
    fields: [],
    derived: [],
    overrides: [],
    operands: [],
    modifiers: [],
    notes: [],
    source: at(line),
    ...extra,
  };
}

export function enumDef(name: string, values: number[], line: number): EnumDef {
  return {
    name,
    values: values.map((value, i) => ({ value, name: `V${value}`, source: at(line + 1 + i) })),
    source: at(line),
  };
}

export function model(parts: Partial<IsaModel>): IsaModel {
  return {
    schemaVersion: "2.0.0",
    isa: {
      id: "t",
      title: "T",
      vendor: "V",
      instructionWidth: 64,
      wordSize: 32,
      byteOrder: "little",
      wordCount: 2,
      source: at(1),
    },
    documents: [],
    enums: [],
    bitsets: [],
    instructions: [],
    registers: [],
    lookupTables: [],
    notes: [],
    ...parts,
  };
}
