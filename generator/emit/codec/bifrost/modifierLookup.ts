/**
 * The options of a state's indirect modifiers by the value of its derived fields, as Mesa's
 * bifrost_isa.py builds them (bifrost-clauses.md §7.5): every assignment of options to the
 * condition's keys, odometer order, keeps the first value of each derived field whose condition
 * holds; a later assignment replaces an earlier one; `ordering` doubles the table (lt, gt).
 */
import type { SlotCondition, SlotState } from "../../../model/types";

export interface ModifierLookup {
  /** `ordering` is used: the table is indexed by [lt | gt][derived index]. */
  ordered: boolean;
  /** Derived-field bits in all (the index width). */
  width: number;
  /** Per ordering, per index: the assignment (modifier → option), or null (never produced). */
  tables: (Map<string, string> | null)[][];
}

function operands(c: SlotCondition): string[] {
  return c.terms ? c.terms.flatMap(operands) : [c.left ?? "", c.right ?? ""];
}

function holds(c: SlotCondition, value: (operand: string) => string): boolean {
  if (c.alias) return false;
  switch (c.op) {
    case "eq":
      return value(c.left!) === value(c.right!);
    case "neq":
      return value(c.left!) !== value(c.right!);
    case "and":
      return c.terms!.every((t) => holds(t, value));
    default:
      return c.terms!.some((t) => holds(t, value));
  }
}

export function modifierLookup(state: SlotState): ModifierLookup {
  const conditions = [
    ...(state.test ? [state.test] : []),
    ...state.derived.flatMap((d) => d.values.flatMap((v) => (v.condition ? [v.condition] : []))),
  ];
  const used = conditions.flatMap(operands);
  const ordered = used.includes("ordering");
  const keys = [...new Set(used.filter((o) => !o.startsWith("#") && o !== "ordering"))].sort(
    (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  );
  const options = keys.map((k) => state.modifiers.find((m) => m.name === k)!.options);
  const width = state.derived.reduce((n, d) => n + d.size, 0);
  const tables: (Map<string, string> | null)[][] = [];
  for (const ordering of ordered ? ["lt", "gt"] : ["none"]) {
    const table: (Map<string, string> | null)[] = new Array(2 ** width).fill(null);
    const digits = keys.map(() => 0);
    for (;;) {
      const assignment = new Map(keys.map((k, i) => [k, options[i][digits[i]]]));
      const value = (o: string) =>
        o.startsWith("#") ? o.slice(1) : o === "ordering" ? ordering : assignment.get(o)!;
      if (!state.test || holds(state.test, value)) {
        let index = 0;
        let shift = 0;
        let ok = true;
        for (const d of state.derived) {
          const j = d.values.findIndex(
            (v) => v.condition !== undefined && holds(v.condition, value),
          );
          if (j < 0) {
            ok = false;
            break;
          }
          index += j * 2 ** shift;
          shift += d.size;
        }
        if (ok) table[index] = assignment;
      }
      // Odometer: the last key runs fastest.
      let i = keys.length - 1;
      while (i >= 0 && ++digits[i] === options[i].length) digits[i--] = 0;
      if (i < 0) break;
    }
    tables.push(table);
  }
  return { ordered, width, tables };
}
