/** One instruction's section of a manual, as template data (cells and paragraphs already Markdown). */
import type { EnumDef, Field, Instruction, IsaModel, NoteRef } from "../../model/types";
import type { Heading } from "./anchors";
import {
  bitsText,
  fixedBitRuns,
  hexWords,
  instructionLayout,
  type LayoutTableView,
} from "./encodingView";
import { diagramPath } from "../diagram/bitFieldSvg";
import { NO_DISPLAY, type InstructionExample } from "./examples";
import { fieldsInBitOrder } from "./fieldOrder";
import { blockText, codeSpan, escapeInline, inlineText } from "./markdownText";
import type { ManualLinks } from "./manualLinks";
import { optionalColumns } from "./optionalColumns";
import { sourceLocation, textFlavor } from "./sourceText";

export interface FieldRow {
  name: string;
  bits: string;
  type: string;
  description: string;
}

/** An instruction's own attributes, and links to the abstract encodings holding its shared ones. */
export interface InstructionAttributes {
  own: Record<string, string> | undefined;
  /** Markdown link per abstract encoding that has an "Inherited attributes" section. */
  links: Map<string, string>;
}

/** The shared format an instruction belongs to. */
export interface InstructionFormatRef {
  link: string;
}

export interface InstructionSection {
  heading: Heading;
  summary: string;
  facts: string[];
  /** The shared format holding the diagram and field table, or null when they are here. */
  format: InstructionFormatRef | null;
  /** Without a shared format: the encoding diagram and the field table. */
  layout: LayoutTableView[];
  /** The SVG bit-field diagram of the instruction (`docs/svg/…`), as a Markdown image. */
  diagram: { src: string; alt: string };
  fields: FieldRow[];
  /** With a shared format: the values of every fixed bit, and every field with its bits, on one line each. */
  fixedBits: string;
  fieldList: string;
  /** One list item per derived value. */
  derived: string[];
  overrides: { condition: string; display: string; fields: string; source: string }[];
  /** One list item per operand. */
  operands: string[];
  /** `field` only where it differs from the modifier's name. */
  modifiers: { name: string; field: string; bits: string; values: string; notes: string }[];
  fieldColumns: Record<"description", boolean>;
  syntax: string;
  /** `text` without trailing whitespace (Markdown cannot keep it); `trailing` says what was there. */
  example: {
    words: string;
    text: string;
    gpu: string;
    trailing: string;
    decodeOnly: string;
  } | null;
  description: string;
  attributes: string;
  notes: string[];
}

/** `0x0b2`: hex, padded to the widest opcode of the ISA. */
export function opcodeText(value: number, digits: number): string {
  return `0x${value.toString(16).padStart(digits, "0")}`;
}

/** The text of an enum value as a reader sees it: the printed form, else the symbolic name. */
export function enumValueLabel(v: { display?: string; name?: string; value: number }): string {
  return v.display || v.name || String(v.value);
}

/** The type column of a field: its kind, its enum or bitset (linked), its default. */
export function fieldTypeText(
  field: Field,
  enums: Map<string, EnumDef>,
  links: ManualLinks,
): string {
  const parts: string[] = [field.type];
  if (field.enum !== undefined) {
    parts[0] = `enum ${links.enumLink(field.enum)}`;
    if (field.enumLowBits) parts.push(`low ${field.width} bits of the value`);
    if (field.enumPrefix) parts.push(`values 0–${2 ** field.width - 1} only`);
  }
  if (field.bitset !== undefined) parts[0] = `bitset ${links.bitsetLink(field.bitset)}`;
  if (field.display !== undefined) parts.push(`prints ${codeSpan(field.display) || "nothing"}`);
  if (field.default !== undefined) {
    const value =
      field.enum !== undefined
        ? enums.get(field.enum)?.values.find((v) => v.value === field.default)
        : undefined;
    const label = value?.display || value?.name;
    parts.push(`default ${label ? `${codeSpan(label)} (${field.default})` : field.default}`);
  }
  return parts.join(", ");
}

