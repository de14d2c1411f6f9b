/**
 * The `alternatives` of the rules-ng-instructions companion: which overlapping bitfields are
 * alternative views of the same bits. rules-ng cannot say so (rnn never checks overlap), so the
 * project declares them as data; the reader marks both sides with `alternativeTo` and the analyzer
 * reports any other overlap.
 */
import type { Diagnostics } from "../../diagnostics";
import type { Field, Register } from "../../model/types";
import type { InstructionsCompanion } from "./instructionsCompanion";

/** Apply the companion's alternatives to the registers (in place). */
export function applyAlternatives(
  companion: InstructionsCompanion,
  registers: Register[],
  diags: Diagnostics,
): void {
  (companion.data.alternatives ?? []).forEach((entry, i) => {
    const register = registers.find((r) => r.name === entry.register);
    if (!register) {
      diags.error(
        "dangling-reference",
        `alternatives[${i}]: register '${entry.register}' does not exist`,
        companion.locate(["alternatives", i, "register"]),
      );
      return;
    }
    const lookup = (side: "fields" | "over"): Field[][] =>
      entry[side].map((name, j) => {
        const found = register.fields.filter((f) => f.name === name);
        if (found.length === 0) {
          diags.error(
            "dangling-reference",
            `alternatives[${i}]: register '${register.name}' has no field '${name}'`,
            companion.locate(["alternatives", i, side, j]),
          );
        }
        return found;
      });
    const fields = lookup("fields").flat();
    const over = lookup("over").flat();
    for (const a of fields) {
      for (const b of over) {
        if (!sharesBits(a, b)) {
          diags.warning(
            "stale-alternative",
            `alternatives[${i}]: fields '${a.name}' and '${b.name}' of register '${register.name}' share no bits`,
            companion.locate(["alternatives", i]),
          );
        }
        addAlternative(a, b.name);
        addAlternative(b, a.name);
      }
    }
  });
}

function addAlternative(field: Field, other: string): void {
  if (field.name === other) return;
  field.alternativeTo = field.alternativeTo ?? [];
  if (!field.alternativeTo.includes(other)) field.alternativeTo.push(other);
}

function sharesBits(a: Field, b: Field): boolean {
  return a.ranges.some((x) => b.ranges.some((y) => x.low <= y.high && y.low <= x.high));
}
