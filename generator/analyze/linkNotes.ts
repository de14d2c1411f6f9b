/**
 * Attaches notes to the instructions they describe across ISAs: a note in one model whose target names
 * an instruction of another model adds a `NoteRef` to that instruction. A target naming an ISA that is
 * present but an instruction that is not is an error, never a silent drop.
 */
import type { Diagnostics } from "../diagnostics";
import type { IsaModel } from "../model/types";

export function linkNotes(models: IsaModel[], diags: Diagnostics): void {
  const byId = new Map(models.map((m) => [m.isa.id, m]));
  for (const model of models) {
    for (const note of model.notes) {
      for (const target of note.targets) {
        const other = byId.get(target.isa);
        if (!other || other === model) continue;
        const ins = other.instructions.find((i) => i.name === target.instruction);
        if (!ins) {
          diags.error(
            "dangling-reference",
            `note '${note.name}' links to ${target.isa} instruction '${target.instruction}', which the ${target.isa} model does not have`,
            target.source,
          );
          continue;
        }
        const exists = ins.notes.some(
          (r) => r.isa === model.isa.id && r.note === note.name && r.unit === note.unit,
        );
        if (!exists)
          ins.notes.push({
            isa: model.isa.id,
            note: note.name,
            ...(note.unit ? { unit: note.unit } : {}),
          });
      }
    }
  }
}
