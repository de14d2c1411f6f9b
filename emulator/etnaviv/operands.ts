/**
 * Source reads and destination writes (seed isa.xml: INST_RGROUP, INST_AMODE, INST_SWIZ,
 * SRCx_NEG/ABS, DST_COMPS, the GC3000 inline immediates and the one-uniform-per-instruction rule).
 *
 * @needs-upstream mesa
 */
import { instructionError, type EtnaInstruction, type SourceOperand } from "./instruction";
import { TEMP_COUNT, type EtnavivState } from "./state";

/** How an instruction interprets its 32-bit lanes: from its INST_TYPE (f32, s32, u32). */
export type Numeric = "float" | "signed" | "unsigned";

/** Four 32-bit patterns (unsigned numbers). */
export type Lanes = readonly [number, number, number, number];

/** SRCx_RGROUP 7: a GC3000 inline immediate. */
export const IMMEDIATE_GROUP = 7;
const GROUP_NAMES = ["t", "i", "u", "u", "th", "i", "u", "immediate"];

/** Register group after the seed's aliasing ("4..7 alias 0..3"; 7 is the GC3000 immediate). */
function fileOf(group: number): "temp" | "internal" | "uniform" | "immediate" {
  if (group === IMMEDIATE_GROUP) return "immediate";
  const base = group & 3;
  return base === 0 ? "temp" : base === 1 ? "internal" : "uniform";
}

/** The register index a source names: REG (+128 for UNIFORM_1) plus a.<c> when AMODE says so. */
function sourceIndex(inst: EtnaInstruction, state: EtnavivState, s: SourceOperand): number {
  const base = (s.group & 3) === 3 ? s.reg + 128 : s.reg;
  return base + addressOffset(inst, state, s.amode, `src${s.index}`);
}

function addressOffset(
  inst: EtnaInstruction,
  state: EtnavivState,
  amode: number,
  operand: string,
): number {
  if (amode === 0) return 0;
  if (amode > 4)
    throw instructionError(inst, `${operand}: addressing mode ${amode} is not in INST_AMODE`);
  return state.address[amode - 1];
}

/**
 * The 32-bit value of an inline immediate (seed doc "Immediate values"): the 20-bit
 * i = AMODE[0] << 19 | ABS << 18 | NEG << 17 | SWIZ << 9 | REG, typed by AMODE >> 1:
 * 0 f32 (i is the top 20 bits of the float), 1 s32 (sign-extended), 2 u32; 3 is undocumented.
 */
function immediateBits(inst: EtnaInstruction, s: SourceOperand): number {
  const i =
    (s.amode & 1) * 2 ** 19 +
    (s.abs ? 2 ** 18 : 0) +
    (s.neg ? 2 ** 17 : 0) +
    s.swizzle * 2 ** 9 +
    s.reg;
  switch (s.amode >> 1) {
    case 0:
      return (i * 2 ** 12) >>> 0;
    case 1:
      return (i >= 2 ** 19 ? i - 2 ** 20 : i) >>> 0;
    case 2:
      return i;
    default:
      throw instructionError(
        inst,
        `src${s.index}: immediate type ${s.amode >> 1} (AMODE ${s.amode}) is undocumented in the seed`,
      );
  }
}

function applyModifiers(bits: number, s: SourceOperand, numeric: Numeric): number {
  if (numeric === "float") {
    let v = bits >>> 0;
    if (s.abs) v = (v & 0x7fffffff) >>> 0;
    if (s.neg) v = (v ^ 0x80000000) >>> 0;
    return v;
  }
  let v = bits | 0;
  if (s.abs) v = Math.abs(v) | 0;
  if (s.neg) v = -v | 0;
  return v >>> 0;
}

/** The uniform index every uniform source reads: the last used source's (the seed's broadcast rule). */
function sharedUniform(inst: EtnaInstruction, state: EtnavivState): number | undefined {
  let index: number | undefined;
  for (const s of inst.src)
    if (s.use && fileOf(s.group) === "uniform") index = sourceIndex(inst, state, s);
  return index;
}

/**
 * Read the sources `which` (after swizzle, then ABS, then NEG). Reading a source whose USE bit is
 * 0 is an error naming it; the other sources are undefined.
 */
export function readSources(
  inst: EtnaInstruction,
  state: EtnavivState,
  which: readonly number[],
  numeric: Numeric,
): (Lanes | undefined)[] {
  const uniform = sharedUniform(inst, state);
  return inst.src.map((s) => {
    if (!which.includes(s.index)) return undefined;
    if (!s.use)
      throw instructionError(inst, `src${s.index} is unused (USE = 0) but ${inst.name} reads it`);
    const file = fileOf(s.group);
    if (file === "immediate") {
      const v = immediateBits(inst, s);
      return [v, v, v, v] as Lanes;
    }
    const index = file === "uniform" ? (uniform as number) : sourceIndex(inst, state, s);
    const regs =
      file === "temp" ? state.temps : file === "internal" ? state.internals : state.uniforms;
    if (index < 0 || 4 * index >= regs.length)
      throw instructionError(
        inst,
        `src${s.index}: ${GROUP_NAMES[s.group]}${index} does not exist (the machine has ${regs.length / 4} ${file} registers)`,
      );
    const lane = (c: number) =>
      applyModifiers(regs[4 * index + ((s.swizzle >> (2 * c)) & 3)], s, numeric);
    return [lane(0), lane(1), lane(2), lane(3)] as Lanes;
  });
}

/**
 * Write `bits` to the destination components enabled by DST_COMPS (and by `enabled`, the
 * per-component condition). Nothing is written when DST_USE is 0.
 */
export function writeDest(
  inst: EtnaInstruction,
  state: EtnavivState,
  bits: ArrayLike<number>,
  enabled: readonly boolean[] = [true, true, true, true],
): void {
  const d = inst.dst;
  if (!d.use) return;
  const index = d.reg + addressOffset(inst, state, d.amode, "dst");
  if (index < 0 || index >= TEMP_COUNT)
    throw instructionError(inst, `dst: t${index} does not exist (t0..t${TEMP_COUNT - 1})`);
  for (let c = 0; c < 4; c++)
    if ((d.comps >> c) & 1 && enabled[c]) state.temps[4 * index + c] = bits[c] >>> 0;
}
