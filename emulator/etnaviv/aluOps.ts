/**
 * What each implemented vector-ALU instruction computes, after the seed's INST_OPCODE <doc>
 * formulas (specs/etnaviv/isa.xml.page.txt), keyed by etnaviv.xml's instruction names, which also
 * say which sources an instruction has (DST and LITP, which etnaviv.xml does not encode, are gone). Operand letters: a = src0, b = src1, c = src2, after
 * swizzle and ABS/NEG. Choices the seed leaves open are listed in emulator/README.md.
 *
 * @needs-upstream mesa
 */
import {
  bitsToFloat,
  floatToBits,
  mulHigh32,
  popcount,
  roundToF32Bits,
  type Rounding,
} from "./bits";
import type { Lanes, Numeric } from "./operands";

/** The values an op sees: its sources (undefined when not read) and the instruction's type. */
export interface OpInput {
  src: readonly (Lanes | undefined)[];
  numeric: Numeric;
  rounding: Rounding;
  /** The instruction's COND (for SELECT and SET, whose result depends on it). */
  test: (aBits: number, bBits: number) => boolean;
  /** True when COND is unary (NOT..LZ): SELECT then uses its unary form. */
  unary: boolean;
}

export interface AluOp {
  /** Sources the op always reads. */
  reads: readonly number[];
  /** Sources read only when their USE bit is set. */
  optional?: readonly number[];
  /** INST_TYPEs the op is defined for here: f32 only, s32/u32 only, or all three. */
  types: "float" | "integer" | "any";
  /** COND selects the result (SELECT, SET) instead of gating the write. */
  condIsOperand?: boolean;
  /** The result as four 32-bit patterns. */
  run(input: OpInput): number[];
}

type Vec = readonly number[];
const ONE = floatToBits(1);
const ZERO = 0;

const floats = (lanes: Lanes | undefined): number[] =>
  lanes ? Array.from(lanes, bitsToFloat) : [NaN, NaN, NaN, NaN];
const lanesOf = (lanes: Lanes | undefined): Vec => lanes ?? [0, 0, 0, 0];
const broadcast = (v: number): number[] => [v, v, v, v];

/** A float op: `fn` gets a, b, c as numbers and returns four exact (double) results. */
function floatOp(reads: number[], fn: (a: Vec, b: Vec, c: Vec) => number[]): AluOp {
  return {
    reads,
    types: "float",
    run: ({ src, rounding }) =>
      fn(floats(src[0]), floats(src[1]), floats(src[2])).map((v) => roundToF32Bits(v, rounding)),
  };
}

/** An integer op on 32-bit patterns; `signed` is true for s32. */
function intOp(reads: number[], fn: (a: Vec, b: Vec, c: Vec, signed: boolean) => number[]): AluOp {
  return {
    reads,
    types: "integer",
    run: ({ src, numeric }) =>
      fn(lanesOf(src[0]), lanesOf(src[1]), lanesOf(src[2]), numeric === "signed").map(
        (v) => v >>> 0,
      ),
  };
}

const perLane = (f: (x: number) => number) => (_a: Vec, _b: Vec, c: Vec) => c.map(f);
const perLane2 = (f: (x: number, y: number) => number) => (a: Vec, _b: Vec, c: Vec) =>
  a.map((x, i) => f(x, c[i]));

const dot = (a: Vec, b: Vec, n: number): number[] => {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i] * b[i];
  return broadcast(sum);
};

const HALF_PI = Math.PI / 2;

