/**
 * The Bifrost C disassembler's generated part: the clause format's tables (`struct bi_format`, from
 * the bifrost-clauses companion) and one straight-line printer per slot state, tried in Mesa's
 * candidate order per unit — the C twin of the TS codec's (generator/emit/codec/bifrost/).
 */
import type { ClauseFormat, IsaModel, SlotState } from "../../model/types";
import { prepareClauseFormat, type ClauseFormatData } from "../../runtime/codec/bifrostClauses";
import { slotParts, StringTables } from "../codec/bifrost/bifrostCodecView";
import { cStringLiteral } from "../dispatch/dispatchView";

const hex = (n: number) => `0x${n.toString(16)}u`;

function bits(start: number, size: number): string {
  const mask = hex(2 ** size - 1);
  return start === 0 ? `(w & ${mask})` : `((w >> ${start}) & ${mask})`;
}

const KINDS = ["header", "t1", "pair", "ec-m", "tail", "ec-high", "t-split", "constants"];
const ACTIONS: Record<string, string> = {
  idle: "BI_IDLE",
  read: "BI_READ",
  write: "BI_WRITE",
  "write-lo": "BI_WRITE_LO",
  "write-hi": "BI_WRITE_HI",
};
const MODIFIERS: Record<string, string> = {
  plain: "BI_PLAIN",
  pc60: "BI_PC60",
  pchi: "BI_PCHI",
  pcpair: "BI_PCPAIR",
  error: "BI_MOD_ERROR",
  byM2: "BI_BY_M2",
};
const PRINTS: Record<string, string> = {
  reserved: "BI_RESERVED",
  names: "BI_NAMES",
  flag: "BI_FLAG",
  number: "BI_NUMBER",
  mask: "BI_MASK",
  message: "BI_MESSAGE",
  none: "BI_NONE",
};

/** The companion's tables as the initializers of the C runtime's structures. */
function formatTables(format: ClauseFormat): {
  header: string[];
  messages: string[];
  fauSpecial: string[];
  format: string[];
} {
  const { source: _s, about: _a, ...rest } = format;
  const data = rest as unknown as ClauseFormatData;
  const prepared = prepareClauseFormat(data);
  const q = format.quadwordFields;
  const r = format.registerBlock;
  const b = (x: { low: number; high: number; shift?: number }) =>
    `{ ${x.low}, ${x.high}, ${x.shift ?? 0} }`;
  const qNames = ["tag", "mainRegs", "mainFma", "mainAddLow", "c0", "c1", "hdr", "fmaHigh"];
  const qMore = ["addLow2", "ecLow", "ecHigh", "nextRegs", "nextFmaLow", "up1", "up2", "m1"];
  const qLast = ["m2", "A1", "B1", "A2", "B2"];
  const staging = format.header.find((h) => h.name === "staging_register")!;
  const tags = Array.from(
    { length: 256 },
    (_, t) => `{ ${[0, 1, 2, 3].map((k) => prepared.tags[t * 4 + k]).join(", ")} }`,
  );
  const modes = Array.from({ length: 32 }, (_, m) => {
    const mode = prepared.modes[m];
    return mode
      ? `{ 1, ${ACTIONS[mode.port2]}, ${ACTIONS[mode.port3]}, ${cStringLiteral(mode.port3Unit)} }`
      : '{ 0, BI_IDLE, BI_IDLE, "" }';
  });
  const pair = (p: string[]) => `{ ${MODIFIERS[p[0]]}, ${MODIFIERS[p[1] ?? p[0]]} }`;
  const rows = (items: string[], perLine: number) => {
    const out: string[] = [];
    for (let i = 0; i < items.length; i += perLine)
      out.push(items.slice(i, i + perLine).join(", ") + ",");
    return out;
  };
  return {
    header: format.header.map((h) => {
      const texts = (h.texts ?? []).map(cStringLiteral);
      return `{ ${h.low}, ${h.high}, ${PRINTS[h.print]}, { ${texts.length ? texts.join(", ") : "NULL"} } },`;
    }),
    messages: format.messageTypes.map((m) => (m === null ? "NULL," : `${cStringLiteral(m)},`)),
    fauSpecial: format.fauSpecial.map((n) => `${cStringLiteral(n)},`),
    format: [
      `${qNames.map((n) => b(q[n])).join(", ")},`,
      `${qMore.map((n) => b(q[n])).join(", ")},`,
      `${qLast.map((n) => b(q[n])).join(", ")},`,
      `${["fau", "r3", "r2", "r0", "r1", "ctrl"].map((n) => b(r[n])).join(", ")},`,
      "{",
      ...rows(tags, 8).map((l) => `\t${l}`),
      "},",
      `{ ${format.constantPositions.map((p) => (p ? `{ ${p[0]}, ${p[1]} }` : "{ -1, -1 }")).join(", ")} },`,
      `HEADER, ${format.header.length}, ${staging.low}, ${staging.high},`,
      `MESSAGES, ${format.messageTypes.length}, ${cStringLiteral(format.reservedMessage)},`,
      "{",
      ...rows(modes, 2).map((l) => `\t${l}`),
      "},",
      `{ ${format.fauConstantSlots.map((s) => (s === null ? -1 : s)).join(", ")} },`,
      "FAU_SPECIAL,",
      `{ ${format.constantModifiers.map(pair).join(", ")} },`,
      `{ ${format.constantModifiersByM2.map(pair).join(", ")} },`,
    ],
  };
}

