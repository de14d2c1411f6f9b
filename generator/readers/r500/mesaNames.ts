/**
 * The `r500-mesa-names` companion: the macro names Mesa's `r300_reg.h` gives R500 registers, their
 * fields and field values. Attached to the model's registers as `headerNames`, checked against them
 * (every register, field and value named must exist; values must fit their field).
 */
import type { Diagnostics } from "../../diagnostics";
import type { EnumDef, HeaderName, Register } from "../../model/types";
import type { LoadedCompanion } from "../readerTypes";

interface MesaField {
  field: string;
  mask?: string;
  setter?: string;
  values?: { name: string; value: string | number }[];
}

/** The companion's data, as its schema guarantees it. */
interface MesaNames {
  header: string;
  registers: { register: string; offset?: string; fields: MesaField[] }[];
}

export function attachMesaNames(
  companion: LoadedCompanion,
  registers: Register[],
  enums: EnumDef[],
  diags: Diagnostics,
): void {
  const data = companion.data as MesaNames;
  const at = (...path: (string | number)[]) => companion.locate(path);
  const name = (
    n: string,
    kind: HeaderName["kind"],
    path: (string | number)[],
    value?: number,
  ): HeaderName => ({
    name: n,
    kind,
    ...(value !== undefined ? { value } : {}),
    header: data.header,
    source: at(...path),
  });

  data.registers.forEach((entry, i) => {
    const register = registers.find((r) => r.name === entry.register);
    if (!register) {
      diags.error(
        "dangling-reference",
        `Mesa names for register '${entry.register}', which no register document or companion defines`,
        at("registers", i, "register"),
      );
      return;
    }
    if (entry.offset !== undefined) {
      if (register.offset === undefined)
        diags.error(
          "dangling-reference",
          `'${entry.offset}' names the offset of ${register.name}, which has none (the framing gives offsets)`,
          at("registers", i, "offset"),
        );
      else register.headerNames = [name(entry.offset, "offset", ["registers", i, "offset"])];
    }
    entry.fields.forEach((f, j) => {
      const where = ["registers", i, "fields", j];
      const field = register.fields.find((x) => x.name === f.field);
      if (!field) {
        diags.error(
          "dangling-reference",
          `Mesa names for field '${f.field}', which register ${register.name} does not have`,
          at(...where, "field"),
        );
        return;
      }
      const names: HeaderName[] = [];
      if (f.mask !== undefined) names.push(name(f.mask, "mask", [...where, "mask"]));
      if (f.setter !== undefined) names.push(name(f.setter, "setter", [...where, "setter"]));
      (f.values ?? []).forEach((v, k) => {
        const vpath = [...where, "values", k, "value"];
        let value: number | undefined = typeof v.value === "number" ? v.value : undefined;
        if (typeof v.value === "string") {
          const values = enums.find((e) => e.name === field.enum)?.values ?? [];
          value = values.find((x) => x.name === v.value)?.value;
          if (value === undefined) {
            diags.error(
              "dangling-reference",
              `'${v.name}' stands for value '${v.value}', which field ${register.name}.${field.name} does not have`,
              at(...vpath),
            );
            return;
          }
        }
        if (value === undefined) return;
        if (value >= 2 ** field.width) {
          diags.error(
            "bad-number",
            `'${v.name}': value ${value} does not fit field ${register.name}.${field.name} (${field.width} bits)`,
            at(...vpath),
          );
          return;
        }
        names.push(name(v.name, "value", vpath.slice(0, -1), value));
      });
      if (names.length > 0) field.headerNames = [...(field.headerNames ?? []), ...names];
    });
  });
}
