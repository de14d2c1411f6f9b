/**
 * A clause ISA's chapters of the manual (Bifrost): the clause format from the `bifrost-clauses`
 * companion as tables and bit diagrams, and one section per slot instruction with each of its
 * states (fixed bits, the bits of its sources, modifiers, derived fields and immediates as a
 * diagram, its modifiers' options) and the notes that describe it.
 */
import type { ClauseFormat, IsaModel, SlotCondition, SlotState } from "../../model/types";
import { clauseFormatDiagrams, slotStateDiagramPath } from "../diagram/clauseIsaDiagrams";
import type { Heading } from "./anchors";
import { bitLayout } from "./bitLayout";
import {
  headerLayout,
  quadwordLayout,
  registerBlockLayout,
  slotStateFixed,
  slotStateItems,
  slotWidth,
  type ClauseLayout,
} from "./clauseLayouts";
import { layoutViews, type LayoutTableView } from "./encodingView";
import { codeSpan, escapeInline, link } from "./markdownText";
import type { ManualLinks } from "./manualLinks";
import type { ManualOutline } from "./outline";
import { sourceLocation } from "./sourceText";

/** An SVG diagram as a Markdown image. */
interface DiagramImage {
  src: string;
  alt: string;
}

export interface ClauseFormatView {
  heading: Heading;
  sections: {
    heading: Heading;
    text: string;
    diagrams: DiagramImage[];
    layout: LayoutTableView[];
    tables: string[][][];
  }[];
}

export interface SlotStateView {
  title: string;
  facts: string[];
  diagram: DiagramImage;
  layout: LayoutTableView[];
  modifiers: string[][];
  sources: string[][];
}

export interface SlotInstructionView {
  heading: Heading;
  facts: string[];
  states: SlotStateView[];
}

const hex = (n: number) => `0x${n.toString(16)}`;
const bitsText = (low: number, high: number) => (high > low ? `${high}:${low}` : `${low}`);
const cell = (text: string) => escapeInline(text).replace(/\|/g, "\\|");

function conditionText(c: SlotCondition): string {
  const text =
    c.op === "eq" || c.op === "neq"
      ? `${c.left} ${c.op === "eq" ? "=" : "≠"} ${c.right}`
      : `(${c.terms!.map(conditionText).join(c.op === "and" ? " and " : " or ")})`;
  return c.alias ? `alias ${text}` : text;
}

