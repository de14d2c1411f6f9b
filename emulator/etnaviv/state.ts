/**
 * The Vivante shader machine state: vec4 register files of 32-bit patterns plus the pc.
 *
 * @needs-upstream mesa
 */
import type { LoopState } from "../core/runLoop";
import { bitsToFloat } from "./bits";

/** Temporaries t0..t127: DST_REG is 7 bits wide, so no instruction can write beyond t127. */
export const TEMP_COUNT = 128;

export interface EtnavivOptions {
  /** Uniforms u0, u1, …: one vec4 of 32-bit patterns each (see `vec4Bits`). */
  uniforms?: readonly ArrayLike<number>[];
  /** Initial temporaries t0, t1, … (the rest start as 0). */
  temps?: readonly ArrayLike<number>[];
  /** Internal registers i0, … (seed: i0.x is gl_FrontFacing in a PS). */
  internals?: readonly ArrayLike<number>[];
  /** The address register a0 (a.x … a.w) used by relative addressing; integers. */
  address?: readonly number[];
  /** GPU generation passed to dispatch and decode alike; default: the codec's default. */
  gpu?: number;
  /** Step limit of the run loop (default 100000). */
  maxSteps?: number;
}

export interface EtnavivState extends LoopState {
  /** t<n>.<c> at index 4n + c. */
  temps: Uint32Array;
  /** u<n>.<c> at index 4n + c. */
  uniforms: Uint32Array;
  internals: Uint32Array;
  address: Int32Array;
  gpu: number | undefined;
}

function vec4File(name: string, count: number, init: readonly ArrayLike<number>[]): Uint32Array {
  if (init.length > count)
    throw new RangeError(`${name}: ${init.length} registers given, the machine has ${count}`);
  const file = new Uint32Array(count * 4);
  init.forEach((v, n) => {
    if (v.length !== 4)
      throw new RangeError(`${name}[${n}]: a register is a vec4, got ${v.length} values`);
    for (let c = 0; c < 4; c++) {
      const x = v[c];
      if (!Number.isInteger(x) || x < -(2 ** 31) || x >= 2 ** 32)
        throw new RangeError(`${name}[${n}][${c}]: ${x} is not a 32-bit pattern`);
      file[4 * n + c] = x >>> 0;
    }
  });
  return file;
}

export function createEtnavivState(options: EtnavivOptions = {}): EtnavivState {
  const uniforms = options.uniforms ?? [];
  const internals = options.internals ?? [[0, 0, 0, 0]];
  const address = options.address ?? [0, 0, 0, 0];
  if (address.length !== 4 || !address.every(Number.isInteger))
    throw new RangeError(`address: expected 4 integers, got ${JSON.stringify(address)}`);
  return {
    pc: 0,
    nextPc: 0,
    steps: 0,
    ended: false,
    temps: vec4File("temps", TEMP_COUNT, options.temps ?? []),
    // Uniform indices are 0..255 (UNIFORM_1 adds 128); the file is as large as what was given.
    uniforms: vec4File("uniforms", Math.min(uniforms.length, 256), uniforms),
    internals: vec4File("internals", internals.length, internals),
    address: Int32Array.from(address),
    gpu: options.gpu,
  };
}

/** t<reg> as four 32-bit patterns. */
export function tempBits(state: EtnavivState, reg: number): number[] {
  return Array.from(state.temps.subarray(4 * reg, 4 * reg + 4));
}

/** t<reg> as four floats. */
export function tempFloats(state: EtnavivState, reg: number): number[] {
  return tempBits(state, reg).map(bitsToFloat);
}
