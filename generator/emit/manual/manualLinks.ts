/**
 * Links within a manual and between manuals, from the outlines' anchors. A link to an ISA whose
 * manual is not part of this build (`build --only`) is printed as plain text, so no link dangles.
 */
import type { Instruction, IsaModel, NoteRef, NoteTarget } from "../../model/types";
import { codeSpan, escapeInline, inlineText, link } from "./markdownText";
import type { ManualOutline } from "./outline";
import { textFlavor } from "./sourceText";

export interface ManualLinks {
  enumLink(name: string): string;
  bitsetLink(name: string): string;
  /** A link to an instruction of any manual (code-formatted name), or the plain name. */
  instructionLink(isa: string, name: string): string;
  /** The list-item text for a note an instruction refers to. */
  noteLinks(ref: NoteRef, ins: Instruction): string;
  /** The list-item text for a note's target. */
  targetText(target: NoteTarget): string;
}

export function manualFile(id: string): string {
  return `${id}.md`;
}

export function manualLinks(
  model: IsaModel,
  models: IsaModel[],
  outlines: Map<string, ManualOutline>,
): ManualLinks {
  const here = model.isa.id;
  const byId = new Map(models.map((m) => [m.isa.id, m]));
  const target = (isa: string, anchor: string): string =>
    isa === here ? `#${anchor}` : `${manualFile(isa)}#${anchor}`;
  const outline = outlines.get(here)!;
  const named = (
    names: Map<string, number>,
    headings: { anchor: string }[] | undefined,
    name: string,
    what: string,
  ): string => {
    const i = names.get(name) ?? -1;
    if (i < 0 || !headings)
      throw new Error(
        `${here}: the manual links to ${what} '${name}', which the model does not define`,
      );
    return link(escapeInline(name), `#${headings[i].anchor}`);
  };
  // ISAs are named by id in running text (`valhall`): the titles are too long to repeat.
  const isaTitle = (isa: string): string => escapeInline(isa);

  // Indexes by name (the first of a name, as a scan would find), built on first use: formats and
  // fields link to every instruction and enum, and scanning for each made big manuals quadratic.
  const instructionIndexes = new Map<string, Map<string, number>>();
  const instructionIndex = (m: IsaModel, name: string): number => {
    let index = instructionIndexes.get(m.isa.id);
    if (!index) instructionIndexes.set(m.isa.id, (index = firstIndexByName(m.instructions)));
    return index.get(name) ?? -1;
  };
  const enumIndex = firstIndexByName(model.enums);
  const bitsetIndex = firstIndexByName(model.bitsets);

  const instructionLink = (isa: string, name: string): string => {
    const m = byId.get(isa);
    const o = outlines.get(isa);
    const i = m ? instructionIndex(m, name) : -1;
    if (!m || !o?.instructions || i < 0) return codeSpan(name, false);
    return link(codeSpan(name, false), target(isa, o.instructions.items[i].anchor));
  };

  return {
    enumLink: (name) => named(enumIndex, outline.enums?.items, name, "enum"),
    bitsetLink: (name) => named(bitsetIndex, outline.bitsets?.items, name, "bitset"),
    instructionLink,
    noteLinks: (ref, ins) => {
      const notesModel = byId.get(ref.isa);
      const o = outlines.get(ref.isa);
      const label = `${escapeInline(ref.note)}${ref.unit ? ` (${escapeInline(ref.unit)})` : ""}`;
      const indexes = (notesModel?.notes ?? [])
        .map((n, i) => ({ n, i }))
        .filter(({ n }) => n.name === ref.note && n.unit === ref.unit);
      const links =
        notesModel && o?.notes && indexes.length > 0
          ? indexes
              .map(({ i }) => link(label, target(ref.isa, o.notes!.items[i].anchor)))
              .join(", ")
          : label;
      // What the alias table says about this instruction's side of the link.
      const details = indexes.flatMap(({ n }) =>
        n.targets
          .filter((t) => t.isa === here && t.instruction === ins.name)
          .map((t) => {
            const mods = t.modifiers.length
              ? `with ${t.modifiers.map((x) => codeSpan(`.${x}`, false)).join(" ")}`
              : "";
            const comment = t.comment
              ? inlineText(t.comment, textFlavor(notesModel!, t.source), false)
              : "";
            return [mods, comment].filter(Boolean).join(": ");
          }),
      );
      const unique = [...new Set(details.filter(Boolean))];
      return `${isaTitle(ref.isa)} note ${links}${unique.length ? ` — ${unique.join(" ")}` : ""}`;
    },
    targetText: (t) => {
      const mods = t.modifiers.length
        ? ` with ${t.modifiers.map((x) => codeSpan(`.${x}`, false)).join(" ")}`
        : "";
      const comment = t.comment
        ? ` — ${inlineText(t.comment, textFlavor(model, t.source), false)}`
        : "";
      return `${isaTitle(t.isa)} ${instructionLink(t.isa, t.instruction)}${mods}${comment}`;
    },
  };
}

/** Position of each name's first occurrence. */
function firstIndexByName(items: readonly { name: string }[]): Map<string, number> {
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    if (!index.has(item.name)) index.set(item.name, i);
  });
  return index;
}
