/**
 * The manual's chapters for Intel genxml documents (templates/docs/genxml-intel.md.hbs): one
 * section per command, structure, register and enumeration across the spec's documents, with the
 * documents (gens) it exists on, its layout per run of documents that agree (bit diagram, fields,
 * defaults, values) and what changed from one run to the next. Identical layouts are shown once.
 */
import type { GenxmlIntelEnum, GenxmlIntelStruct } from "../../model/genxmlIntel";
import { genxmlLayoutDiagram, layoutDiagramName } from "../diagram/genxmlDiagram";
import type { Heading, HeadingRegistry } from "./anchors";
import {
  placedMembers,
  type IntelHistories,
  type ItemHistory,
  type PlacedField,
} from "./genxmlIntelHistory";
import { codeSpan, escapeInline, link } from "./markdownText";

type StructKind = "instructions" | "structs" | "registers";

interface Chapter {
  chapter: Heading;
  items: Heading[];
}

export type GenxmlIntelOutline = Record<StructKind | "enums", Chapter | null>;

const CHAPTERS: [StructKind | "enums", string, string][] = [
  ["instructions", "Commands", "command"],
  ["structs", "Structures", "structure"],
  ["registers", "Registers", "register"],
  ["enums", "Enumerations", "enum"],
];

export function genxmlIntelOutline(
  histories: IntelHistories | null,
  h: HeadingRegistry,
): GenxmlIntelOutline | null {
  if (!histories) return null;
  const outline = {} as GenxmlIntelOutline;
  for (const [kind, title, qualifier] of CHAPTERS) {
    const items = histories[kind];
    outline[kind] =
      items.length === 0
        ? null
        : { chapter: h.add(2, title), items: items.map((i) => h.add(3, i.name, qualifier)) };
  }
  return outline;
}

/** `gen4`, `gen45`, `gen5` … as ranges over the spec's document order: `gen4` to `gen6`, `gen8`. */
export function docsText(docs: string[], stems: string[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < docs.length) {
    let j = i;
    while (j + 1 < docs.length && stems.indexOf(docs[j + 1]) === stems.indexOf(docs[j]) + 1) j++;
    const name = (k: number) => codeSpan(docs[k], false);
    if (j - i >= 2) parts.push(`${name(i)} to ${name(j)}`);
    else for (let k = i; k <= j; k++) parts.push(name(k));
    i = j + 1;
  }
  return parts.join(", ");
}

/** `54:34`, or one number for a single bit. */
const bitsText = (high: number, low: number) => (high === low ? `${high}` : `${high}:${low}`);

/** A field's identity for the changes between layouts: its name within its group. */
function fieldId(f: PlacedField): string | null {
  return f.field.name === undefined ? null : `${f.group ?? ""}/${f.field.name}`;
}

function fieldName(f: PlacedField): string {
  return codeSpan(f.field.name ?? f.field.type ?? "", false);
}

/** What changed between two layouts: fields added, removed, moved or retyped; sizes and offsets. */
export function layoutChanges(before: GenxmlIntelStruct, after: GenxmlIntelStruct): string[] {
  const named = (s: GenxmlIntelStruct) =>
    new Map(
      placedMembers(s)
        .fields.filter((f) => fieldId(f) !== null)
        .map((f) => [fieldId(f)!, f]),
    );
  const old = named(before);
  const now = named(after);
  const out: string[] = [];
  // Fields shifted whole by the same number of bits are listed together (a dword inserted
  // before them moves them all).
  const shifted = new Map<number, string[]>();
  for (const [id, f] of now) {
    const o = old.get(id);
    if (!o) {
      out.push(`added ${fieldName(f)} (${bitsText(f.end, f.start)})`);
      continue;
    }
    const shift = f.start - o.start;
    const what = [
      o.end - o.start !== f.end - f.start
        ? `bits ${bitsText(o.end, o.start)} → ${bitsText(f.end, f.start)}`
        : "",
      o.field.type !== f.field.type
        ? `type ${codeSpan(o.field.type ?? "", false)} → ${codeSpan(f.field.type ?? "", false)}`
        : "",
      o.field.default !== f.field.default
        ? `default ${o.field.default ?? "none"} → ${f.field.default ?? "none"}`
        : "",
      JSON.stringify(o.field.values.map((v) => [v.name, v.value])) !==
      JSON.stringify(f.field.values.map((v) => [v.name, v.value]))
        ? "values"
        : "",
    ].filter((s) => s !== "");
    if (what.length > 0) out.push(`${fieldName(f)}: ${what.join(", ")}`);
    else if (shift !== 0) shifted.set(shift, [...(shifted.get(shift) ?? []), fieldName(f)]);
  }
  for (const [shift, names] of shifted)
    out.push(`moved ${shift > 0 ? "up" : "down"} ${Math.abs(shift)} bits: ${names.join(", ")}`);
  for (const [id, f] of old) if (!now.has(id)) out.push(`removed ${fieldName(f)}`);
  if (before.length !== after.length)
    out.push(`length ${before.length ?? "unset"} → ${after.length ?? "unset"} dwords`);
  if (before.bias !== after.bias) out.push(`bias ${before.bias ?? 0} → ${after.bias ?? 0}`);
  if (before.num !== after.num) out.push(`offset ${hex(before.num)} → ${hex(after.num)}`);
  if (JSON.stringify(before.engines) !== JSON.stringify(after.engines))
    out.push(`engines ${enginesText(before)} → ${enginesText(after)}`);
  if (out.length === 0) out.push("the order of fields or unnamed fields only");
  return out;
}