/** Brief, doc and the relations of a field, one cell. */
export function fieldDescription(model: IsaModel, field: Field): string {
  const flavor = textFlavor(model, field.source);
  const text = [field.brief, field.doc]
    .filter((t): t is string => !!t)
    .map((t) => inlineText(t, flavor))
    .join(" — ");
  const parts: string[] = [];
  // Relations follow as sentences of their own.
  if (text) parts.push(sentence(text));
  if (field.alternativeTo?.length)
    parts.push(`Same bits as ${field.alternativeTo.map((a) => codeSpan(a)).join(", ")}.`);
  if (field.implied) parts.push("Implied: not printed as a modifier.");
  if (field.call) parts.push("The target is a function.");
  if (field.params?.length)
    parts.push(
      `Parameters: ${field.params.map((p) => `${codeSpan(p.name)} as ${codeSpan(p.as)}`).join(", ")}.`,
    );
  if (field.headerNames?.length)
    parts.push(`Mesa: ${field.headerNames.map((n) => codeSpan(n.name)).join(", ")}.`);
  return parts.join(" ");
}

export function fieldRow(
  model: IsaModel,
  field: Field,
  enums: Map<string, EnumDef>,
  links: ManualLinks,
): FieldRow {
  return {
    name: codeSpan(field.name),
    bits: bitsText(field.ranges),
    type: fieldTypeText(field, enums, links),
    description: fieldDescription(model, field),
  };
}