function clauseFormatView(
  model: IsaModel,
  format: ClauseFormat,
  headings: Heading[],
): ClauseFormatView["sections"] {
  const q = format.quadwordFields;
  const diagrams = clauseFormatDiagrams(model, format);
  const diagramsOf = (section: number) =>
    diagrams
      .filter((d) => d.section === section)
      .map((d) => ({ src: d.path, alt: escapeInline(d.alt) }));
  const tagRows = [
    ["Kind", "x (bit 7)", "f (bits 3–5)", "l (bits 0–2)", "Tuple written", "Tuple count set"],
    ...format.tagKinds.map((k) => [
      k.kind,
      String(k.x),
      k.f?.join(", ") ?? "any",
      k.l?.join(", ") ?? "any",
      k.tuple
        ? k.tuple.length === 2
          ? `${k.tuple[0]} (s = 0), ${k.tuple[1]} (s = 1)`
          : String(k.tuple[0])
        : "",
      k.count !== undefined ? String(k.count) : "",
    ]),
  ];
  const header = format.header.map((h) => [
    h.name,
    bitsText(h.low, h.high - 1),
    h.print,
    cell((h.texts ?? []).map((t) => JSON.stringify(t)).join(", ")),
  ]);
  const modes = format.registerModes.map((m) => [String(m.mode), m.port2, m.port3, m.port3Unit]);
  const positions = format.constantPositions.map((p, i) => [
    String(i),
    p ? String(p[0]) : "invalid",
    p ? String(p[1]) : "",
  ]);
  return [
    {
      heading: headings[0],
      text: "A clause is read a 128-bit quadword at a time, until a quadword's kind and stop bit (tag bit 6) end it. The tag (bits 0–7) gives the kind; each kind takes some of the named fields below (a field shifted left when it lands in a constant), as the diagrams after the tuple's show. A tuple is a register block, an FMA word and an ADD word; the ADD word's top three bits are stored apart (in the tag or at the top of a quadword).",
      diagrams: diagramsOf(0),
      layout: layoutOf(quadwordLayout(format, "header")),
      tables: [
        [
          ["Field", "Bits", "Shift"],
          ...Object.entries(q).map(([name, b]) => [
            name,
            bitsText(b.low, b.high - 1),
            String(b.shift ?? 0),
          ]),
        ],
        tagRows,
      ],
    },
    {
      heading: headings[1],
      text: "The last header quadword's 45 bits. The header line prints these fields in this order; a reserved field that is not zero rejects the stream.",
      diagrams: diagramsOf(1),
      layout: layoutOf(headerLayout(format)),
      tables: [[["Field", "Bits", "Printed", "Texts"], ...header]],
    },
    {
      heading: headings[2],
      text: "Each tuple's 35-bit register block names the registers of its four ports and its FAU index; its mode (from ctrl, or r1 when ctrl is 0) says what ports 2 and 3 do. Modes not listed are reserved.",
      diagrams: diagramsOf(2),
      layout: layoutOf(registerBlockLayout(format)),
      tables: [[["Mode", "Port 2", "Port 3", "Port 3 unit"], ...modes]],
    },
    {
      heading: headings[3],
      text: `A constants quadword (tags ${hex(format.constantTags.more)}–${hex(format.constantTags.more | 15)}, ${hex(format.constantTags.last)}–${hex(format.constantTags.last | 15)} last) writes two 64-bit constant slots at the position its low 4 tag bits give, which must fit the tuple count. FAU indexes 0x20–0x7f read a constant slot (bits 4–7: ${format.fauConstantSlots
        .map((s, i) => (s === null ? null : `${hex(i)} → slot ${s}`))
        .filter((s) => s !== null)
        .join(", ")}), 0x80 and up a uniform, below 0x20 a special value (${format.fauSpecial
        .slice(0, 7)
        .map((n) => codeSpan(n))
        .join(", ")}, …).`,
      diagrams: diagramsOf(3),
      layout: [],
      tables: [[["Position", "First slot", "Tuple count"], ...positions]],
    },
  ];
}

/** Layout tables of a value of one word or less. */
const layoutOf = (l: ClauseLayout) => layoutViews(bitLayout(l.width, l.items, () => undefined));

function stateView(
  state: SlotState,
  width: number,
  count: number,
  isa: string,
  anchor: string,
): SlotStateView {
  const facts = [
    `Mask ${codeSpan(hex(state.mask), false)}, exact ${codeSpan(hex(state.exact), false)}`,
    ...(state.test ? [`Selected when ${codeSpan(conditionText(state.test), false)}`] : []),
    ...state.derived.map(
      (d) =>
        `Derived bits ${bitsText(d.start, d.start + d.size - 1)}: ${d.values
          .map(
            (v, j) =>
              `${j}: ${v.reserved ? "reserved" : codeSpan(conditionText(v.condition!), false)}`,
          )
          .join("; ")}`,
    ),
    ...(state.immediates.length
      ? [
          `Immediates: ${state.immediates.map((m) => `${codeSpan(m.name, false)} (bits ${bitsText(m.start, m.start + m.size - 1)})`).join(", ")}`,
        ]
      : []),
    ...(state.staging ? ["Prints the clause's staging register (`@rN`)"] : []),
    `Source: ${codeSpan(sourceLocation(state.source), false)}`,
  ];
  return {
    title: count > 1 ? `Encoding ${state.encoding! + 1}` : "Encoding",
    facts,
    diagram: {
      src: slotStateDiagramPath(isa, anchor, state, count),
      alt: escapeInline(
        `Bit fields of ${state.mnemonic}${count > 1 ? `, encoding ${state.encoding! + 1}` : ""}`,
      ),
    },
    layout: layoutViews(bitLayout(width, slotStateItems(state), slotStateFixed(state))),
    modifiers: state.modifiers.length
      ? [
          ["Modifier", "Bits", "Options", "Default"],
          ...state.modifiers.map((m) => [
            codeSpan(m.name),
            m.start !== undefined
              ? bitsText(m.start, m.start + m.size - 1)
              : "from the derived bits",
            cell(
              m.options
                .map((o, v) => (o === "reserved" ? null : `${v}: ${o}`))
                .filter((o) => o !== null)
                .join(", "),
            ),
            m.default !== undefined ? codeSpan(m.default) : "none (always printed)",
          ]),
        ]
      : [],
    sources: state.sources.length
      ? [
          ["Source", "Bits", "Allowed selectors"],
          ...state.sources.map((s, i) => [
            `src${i}`,
            bitsText(s.start, s.start + 2),
            s.mask === undefined || (s.mask & 0xff) === 0xff
              ? "all"
              : [0, 1, 2, 3, 4, 5, 6, 7].filter((v) => (s.mask! >> v) & 1).join(", "),
          ]),
        ]
      : [],
  };
}

