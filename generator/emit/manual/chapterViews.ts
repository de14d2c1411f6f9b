/**
 * The reference chapters of a manual as template data: enums, bitsets, lookup tables, registers,
 * assembly text, notes.
 */
import type { EnumDef, EnumValue, Field, IsaModel, Register } from "../../model/types";
import type { Heading } from "./anchors";
import { bitsetLayout, registerLayout, type LayoutTableView } from "./encodingView";
import { fieldsInBitOrder } from "./fieldOrder";
import { fieldRow, type FieldRow } from "./instructionView";
import type { ManualLinks } from "./manualLinks";
import { blockText, codeSpan, escapeInline, inlineText } from "./markdownText";
import type { ManualOutline } from "./outline";
import { optionalColumns } from "./optionalColumns";
import { sourceLocation, textFlavor } from "./sourceText";

interface Titled {
  heading: Heading;
}

function titled(heading: Heading): Titled {
  return { heading };
}

export interface EnumValueRow {
  value: string;
  name: string;
  display: string;
  description: string;
}

export interface EnumSection extends Titled {
  summary: string;
  facts: string[];
  doc: string;
  values: EnumValueRow[];
  valueColumns: Record<"display" | "description", boolean>;
  namesWithoutValue: { name: string; description: string }[];
}

export function enumValueRows(
  model: IsaModel,
  values: EnumValue[],
  links: ManualLinks,
): EnumValueRow[] {
  return values.map((v) => {
    const flavor = textFlavor(model, v.source);
    const flags = [v.reserved ? "reserved" : "", v.default ? "default" : ""].filter(Boolean);
    // An opcode value documented as its instruction (etnaviv) points there instead of repeating it.
    const same = v.doc
      ? model.instructions.find((i) => i.name === v.name && i.doc?.trim() === v.doc!.trim())
      : undefined;
    const doc = same
      ? `described under ${links.instructionLink(model.isa.id, same.name)}`
      : v.doc
        ? inlineText(v.doc, flavor)
        : "";
    const text = [v.brief ? inlineText(v.brief, flavor) : "", doc].filter(Boolean).join(" — ");
    return {
      value: String(v.value),
      name: v.name !== undefined ? codeSpan(v.name) : "",
      display: v.display !== undefined ? codeSpan(v.display) || "(nothing)" : "",
      description: flags.length
        ? text
          ? `${text} (${flags.join(", ")})`
          : `(${flags.join(", ")})`
        : text,
    };
  });
}

export function enumSection(
  model: IsaModel,
  e: EnumDef,
  heading: Heading,
  links: ManualLinks,
): EnumSection {
  const flavor = textFlavor(model, e.source);
  const values = enumValueRows(model, e.values, links);
  const facts = [
    ...(e.key !== undefined ? [`Key: ${codeSpan(e.key, false)}`] : []),
    ...(e.width !== undefined ? [`Width: ${e.width} bits`] : []),
    `Values: ${e.values.length}${e.values.some((v) => v.reserved) ? ` (${e.values.filter((v) => v.reserved).length} reserved)` : ""}`,
    `Source: ${codeSpan(sourceLocation(e.source), false)}`,
  ];
  return {
    ...titled(heading),
    summary: e.brief ? inlineText(e.brief, flavor, false) : "",
    facts,
    doc: e.doc ? blockText(e.doc, flavor) : "",
    values,
    valueColumns: optionalColumns(values, ["display", "description"]),
    namesWithoutValue: (e.namesWithoutValue ?? []).map((n) => ({
      name: codeSpan(n.name),
      description: [n.brief, n.doc]
        .filter((t): t is string => !!t)
        .map((t) => inlineText(t, textFlavor(model, n.source)))
        .join(" "),
    })),
  };
}

export interface FieldsSection extends Titled {
  summary: string;
  facts: string[];
  doc: string;
  layout: LayoutTableView[];
  fields: FieldRow[];
  fieldColumns: Record<"description", boolean>;
  /** Per enumerated field: its values, or (for a long enum) a link to it. */
  possibleValues: {
    field: string;
    values: EnumValueRow[];
    valueColumns: Record<"display" | "description", boolean>;
    enumLink: string;
  }[];
}

/** Longer enums are linked from a register rather than repeated in it. */
const INLINE_VALUES_MAX = 16;