/** The one-line summary of an instruction, plain text: brief, title, or the first sentence of its doc. */
export function instructionSummary(ins: Instruction): string {
  const text = ins.brief ?? ins.title ?? firstSentence(ins.doc ?? sharedDoc(ins)?.doc ?? "");
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The text of the encoding the instruction extends that documents it (`extendsDoc`), unless that is
 * the outermost encoding, whose text is about every instruction of the ISA (ir3's "Encoding of an
 * ir3 instruction").
 */
function sharedDoc(ins: Instruction): Instruction["extendsDoc"] {
  const d = ins.extendsDoc;
  return d && d.encoding !== ins.extends?.[ins.extends.length - 1] ? d : undefined;
}

function firstSentence(text: string): string {
  const paragraph = text.trim().split(/\n\s*\n/)[0] ?? "";
  // A sentence ends before a capital or at the end: "ie. not s2en" goes on.
  const m = /^([\s\S]*?[.!?])(\s+(?=[A-Z])|\s*$)/.exec(paragraph);
  return m ? m[1] : paragraph;
}

function syntaxText(model: IsaModel, ins: Instruction, links: ManualLinks): string {
  if (ins.display !== undefined)
    return `${codeSpan(ins.display, false)} (display template: \`{NAME}\` is the mnemonic, \`{FIELD}\` a field's text).`;
  if (model.isa.assemblySyntax === "r500-fc")
    return "Mesa's dump of the instruction's words on one line: each word the instruction uses as `index:NAME value:` followed by its fields, separated by tabs.";
  if (model.isa.assemblySyntax === "isaspec")
    return `no display template: Mesa prints an empty line; the assembler takes the form \`${ins.mnemonic} FIELD=value, …\` with every field in decimal.`;
  const mods = ins.modifiers.some((m) => !m.implied);
  const parts = [`${codeSpan(ins.mnemonic, false)}`];
  if (mods) parts.push("then the values of the modifiers above as suffixes");
  if (ins.operands.length)
    parts.push(`then the operands ${ins.operands.map((o) => codeSpan(o.name, false)).join(", ")}`);
  return `${parts.join(", ")}.`;
}

/**
 * An abstract encoding's name as a reader reads it: isaspec's names begin with `#`, which beside a
 * link looked like a raw anchor (`#instruction-cat1`).
 */
export function encodingName(name: string): string {
  return name.replace(/^#/, "");
}

/** `inheritedLinks`: the abstract encodings in `extends` that have an "Inherited attributes" section. */
function factsOf(
  ins: Instruction,
  opcodeDigits: number,
  inheritedLinks: Map<string, string>,
): string[] {
  let identity = `Mnemonic ${codeSpan(ins.mnemonic, false)}`;
  if (ins.opcode !== undefined)
    identity += `, opcode ${codeSpan(opcodeText(ins.opcode, opcodeDigits), false)}`;
  if (ins.opcode2 !== undefined)
    identity += `, secondary opcode ${codeSpan(opcodeText(ins.opcode2, 1), false)}`;
  const facts = [identity];
  const placement = [
    ins.unit !== undefined ? `unit ${escapeInline(ins.unit)}` : "",
    ins.group !== undefined ? `group ${escapeInline(ins.group)}` : "",
    ins.gen !== undefined
      ? `generations ${ins.gen.max >= 0xffffffff ? `${ins.gen.min} and later` : `${ins.gen.min} to ${ins.gen.max}`}`
      : "",
  ].filter(Boolean);
  if (placement.length) facts.push(placement.join(", ").replace(/^./, (c) => c.toUpperCase()));
  if (ins.extends?.length)
    facts.push(
      `Extends ${ins.extends.map((e) => inheritedLinks.get(e) ?? escapeInline(encodingName(e))).join(" → ")}`,
    );
  facts.push(
    `Match ${codeSpan(hexWords(ins.encoding.match), false)} under mask ${codeSpan(hexWords(ins.encoding.mask), false)} (word 0 first)`,
  );
  facts.push(`Source: ${codeSpan(sourceLocation(ins.source), false)}`);
  return facts;
}

function modifierRows(
  ins: Instruction,
  enums: Map<string, EnumDef>,
  links: ManualLinks,
): InstructionSection["modifiers"] {
  return ins.modifiers.map((m) => {
    const field = ins.fields.find((f) => f.name === m.field);
    const def = field?.enum !== undefined ? enums.get(field.enum) : undefined;
    let values = "a flag";
    if (def) {
      const shown = def.values.filter(
        (v) => !v.reserved && (!field || v.value < 2 ** field.width || field.enumLowBits),
      );
      values = `enum ${links.enumLink(def.name)}: ${shown.map((v) => codeSpan(enumValueLabel(v), false)).join(", ")}`;
    } else if (field && field.type !== "bool" && field.type !== "bool_inv")
      values = `a ${field.type} value`;
    const notes = [
      m.encoded ? "" : "Not encoded in its own bits (selects the instruction).",
      m.implied ? "Implied: not printed." : "",
    ]
      .filter(Boolean)
      .join(" ");
    return {
      name: codeSpan(m.name, false),
      field: m.field !== m.name ? codeSpan(m.field, false) : "",
      bits: field
        ? `${field.ranges.length === 1 && field.width === 1 ? "bit" : "bits"} ${bitsText(field.ranges)}`
        : "no bits of its own",
      values,
      notes,
    };
  });
}

export function attributesText(attributes: Record<string, string> | undefined): string {
  if (!attributes) return "";
  return Object.keys(attributes)
    .sort()
    .map((k) => `${codeSpan(k, false)}=${codeSpan(attributes[k], false) || '""'}`)
    .join(", ");
}

/** Words for the whitespace a text ends with (`one space`), or "". */
function trailingWhitespace(text: string): string {
  const tail = text.slice(text.trimEnd().length);
  if (tail === "") return "";
  const names: Record<string, string> = { " ": "space", "\t": "tab" };
  const counts = [...new Set(tail)].map((c) => {
    const n = [...tail].filter((x) => x === c).length;
    return `${n === 1 ? "one" : n} ${names[c] ?? `U+${c.charCodeAt(0).toString(16).padStart(4, "0")}`}${n === 1 ? "" : "s"}`;
  });
  return counts.join(" and ");
}

/** Text ending as a sentence does. */
function sentence(text: string): string {
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

export function instructionSection(
  model: IsaModel,
  ins: Instruction,
  heading: Heading,
  format: InstructionFormatRef | null,
  example: InstructionExample | null,
  links: ManualLinks,
  opcodeDigits: number,
  attributes: InstructionAttributes = { own: ins.attributes, links: new Map() },
): InstructionSection {
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  const flavor = textFlavor(model, ins.source);
  const summaryParts = [ins.title, ins.brief].filter(
    (t): t is string => t !== undefined && t !== "",
  );
  const fields = format
    ? []
    : fieldsInBitOrder(ins.fields).map((f) => fieldRow(model, f, enums, links));
  const operands = ins.operands.map((o) => {
    const what = [o.kind, o.size !== undefined ? `${o.size} bits` : ""].filter(Boolean).join(", ");
    const description = o.brief
      ? ` ${sentence(inlineText(o.brief, textFlavor(model, o.source), false))}`
      : "";
    const attributes =
      o.attributes && Object.keys(o.attributes).length
        ? ` Attributes ${attributesText(o.attributes)}.`
        : "";
    return `${codeSpan(o.name, false)} (${what}):${description} Fields ${o.fields.map((f) => codeSpan(f, false)).join(", ")}.${attributes}`;
  });
  const modifiers = modifierRows(ins, enums, links);
  return {
    heading,
    summary: summaryParts.map((t) => inlineText(t, flavor, false)).join(" — "),
    facts: factsOf(ins, opcodeDigits, attributes.links),
    format,
    layout: format ? [] : instructionLayout(model, ins),
    diagram: {
      src: diagramPath(model.isa.id, heading.anchor),
      alt: escapeInline(`Bit fields of ${ins.name}`),
    },
    fields,
    fieldColumns: optionalColumns(fields, ["description"]),
    fixedBits: format
      ? fixedBitRuns(model, ins)
          .map((r) => `${codeSpan(r.bits, false)} = ${codeSpan(r.value, false)}`)
          .join(", ")
      : "",
    fieldList: format
      ? ins.fields.map((f) => `${codeSpan(f.name, false)} (${bitsText(f.ranges)})`).join(", ")
      : "",
    derived: ins.derived.map(
      (d) =>
        `${codeSpan(d.name, false)} = ${codeSpan(d.expr, false)}: ${d.width} bit${d.width === 1 ? "" : "s"}, ${d.enum !== undefined ? `enum ${links.enumLink(d.enum)}` : d.type}`,
    ),
    overrides: ins.overrides.map((o) => ({
      condition: codeSpan(o.expr),
      display: o.display !== undefined ? codeSpan(o.display) : "—",
      fields:
        [
          ...o.fields.map((f) => `${codeSpan(f.name)} (${bitsText(f.ranges)})`),
          ...o.derived.map((d) => `${codeSpan(d.name)} = ${codeSpan(d.expr)}`),
        ].join(", ") || "—",
      source: codeSpan(sourceLocation(o.source)),
    })),
    operands,
    modifiers,
    syntax: syntaxText(model, ins, links),
    example: example && {
      words: hexWords(example.words),
      text: example.text.trimEnd(),
      gpu: example.gpu !== undefined ? String(example.gpu) : "",
      trailing: trailingWhitespace(example.text),
      decodeOnly:
        example.decodeOnly === NO_DISPLAY
          ? "the empty line holds no bits; write the form above to assemble the instruction"
          : example.decodeOnly !== undefined
            ? "the assembler cannot turn this text back into the words"
            : "",
    },
    description: [
      ins.doc ? blockText(ins.doc, flavor) : "",
      sharedDoc(ins)
        ? `From ${codeSpan(sharedDoc(ins)!.encoding, false)}, which it extends:\n\n${blockText(sharedDoc(ins)!.doc, flavor)}`
        : "",
    ]
      .filter((t) => t !== "")
      .join("\n\n"),
    attributes: attributesText(attributes.own),
    notes: ins.notes.map((n: NoteRef) => links.noteLinks(n, ins)),
  };
}
