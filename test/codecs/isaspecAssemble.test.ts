/**
 * The isaspec runtime as a whole, without a generated codec: a two-instruction ISA filled into the
 * stand-in tables (codecTables.ts), printed by the display interpreter (isaspecDisplay.ts
 * `interpret`) and read back by the assembler (isaspecAssemble.ts). Words and texts by hand:
 * mov is bits 0..3 = 1, DST 4..7, IMM 8..15 (signed), printed `mov r{DST}, #{IMM}`; nop is 0.
 */
import { AssemblyError } from "../../generator/runtime/codec/assemblyError";
import { INSTRUCTIONS, ISA, SYNTAX } from "../../generator/runtime/codec/codecTables";
import type { InstructionSpec } from "../../generator/runtime/codec/codecTypes";
import { fieldSpec } from "../helpers/fieldSpec";

let display: typeof import("../../generator/runtime/codec/isaspecDisplay");
let asm: typeof import("../../generator/runtime/codec/isaspecAssemble");

const MOV: InstructionSpec = {
  name: "mov",
  mnemonic: "mov",
  match: [0x1],
  tested: [0xf],
  dontCare: [0],
  gen: null,
  fields: [fieldSpec("DST", [4, 7], "uint"), fieldSpec("IMM", [8, 15], "int")],
  display: "{NAME} r{DST}, #{IMM}",
  index: 0,
};
const NOP: InstructionSpec = {
  name: "nop",
  mnemonic: "nop",
  match: [0],
  tested: [0xf],
  dontCare: [0],
  gen: null,
  fields: [],
  display: "{NAME}",
  index: 1,
};

beforeAll(async () => {
  ISA.wordCount = 1;
  INSTRUCTIONS.push(MOV, NOP);
  Object.assign(SYNTAX, { instructions: {}, bitsets: {}, text: {} });
  display = await import("../../generator/runtime/codec/isaspecDisplay");
  asm = await import("../../generator/runtime/codec/isaspecAssemble");
});

test("the interpreter prints the display template", () => {
  expect(display.interpret([0xfe31], MOV, null)).toBe("mov r3, #-2");
  expect(display.interpret([0x0], NOP, null)).toBe("nop");
});

test("the assembler reads it back", () => {
  expect(Array.from(asm.assemble("mov r3, #-2"))).toEqual([0xfe31]);
  expect(Array.from(asm.assemble("mov r15,#127"))).toEqual([0x7ff1]);
  expect(Array.from(asm.assemble("nop"))).toEqual([0]);
});

test("text that no instruction prints is an AssemblyError", () => {
  expect(() => asm.assemble("mov r3")).toThrow(AssemblyError);
  expect(() => asm.assemble("mov r16, #0")).toThrow(AssemblyError);
});
