/**
 * What the Bifrost codec template needs from the model: the clause framing as data, and per slot
 * state a straight-line printer (bifrost-clauses.md §7.4–7.7), in Mesa's candidate order per unit
 * (mask as a number, largest first; stable). Modifier texts are shared string tables.
 */
import type { ClauseFormat, IsaModel, SlotModifier, SlotState } from "../../../model/types";
import { stringLiteral } from "../../jsLiterals";
import { jsonLines } from "../jsonLines";
import { SYNTAX_RUNTIME, runtimeSource } from "../runtimeSource";
import { modifierLookup } from "./modifierLookup";

export interface SlotPrinterView {
  fn: string;
  mnemonic: string;
  /** What the assembler reads of the state (a `SlotStateData` literal). */
  data: string;
  /** Statements before the return (locals). */
  locals: string[];
  /** The line's text as one expression. */
  text: string;
}

export interface BifrostCodecView {
  idLiteral: string;
  title: string;
  sources: string[];
  runtime: string;
  format: string;
  tables: { name: string; literal: string }[];
  printers: SlotPrinterView[];
  units: { name: string; candidates: { test: string; index: number }[] }[];
  stateCount: number;
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** Printed form of an option (§7.5): nothing for the default, else `.option`. */
const printed = (m: SlotModifier, option: string) => (option === m.default ? "" : `.${option}`);

export class StringTables {
  private readonly byContent = new Map<string, string>();
  readonly list: { name: string; literal: string; values: string[] }[] = [];
  name(values: string[]): string {
    const literal = `[${values.map(stringLiteral).join(", ")}]`;
    let name = this.byContent.get(literal);
    if (!name) {
      name = `T${this.list.length}`;
      this.byContent.set(literal, name);
      this.list.push({ name, literal, values });
    }
    return name;
  }
}

function field(start: number, size: number): string {
  const mask = hex(2 ** size - 1);
  return start === 0 ? `(w & ${mask})` : `((w >>> ${start}) & ${mask})`;
}

/** A piece of a slot line, whatever the language: text, a table entry, an operand, a number. */
export type SlotPart =
  | { text: string }
  | { table: string; index: string }
  | { dest: "fma" | "add" }
  | { src: string; add: boolean }
  | { prefix: string; number: string }
  | { staging: true };

/** What a state's line is made of (§7.7), with `bits(start, size)` the language's field read. */
export function slotParts(
  state: SlotState,
  tables: StringTables,
  bits: (start: number, size: number) => string,
): {
  /** The lookup index of the indirect modifiers (`i`), as an expression; null when none. */
  index: string | null;
  parts: SlotPart[];
} {
  const add = state.unit === "add";
  const lookup = state.modifiers.some((m) => m.start === undefined)
    ? modifierLookup(state)
    : undefined;
  let index: string | null = null;
  if (lookup) {
    // Derived fields, lowest first, then the ordering (source 0's selector above source 1's).
    let shift = 0;
    const terms = state.derived.map((d) => {
      const term = shift === 0 ? bits(d.start, d.size) : `(${bits(d.start, d.size)} << ${shift})`;
      shift += d.size;
      return term;
    });
    if (lookup.ordered)
      terms.push(
        `(${bits(state.sources[0].start, 3)} > ${bits(state.sources[1].start, 3)} ? ${2 ** shift} : 0)`,
      );
    index = terms.length ? terms.join(" | ") : "0";
  }
  const modPart = (m: SlotModifier): SlotPart =>
    m.start !== undefined
      ? { table: tables.name(m.options.map((o) => printed(m, o))), index: bits(m.start, m.size) }
      : { table: tables.name(indirectTexts(m, lookup!)), index: "i" };
  const parts: SlotPart[] = [{ text: `    ${state.mnemonic}` }];
  for (const m of state.modifiers) if (sourceOf(state, m) < 0) parts.push(modPart(m));
  parts.push({ dest: add ? "add" : "fma" });
  state.sources.forEach((s, i) => {
    const sel = bits(s.start, 3);
    parts.push({ text: ", " }, { src: sel, add });
    if (s.mask !== undefined && (s.mask & 0xff) !== 0xff) {
      const invalid = Array.from({ length: 8 }, (_, v) => ((s.mask! >> v) & 1 ? "" : "(INVALID)"));
      parts.push({ table: tables.name(invalid), index: sel });
    }
    for (const m of state.modifiers) if (sourceOf(state, m) === i) parts.push(modPart(m));
  });
  for (const imm of state.immediates)
    parts.push({ prefix: `, ${imm.name}:`, number: bits(imm.start, imm.size) });
  if (state.staging) parts.push({ staging: true });
  return { index, parts };
}

/** The printed text of an indirect modifier per lookup entry ([lt…, gt…]). */
function indirectTexts(m: SlotModifier, lookup: ReturnType<typeof modifierLookup>): string[] {
  return lookup.tables.flat().map((a) => {
    const option = a?.get(m.name);
    return option === undefined ? ".reserved" : printed(m, option);
  });
}

/** The source a modifier belongs to (§7.6: its name ends in the source's number), or -1. */
function sourceOf(state: SlotState, m: SlotModifier): number {
  const digit = /([0-3])$/.exec(m.name);
  return digit && Number(digit[1]) < state.sources.length ? Number(digit[1]) : -1;
}

function printerOf(state: SlotState, fn: string, tables: StringTables): SlotPrinterView {
  const add = state.unit === "add";
  const { index, parts } = slotParts(state, tables, field);
  const locals = index === null ? [] : [`const i = ${index};`];
  const lookup = index ? modifierLookup(state) : undefined;
  const modData = state.modifiers.map((m) => {
    const texts =
      m.start !== undefined ? m.options.map((o) => printed(m, o)) : indirectTexts(m, lookup!);
    return `{ s: ${m.start ?? -1}, z: ${m.size}, src: ${sourceOf(state, m)}, p: ${tables.name(texts)} }`;
  });
  const derivedData = state.derived.map((d) => {
    const reserved = d.values.reduce((r, v, j) => r + (v.reserved ? 2 ** j : 0), 0);
    return `[${d.start}, ${d.size}, ${hex(reserved)}]`;
  });
  const data = [
    `m: ${stringLiteral(state.mnemonic)}`,
    `add: ${add}`,
    `mask: ${hex(state.mask)}`,
    `exact: ${hex(state.exact)}`,
    `mods: [${modData.join(", ")}]`,
    `srcs: [${state.sources.map((x) => `[${x.start}, ${hex(x.mask ?? 0xff)}]`).join(", ")}]`,
    `imms: [${state.immediates.map((i) => `[${stringLiteral(i.name)}, ${i.start}, ${i.size}]`).join(", ")}]`,
    `staging: ${state.staging}`,
    `derived: [${derivedData.join(", ")}]`,
    `ordered: ${lookup?.ordered ?? false}`,
  ].join(", ");
  const text = parts.map((p) =>
    "text" in p
      ? stringLiteral(p.text)
      : "table" in p
        ? `${p.table}[${p.index}]`
        : "dest" in p
          ? p.dest === "add"
            ? "c.destAdd()"
            : "c.destFma()"
          : "src" in p
            ? `c.src(${p.src}, ${p.add})`
            : "number" in p
              ? `${stringLiteral(p.prefix)} + ${p.number}`
              : `", @r" + c.staging`,
  );
  // The destination follows one space.
  const joined = text.map((t, k) => ("dest" in parts[k] ? `" " + ${t}` : t));
  return {
    fn,
    mnemonic: state.mnemonic,
    data: `{ ${data} }`,
    locals,
    text: joined.join(" +\n    "),
  };
}

/** The condition under which a word is this state's (§7.4): mask, exact, no reserved derived value. */
function candidateTest(state: SlotState): string {
  const tests = [`(w & ${hex(state.mask)}) === ${hex(state.exact)}`];
  for (const d of state.derived) {
    const reserved = d.values.map((v, j) => (v.reserved ? 2 ** j : 0)).reduce((a, b) => a + b, 0);
    if (reserved === 0) continue;
    if (d.size > 5) {
      const list = d.values.flatMap((v, j) => (v.reserved ? [j] : []));
      tests.push(`![${list.join(", ")}].includes(${field(d.start, d.size)})`);
    } else tests.push(`((${hex(reserved)} >>> ${field(d.start, d.size)}) & 1) === 0`);
  }
  return tests.join(" && ");
}

/** The companion's data as the codec carries it: without positions, and what only the manual draws. */
function formatData(format: ClauseFormat): object {
  const { source: _s, about: _a, kindFields: _k, ...data } = format;
  const strip = <T extends { source: unknown }>(items: T[]) =>
    items.map(({ source: _x, ...rest }) => rest);
  return {
    ...data,
    tagKinds: strip(data.tagKinds),
    header: strip(data.header),
    registerModes: strip(data.registerModes),
  };
}

export function bifrostCodecView(model: IsaModel, sources: string[]): BifrostCodecView {
  const clauseIsa = model.clauseIsa!;
  const tables = new StringTables();
  const printers: SlotPrinterView[] = [];
  const indexOf = new Map<SlotState, number>();
  clauseIsa.slotStates.forEach((state, i) => {
    indexOf.set(state, i);
    printers.push(printerOf(state, `${state.unit}${i}`, tables));
  });
  const units = (model.isa.units ?? []).map((u) => {
    const name = u.name.toLowerCase();
    const sorted = clauseIsa.slotStates
      .filter((s) => s.unit === name)
      .sort((a, b) => b.mask - a.mask);
    return {
      name,
      candidates: sorted.map((s) => ({ test: candidateTest(s), index: indexOf.get(s)! })),
    };
  });
  return {
    idLiteral: stringLiteral(model.isa.id),
    title: model.isa.title,
    sources,
    runtime: runtimeSource(SYNTAX_RUNTIME.bifrost),
    format: jsonLines(formatData(clauseIsa.clauseFormat!)),
    tables: tables.list,
    printers,
    units,
    stateCount: clauseIsa.slotStates.length,
  };
}
