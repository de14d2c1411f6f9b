/**
 * The headings of a manual, registered in the order `templates/docs/manual.md.hbs` prints them, so
 * every anchor is GitHub's (see anchors.ts). Kept apart from the view because a manual links into
 * another (Valhall instructions ↔ Bifrost notes): each side needs the other's anchors, which depend
 * only on that model.
 */
import type { IsaModel, Note } from "../../model/types";
import { type Heading, HeadingRegistry } from "./anchors";
import { sharedFormats } from "./formats";
import { intelHistories } from "./genxmlIntelHistory";
import { genxmlIntelOutline, type GenxmlIntelOutline } from "./genxmlIntelView";
import { genxmlPanfrostOutline, type GenxmlPanfrostOutline } from "./genxmlPanfrostView";
import { inheritedAttributes } from "./inheritedAttributes";
import {
  mergedDatabase,
  registerDatabaseOutline,
  type MergedDatabase,
  type RegisterDatabaseOutline,
} from "./registerDatabaseView";

export interface NoteGroup {
  unit: string;
  heading: Heading;
  /** Indexes into `model.notes`, in document order. */
  notes: number[];
}

export interface ManualOutline {
  title: Heading;
  contents: Heading;
  overview: Heading;
  documents: Heading;
  units: Heading | null;
  formats: { chapter: Heading; items: Heading[] } | null;
  index: Heading | null;
  instructions: { chapter: Heading; items: Heading[] } | null;
  enums: { chapter: Heading; items: Heading[] } | null;
  bitsets: { chapter: Heading; items: Heading[] } | null;
  /** One section per abstract encoding credited with shared attributes (inheritedAttributes.ts). */
  inherited: { chapter: Heading; items: Heading[] } | null;
  lookupTables: { chapter: Heading; items: Heading[] } | null;
  registers: { chapter: Heading; items: Heading[] } | null;
  /** The register databases' chapters, with the merged database they show. */
  registerDatabase: { db: MergedDatabase; outline: RegisterDatabaseOutline } | null;
  /** A clause ISA (Bifrost): the clause format's chapter and sections. */
  clauseFormat: { chapter: Heading; items: Heading[] } | null;
  /** A clause ISA: one section per slot instruction (mnemonic), its states in it. */
  slotInstructions: { chapter: Heading; items: Heading[]; mnemonics: string[] } | null;
  /** The Panfrost genxml documents' chapters. */
  genxmlPanfrost: GenxmlPanfrostOutline | null;
  /** The Intel genxml documents' chapters. */
  genxmlIntel: GenxmlIntelOutline | null;
  notes: { chapter: Heading; groups: NoteGroup[]; items: Heading[] } | null;
  /** Every heading, in document order. */
  headings: Heading[];
}

/** The sections of a clause ISA's "Clause format" chapter, in the order the template prints them. */
export const CLAUSE_SECTIONS = [
  "Quadwords and tags",
  "Clause header",
  "Register blocks",
  "Constants and FAU values",
];

/** Notes by unit, units in order of their first note; a note without a unit is under `other`. */
export function noteGroups(notes: Note[]): { unit: string; notes: number[] }[] {
  const groups: { unit: string; notes: number[] }[] = [];
  notes.forEach((n, i) => {
    const unit = n.unit ?? "other";
    const group = groups.find((g) => g.unit === unit);
    if (group) group.notes.push(i);
    else groups.push({ unit, notes: [i] });
  });
  return groups;
}

/** Per model: every manual links into the others, so each manual needs every model's outline. */
const outlines = new WeakMap<IsaModel, ManualOutline>();

export function manualOutline(model: IsaModel): ManualOutline {
  let outline = outlines.get(model);
  if (!outline) {
    outline = buildOutline(model);
    outlines.set(model, outline);
  }
  return outline;
}

function buildOutline(model: IsaModel): ManualOutline {
  const h = new HeadingRegistry();
  const chapter = <T>(
    present: boolean,
    text: string,
    items: () => T,
  ): ({ chapter: Heading } & T) | null =>
    present ? { chapter: h.add(2, text), ...items() } : null;

  const title = h.add(1, model.isa.title);
  const contents = h.add(2, "Contents");
  const overview = h.add(2, "Overview");
  const documents = h.add(3, "Source documents");
  const units = model.isa.units && model.isa.units.length > 0 ? h.add(3, "Execution units") : null;
  const hasInstructions = model.instructions.length > 0;
  const shared = sharedFormats(model);
  const formats = chapter(shared.length > 0, "Encoding formats", () => ({
    items: shared.map((_, i) => h.add(3, `Format ${i + 1}`, "format")),
  }));
  const index = hasInstructions ? h.add(2, "Instruction index") : null;
  const instructions = chapter(hasInstructions, "Instructions", () => ({
    items: model.instructions.map((ins) => h.add(3, ins.name, "instruction")),
  }));
  const enums = chapter(model.enums.length > 0, "Enumerations", () => ({
    items: model.enums.map((e) => h.add(3, e.name, "enum")),
  }));
  const bitsets = chapter(model.bitsets.length > 0, "Bitsets", () => ({
    items: model.bitsets.map((b) => h.add(3, b.name, "bitset")),
  }));
  const groups = inheritedAttributes(model).groups;
  const inherited = chapter(groups.length > 0, "Inherited attributes", () => ({
    items: groups.map((g) => h.add(3, g.name, "inherited")),
  }));
  const lookupTables = chapter(model.lookupTables.length > 0, "Lookup tables", () => ({
    items: model.lookupTables.map((t) => h.add(3, t.name, "lookup table")),
  }));
  const registers = chapter(model.registers.length > 0, "Registers", () => ({
    items: model.registers.map((r) => h.add(3, r.name, "register")),
  }));
  const merged = model.registerDatabases?.length ? mergedDatabase(model.registerDatabases) : null;
  const registerDatabase = merged && { db: merged, outline: registerDatabaseOutline(merged, h) };
  const format = model.clauseIsa?.clauseFormat;
  const clauseFormat = chapter(format !== undefined, "Clause format", () => ({
    items: CLAUSE_SECTIONS.map((text) => h.add(3, text)),
  }));
  const mnemonics = [...new Set((model.clauseIsa?.slotStates ?? []).map((s) => s.mnemonic))];
  const slotInstructions = chapter(mnemonics.length > 0, "Slot instructions", () => ({
    items: mnemonics.map((m) => h.add(3, m, "slot instruction")),
    mnemonics,
  }));
  const genxmlPanfrost = genxmlPanfrostOutline(
    (model.genxml ?? []).filter((d) => d.dialect === "panfrost"),
    h,
  );
  const genxmlIntel = genxmlIntelOutline(intelHistories(model), h);
  const notes = chapter(model.notes.length > 0, "Notes", () => {
    const items: Heading[] = new Array<Heading>(model.notes.length);
    const groups = noteGroups(model.notes).map((g) => {
      const heading = h.add(3, `${g.unit} unit`, "notes");
      // The unit is part of each note's heading: the same name may head a note in two units.
      for (const i of g.notes) items[i] = h.add(4, `${model.notes[i].name} (${g.unit})`, "note");
      return { ...g, heading };
    });
    return { groups, items };
  });
  return {
    title,
    contents,
    overview,
    documents,
    units,
    formats,
    index,
    instructions,
    enums,
    bitsets,
    inherited,
    lookupTables,
    registers,
    registerDatabase,
    clauseFormat,
    slotInstructions,
    genxmlPanfrost,
    genxmlIntel,
    notes,
    headings: h.headings,
  };
}
