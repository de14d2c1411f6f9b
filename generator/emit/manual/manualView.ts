/**
 * The data `templates/docs/manual.md.hbs` renders for one ISA: every value already Markdown
 * (escaped text, code spans, links with GitHub anchors), so the templates only lay it out.
 *
 * `instructions` (name, mnemonic, anchor, plain-text summary, unit) is also what the static site
 * uses to link into and search the manuals: keep its shape stable.
 */
import type { Instruction, IsaModel } from "../../model/types";
import { defaultVarset } from "../emitRegisterDecoders";
import type { Heading } from "./anchors";
import { intelHistories } from "./genxmlIntelHistory";
import { genxmlIntelView } from "./genxmlIntelView";
import { genxmlPanfrostView } from "./genxmlPanfrostView";
import {
  clauseIsaChapters,
  type ClauseFormatView,
  type SlotInstructionView,
} from "./clauseIsaView";
import {
  bitsetSection,
  enumSection,
  lookupTableSection,
  notesChapter,
  registerSection,
  type EnumSection,
  type FieldsSection,
  type LookupTableSection,
  type NotesChapter,
} from "./chapterViews";
import { formatLayout, type LayoutTableView } from "./encodingView";
import type { InstructionExample } from "./examples";
import { sharedFormats } from "./formats";
import { fieldsInBitOrder } from "./fieldOrder";
import { inheritedAttributes } from "./inheritedAttributes";
import {
  attributesText,
  encodingName,
  fieldRow,
  instructionSection,
  instructionSummary,
  opcodeText,
  type FieldRow,
  type InstructionFormatRef,
  type InstructionSection,
} from "./instructionView";
import { manualFile, manualLinks } from "./manualLinks";
import { codeSpan, escapeInline, inlineText, link } from "./markdownText";
import { manualOutline, type ManualOutline } from "./outline";
import { optionalColumns } from "./optionalColumns";
import {
  registerDatabaseView,
  type MergedDatabase,
  type RegisterDatabaseView,
} from "./registerDatabaseView";
import { sourceLocation, textFlavor } from "./sourceText";

/** An instruction as the site and search see it. */
export interface ManualInstruction {
  name: string;
  mnemonic: string;
  /** Anchor of the instruction's section in `docs/<id>.md`. */
  anchor: string;
  /** One line of plain text (not Markdown). */
  summary: string;
  unit?: string;
  /** The words (and generation) of the instruction's example, where the manual shows one. */
  example?: { words: number[]; gpu?: number };
}

interface Chapter<T> {
  heading: Heading;
  items: T[];
}

function exampleWords(example: InstructionExample | undefined): Pick<ManualInstruction, "example"> {
  if (!example) return {};
  return {
    example: { words: example.words, ...(example.gpu !== undefined ? { gpu: example.gpu } : {}) },
  };
}

export interface ManualView {
  id: string;
  file: string;
  title: Heading;
  contents: string[];
  overview: {
    heading: Heading;
    facts: { label: string; value: string }[];
    documentsHeading: Heading;
    documents: {
      path: string;
      format: string;
      role: string;
      upstream: string;
      lines: string;
      sha256: string;
      recovery: string;
    }[];
    unitsHeading: Heading | null;
    units: { name: string; width: string }[];
  };
  formats: Chapter<{
    heading: Heading;
    members: string;
    layout: LayoutTableView[];
    fields: FieldRow[];
    fieldColumns: Record<"description", boolean>;
  }> | null;
  index: {
    heading: Heading;
    hasOpcode: boolean;
    hasUnit: boolean;
    rows: { instruction: string; opcode: string; unit: string; summary: string }[];
  } | null;
  instructionSections: Chapter<InstructionSection> | null;
  enums: Chapter<EnumSection> | null;
  bitsets: Chapter<FieldsSection> | null;
  inherited: Chapter<{ heading: Heading; members: string; attributes: string }> | null;
  lookupTables: Chapter<LookupTableSection> | null;
  registers: Chapter<FieldsSection> | null;
  registerDatabase: RegisterDatabaseView | null;
  /** A clause ISA's chapters (Bifrost): the clause format and the slot instructions. */
  clauseFormat: ClauseFormatView | null;
  slotInstructions: { heading: Heading; items: SlotInstructionView[] } | null;
  genxmlPanfrost: ReturnType<typeof genxmlPanfrostView> | null;
  /** Intel genxml: the commands', structures' and registers' chapters (in that order), the enums'. */
  genxmlIntel: {
    chapters: IntelView["commands"][];
    enums: IntelView["enums"];
  } | null;
  notes: NotesChapter | null;
  instructions: ManualInstruction[];
}