function fieldsOf(
  model: IsaModel,
  fields: Field[],
  links: ManualLinks,
): Pick<FieldsSection, "fields" | "fieldColumns"> {
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  const rows = fieldsInBitOrder(fields).map((f) => fieldRow(model, f, enums, links));
  return { fields: rows, fieldColumns: optionalColumns(rows, ["description"]) };
}

export function bitsetSection(
  model: IsaModel,
  index: number,
  heading: Heading,
  links: ManualLinks,
): FieldsSection {
  const b = model.bitsets[index];
  const flavor = textFlavor(model, b.source);
  return {
    ...titled(heading),
    summary: b.brief ? inlineText(b.brief, flavor, false) : "",
    facts: [`Width: ${b.width} bits`, `Source: ${codeSpan(sourceLocation(b.source), false)}`],
    doc: b.doc ? blockText(b.doc, flavor) : "",
    layout: bitsetLayout(b.width, b.fields),
    ...fieldsOf(model, b.fields, links),
    possibleValues: [],
  };
}

export function registerSection(
  model: IsaModel,
  reg: Register,
  heading: Heading,
  links: ManualLinks,
): FieldsSection {
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  const flavor = textFlavor(model, reg.source);
  const facts = [
    ...(reg.offset !== undefined
      ? [`Offset: ${codeSpan(`0x${reg.offset.toString(16).padStart(4, "0")}`, false)}`]
      : []),
    `Width: ${reg.width} bits`,
    ...(reg.instructionWord !== undefined ? [`Instruction word: ${reg.instructionWord}`] : []),
    ...(reg.headerNames?.length
      ? [
          `Mesa: ${reg.headerNames.map((n) => `${codeSpan(n.name, false)} (${escapeInline(n.header)})`).join(", ")}`,
        ]
      : []),
    `Source: ${codeSpan(sourceLocation(reg.source), false)}`,
  ];
  return {
    ...titled(heading),
    summary: reg.brief ? inlineText(reg.brief, flavor, false) : "",
    facts,
    doc: reg.doc ? blockText(reg.doc, flavor) : "",
    layout: registerLayout(reg),
    ...fieldsOf(model, reg.fields, links),
    // The source's POSSIBLE VALUES lists, one per enumerated field.
    possibleValues: reg.fields
      .filter((f) => f.enum !== undefined && enums.has(f.enum))
      .map((f) => {
        const def = enums.get(f.enum!)!;
        const values =
          def.values.length <= INLINE_VALUES_MAX ? enumValueRows(model, def.values, links) : [];
        return {
          field: codeSpan(f.name, false),
          values,
          valueColumns: optionalColumns(values, ["display", "description"]),
          enumLink: links.enumLink(def.name),
        };
      }),
  };
}

export interface LookupTableSection extends Titled {
  facts: string[];
  doc: string;
  entries: { index: string; value: string; description: string }[];
}

export function lookupTableSection(
  model: IsaModel,
  index: number,
  heading: Heading,
): LookupTableSection {
  const t = model.lookupTables[index];
  return {
    ...titled(heading),
    facts: [`Entries: ${t.entries.length}`, `Source: ${codeSpan(sourceLocation(t.source), false)}`],
    doc: t.doc ? blockText(t.doc, textFlavor(model, t.source)) : "",
    entries: t.entries.map((e) => ({
      index: String(e.index),
      value: codeSpan(`0x${e.value.toString(16).toUpperCase().padStart(8, "0")}`),
      description: e.doc ? inlineText(e.doc, textFlavor(model, e.source)) : "",
    })),
  };
}

export interface NoteSection extends Titled {
  text: string;
  source: string;
  targets: string[];
}

export interface NotesChapter {
  heading: Heading;
  groups: (Titled & { notes: NoteSection[] })[];
}

export function notesChapter(
  model: IsaModel,
  outline: ManualOutline,
  links: ManualLinks,
): NotesChapter | null {
  const o = outline.notes;
  if (!o) return null;
  return {
    heading: o.chapter,
    groups: o.groups.map((g) => ({
      ...titled(g.heading),
      notes: g.notes.map((i) => {
        const n = model.notes[i];
        return {
          ...titled(o.items[i]),
          text: blockText(n.text, textFlavor(model, n.source)),
          source: codeSpan(sourceLocation(n.source), false),
          targets: n.targets.map(
            (t) => `${links.targetText(t)} (alias ${codeSpan(sourceLocation(t.source), false)})`,
          ),
        };
      }),
    })),
  };
}
