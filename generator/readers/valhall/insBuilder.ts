/** Accumulates the parts of one instruction while its elements are read. */
import type { EnumDef, Field, FieldType, Modifier, Operand, SourceRef } from "../../model/types";

/** Bits the instruction fixes: `value` at `low`..`high`. */
export interface FixedBits {
  low: number;
  high: number;
  value: number;
}

export class InsBuilder {
  readonly fields: Field[] = [];
  readonly operands: Operand[] = [];
  readonly modifiers: Modifier[] = [];
  readonly fixed: FixedBits[] = [];
  readonly attributes: Record<string, string> = {};

  constructor(readonly name: string) {}

  /** Add a field at `low`..`low+width-1`; enum fields get the enum's default value as default. */
  field(
    name: string,
    low: number,
    width: number,
    type: FieldType,
    source: SourceRef,
    extra: { enumDef?: EnumDef; enumPrefix?: boolean; default?: number; implied?: boolean } = {},
  ): Field {
    const f: Field = { name, ranges: [{ low, high: low + width - 1 }], width, type, source };
    if (extra.enumDef) {
      f.enum = extra.enumDef.name;
      if (extra.enumPrefix) f.enumPrefix = true;
      const def = extra.enumDef.values.find((v) => v.default);
      if (def && extra.default === undefined) f.default = def.value;
    }
    if (extra.default !== undefined) f.default = extra.default;
    if (extra.implied) f.implied = true;
    this.fields.push(f);
    return f;
  }
}
