/**
 * INST_CONDITION (seed isa.xml) on one component. GT..XOR compare two operands, NOT..LZ test one;
 * values are compared as the instruction's type says (f32, s32 or u32).
 *
 * @needs-upstream mesa
 */
import { bitsToFloat } from "./bits";
import { COND_NAMES, instructionError, type EtnaInstruction } from "./instruction";
import type { Numeric } from "./operands";

const TRUE = 0;
const LAST_BINARY = 9; // XOR
const LAST_UNARY = 15; // LZ

/** Which source operands (0 = the first operand, 1 = the second) the condition reads. */
export function conditionArity(inst: EtnaInstruction): 0 | 1 | 2 {
  if (inst.cond === TRUE) return 0;
  if (inst.cond <= LAST_BINARY) return 2;
  if (inst.cond <= LAST_UNARY) return 1;
  throw instructionError(inst, `condition ${inst.cond} is not in the seed's INST_CONDITION`);
}

function numericValue(bits: number, numeric: Numeric): number {
  return numeric === "float" ? bitsToFloat(bits) : numeric === "signed" ? bits | 0 : bits >>> 0;
}

/** `a COND b` for binary conditions, `COND(a)` for unary ones (b is then ignored). */
// prettier-ignore
export function holds(cond: number, aBits: number, bBits: number, numeric: Numeric): boolean {
  const a = numericValue(aBits, numeric);
  const b = numericValue(bBits, numeric);
  switch (COND_NAMES[cond]) {
    case "true": return true;
    case "gt": return a > b;
    case "lt": return a < b;
    case "ge": return a >= b;
    case "le": return a <= b;
    case "eq": return a === b;
    case "ne": return a !== b;
    case "and": return a !== 0 && b !== 0;
    case "or": return a !== 0 || b !== 0;
    case "xor": return (a !== 0) !== (b !== 0);
    case "not": return a === 0;
    case "nz": return a !== 0;
    case "gez": return a >= 0;
    case "gz": return a > 0;
    case "lez": return a <= 0;
    case "lz": return a < 0;
    default: throw new RangeError(`condition ${cond} is not in the seed's INST_CONDITION`);
  }
}