/** A state's printer: statements writing its line (§7.7). */
function printer(state: SlotState, tables: StringTables): string[] {
  const { index, parts } = slotParts(state, tables, bits);
  const body: string[] = [];
  if (index !== null) body.push(`unsigned i = ${index};`);
  for (const p of parts) {
    if ("text" in p) body.push(`bi_puts(x->w, ${cStringLiteral(p.text)});`);
    else if ("table" in p) body.push(`bi_puts(x->w, ${p.table}[${p.index}]);`);
    else if ("dest" in p) {
      body.push('bi_puts(x->w, " ");');
      body.push(`bi_dest(x, ${p.dest === "add" ? 1 : 0});`);
    } else if ("src" in p) body.push(`bi_src(x, ${p.src}, ${p.add ? 1 : 0});`);
    else if ("number" in p) {
      body.push(`bi_puts(x->w, ${cStringLiteral(p.prefix)});`);
      body.push(`bi_printf_u(x->w, "%" PRIu64, ${p.number});`);
    } else body.push('bi_printf_u(x->w, ", @r%" PRIu64, x->staging);');
  }
  // A state with no operand bits does not read its word.
  if (!body.some((line) => /(?<!->)\bw\b/.test(line))) body.unshift("(void)w;");
  return body;
}

function candidateTest(state: SlotState): string {
  const tests = [`(w & ${hex(state.mask)}) == ${hex(state.exact)}`];
  for (const d of state.derived) {
    const reserved = d.values.reduce((a, v, j) => a + (v.reserved ? 2 ** j : 0), 0);
    if (reserved === 0) continue;
    if (d.size > 5)
      throw new Error(`bifrost C: a derived field of ${d.size} bits has reserved values`);
    tests.push(`((${hex(reserved)} >> ${bits(d.start, d.size)}) & 1u) == 0`);
  }
  return tests.join(" && ");
}

export interface BifrostCView {
  tables: { name: string; literal: string }[];
  printers: { fn: string; mnemonic: string; body: string[] }[];
  units: { name: string; candidates: { test: string; fn: string }[] }[];
  header: string[];
  messages: string[];
  fauSpecial: string[];
  format: string[];
}

export function bifrostC(model: IsaModel): BifrostCView {
  const clauseIsa = model.clauseIsa!;
  const tables = new StringTables();
  const fnOf = new Map<SlotState, string>();
  const printers = clauseIsa.slotStates.map((s, i) => {
    const fn = `${s.unit}${i}`;
    fnOf.set(s, fn);
    return { fn, mnemonic: s.mnemonic.replace(/\*\//g, "* /"), body: printer(s, tables) };
  });
  const units = (model.isa.units ?? []).map((u) => {
    const name = u.name.toLowerCase();
    const sorted = clauseIsa.slotStates
      .filter((s) => s.unit === name)
      .sort((a, b) => b.mask - a.mask);
    return { name, candidates: sorted.map((s) => ({ test: candidateTest(s), fn: fnOf.get(s)! })) };
  });
  return {
    tables: tables.list.map((t) => ({
      name: t.name,
      literal: `{ ${t.values.map(cStringLiteral).join(", ")} }`,
    })),
    printers,
    units,
    ...formatTables(clauseIsa.clauseFormat!),
  };
}
