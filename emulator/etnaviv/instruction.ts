/**
 * One decoded Vivante instruction as numbers. The codec's `decode` gives the fields of Mesa's
 * etnaviv.xml (specs/etnaviv/etnaviv.xml): enum symbols, and the bitset-typed operands `DST`
 * (#instruction-dst: AMODE bits 0–2, REG 3–9, COMPS 10–13) and `SRCn` (#instruction-src: SWIZ
 * bits 0–7, NEG 8, ABS 9) as their raw bits; a source an instruction does not use has no fields
 * (etnaviv.xml fixes its bits to zero). The emulator works on the seed's numeric values
 * (INST_CONDITION, INST_RGROUP, INST_AMODE, INST_TYPE, INST_ROUND_MODE in
 * specs/etnaviv/isa.xml.page.txt), which etnaviv.xml's enums share.
 *
 * @needs-upstream mesa
 */
import {
  decode,
  type Cond,
  type Decoded,
  type RegAddressingMode,
  type RegGroup,
  type Rounding,
} from "../../out/ts/etnaviv";
import { EmulatorError, hexWords } from "../core/runLoop";
import type { EtnavivState } from "./state";

type Named<T extends string> = Exclude<T, `value${number}`>;

// etnaviv.xml #reg_group and #reg_addressing_mode, as the codec names their values.
const RGROUP: Record<Named<RegGroup>, number> = {
  t: 0,
  i: 1,
  u: 2,
  uniform_1: 3,
  th: 4,
  immed: 7,
};
const AMODE: Record<Named<RegAddressingMode>, number> = {
  direct: 0,
  "a.x": 1,
  "a.y": 2,
  "a.z": 3,
  "a.w": 4,
};

/** The numeric value of an enum symbol (`value<n>` is value n, the codec's spelling of unnamed values). */
function valueOf<T extends string>(table: Record<Named<T>, number>, symbol: T): number {
  if (/^value\d+$/.test(symbol)) return Number(symbol.slice("value".length));
  return (table as Record<string, number>)[symbol];
}

/** The seed's INST_TYPE values. */
export const TYPE_NAMES = ["f32", "s32", "s8", "u16", "f16", "s16", "u32", "u8"] as const;
// prettier-ignore
export const COND_NAMES = [
  "true", "gt", "lt", "ge", "le", "eq", "ne", "and",
  "or", "xor", "not", "nz", "gez", "gz", "lez", "lz",
] as const;

// etnaviv.xml #cond (the seed's INST_CONDITION, and selmsb) and #rounding (INST_ROUND_MODE).
const COND = { ...Object.fromEntries(COND_NAMES.map((n, i) => [n, i])), selmsb: 22 } as Record<
  Named<Cond>,
  number
>;
const RMODE: Record<Named<Rounding>, number> = { none: 0, rtz: 1, rtne: 2, unkown: 3, unkown2: 4 };

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
  /** TARGET (isa.xml's SRC2_IMM): the branch target (instruction index). */
  target: number;
  /** HIGH_HALF << 1 | LOW_HALF (isa.xml's SEL_BIT1, SEL_BIT0): the dual-16 thread select. */
  thread: number;
}

/** The decoded fields, each possibly absent (the instructions have different fields). */
type AnyFields = Partial<Record<string, number | boolean | string>>;

function source(f: AnyFields, index: 0 | 1 | 2): SourceOperand {
  const reg = f[`SRC${index}_REG`] as number | undefined;
  const bits = (f[`SRC${index}`] as number | undefined) ?? 0;
  return {
    index,
    use: reg !== undefined,
    reg: reg ?? 0,
    swizzle: bits & 0xff,
    neg: ((bits >> 8) & 1) === 1,
    abs: ((bits >> 9) & 1) === 1,
    amode: valueOf(AMODE, (f[`SRC${index}_AMODE`] as RegAddressingMode | undefined) ?? "direct"),
    group: valueOf(RGROUP, (f[`SRC${index}_RGROUP`] as RegGroup | undefined) ?? "t"),
  };
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
  const f = d.fields as AnyFields;
  const dst = (f.DST as number | undefined) ?? 0;
  return {
    name,
    pc: state.pc,
    cond: valueOf(COND, f.COND as Cond),
    sat: f.SAT === true,
    type: (f.TYPE_BIT2 ? 4 : 0) | ((f.TYPE_BIT01 as number) & 3), // TYPE_BIT01 is an `int` field
    rmode: f.RMODE === undefined ? 0 : valueOf(RMODE, f.RMODE as Rounding),
    dst: { use: f.DST_USE === true, reg: (dst >> 3) & 0x7f, amode: dst & 7, comps: dst >> 10 },
    src: [source(f, 0), source(f, 1), source(f, 2)],
    target: (f.TARGET as number | undefined) ?? 0,
    thread: (f.HIGH_HALF ? 2 : 0) | (f.LOW_HALF ? 1 : 0),
  };
}

/** Error naming the instruction and its pc. */
export function instructionError(inst: EtnaInstruction, message: string): EmulatorError {
  return new EmulatorError(`etnaviv: ${inst.name} at pc ${inst.pc}: ${message}`, inst.pc);
}
