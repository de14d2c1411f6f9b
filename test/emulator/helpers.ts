/**
 * Shared helpers for the emulator tests.
 *
 * @needs-upstream mesa
 */
import { EmulatorError } from "../../emulator/core/runLoop";
import type { Instruction } from "../../out/ts/etnaviv";

/** The message of the EmulatorError `f` throws; fails when it throws nothing or something else. */
export function stopMessage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(EmulatorError);
    return (e as Error).message;
  }
  throw new Error("expected the machine to stop with an error");
}

/** Initial registers from a sparse map { index: vec4 }; the ones in between are zero. */
export function registers(init: Record<number, ArrayLike<number>>): ArrayLike<number>[] {
  const count = Math.max(-1, ...Object.keys(init).map(Number)) + 1;
  return Array.from({ length: count }, (_, i) => init[i] ?? [0, 0, 0, 0]);
}

/** The fields of etnaviv instruction `N` (the codec's union groups instructions by field set). */
export type FieldsOf<N extends string> = Instruction extends infer I
  ? I extends { name: infer K; fields: infer T }
    ? N extends K
      ? T
      : never
    : never
  : never;