export function clauseIsaChapters(
  model: IsaModel,
  outline: ManualOutline,
  links: ManualLinks,
): {
  clauseFormat: ClauseFormatView | null;
  slotInstructions: { heading: Heading; items: SlotInstructionView[] } | null;
} {
  const format = model.clauseIsa?.clauseFormat;
  const clauseFormat =
    outline.clauseFormat && format
      ? {
          heading: outline.clauseFormat.chapter,
          sections: clauseFormatView(model, format, outline.clauseFormat.items),
        }
      : null;
  const o = outline.slotInstructions;
  if (!o) return { clauseFormat, slotInstructions: null };
  const states = model.clauseIsa!.slotStates;
  // The notes that describe a state, and the other ISAs' instructions those notes name (Valhall's).
  const describing = (state: SlotState) =>
    model.notes.flatMap((n, i) =>
      n.targets.some(
        (t) =>
          t.isa === model.isa.id &&
          t.instruction === state.name &&
          n.unit?.toLowerCase() === state.unit,
      )
        ? [i]
        : [],
    );
  const noteLinks = (state: SlotState): string[] =>
    outline.notes
      ? describing(state).map((i) =>
          link(outline.notes!.items[i].markdown, `#${outline.notes!.items[i].anchor}`),
        )
      : [];
  const counterparts = (state: SlotState): string[] => [
    ...new Set(
      describing(state).flatMap((i) =>
        model.notes[i].targets
          .filter((t) => t.isa !== model.isa.id)
          // The link alone: the alias comments are on the notes.
          .map(({ comment: _comment, ...t }) => links.targetText(t)),
      ),
    ),
  ];
  const items = o.mnemonics.map((mnemonic, i): SlotInstructionView => {
    const own = states.filter((s) => s.mnemonic === mnemonic);
    const unit = (model.isa.units ?? []).find((u) => u.name.toLowerCase() === own[0].unit);
    const notes = noteLinks(own[0]);
    const others = counterparts(own[0]);
    return {
      heading: o.items[i],
      facts: [
        `Unit: ${unit?.name ?? own[0].unit} (${unit?.width ?? ""}-bit word)`,
        ...Object.entries(own[0].attributes ?? {}).map(([k, v]) => `${k}: ${codeSpan(v, false)}`),
        ...(notes.length ? [`Notes: ${notes.join(", ")}`] : []),
        ...(others.length ? [`Counterparts (from the notes' aliases): ${others.join(", ")}`] : []),
      ],
      states: own.map((s) =>
        stateView(s, slotWidth(model, s), own.length, model.isa.id, o.items[i].anchor),
      ),
    };
  });
  return { clauseFormat, slotInstructions: { heading: o.chapter, items } };
}
