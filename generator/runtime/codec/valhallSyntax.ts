/**
 * Assembly text: Mesa's Valhall syntax (disasm.py prints it, asm.py reads it), e.g.
 *   FADD.f32.clamp_m1_1 r0, r1, r2.neg.abs
 *   LOAD.i32.unsigned.slot0.wait0 @r0, ^r0, offset:0
 * `NAME` + modifiers in ISA.xml order (an enum's default value prints nothing) + flow, one space,
 * then destination, staging registers, sources and immediates joined by ", ".
 * Carried by the Valhall codec (inlined by generator/emit/codec/runtimeSource.ts).
 */
import { AssemblyError } from "./assemblyError";
import { ENUMS, INSTRUCTIONS, ISA, SYNTAX, type Instruction } from "./codecTables";
import type {
  AssembleOptions,
  DecodeOptions,
  FieldSpec,
  InstructionSpec,
  Words,
} from "./codecTypes";
import { encode, fieldValue, findSpec, rawFields } from "./codecRuntime";
import { unknownText } from "./plainLines";

export interface DisassembleOptions extends DecodeOptions {
  /**
   * Accepted for every codec's sake; Mesa's Valhall disassembler has no `show_errors` mode, so the
   * text is the same with it (don't-care bits and reserved values print as they always do).
   */
  showErrors?: boolean;
}

/** A printed suffix: `[field, label]`; a flag prints `.label`, an enum `.<value>`. */
type VaSuffix = readonly [string, string];

interface VaInstruction {
  mods: readonly VaSuffix[];
  dest: readonly [string, string] | null;
  staging: readonly { field: string; count: string; bias: number }[];
  sources: readonly { field: string; suffixes: readonly VaSuffix[] }[];
  imms: readonly { field: string; prefix: string; signed: boolean }[];
}

const VA = SYNTAX as unknown as {
  flow: string;
  fauPage: string;
  lut: readonly number[];
  /** Special FAU value names by page; null for a page without a table or a reserved entry. */
  fauPages: readonly (readonly (string | null)[] | null)[];
  enumDefaults: readonly number[];
  instructions: Record<string, VaInstruction>;
};

/** Source byte: bits 7:6 are the kind, bits 5:0 the value (register, FAU word, LUT index). */
const VA_REGISTER = 0;
const VA_DISCARD = 1;
const VA_UNIFORM = 2;
/** Kind 3: an inline immediate (LUT index < the LUT size), else a special FAU value. */
const VA_IMMEDIATE = 3;
const VA_VALUE_MASK = 0x3f;
const VA_LUT_SIZE = VA.lut.length;
/** Write mask of a full 32-bit destination; 1 and 2 are the low and high halves. */
const VA_FULL_MASK = 3;

function hex(value: number): string {
  return "0x" + (value >>> 0).toString(16).toUpperCase();
}

