/**
 * The handler table the generated dispatch (out/dispatch/etnaviv.ts) runs: one handler per
 * instruction id. Each handler decodes its words with the codec and applies the instruction.
 *
 * @needs-upstream mesa
 */
import type { InstructionName } from "../../out/ts/etnaviv";
import {
  INSTRUCTION_NAMES,
  InstructionId,
  type Handler,
  type HandlerTable,
} from "../../out/dispatch/etnaviv";
import { EmulatorError } from "../core/runLoop";
import { ALU_OPS, type AluOp } from "./aluOps";
import { bitsToFloat, type Rounding } from "./bits";
import { conditionArity, holds } from "./conditions";
import { TYPE_NAMES, instructionError, readInstruction, type EtnaInstruction } from "./instruction";
import { IMMEDIATE_GROUP, readSources, writeDest, type Numeric } from "./operands";
import type { EtnavivState } from "./state";

/** The emulated types: the 32-bit INST_TYPEs (no 8/16-bit or packed data). */
function numericOf(inst: EtnaInstruction): Numeric {
  switch (TYPE_NAMES[inst.type]) {
    case "f32":
      return "float";
    case "s32":
      return "signed";
    case "u32":
      return "unsigned";
    default:
      throw instructionError(
        inst,
        `type .${TYPE_NAMES[inst.type]} is not emulated (only f32, s32, u32)`,
      );
  }
}

function roundingOf(inst: EtnaInstruction): Rounding {
  // INST_ROUND_MODE: DEFAULT (taken as IEEE round-to-nearest-even), RTZ, RTNE.
  if (inst.rmode === 1) return "rtz";
  if (inst.rmode === 0 || inst.rmode === 2) return "rtne";
  throw instructionError(inst, `rounding mode ${inst.rmode} is not in INST_ROUND_MODE`);
}

/** Saturate (SAT): clamp a float to [0, 1]; NaN becomes 0. */
function saturate(bits: number): number {
  const v = bitsToFloat(bits);
  return v > 1 ? 0x3f800000 : v > 0 ? bits : 0;
}

/** Sources the condition compares: none for TRUE, src0 for unary ones, src0 and src1 otherwise. */
function conditionReads(inst: EtnaInstruction): number[] {
  return [[], [0], [0, 1]][conditionArity(inst)];
}

function checkSingleThread(inst: EtnaInstruction): void {
  if (inst.thread !== 0)
    throw instructionError(
      inst,
      `dual-16 thread select (SEL_BIT1:SEL_BIT0 = ${inst.thread}) is not emulated`,
    );
}

function aluHandler(name: InstructionName, op: AluOp): Handler<EtnavivState> {
  return (words, state) => {
    const inst = readInstruction(words, state, name);
    checkSingleThread(inst);
    const numeric = numericOf(inst);
    if (op.types === "float" && numeric !== "float")
      throw instructionError(
        inst,
        `type .${TYPE_NAMES[inst.type]} is not emulated for ${name} (f32 only)`,
      );
    if (op.types === "integer" && numeric === "float")
      throw instructionError(inst, `${name} needs an integer type (.s32 or .u32), got f32`);
    const arity = conditionArity(inst);
    if (name === "select" && arity === 0)
      throw instructionError(inst, "select needs a condition (COND is TRUE)");
    const reads = [
      ...op.reads,
      ...conditionReads(inst),
      ...(op.optional ?? []).filter((i) => inst.src[i].use),
    ];
    const src = readSources(inst, state, reads, numeric);
    const test = (a: number, b: number) => holds(inst.cond, a, b, numeric);
    let bits = op.run({ src, numeric, rounding: roundingOf(inst), test, unary: arity === 1 });
    if (inst.sat) {
      if (numeric !== "float")
        throw instructionError(
          inst,
          `saturate on the integer type .${TYPE_NAMES[inst.type]} is not emulated`,
        );
      bits = bits.map(saturate);
    }
    // Any other op with a condition writes only the components where src0 COND src1 holds.
    const enabled = [0, 1, 2, 3].map(
      (c) => op.condIsOperand || arity === 0 || test(src[0]![c], src[1]?.[c] ?? 0),
    );
    writeDest(inst, state, bits, enabled);
  };
}

/**
 * BRANCH: "pc := src2_imm if src0 COND src1", tested on the x components. etnaviv.xml has one
 * leaf per number of sources: branch (none), branch_unary (src0), branch_binary (src0, src1).
 */
const BRANCHES = ["branch", "branch_unary", "branch_binary"] as const;
const branchHandler =
  (name: InstructionName): Handler<EtnavivState> =>
  (words, state) => {
    const inst = readInstruction(words, state, name);
    const numeric = numericOf(inst);
    // Seed: immediates are possible "for source arguments for other instructions than control flow".
    for (const i of conditionReads(inst))
      if (inst.src[i].use && inst.src[i].group === IMMEDIATE_GROUP)
        throw instructionError(
          inst,
          `src${i} is an inline immediate, which control flow instructions cannot take`,
        );
    const src = readSources(inst, state, conditionReads(inst), numeric);
    if (conditionArity(inst) === 0 || holds(inst.cond, src[0]![0], src[1]?.[0] ?? 0, numeric))
      state.nextPc = inst.target;
  };

const nop: Handler<EtnavivState> = (words, state) => {
  readInstruction(words, state, "nop");
};

function notEmulated(name: string): Handler<EtnavivState> {
  return (_words, state) => {
    throw new EmulatorError(`etnaviv: ${name} at pc ${state.pc} is not emulated`, state.pc);
  };
}

function buildTable(): HandlerTable<EtnavivState> {
  const table: Handler<EtnavivState>[] = INSTRUCTION_NAMES.map(notEmulated);
  for (const [name, op] of Object.entries(ALU_OPS) as [InstructionName, AluOp][])
    table[InstructionId[name]] = aluHandler(name, op);
  for (const name of BRANCHES) table[InstructionId[name]] = branchHandler(name);
  table[InstructionId.nop] = nop;
  return table;
}

export const ETNAVIV_HANDLERS: HandlerTable<EtnavivState> = buildTable();

/** The instructions the emulator implements (the others stop the machine with an error). */
export const EMULATED_INSTRUCTIONS: readonly string[] = [
  ...Object.keys(ALU_OPS),
  ...BRANCHES,
  "nop",
];
