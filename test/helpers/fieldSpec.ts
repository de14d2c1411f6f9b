/** A row of a codec's FIELDS table (generator/runtime/codec/codecTypes.ts) for the runtime's tests. */
import type { FieldSpec } from "../../generator/runtime/codec/codecTypes";

/** Field `name` of bit ranges [low0, high0, low1, high1, …]; `int` fields are signed. */
export function fieldSpec(
  name: string,
  ranges: number[],
  kind: string,
  extra: Partial<FieldSpec> = {},
): FieldSpec {
  const width = ranges.reduce((w, v, i) => (i % 2 ? w + v - ranges[i - 1] + 1 : w), 0);
  return {
    name,
    ranges,
    width,
    kind,
    signed: kind === "int",
    enumIndex: -1,
    default: null,
    alternatives: [],
    display: null,
    ...extra,
  };
}
