/**
 * One decoded Vivante instruction as numbers: the codec's `decode` gives enum symbols; the
 * emulator works on the seed's numeric values (INST_CONDITION, INST_RGROUP, INST_AMODE,
 * INST_TYPE, INST_ROUND_MODE in specs/etnaviv/isa.xml.page.txt).
 */
import {
  decode,
  type Decoded,
  type InstAmode,
  type InstCondition,
  type InstRgroup,
  type InstRoundMode,
} from "../../out/ts/etnaviv";
import { EmulatorError, hexWords } from "../core/runLoop";
import type { EtnavivState } from "./state";

type Named<T extends string> = Exclude<T, `_${number}`>;

// prettier-ignore
const CONDITION: Record<Named<InstCondition>, number> = {
  TRUE: 0, GT: 1, LT: 2, GE: 3, LE: 4, EQ: 5, NE: 6, AND: 7,
  OR: 8, XOR: 9, NOT: 10, NZ: 11, GEZ: 12, GZ: 13, LEZ: 14, LZ: 15,
};
const RGROUP: Record<Named<InstRgroup>, number> = {
  TEMP: 0,
  INTERNAL: 1,
  UNIFORM_0: 2,
  UNIFORM_1: 3,
};
const AMODE: Record<Named<InstAmode>, number> = {
  DIRECT: 0,
  ADD_A_X: 1,
  ADD_A_Y: 2,
  ADD_A_Z: 3,
  ADD_A_W: 4,
};
const ROUND: Record<Named<InstRoundMode>, number> = { DEFAULT: 0, RTZ: 1, RTNE: 2 };

/** The numeric value of an enum symbol (`_<n>` is value n, the codec's spelling of unnamed values). */
function valueOf<T extends string>(table: Record<Named<T>, number>, symbol: T): number {
  if (/^_\d+$/.test(symbol)) return Number(symbol.slice(1));
  return (table as Record<string, number>)[symbol];
}

/** The seed's INST_TYPE values. */
export const TYPE_NAMES = ["f32", "s32", "s8", "u16", "f16", "s16", "u32", "u8"] as const;
// prettier-ignore
export const COND_NAMES = [
  "true", "gt", "lt", "ge", "le", "eq", "ne", "and",
  "or", "xor", "not", "nz", "gez", "gz", "lez", "lz",
] as const;

export interface SourceOperand {
  index: 0 | 1 | 2;
  use: boolean;
  reg: number;
  swizzle: number;
  neg: boolean;
  abs: boolean;
  amode: number;
  group: number;
}

export interface EtnaInstruction {
  name: string;
  pc: number;
  cond: number;
  sat: boolean;
  /** INST_TYPE value, TYPE_BIT2 << 2 | TYPE_BIT01. */
  type: number;
  /** INST_ROUND_MODE value. */
  rmode: number;
  dst: { use: boolean; reg: number; amode: number; comps: number };
  src: readonly [SourceOperand, SourceOperand, SourceOperand];
  /** SRC2_IMM: the branch target (instruction index). */
  target: number;
  /** SEL_BIT1 << 1 | SEL_BIT0: the dual-16 thread select. */
  thread: number;
}

/** Decode the words of the instruction at state.pc (the dispatch table already chose `name`). */
export function readInstruction(
  words: ArrayLike<number>,
  state: EtnavivState,
  name: string,
): EtnaInstruction {
  const d: Decoded | undefined = decode(words, { gpu: state.gpu });
  if (!d || d.name !== name)
    throw new EmulatorError(
      `etnaviv: dispatch chose ${name} but decode gives ${d ? d.name : "nothing"} at pc ${state.pc}: ${hexWords(words)}`,
      state.pc,
    );
  const f = d.fields;
  const source = (
    index: 0 | 1 | 2,
    use: boolean,
    reg: number,
    swizzle: number,
    neg: boolean,
    abs: boolean,
    amode: InstAmode,
    group: InstRgroup,
  ): SourceOperand => ({
    index,
    use,
    reg,
    swizzle,
    neg,
    abs,
    amode: valueOf(AMODE, amode),
    group: valueOf(RGROUP, group),
  });
  return {
    name,
    pc: state.pc,
    cond: valueOf(CONDITION, f.COND),
    sat: f.SAT,
    type: (f.TYPE_BIT2 ? 4 : 0) | f.TYPE_BIT01,
    rmode: valueOf(ROUND, f.RMODE),
    dst: { use: f.DST_USE, reg: f.DST_REG, amode: f.DST_AMODE, comps: f.DST_COMPS },
    // prettier-ignore
    src: [
      source(0, f.SRC0_USE, f.SRC0_REG, f.SRC0_SWIZ, f.SRC0_NEG, f.SRC0_ABS, f.SRC0_AMODE, f.SRC0_RGROUP),
      source(1, f.SRC1_USE, f.SRC1_REG, f.SRC1_SWIZ, f.SRC1_NEG, f.SRC1_ABS, f.SRC1_AMODE, f.SRC1_RGROUP),
      source(2, f.SRC2_USE, f.SRC2_REG, f.SRC2_SWIZ, f.SRC2_NEG, f.SRC2_ABS, f.SRC2_AMODE, f.SRC2_RGROUP),
    ],
    target: f.SRC2_IMM,
    thread: (f.SEL_BIT1 ? 2 : 0) | (f.SEL_BIT0 ? 1 : 0),
  };
}

/** Error naming the instruction and its pc. */
export function instructionError(inst: EtnaInstruction, message: string): EmulatorError {
  return new EmulatorError(`etnaviv: ${inst.name} at pc ${inst.pc}: ${message}`, inst.pc);
}