function fieldByName(s: InstructionSpec, name: string): FieldSpec {
  const f = s.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${s.name} has no field ${name}`);
  return f;
}

function signExtend(raw: number, width: number): number {
  return raw >= 2 ** (width - 1) ? raw - 2 ** width : raw;
}

/** The text of a flag or enum value; enum defaults print nothing, unnamed values `.reserved`. */
function suffixText(f: FieldSpec, label: string, raw: number): string {
  if (f.enumIndex < 0) return raw !== 0 ? `.${label}` : "";
  if (raw === VA.enumDefaults[f.enumIndex]) return "";
  return `.${ENUMS[f.enumIndex].displays[raw] ?? "reserved"}`;
}

function specialName(page: number, index: number): string {
  const table = VA.fauPages[page];
  return table ? (table[index] ?? "reserved") : `reserved_page${page}`;
}

export function sourceText(byte: number, page: number): string {
  const kind = byte >>> 6;
  const value = byte & VA_VALUE_MASK;
  if (kind === VA_REGISTER) return `r${value}`;
  if (kind === VA_DISCARD) return `^r${value}`;
  if (kind === VA_UNIFORM) return `u${value | (page << 6)}`;
  if (value < VA_LUT_SIZE) return hex(VA.lut[value]);
  return `${specialName(page, (value - VA_LUT_SIZE) >> 1)}.w${value & 1}`;
}

/** One line of text for one instruction; `unknown <hex words>` when no instruction matches. */
export function disassemble(words: Words, options: DisassembleOptions = {}): string {
  const s = findSpec(words, options.gpu ?? ISA.defaultGpu);
  if (!s) return unknownText(words);
  const va = VA.instructions[s.name];
  const raw = rawFields(words, s);
  const suffixes = (list: readonly VaSuffix[]) =>
    list.map(([field, label]) => suffixText(fieldByName(s, field), label, raw[field])).join("");
  const page = raw[VA.fauPage];
  const operands: string[] = [];
  if (va.dest) {
    const mask = raw[va.dest[1]];
    operands.push(`r${raw[va.dest[0]]}${mask === VA_FULL_MASK ? "" : mask === 1 ? ".h0" : ".h1"}`);
  }
  for (const sr of va.staging) {
    const base = raw[sr.field];
    const regs = Array.from({ length: raw[sr.count] + sr.bias }, (_, i) => `r${base + i}`);
    operands.push(`@${regs.join(":")}`);
  }
  for (const src of va.sources)
    operands.push(sourceText(raw[src.field], page) + suffixes(src.suffixes));
  for (const imm of va.imms) {
    const f = fieldByName(s, imm.field);
    const value = raw[imm.field];
    operands.push(imm.prefix + (imm.signed ? String(signExtend(value, f.width)) : hex(value)));
  }
  return `${s.mnemonic}${suffixes(va.mods)} ${operands.join(", ")}`;
}

/* ---- Assembler ------------------------------------------------------------------------------ */

/** A suffix the parser may consume: the raw values it can stand for, with their texts. */
interface VaSlot {
  field: string;
  label: string;
  /** Non-empty texts, longest first, each with its raw value. */
  choices: [string, number][];
  /** Raw value when the suffix is absent, or undefined when it is required. */
  absent: number | undefined;
}

function slotOf(f: FieldSpec, label: string): VaSlot {
  if (f.enumIndex < 0) return { field: f.name, label, choices: [[`.${label}`, 1]], absent: 0 };
  const def = VA.enumDefaults[f.enumIndex];
  const displays = ENUMS[f.enumIndex].displays;
  const choices: [string, number][] = [];
  let reserved = false;
  for (let v = 0; v < 2 ** f.width; v++) {
    if (v === def) continue;
    const d = displays[v];
    // `.reserved` reads back as the first unnamed value, as in asm.py.
    if (d != null) choices.push([`.${d}`, v]);
    else if (!reserved) {
      reserved = true;
      choices.push([".reserved", v]);
    }
  }
  choices.sort((a, b) => b[0].length - a[0].length);
  return {
    field: f.name,
    label,
    choices,
    absent: def >= 0 && def < 2 ** f.width ? def : undefined,
  };
}

interface SlotMatch {
  ok: boolean;
  values: Map<string, number>;
  /** Where matching got stuck (the farthest offset reached), and a required slot missing there. */
  stuck: number;
  missing: VaSlot | null;
}

/**
 * Match `text` (a run of `.suffix`es) against the slots in order, each used at most once: the
 * first full match, trying longer texts first. Suffix texts may contain dots (`.16.32`), so a
 * choice must end where the text ends or at a dot, and a wrong guess backtracks.
 */
function matchSlots(text: string, slots: readonly VaSlot[]): SlotMatch {
  const result: SlotMatch = { ok: false, values: new Map(), stuck: 0, missing: null };
  const walk = (pos: number, i: number): boolean => {
    if (pos > result.stuck) {
      result.stuck = pos;
      result.missing = null;
    }
    if (i === slots.length) return pos === text.length;
    const slot = slots[i];
    for (const [t, v] of slot.choices) {
      const end = pos + t.length;
      if (text.startsWith(t, pos) && (end === text.length || text[end] === ".")) {
        result.values.set(slot.field, v);
        if (walk(end, i + 1)) return true;
      }
    }
    if (slot.absent === undefined) {
      if (pos === result.stuck && !result.missing) result.missing = slot;
      return false;
    }
    result.values.set(slot.field, slot.absent);
    return walk(pos, i + 1);
  };
  result.ok = walk(0, 0);
  return result;
}

interface VaToken {
  text: string;
  /** 1-based column of the token's first character. */
  column: number;
}

function fail(message: string, line: number, column: number): never {
  throw new AssemblyError(message, line, column);
}

/** Parse a whole number: decimal or 0x-hex, optionally negative. */
export function parseNumber(text: string): number | undefined {
  const m = /^(-?)(0[xX][0-9a-fA-F]+|[0-9]+)$/.exec(text);
  if (!m) return undefined;
  const v = Number(m[2].replace(/^0[xX]/, "0x"));
  return m[1] ? -v : v;
}

/** Suffixes after an operand's base (or the instruction name), as raw values; fails at the first bad one. */
function parseSuffixes(
  text: string,
  column: number,
  slots: readonly VaSlot[],
  what: string,
  line: number,
): Map<string, number> {
  const m = matchSlots(text, slots);
  if (m.ok) return m.values;
  const need = `${what} needs a ${m.missing ? m.missing.label : "further"} modifier`;
  if (m.stuck === text.length) fail(need, line, column + text.length);
  const bad = /^\.?[^.]*/.exec(text.slice(m.stuck))![0];
  fail(
    m.missing ? `${need} here, found '${bad}'` : `unexpected modifier '${bad}' for ${what}`,
    line,
    column + m.stuck,
  );
}

/** Special FAU names → page and index (`reserved_page<n>` stands for entry 0 of a page without a table). */
const VA_SPECIALS = new Map<string, [number, number]>();
VA.fauPages.forEach((table, page) => {
  if (!table) VA_SPECIALS.set(`reserved_page${page}`, [page, 0]);
  else table.forEach((name, index) => name && VA_SPECIALS.set(name, [page, index]));
});

/**
 * Each page's first reserved special FAU entry (one its table names no value for, or past its
 * table's end), which `reserved.wN` reads back as; undefined for a page without a table (its
 * entries print `reserved_page<n>`) or without a reserved entry.
 */
const VA_RESERVED = VA.fauPages.map((table) => {
  if (!table) return undefined;
  for (let i = 0; VA_LUT_SIZE + 2 * i <= VA_VALUE_MASK; i++) if (table[i] == null) return i;
  return undefined;
});

/** The byte of special FAU entry `index`, word `word`. */
function specialByte(index: number, word: number): number {
  return (VA_IMMEDIATE << 6) | (VA_LUT_SIZE + index * 2 + word);
}

/**
 * A source's byte and the FAU page it needs (-1: any). `reserved.wN`, which every reserved special
 * entry of every page with a table prints, needs a page with one (any): its byte is that of the
 * first page's with one, and `reserved` the word, for the caller to place on the instruction's page.
 */
function parseSourceBase(
  tok: VaToken,
  line: number,
): { byte: number; page: number; rest: number; reserved?: number } {
  const t = tok.text;
  let m = /^(\^?)r(\d+)/.exec(t);
  if (m) {
    const reg = Number(m[2]);
    if (reg > VA_VALUE_MASK)
      fail(`register r${reg} out of range (r0..r${VA_VALUE_MASK})`, line, tok.column);
    return { byte: ((m[1] ? VA_DISCARD : VA_REGISTER) << 6) | reg, page: -1, rest: m[0].length };
  }
  if ((m = /^u(\d+)/.exec(t))) {
    const n = Number(m[1]);
    const last = VA.fauPages.length * (VA_VALUE_MASK + 1) - 1;
    if (n > last) fail(`uniform u${n} out of range (u0..u${last})`, line, tok.column);
    return { byte: (VA_UNIFORM << 6) | (n & VA_VALUE_MASK), page: n >> 6, rest: m[0].length };
  }
  if ((m = /^0[xX]([0-9a-fA-F]+)/.exec(t))) {
    const value = parseInt(m[1], 16);
    // The first entry holding the value, as asm.py picks (the LUT holds 0 twice).
    const index = value <= 0xffffffff ? VA.lut.indexOf(value) : -1;
    if (index < 0) fail(`${m[0]} is not an inline immediate (not in the LUT)`, line, tok.column);
    return { byte: (VA_IMMEDIATE << 6) | index, page: -1, rest: m[0].length };
  }
  if ((m = /^([A-Za-z_][A-Za-z0-9_]*)\.w([01])(?=\.|$)/.exec(t))) {
    const first = VA_RESERVED.find((i) => i !== undefined);
    if (m[1] === "reserved" && first !== undefined) {
      const word = Number(m[2]);
      return { byte: specialByte(first, word), page: -1, rest: m[0].length, reserved: word };
    }
    const special = VA_SPECIALS.get(m[1]);
    if (!special) fail(`unknown special FAU value '${m[1]}'`, line, tok.column);
    return { byte: specialByte(special[1], Number(m[2])), page: special[0], rest: m[0].length };
  }
  fail(
    `expected a source (rN, ^rN, uN, 0x<LUT value> or <special>.wN), found '${t}'`,
    line,
    tok.column,
  );
}

/** Split `a, b, c` into tokens with columns; `start` is the 0-based offset of `text` in the line. */
export function splitOperands(text: string, start: number): VaToken[] {
  if (text.trim() === "") return [];
  const out: VaToken[] = [];
  let offset = start;
  for (const part of text.split(",")) {
    const lead = part.length - part.trimStart().length;
    out.push({ text: part.trim(), column: offset + lead + 1 });
    offset += part.length + 1;
  }
  return out;
}

function assembleLine(text: string, line: number): Uint32Array {
  const m = /^(\s*)(\S+)(\s*)(.*)$/.exec(text)!;
  const head: VaToken = { text: m[2], column: m[1].length + 1 };
  // The longest instruction name that the head starts with, up to a dot.
  const names = INSTRUCTIONS.filter(
    (s) =>
      head.text.startsWith(s.mnemonic) &&
      (head.text.length === s.mnemonic.length || head.text[s.mnemonic.length] === "."),
  ).sort((a, b) => b.mnemonic.length - a.mnemonic.length);
  if (names.length === 0)
    fail(`unknown instruction '${head.text.split(".")[0]}'`, line, head.column);
  const s = names[0];
  const va = VA.instructions[s.name];
  const raw: Record<string, number> = {};
  const what = s.mnemonic;
  const slotsOf = (list: readonly VaSuffix[]) =>
    list.map(([field, label]) => slotOf(fieldByName(s, field), label));
  const mods = parseSuffixes(
    head.text.slice(s.mnemonic.length),
    head.column + s.mnemonic.length,
    slotsOf(va.mods),
    what,
    line,
  );
  mods.forEach((v, k) => (raw[k] = v));

  const operands = splitOperands(m[4], m[1].length + m[2].length + m[3].length);
  const expected = (va.dest ? 1 : 0) + va.staging.length + va.sources.length + va.imms.length;
  const empty = operands.find((o) => o.text === "");
  if (empty) fail("empty operand", line, empty.column);
  if (operands.length > expected)
    fail(
      `${what} takes ${expected} operand${expected === 1 ? "" : "s"}`,
      line,
      operands[expected].column,
    );
  if (operands.length < expected)
    fail(
      `${what} takes ${expected} operand${expected === 1 ? "" : "s"}, found ${operands.length}`,
      line,
      text.trimEnd().length + 1,
    );
  let next = 0;
  let page = -1;
  let pageColumn = 0;
  /** Sources written `reserved.wN`: their field, word and token. */
  const reserved: [string, number, VaToken][] = [];

  if (va.dest) {
    const tok = operands[next++];
    const d = /^r(\d+)(\.h[01])?$/.exec(tok.text);
    if (!d)
      fail(`expected a destination rN, rN.h0 or rN.h1, found '${tok.text}'`, line, tok.column);
    if (Number(d[1]) > VA_VALUE_MASK)
      fail(`register r${d[1]} out of range (r0..r${VA_VALUE_MASK})`, line, tok.column);
    raw[va.dest[0]] = Number(d[1]);
    raw[va.dest[1]] = d[2] === ".h0" ? 1 : d[2] === ".h1" ? 2 : VA_FULL_MASK;
  }
  for (const sr of va.staging) {
    const tok = operands[next++];
    if (!/^@(r\d+(:r\d+)*)?$/.test(tok.text))
      fail(`expected staging registers @rA:rB:…, found '${tok.text}'`, line, tok.column);
    // `@` alone: no staging registers (the disassembler prints it so; the register field is 0).
    const regs =
      tok.text === "@"
        ? []
        : tok.text
            .slice(1)
            .split(":")
            .map((r) => Number(r.slice(1)));
    if (regs[0] > VA_VALUE_MASK)
      fail(`register r${regs[0]} out of range (r0..r${VA_VALUE_MASK})`, line, tok.column);
    const gap = regs.findIndex((r, i) => r !== regs[0] + i);
    if (gap >= 0)
      fail(
        `staging registers must be consecutive: r${regs[gap]} after r${regs[gap - 1]}`,
        line,
        tok.column,
      );
    const count = regs.length - sr.bias;
    const countField = fieldByName(s, sr.count);
    if (count < 0 || count >= 2 ** countField.width)
      fail(`${what} cannot take ${regs.length} staging registers here`, line, tok.column);
    if (raw[sr.count] !== undefined && raw[sr.count] !== count)
      fail(
        `staging register count ${regs.length} disagrees with an earlier operand`,
        line,
        tok.column,
      );
    raw[sr.field] = regs[0] ?? 0;
    raw[sr.count] = count;
  }
  for (const src of va.sources) {
    const tok = operands[next++];
    const base = parseSourceBase(tok, line);
    if (base.page >= 0) {
      if (page >= 0 && page !== base.page)
        fail(
          `FAU page ${base.page} here, but page ${page} at column ${pageColumn}: one page per instruction`,
          line,
          tok.column,
        );
      page = base.page;
      pageColumn = tok.column;
    }
    raw[src.field] = base.byte;
    if (base.reserved !== undefined) reserved.push([src.field, base.reserved, tok]);
    parseSuffixes(
      tok.text.slice(base.rest),
      tok.column + base.rest,
      slotsOf(src.suffixes),
      tok.text.slice(0, base.rest),
      line,
    ).forEach((v, k) => (raw[k] = v));
  }
  for (const imm of va.imms) {
    const tok = operands[next++];
    if (!tok.text.startsWith(imm.prefix))
      fail(`expected ${imm.prefix}<value>, found '${tok.text}'`, line, tok.column);
    const f = fieldByName(s, imm.field);
    const value = parseNumber(tok.text.slice(imm.prefix.length));
    const min = imm.signed ? -(2 ** (f.width - 1)) : 0;
    const max = imm.signed ? 2 ** (f.width - 1) - 1 : 2 ** f.width - 1;
    if (value === undefined)
      fail(
        `expected a number after '${imm.prefix}', found '${tok.text.slice(imm.prefix.length)}'`,
        line,
        tok.column + imm.prefix.length,
      );
    if (value < min || value > max)
      fail(
        `${imm.field} ${value} does not fit (${min}..${max})`,
        line,
        tok.column + imm.prefix.length,
      );
    raw[imm.field] = value < 0 ? value + 2 ** f.width : value;
  }
  // `reserved.wN` is the first reserved special entry of the instruction's page (as `.reserved` is
  // an enum's first reserved value); with no page given, of the first page that has one.
  if (page < 0 && reserved.length) page = VA_RESERVED.findIndex((i) => i !== undefined);
  for (const [field, word, tok] of reserved) {
    const index = VA_RESERVED[page];
    if (index === undefined)
      fail(`FAU page ${page} has no reserved special value`, line, tok.column);
    raw[field] = specialByte(index, word);
  }
  raw[VA.fauPage] = page < 0 ? 0 : page;

  const fields: Record<string, unknown> = {};
  for (const f of s.fields)
    if (raw[f.name] !== undefined) fields[f.name] = fieldValue(f, raw[f.name]);
  try {
    return encode({ name: s.name, fields } as unknown as Instruction);
  } catch (e) {
    fail((e as Error).message, line, head.column);
  }
}

/**
 * Assemble text, one instruction per line (blank lines are skipped), into the instructions' words
 * one after another. Throws an AssemblyError at the first bad token.
 * `options.gpu` has no effect: this syntax's source formats give instructions no gen ranges.
 */
export function assemble(text: string, _options: AssembleOptions = {}): Uint32Array {
  const lines = text.split(/\r?\n/);
  const parts = lines.map((l, i) =>
    l.trim() === "" ? new Uint32Array(0) : assembleLine(l, i + 1),
  );
  const out = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

// Exported here, not where declared: the inlined code (without exports) is then laid out as above.
export { parseSourceBase };