type IntelView = ReturnType<typeof genxmlIntelView>;

/** Examples per instruction name; absent for ISAs without a codec. */
export type ExampleSource = (model: IsaModel) => Map<string, InstructionExample> | null;

const ROLE_NAMES: Record<IsaModel["documents"][number]["role"], string> = {
  seed: "seed (as found upstream)",
  upstream: "upstream (read from the tree's checkout)",
  companion: "companion (written for isaforge)",
};

const FORMAT_NAMES: Record<string, string> = {
  "rules-ng": "rules-ng XML",
  "rules-ng-database": "rules-ng XML register database",
  isaspec: "Mesa isaspec XML",
  "valhall-xml": "Valhall ISA.xml",
  "r500-regs": "R500 register text",
  "bifrost-notes": "Bifrost notes text",
  "bifrost-xml": "Mesa Bifrost ISA.xml",
  "genxml-panfrost": "Mesa Panfrost genxml",
  "companion-json": "companion JSON",
};

const SYNTAX_NAMES: Record<string, string> = {
  isaspec: "Mesa isaspec",
  etnaviv: "Mesa etnaviv",
  valhall: "Mesa Valhall",
  "r500-fc": "Mesa R500 fragment-program dump",
};

/** A register database's overview: its domains, registers and the variants of its main varset. */
function registerDatabaseFacts(
  model: IsaModel,
  db: MergedDatabase,
): { label: string; value: string }[] {
  const registers = db.domains.reduce((n, d) => n + d.registers.length, 0);
  const varset = defaultVarset(model.registerDatabases ?? []);
  const variants = db.enums.find((e) => e.name === varset)?.values.filter((v) => !v.dead) ?? [];
  return [
    { label: "Domains", value: db.domains.map((d) => codeSpan(d.domain.name)).join(", ") },
    { label: "Registers", value: registers.toLocaleString("en-US") },
    ...(varset !== null && variants.length > 0
      ? [
          {
            label: `Variants (${codeSpan(varset)})`,
            value: variants.map((v) => codeSpan(v.name)).join(", "),
          },
        ]
      : []),
  ];
}

function overview(model: IsaModel, outline: ManualOutline): ManualView["overview"] {
  const isa = model.isa;
  const db = outline.registerDatabase?.db;
  const instructionFacts = db
    ? registerDatabaseFacts(model, db)
    : [
        {
          label: "Instruction width",
          value: `${isa.instructionWidth} bits (${isa.wordCount} × 32-bit word${isa.wordCount > 1 ? "s" : ""}, word 0 first)`,
        },
        { label: "Word size", value: `${isa.wordSize} bits` },
      ];
  const facts = [
    { label: "Vendor", value: escapeInline(isa.vendor) },
    ...instructionFacts,
    { label: "Byte order", value: `${isa.byteOrder}-endian` },
    ...(isa.assemblySyntax
      ? [
          {
            label: "Assembly syntax",
            value: SYNTAX_NAMES[isa.assemblySyntax] ?? escapeInline(isa.assemblySyntax),
          },
        ]
      : []),
    {
      label: "Contents",
      value: [
        [model.instructions.length, "instruction"],
        [model.enums.length, "enumeration"],
        [model.bitsets.length, "bitset"],
        [model.registers.length, "register"],
        [model.lookupTables.length, "lookup table"],
        [model.notes.length, "note"],
        [model.registerDatabases?.length ?? 0, "register database"],
      ]
        .filter(([n]) => (n as number) > 0)
        .map(([n, what]) => `${n} ${what}${n === 1 ? "" : "s"}`)
        .join(", "),
    },
    { label: "Manifest", value: codeSpan(sourceLocation(isa.source), false) },
  ];
  return {
    heading: outline.overview,
    facts,
    documentsHeading: outline.documents,
    documents: model.documents.map((d) => ({
      path: codeSpan(d.path),
      format: FORMAT_NAMES[d.format] ?? escapeInline(d.format),
      role: ROLE_NAMES[d.role],
      upstream: d.upstream ? inlineText(d.upstream, "plain") : "—",
      lines: String(d.recoveredLines),
      sha256: codeSpan(d.sha256),
      recovery: d.recovery.length
        ? d.recovery.map((r) => inlineText(r, "plain")).join("; ")
        : "none",
    })),
    unitsHeading: outline.units,
    units: (isa.units ?? []).map((u) => ({ name: escapeInline(u.name), width: `${u.width} bits` })),
  };
}

