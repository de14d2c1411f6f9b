/**
 * Reader for the bifrost-notes format (Mesa's Bifrost `Notes.txt`). Every heading becomes a `Note`
 * of its section's unit; the `bifrost-aliases` companion links it to the Bifrost ISA.xml instruction
 * it describes and to the Valhall counterpart. The notes carry no encodings: no instructions.
 */
import type { Note } from "../model/types";
import { aliasKey, checkAliases, targetsOf } from "./bifrost/aliases";
import { parseNotes } from "./bifrost/parseNotes";
import type { ModelPart, ReaderContext } from "./readerTypes";

export function readBifrostNotes(ctx: ReaderContext): ModelPart {
  const notes: Note[] = [];
  for (const doc of ctx.documents) {
    for (const p of parseNotes(doc.recovered, ctx.diags)) {
      notes.push({ name: p.name, unit: p.unit, text: p.text, targets: [], source: p.source });
    }
  }

  const companion = ctx.companions.find((c) => c.kind === "bifrost-aliases");
  const entries = companion
    ? checkAliases(companion, ctx.isa, ctx.diags)
    : new Map<string, number>();
  const used = new Set<number>();
  for (const note of notes) {
    const index = entries.get(aliasKey(note.name, note.unit ?? ""));
    // An alias table that failed to load was reported already; every note would repeat it.
    if (!companion && ctx.failedCompanions?.includes("bifrost-aliases")) continue;
    if (index === undefined || !companion) {
      ctx.diags.warning(
        "unattached-note",
        `note '${note.name}' (${note.unit}) has no entry in the alias table; it is kept without targets`,
        note.source,
      );
      continue;
    }
    used.add(index);
    note.targets = targetsOf(companion, index);
  }
  if (companion) {
    for (const [key, index] of entries) {
      if (used.has(index)) continue;
      const [name, unit] = key.split("\0");
      ctx.diags.warning(
        "unused-alias",
        `alias '${name}' (${unit}) matches no note heading of the ${unit} section`,
        companion.locate(["aliases", index]),
      );
    }
  }
  return { notes };
}