const hex = (n: number | undefined) => (n === undefined ? "none" : `0x${n.toString(16)}`);
const enginesText = (s: GenxmlIntelStruct) => (s.engines ?? ["all"]).join(", ");

/** An instruction's header: the defaults of the opcode fields in dword 0, with the bits they fix. */
export function headerOpcode(s: GenxmlIntelStruct): { mask: number; value: number } | null {
  let mask = 0;
  let value = 0;
  for (const m of s.fields) {
    if (m.kind !== "field" || m.default === undefined || m.end > 31) continue;
    if (m.name === "DWord Length") continue;
    const width = m.end - m.start + 1;
    const bits = (width >= 32 ? 0xffffffff : 2 ** width - 1) * 2 ** m.start;
    mask = (mask | bits) >>> 0;
    value = (value | (Number(m.default) * 2 ** m.start)) >>> 0;
  }
  return mask === 0 ? null : { mask, value: value & mask };
}

const hex8 = (n: number) => `0x${(n >>> 0).toString(16).padStart(8, "0")}`;

function layoutFacts(s: GenxmlIntelStruct): string[] {
  const facts: string[] = [];
  if (s.length !== undefined) facts.push(`${s.length} dword${s.length === 1 ? "" : "s"}`);
  if (s.bias !== undefined) facts.push(`length bias ${s.bias}`);
  if (s.kind === "instruction") {
    facts.push(s.engines ? `engines ${s.engines.join(", ")}` : "every engine");
    const op = headerOpcode(s);
    if (op)
      facts.push(
        `header ${codeSpan(hex8(op.value), false)} under mask ${codeSpan(hex8(op.mask), false)}`,
      );
  }
  if (s.num !== undefined) facts.push(`MMIO offset ${codeSpan(hex(s.num), false)}`);
  return facts;
}

export function genxmlIntelView(
  histories: IntelHistories,
  outline: GenxmlIntelOutline,
  isa: string,
) {
  // Field types name structs and enums (a struct first, as the generators look them up);
  // commands and registers are never types.
  const anchorOf = (kind: "structs" | "enums") =>
    new Map(histories[kind].map((h, i) => [h.name, outline[kind]?.items[i].anchor ?? ""]));
  const structAnchors = anchorOf("structs");
  const enumAnchors = anchorOf("enums");
  const typeText = (f: PlacedField): string => {
    const t = f.field.type ?? "uint";
    const target = structAnchors.get(t) ?? enumAnchors.get(t);
    const text = target ? link(escapeInline(t), `#${target}`) : codeSpan(t);
    return f.field.nonzero ? `${text}, non-zero` : text;
  };
  const valuesText = (f: PlacedField): string =>
    f.field.values
      // A name as written, spaces around it included (` UC with Fence`): Markdown shows it trimmed.
      .map((v) => `${v.value}: ${escapeInline(v.name.trim())}${v.dontUse ? " (do not use)" : ""}`)
      .join("; ");

  const structChapter = (kind: StructKind) => {
    const chapter = outline[kind];
    if (!chapter) return null;
    return {
      heading: chapter.chapter,
      items: (histories[kind] as ItemHistory<GenxmlIntelStruct>[]).map((h, i) => {
        const heading = chapter.items[i];
        return {
          heading,
          documents: docsText(h.docs, histories.stems),
          layouts: h.runs.map((run, k) => {
            const s = run.item;
            const { fields, groups } = placedMembers(s);
            return {
              documents: docsText(run.docs, histories.stems),
              facts: layoutFacts(s).join(", "),
              changes:
                k > 0
                  ? {
                      from: docsText(h.runs[k - 1].docs, histories.stems),
                      what: layoutChanges(h.runs[k - 1].item, s).join("; "),
                    }
                  : null,
              diagram: genxmlLayoutDiagram(isa, layoutDiagramName(heading.anchor, k), s.name),
              groups: groups.map((g) => ({
                label: g.label,
                text:
                  g.count === 0
                    ? `repeated as many times as the length allows, every ${g.size} bits from bit ${g.start}`
                    : `${g.count} cop${g.count === 1 ? "y" : "ies"}, every ${g.size} bits from bit ${g.start}`,
              })),
              fields: fields.map((f) => ({
                dword:
                  Math.floor(f.start / 32) === Math.floor(f.end / 32)
                    ? `${Math.floor(f.start / 32)}`
                    : `${Math.floor(f.start / 32)}–${Math.floor(f.end / 32)}`,
                bits: bitsText(f.end, f.start),
                name: f.field.name === undefined ? "" : escapeInline(f.field.name),
                group: f.group ?? "",
                type: typeText(f),
                default: f.field.default === undefined ? "" : codeSpan(f.field.default),
              })),
              // Out of the table: a long list of values would widen every row of it.
              values: fields
                .filter((f) => f.field.values.length > 0)
                .map((f) => ({ field: fieldName(f), values: valuesText(f) })),
              hasGroups: groups.length > 0,
            };
          }),
        };
      }),
    };
  };

  const enums = outline.enums && {
    heading: outline.enums.chapter,
    items: histories.enums.map((h: ItemHistory<GenxmlIntelEnum>, i) => ({
      heading: outline.enums!.items[i],
      documents: docsText(h.docs, histories.stems),
      layouts: h.runs.map((run) => ({
        documents: docsText(run.docs, histories.stems),
        values: run.item.values.map((v) => ({
          value: v.value,
          name: escapeInline(v.name.trim()),
          note: v.dontUse ? "do not use" : "",
        })),
      })),
    })),
  };

  return {
    commands: structChapter("instructions"),
    structs: structChapter("structs"),
    registers: structChapter("registers"),
    enums,
  };
}