function intelChapters(
  model: IsaModel,
  outline: NonNullable<ManualOutline["genxmlIntel"]>,
): ManualView["genxmlIntel"] {
  const view = genxmlIntelView(intelHistories(model)!, outline, model.isa.id);
  return { chapters: [view.commands, view.structs, view.registers], enums: view.enums };
}

export function manualView(
  model: IsaModel,
  models: IsaModel[],
  examples: ExampleSource = () => null,
): ManualView {
  const all = models.includes(model) ? models : [...models, model];
  const outlines = new Map(all.map((m) => [m.isa.id, manualOutline(m)]));
  const outline = outlines.get(model.isa.id)!;
  const links = manualLinks(model, all, outlines);
  const ex = examples(model);
  const opcodeDigits = Math.max(
    1,
    ...model.instructions.map((i) => (i.opcode ?? 0).toString(16).length),
  );
  const hasOpcode = model.instructions.some((i) => i.opcode !== undefined);
  const instructionAnchor = (i: number): string => outline.instructions!.items[i].anchor;

  const contents = outline.headings
    .filter((h) => h.level === 2 && h !== outline.contents)
    .map((h) => link(h.markdown, `#${h.anchor}`));

  const shared = sharedFormats(model);
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  const formatOf = new Map<string, InstructionFormatRef>();
  shared.forEach((members, i) => {
    const heading = outline.formats!.items[i];
    for (const ins of members)
      formatOf.set(ins.name, { link: link(heading.markdown, `#${heading.anchor}`) });
  });
  const formatFields = (
    members: Instruction[],
  ): { fields: FieldRow[]; fieldColumns: Record<"description", boolean> } => {
    const fields = fieldsInBitOrder(members[0].fields).map((f) => fieldRow(model, f, enums, links));
    return { fields, fieldColumns: optionalColumns(fields, ["description"]) };
  };
  const formats = outline.formats && {
    heading: outline.formats.chapter,
    items: shared.map((members, i) => ({
      heading: outline.formats!.items[i],
      members: members.map((ins) => links.instructionLink(model.isa.id, ins.name)).join(", "),
      layout: formatLayout(model, members),
      ...formatFields(members),
    })),
  };

  const index = outline.index && {
    heading: outline.index,
    hasOpcode,
    hasUnit: model.instructions.some((i) => i.unit !== undefined),
    rows: model.instructions.map((ins, i) => ({
      instruction: link(codeSpan(ins.name), `#${instructionAnchor(i)}`),
      opcode:
        ins.opcode !== undefined
          ? codeSpan(
              `${opcodeText(ins.opcode, opcodeDigits)}${ins.opcode2 !== undefined ? `.${ins.opcode2.toString(16)}` : ""}`,
            )
          : codeSpan(
              ins.encoding.match.map((w) => `0x${w.toString(16).padStart(8, "0")}`).join(" "),
            ),
      unit: ins.unit !== undefined ? escapeInline(ins.unit) : "",
      summary: inlineText(instructionSummary(ins), textFlavor(model, ins.source)) || "—",
    })),
  };

  // Shared attributes are printed once, under the abstract encoding (see inheritedAttributes.ts).
  const inherited = inheritedAttributes(model);
  const inheritedLinks = new Map(
    inherited.groups.map((g, i) => {
      const heading = outline.inherited!.items[i];
      return [g.name, link(escapeInline(encodingName(g.name)), `#${heading.anchor}`)];
    }),
  );

  const instructionSections = outline.instructions && {
    heading: outline.instructions.chapter,
    items: model.instructions.map((ins, i) =>
      instructionSection(
        model,
        ins,
        outline.instructions!.items[i],
        formatOf.get(ins.name) ?? null,
        ex?.get(ins.name) ?? null,
        links,
        opcodeDigits,
        { own: inherited.own.get(ins.name), links: inheritedLinks },
      ),
    ),
  };

  return {
    id: model.isa.id,
    file: manualFile(model.isa.id),
    title: outline.title,
    contents,
    overview: overview(model, outline),
    formats,
    index,
    instructionSections,
    enums: outline.enums && {
      heading: outline.enums.chapter,
      items: model.enums.map((e, i) => enumSection(model, e, outline.enums!.items[i], links)),
    },
    bitsets: outline.bitsets && {
      heading: outline.bitsets.chapter,
      items: model.bitsets.map((_, i) => bitsetSection(model, i, outline.bitsets!.items[i], links)),
    },
    inherited: outline.inherited && {
      heading: outline.inherited.chapter,
      items: inherited.groups.map((g, i) => ({
        heading: outline.inherited!.items[i],
        members: g.members.map((ins) => links.instructionLink(model.isa.id, ins.name)).join(", "),
        attributes: attributesText(g.attributes),
      })),
    },
    lookupTables: outline.lookupTables && {
      heading: outline.lookupTables.chapter,
      items: model.lookupTables.map((_, i) =>
        lookupTableSection(model, i, outline.lookupTables!.items[i]),
      ),
    },
    registers: outline.registers && {
      heading: outline.registers.chapter,
      items: model.registers.map((r, i) =>
        registerSection(model, r, outline.registers!.items[i], links),
      ),
    },
    registerDatabase:
      outline.registerDatabase &&
      registerDatabaseView(outline.registerDatabase.db, outline.registerDatabase.outline),
    ...clauseIsaChapters(model, outline, links),
    genxmlPanfrost:
      outline.genxmlPanfrost &&
      genxmlPanfrostView(
        (model.genxml ?? []).filter((d) => d.dialect === "panfrost"),
        outline.genxmlPanfrost,
        model.isa.id,
      ),
    genxmlIntel: outline.genxmlIntel && intelChapters(model, outline.genxmlIntel),
    notes: notesChapter(model, outline, links),
    instructions: [
      ...model.instructions.map((ins, i) => ({
        name: ins.name,
        mnemonic: ins.mnemonic,
        anchor: instructionAnchor(i),
        summary: instructionSummary(ins),
        ...(ins.unit !== undefined ? { unit: ins.unit } : {}),
        ...exampleWords(ex?.get(ins.name)),
      })),
      ...slotInstructionEntries(model, outline),
    ],
  };
}

/** A clause ISA's slot instructions as the site searches them: one per mnemonic, in manual order. */
function slotInstructionEntries(model: IsaModel, outline: ManualOutline): ManualInstruction[] {
  const slots = outline.slotInstructions;
  if (!slots) return [];
  return slots.mnemonics.map((mnemonic, i) => {
    const states = model.clauseIsa!.slotStates.filter((s) => s.mnemonic === mnemonic);
    const unit = (model.isa.units ?? []).find((u) => u.name.toLowerCase() === states[0].unit);
    const name = unit?.name ?? states[0].unit;
    return {
      name: states[0].name,
      mnemonic,
      anchor: slots.items[i].anchor,
      summary: `${name} slot instruction${states.length > 1 ? `, ${states.length} encodings` : ""}`,
      unit: name,
    };
  });
}