export const ALU_OPS: Readonly<Record<string, AluOp>> = {
  // ADD: f32 is a four-wide add; "u32, GC3000: every component ... in a SIMD operation".
  add: {
    reads: [0, 2],
    types: "any",
    run: ({ src, numeric, rounding }) => {
      const [a, c] = [lanesOf(src[0]), lanesOf(src[2])];
      if (numeric !== "float") return a.map((x, i) => (x + c[i]) >>> 0);
      return a.map((x, i) => roundToF32Bits(bitsToFloat(x) + bitsToFloat(c[i]), rounding));
    },
  },
  mad: floatOp([0, 1, 2], (a, b, c) => a.map((x, i) => x * b[i] + c[i])),
  mul: floatOp([0, 1], (a, b) => a.map((x, i) => x * b[i])),
  dp2: floatOp([0, 1], (a, b) => dot(a, b, 2)),
  dp3: floatOp([0, 1], (a, b) => dot(a, b, 3)),
  dp4: floatOp([0, 1], (a, b) => dot(a, b, 4)),
  // MOV copies bit patterns; ABS/NEG follow the type (float sign bit, or two's complement).
  mov: { reads: [2], types: "any", run: ({ src }) => Array.from(lanesOf(src[2])) },
  rcp: floatOp(
    [2],
    perLane((x) => 1 / x),
  ),
  rsq: floatOp(
    [2],
    perLane((x) => 1 / Math.sqrt(x)),
  ),
  // SELECT: binary "src1 COND src0 ? src2 : src1", unary "COND(src0) ? src1 : src2".
  select: {
    reads: [0, 1, 2],
    types: "any",
    condIsOperand: true,
    run: ({ src, test, unary }) => {
      const [a, b, c] = [lanesOf(src[0]), lanesOf(src[1]), lanesOf(src[2])];
      return a.map((x, i) => (unary ? (test(x, 0) ? b[i] : c[i]) : test(b[i], x) ? c[i] : b[i]));
    },
  },
  // SET: "1.0 if (src0 COND src1), otherwise 0.0".
  set: {
    reads: [],
    types: "any",
    condIsOperand: true,
    run: ({ src, test }) => {
      const [a, b] = [lanesOf(src[0]), lanesOf(src[1])];
      return a.map((x, i) => (test(x, b[i]) ? ONE : ZERO));
    },
  },
  // EXP and LOG: "a scalar operation" on src2.x, broadcast.
  exp: floatOp([2], (_a, _b, c) => broadcast(2 ** c[0])),
  log: floatOp([2], (_a, _b, c) => broadcast(Math.log2(c[0]))),
  // FRC: "-0.1 will be turned into 0.9", i.e. x - floor(x).
  frc: floatOp(
    [2],
    perLane((x) => x - Math.floor(x)),
  ),
  sqrt: floatOp([2], perLane(Math.sqrt)),
  // SIN/COS: "dst := sin(src2 * (PI/2))": the argument is in units of PI/2 (period 4).
  sin: floatOp(
    [2],
    perLane((x) => Math.sin(x * HALF_PI)),
  ),
  cos: floatOp(
    [2],
    perLane((x) => Math.cos(x * HALF_PI)),
  ),
  floor: floatOp([2], perLane(Math.floor)),
  ceil: floatOp([2], perLane(Math.ceil)),
  // SIGN: "1.0 if the sign is positive or zero, -1.0 if negative".
  sign: floatOp(
    [2],
    perLane((x) => (x < 0 ? -1 : 1)),
  ),
  // Integer and bitwise ops: SIMD on GC3000 (the seed's "On GC3000 this is a SIMD operation").
  lshift: intOp(
    [0, 2],
    perLane2((x, s) => x << (s & 31)),
  ),
  rshift: intOp([0, 2], (a, _b, c, signed) =>
    a.map((x, i) => (signed ? (x | 0) >> (c[i] & 31) : x >>> (c[i] & 31))),
  ),
  rotate: intOp(
    [0, 2],
    perLane2((x, s) => (x << (s & 31)) | (x >>> ((32 - s) & 31))),
  ),
  or: intOp(
    [0, 2],
    perLane2((x, y) => x | y),
  ),
  and: intOp(
    [0, 2],
    perLane2((x, y) => x & y),
  ),
  xor: intOp(
    [0, 2],
    perLane2((x, y) => x ^ y),
  ),
  not: intOp(
    [2],
    perLane((x) => ~x),
  ),
  // leadzero: etnaviv.xml gives it src2 only (#instruction-alu-src2).
  leadzero: intOp([2], perLane(Math.clz32)),
  popcount: intOp([2], perLane(popcount)),
  // IMULLO0, IMULHI0, IMADLO0: "a scalar operation" on the x components, broadcast.
  imullo0: intOp([0, 1], (a, b) => broadcast(Math.imul(a[0], b[0]))),
  imulhi0: intOp([0, 1], (a, b, _c, signed) => broadcast(mulHigh32(a[0], b[0], signed))),
  imadlo0: intOp([0, 1, 2], (a, b, c) => broadcast(Math.imul(a[0], b[0]) + c[0])),
};
