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

class StringTables {
  private readonly byContent = new Map<string, string>();
  readonly list: { name: string; literal: string }[] = [];
  name(values: string[]): string {
    const literal = `[${values.map(stringLiteral).join(", ")}]`;
    let name = this.byContent.get(literal);
    if (!name) {
      name = `T${this.list.length}`;
      this.byContent.set(literal, name);
      this.list.push({ name, literal });
    }
    return name;
  }
}

function field(start: number, size: number): string {
  const mask = hex(2 ** size - 1);
  return start === 0 ? `(w & ${mask})` : `((w >>> ${start}) & ${mask})`;
}

function printerOf(state: SlotState, fn: string, tables: StringTables): SlotPrinterView {
  const add = state.unit === "add";
  const locals: string[] = [];
  const indirect = state.modifiers.some((m) => m.start === undefined);
  let lookup: ReturnType<typeof modifierLookup> | undefined;
  if (indirect) {
    lookup = modifierLookup(state);
    let shift = 0;
    const parts = state.derived.map((d) => {
      const part = shift === 0 ? field(d.start, d.size) : `(${field(d.start, d.size)} << ${shift})`;
      shift += d.size;
      return part;
    });
    let index = parts.length ? parts.join(" | ") : "0";
    if (lookup.ordered) {
      const [s0, s1] = state.sources;
      index += ` | (${field(s0.start, 3)} > ${field(s1.start, 3)} ? ${hex(2 ** lookup.width)} : 0)`;
    }
    locals.push(`const i = ${index};`);
  }
  const modText = (m: SlotModifier): string => {
    if (m.start !== undefined)
      return `${tables.name(m.options.map((o) => printed(m, o)))}[${field(m.start, m.size)}]`;
    const entries = lookup!.tables.flat().map((a) => {
      const option = a?.get(m.name);
      return option === undefined ? ".reserved" : printed(m, option);
    });
    return `${tables.name(entries)}[i]`;
  };
  const ns = state.sources.length;
  const sourceOf = (m: SlotModifier) => {
    const digit = /([0-3])$/.exec(m.name);
    return digit && Number(digit[1]) < ns ? Number(digit[1]) : -1;
  };
  const modData = state.modifiers.map((m) => {
    const texts =
      m.start !== undefined
        ? m.options.map((o) => printed(m, o))
        : lookup!.tables.flat().map((a) => {
            const option = a?.get(m.name);
            return option === undefined ? ".reserved" : printed(m, option);
          });
    return `{ s: ${m.start ?? -1}, z: ${m.size}, src: ${sourceOf(m)}, p: ${tables.name(texts)} }`;
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
  const parts: string[] = [stringLiteral(`    ${state.mnemonic}`)];
  for (const m of state.modifiers) if (sourceOf(m) < 0) parts.push(modText(m));
  parts.push(add ? `" " + c.destAdd()` : `" " + c.destFma()`);
  state.sources.forEach((s, i) => {
    const sel = field(s.start, 3);
    parts.push(`", " + c.src(${sel}, ${add})`);
    if (s.mask !== undefined && (s.mask & 0xff) !== 0xff) {
      const invalid = Array.from({ length: 8 }, (_, v) => ((s.mask! >> v) & 1 ? "" : "(INVALID)"));
      parts.push(`${tables.name(invalid)}[${sel}]`);
    }
    for (const m of state.modifiers) if (sourceOf(m) === i) parts.push(modText(m));
  });
  for (const imm of state.immediates)
    parts.push(`${stringLiteral(`, ${imm.name}:`)} + ${field(imm.start, imm.size)}`);
  if (state.staging) parts.push(`", @r" + c.staging`);
  return { fn, mnemonic: state.mnemonic, data: `{ ${data} }`, locals, text: parts.join(" +\n    ") };
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

/** The companion's data as the codec carries it: without positions. */
function formatData(format: ClauseFormat): object {
  const { source: _s, about: _a, ...data } = format;
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
