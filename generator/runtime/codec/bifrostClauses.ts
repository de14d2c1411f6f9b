/**
 * Bifrost clause streams (bifrost-clauses.md §2–6, 9, 10): framing quadwords into clauses of tuples,
 * the header line, register blocks, sources and destinations, embedded and PC-relative constants,
 * and Mesa's plain and verbose text. What the framing is comes as data (`ClauseFormatData`, the
 * `bifrost-clauses` companion); the slot words are printed by the generated per-state code
 * (`SlotPrinters`). Carried by the Bifrost codec (inlined by generator/emit/codec/runtimeSource.ts).
 */
import { constant32, hexDigits } from "./bifrostText";

/** Why a stream is rejected: where Mesa asserts or reads past the end (§10.2). */
export type ClauseErrorKind =
  | "length"
  | "truncated"
  | "tag"
  | "constant-position"
  | "constant-modifier"
  | "header-reserved"
  | "register-mode"
  | "pc-offset";

/** A stream Mesa's disassembler would not print: the kind, and the byte offset it concerns. */
export class ClauseStreamError extends Error {
  constructor(
    readonly kind: ClauseErrorKind,
    readonly byteOffset: number,
    detail: string,
  ) {
    super(`byte ${byteOffset}: ${kind}: ${detail}`);
    this.name = "ClauseStreamError";
  }
}

interface Bits {
  low: number;
  high: number;
  shift?: number;
}

/** The companion's data, as the codec carries it (bifrost-clauses.schema.json). */
export interface ClauseFormatData {
  quadwordFields: Record<string, Bits>;
  tagKinds: {
    kind: string;
    x: number;
    f?: number[];
    l?: number[];
    tuple?: number[];
    count?: number;
  }[];
  constantPositions: (number[] | null)[];
  header: { name: string; low: number; high: number; print: string; texts?: string[] }[];
  messageTypes: (string | null)[];
  reservedMessage: string;
  registerBlock: Record<string, Bits>;
  registerModes: { mode: number; port2: string; port3: string; port3Unit: string }[];
  fauConstantSlots: (number | null)[];
  fauSpecial: string[];
  constantModifiers: string[][];
  constantModifiersByM2: string[][];
  packerLayouts: { tuples: number; tags: number[]; constantPositions: number[] }[];
  constantTags: { more: number; last: number };
}

/** One tuple: the register block and the two slot words. */
export interface Tuple {
  regs: number;
  fma: number;
  add: number;
}

/** A 64-bit constant as two 32-bit halves. */
export interface Constant {
  lo: number;
  hi: number;
}

export type ConstantModifier = "plain" | "pc60" | "pchi" | "pcpair";

/** One clause as decoded (§3): what its quadwords gave, and where it is. */
export interface Clause {
  /** Quadword index of its first quadword (the `N` of `clause_N`, the base of PC-relative targets). */
  offset: number;
  /** Its quadwords as 32-bit words, four per quadword, as read. */
  words: number[];
  /** The 45-bit header (0 when no header quadword). */
  header: number;
  /** The tuples it prints (`n` of them). */
  tuples: Tuple[];
  /** Six embedded constant slots (never-written ones are 0). */
  constants: Constant[];
  modifiers: ConstantModifier[];
  /** Constant pairs verbose mode prints. */
  constantCount: number;
  /** Byte offset of the quadword each tuple's register block came from (for errors). */
  blockAt: number[];
  /** Byte offset of the quadword the header came from. */
  headerAt: number;
  /**
   * The M1, M2 selector of an EC+M quadword as written: several select the same modifier (8–15 all
   * say plain), and the encoder writes these back.
   */
  selector?: number[];
}

/** Text of a slot word given its tuple (null: no state matches, `INSTR_INVALID_ENC`). */
export type SlotPrinter = (word: number, tuple: TupleText) => string | null;

export interface SlotPrinters {
  fma: SlotPrinter;
  add: SlotPrinter;
}

const KIND_CODES = ["header", "t1", "pair", "ec-m", "tail", "ec-high", "t-split", "constants"];

/** The kind of quadword a tag says (§3.2: "header", "t1", …), or undefined for an invalid tag. */
export function quadwordKind(f: PreparedFormat, tag: number): string | undefined {
  return KIND_CODES[f.tags[tag * 4]];
}

interface Mode {
  port2: string;
  port3: string;
  port3Unit: string;
}

/** The companion's data turned into what decoding looks up. */
export interface PreparedFormat {
  data: ClauseFormatData;
  /** Per tag: kind code (-1 invalid), tuple for s = 0, tuple for s = 1, count (0: unchanged). */
  tags: Int8Array;
  modes: (Mode | undefined)[];
  q: Record<string, Bits>;
  r: Record<string, Bits>;
  addUpperShift: number;
}

export function prepareClauseFormat(data: ClauseFormatData): PreparedFormat {
  const tags = new Int8Array(256 * 4).fill(-1);
  for (let tag = 0; tag < 256; tag++) {
    const rule = data.tagKinds.find(
      (k) =>
        tag >> 7 === k.x &&
        (k.f === undefined || k.f.includes((tag >> 3) & 7)) &&
        (k.l === undefined || k.l.includes(tag & 7)),
    );
    if (!rule) continue;
    tags[tag * 4] = KIND_CODES.indexOf(rule.kind);
    const tuple = rule.tuple ?? [0];
    tags[tag * 4 + 1] = tuple[0];
    tags[tag * 4 + 2] = tuple[tuple.length - 1];
    tags[tag * 4 + 3] = rule.count ?? 0;
  }
  const modes: (Mode | undefined)[] = [];
  for (const m of data.registerModes) modes[m.mode] = m;
  const q = data.quadwordFields;
  return {
    data,
    tags,
    modes,
    q,
    r: data.registerBlock,
    addUpperShift: q.mainAddLow.high - q.mainAddLow.low,
  };
}

/** Bits [low, high) of the quadword at word index `base` of `words` (at most 53 bits). */
function bitsOf(words: ArrayLike<number>, base: number, low: number, high: number): number {
  let value = 0;
  let scale = 1;
  for (let pos = low; pos < high;) {
    const offset = pos & 31;
    const take = Math.min(32 - offset, high - pos);
    const part = (words[base + (pos >>> 5)] >>> offset) % 2 ** take;
    value += part * scale;
    scale *= 2 ** take;
    pos += take;
  }
  return value;
}

/** Bits [low, high) of a value below 2^53. */
function slice(value: number, b: Bits): number {
  return Math.floor(value / 2 ** b.low) % 2 ** (b.high - b.low);
}

/** A quadword field shifted into a 64-bit constant (shift at most 32). */
function constantOf(words: ArrayLike<number>, base: number, b: Bits): Constant {
  const shift = b.shift ?? 0;
  const lowBits = Math.min(32 - shift, b.high - b.low);
  const lo = (bitsOf(words, base, b.low, b.low + lowBits) * 2 ** shift) >>> 0;
  const hi = b.low + lowBits < b.high ? bitsOf(words, base, b.low + lowBits, b.high) : 0;
  return { lo, hi };
}

function constantModifiers(
  f: PreparedFormat,
  m1: number,
  m2: number,
  at: number,
): ConstantModifier[] {
  let pair = f.data.constantModifiers[m1];
  if (pair[0] === "byM2") pair = f.data.constantModifiersByM2[m2];
  if (pair[0] === "error")
    throw new ClauseStreamError(
      "constant-modifier",
      at,
      `constant modifier selector M1 = ${m1}${m1 === 7 ? `, M2 = ${m2}` : ""} is invalid`,
    );
  return pair as ConstantModifier[];
}

/**
 * Decode the clause starting at quadword `q` of `words` (§3). `byteLength` bounds what may be read;
 * `onQuadword` sees each quadword as it is read (verbose mode prints them).
 */
export function decodeClauseAt(
  f: PreparedFormat,
  words: ArrayLike<number>,
  byteLength: number,
  q: number,
  onQuadword?: (base: number, tag: number) => void,
): Clause {
  const F = f.q;
  const tuples: Tuple[] = [];
  for (let i = 0; i < 8; i++) tuples.push({ regs: 0, fma: 0, add: 0 });
  const blockAt = new Array<number>(8).fill(16 * q);
  const constants: Constant[] = [];
  for (let i = 0; i < 6; i++) constants.push({ lo: 0, hi: 0 });
  const modifiers: ConstantModifier[] = ["plain", "plain", "plain", "plain", "plain", "plain"];
  let n = 0;
  let nk = 0;
  let header = 0;
  let headerAt = 16 * q;
  let selector: number[] | undefined;
  const start = q;
  const up = f.addUpperShift;
  for (let done = false; !done; q++) {
    const at = 16 * q;
    if (at + 16 > byteLength)
      throw new ClauseStreamError(
        "truncated",
        at,
        `the clause at quadword ${start} needs quadword ${q}, which the ${byteLength}-byte stream does not hold whole`,
      );
    const base = 4 * q;
    const get = (name: string) => bitsOf(words, base, F[name].low, F[name].high);
    const tag = words[base] & 0xff;
    onQuadword?.(base, tag);
    const kind = f.tags[tag * 4];
    if (kind < 0)
      throw new ClauseStreamError("tag", at, `tag 0x${hexDigits(tag, 2)} is no quadword kind`);
    const s = (tag >> 6) & 1;
    const k = f.tags[tag * 4 + 1 + s];
    const count = f.tags[tag * 4 + 3];
    const main = (upper: number, t: number) => {
      tuples[t] = {
        regs: get("mainRegs"),
        fma: get("mainFma"),
        add: get("mainAddLow") + upper * 2 ** up,
      };
      blockAt[t] = at;
    };
    const finish = (t: number, upper: number) => {
      tuples[t].add = get("addLow2") + upper * 2 ** up;
      tuples[t].fma =
        (tuples[t].fma | (get("fmaHigh") << (F.nextFmaLow.high - F.nextFmaLow.low))) >>> 0;
    };
    const setCount = () => {
      if (count !== 0) {
        n = count;
        if (s === 1) done = true;
      }
    };
    switch (KIND_CODES[kind]) {
      case "header":
        main(tag & 7, k);
        header = get("hdr");
        headerAt = at;
        setCount();
        break;
      case "t1":
        main(get("up1"), k);
        setCount();
        break;
      case "pair":
        main(tag & 7, k);
        tuples[k + 1].fma |= get("nextFmaLow");
        tuples[k + 1].regs = get("nextRegs");
        blockAt[k + 1] = at;
        break;
      case "ec-m":
        finish(k, get("up1"));
        constants[0] = constantOf(words, base, F.c0);
        selector = [get("m1"), get("m2")];
        modifiers[0] = constantModifiers(f, selector[0], selector[1], at)[0];
        nk = 1;
        setCount();
        break;
      case "tail":
        finish(k, get("up1"));
        main(get("up2"), k + 1);
        setCount();
        break;
      case "ec-high": {
        main(tag & 7, k);
        const high = constantOf(words, base, F.ecHigh);
        constants[0] = {
          lo: (constants[0].lo | high.lo) >>> 0,
          hi: (constants[0].hi | high.hi) >>> 0,
        };
        nk = 1;
        setCount();
        break;
      }
      case "t-split":
        main((tag >> 3) & 7, k + 1);
        finish(k, tag & 7);
        constants[0] = constantOf(words, base, F.ecLow);
        break;
      default: {
        const p = tag & 0xf;
        const pos = f.data.constantPositions[p];
        if (!pos || pos[1] !== n)
          throw new ClauseStreamError(
            "constant-position",
            at,
            pos
              ? `constant position ${p} is for ${pos[1]} tuples; the clause has ${n}`
              : `constant position ${p} is invalid`,
          );
        const slot = pos[0];
        nk = Math.max(nk, slot + 2);
        constants[slot] = constantOf(words, base, F.c0);
        constants[slot + 1] = constantOf(words, base, F.c1);
        const [a, b] = constantModifiers(
          f,
          (get("A1") - get("B1")) & 15,
          (get("A2") - get("B2")) & 15,
          at,
        );
        modifiers[slot] = a;
        modifiers[slot + 1] = b;
        if (s === 1) done = true;
      }
    }
  }
  const used: number[] = [];
  for (let i = 4 * start; i < 4 * q; i++) used.push(words[i] >>> 0);
  return {
    offset: start,
    words: used,
    header,
    tuples: tuples.slice(0, n),
    constants,
    modifiers,
    constantCount: nk,
    blockAt: blockAt.slice(0, n),
    headerAt,
    ...(selector ? { selector } : {}),
  };
}

/** The stream's bytes as little-endian words (length checked: Mesa reads whole words). */
export function streamWords(bytes: Uint8Array): Uint32Array {
  if (bytes.length % 4 !== 0)
    throw new ClauseStreamError(
      "length",
      bytes.length - (bytes.length % 4),
      `the stream is ${bytes.length} bytes, not a whole number of 32-bit words`,
    );
  const words = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < words.length; i++)
    words[i] =
      (bytes[4 * i] |
        (bytes[4 * i + 1] << 8) |
        (bytes[4 * i + 2] << 16) |
        (bytes[4 * i + 3] << 24)) >>>
      0;
  return words;
}

/** Each clause of a stream until its end or a zero word at a clause boundary (padding, §2). */
export function decodeClauses(f: PreparedFormat, bytes: Uint8Array): Clause[] {
  const clauses: Clause[] = [];
  forEachClause(f, bytes, (clause) => clauses.push(clause));
  return clauses;
}

/**
 * Visit each clause of a stream as it is decoded (`onQuadword` sees each quadword as it is read),
 * holding none: a long stream's clauses are garbage as soon as they are printed.
 */
function forEachClause(
  f: PreparedFormat,
  bytes: Uint8Array,
  onClause: (clause: Clause) => void,
  onQuadword?: (words: Uint32Array, base: number, tag: number) => void,
): void {
  const words = streamWords(bytes);
  for (let q = 0; 16 * q < bytes.length && words[4 * q] !== 0;) {
    const clause = decodeClauseAt(
      f,
      words,
      bytes.length,
      q,
      onQuadword && ((base, tag) => onQuadword(words, base, tag)),
    );
    onClause(clause);
    q += clause.words.length / 4;
  }
}

/** What the slot printers ask of the tuple they print: sources, destinations, staging register. */
export class TupleText {
  /** Register block fields of this tuple. */
  private fau = 0;
  private port0 = 0;
  private port1 = 0;
  private r2 = 0;
  /** The block destinations come from (the next tuple's, or tuple 0's for the last). */
  private next = 0;
  private nextIsTuple0 = false;
  private nextAt = 0;
  staging = 0;

  constructor(
    private readonly f: PreparedFormat,
    private readonly clause: Clause,
  ) {}

  /** Point at tuple `i` of the clause. */
  select(i: number): void {
    const tuples = this.clause.tuples;
    const regs = tuples[i].regs;
    const r = this.f.r;
    this.fau = slice(regs, r.fau);
    const r0 = slice(regs, r.r0);
    const r1 = slice(regs, r.r1);
    const ctrl = slice(regs, r.ctrl);
    this.port0 = portNumbers(r0, r1, ctrl)[0];
    this.port1 = portNumbers(r0, r1, ctrl)[1];
    this.r2 = slice(regs, r.r2);
    const last = i === tuples.length - 1;
    this.next = last ? tuples[0].regs : tuples[i + 1].regs;
    this.nextIsTuple0 = last;
    this.nextAt = this.clause.blockAt[last ? 0 : i + 1];
  }

  /** Source selector `v` (§6.1); `add`: the ADD slot, where 3 is `t`. */
  src(v: number, add: boolean): string {
    switch (v) {
      case 0:
        return `r${this.port0}`;
      case 1:
        return `r${this.port1}`;
      case 2:
        return `r${this.r2}`;
      case 3:
        return add ? "t" : "#0";
      case 4:
      case 5:
        return this.fauText(v - 4);
      case 6:
        return "t0";
      default:
        return "t1";
    }
  }

  /** The FMA slot's destination (§5.4). */
  destFma(): string {
    return destinationTexts(this.f, this.next, this.nextIsTuple0, this.nextAt).fma;
  }

  /** The ADD slot's destination (§5.4). */
  destAdd(): string {
    return destinationTexts(this.f, this.next, this.nextIsTuple0, this.nextAt).add;
  }

  private fauText(h: number): string {
    const a = this.fau;
    if (a >= 0x80) return `u${a & 0x7f}.w${h}`;
    if (a < 0x20) return this.f.data.fauSpecial[a].replace("{n}", String(a)) + (h ? ".y" : ".x");
    const slot = this.f.data.fauConstantSlots[a >> 4]!;
    const k = this.clause.constants[slot];
    const lo = (k.lo | (a & 0xf)) >>> 0;
    const mod = this.clause.modifiers[slot];
    if (mod === "plain" || (mod === "pchi" && h === 0)) return constant32(h ? k.hi : lo);
    let off: bigint;
    if (mod === "pc60") off = signed((BigInt(k.hi & 0x0fffffff) << 32n) | BigInt(lo), 60);
    else if (mod === "pchi" || h === 1) off = signed(BigInt(k.hi & 0x0fffffff), 28);
    else off = signed(BigInt(lo & 0x0fffffff), 28);
    if (off % 16n !== 0n)
      throw new ClauseStreamError(
        "pc-offset",
        16 * this.clause.offset,
        `a PC-relative constant (slot ${slot}) has byte offset ${off}, not a multiple of 16`,
      );
    let text = `clause_${BigInt(this.clause.offset) + off / 16n}`;
    if (mod === "pc60" && h === 1) text += " >> 32";
    if (off === 0n) text += " /* XXX: likely an infinite loop */";
    return text;
  }
}

/** What the FMA and ADD slots of the tuple before block `regs` print as destinations (§5.4). */
export function destinationTexts(
  f: PreparedFormat,
  regs: number,
  isTuple0: boolean,
  at = 0,
): { fma: string; add: string } {
  const { mode, r2, r3 } = blockMode(f, regs, isTuple0, at);
  const fma = isWrite(mode.port2)
    ? `r${r2}:t0${suffix(mode.port2)}`
    : isWrite(mode.port3) && mode.port3Unit === "FMA"
      ? `r${r3}:t0${suffix(mode.port3)}`
      : "t0";
  const add =
    isWrite(mode.port3) && mode.port3Unit === "ADD" ? `r${r3}:t1${suffix(mode.port3)}` : "t1";
  return { fma, add };
}

function signed(value: bigint, bits: number): bigint {
  const top = 1n << BigInt(bits - 1);
  return value & top ? value - (top << 1n) : value;
}

/** Register numbers of ports 0 and 1 (§5.1). */
export function portNumbers(r0: number, r1: number, ctrl: number): [number, number] {
  const port0 = ctrl === 0 ? r0 + 32 * (r1 & 1) : r0 <= r1 ? r0 : 63 - r0;
  return [port0, r0 <= r1 ? r1 : 63 - r1];
}

const isWrite = (action: string) => action.startsWith("write");
const suffix = (action: string) =>
  action === "write-lo" ? ".h0" : action === "write-hi" ? ".h1" : "";

/** A block's mode (§5.2), or a `register-mode` error at `at` when it is reserved. */
export function blockMode(
  f: PreparedFormat,
  regs: number,
  isTuple0: boolean,
  at: number,
): { mode: Mode; r2: number; r3: number } {
  const r2 = slice(regs, f.r.r2);
  const r3 = slice(regs, f.r.r3);
  const ctrl = slice(regs, f.r.ctrl);
  const base = ctrl !== 0 ? ctrl : slice(regs, f.r.r1) >> 2;
  const m = isTuple0 ? (base & 7) | ((base & 8) << 1) : r2 === r3 ? base + 16 : base;
  const mode = f.modes[m];
  if (!mode)
    throw new ClauseStreamError(
      "register-mode",
      at,
      `register block 0x${hexDigits(regs, 9)} has reserved mode ${m}`,
    );
  return { mode, r2, r3 };
}

/** The header line (§4). */
function headerLine(f: PreparedFormat, clause: Clause): string {
  let line = "";
  for (const h of f.data.header) {
    const v = slice(clause.header, h);
    const texts = h.texts ?? [];
    switch (h.print) {
      case "reserved":
        if (v !== 0)
          throw new ClauseStreamError(
            "header-reserved",
            clause.headerAt,
            `header field ${h.name} (bits ${h.low}-${h.high - 1}) is ${v}, not 0`,
          );
        break;
      case "number":
        line += texts[0] + v + texts[1];
        break;
      case "flag":
        if (v) line += texts[0];
        break;
      case "names":
        line += texts[v];
        break;
      case "message":
        if (v) line += texts[0] + (f.data.messageTypes[v] ?? f.data.reservedMessage) + texts[1];
        break;
      case "mask":
        if (v) {
          const set: number[] = [];
          for (let b = 0; b < h.high - h.low; b++) if ((v >> b) & 1) set.push(b);
          line += texts[0] + set.join(texts[1]) + texts[2];
        }
        break;
    }
  }
  return line;
}

/** The verbose line describing a tuple's own register block (§5.5). */
function registerLine(f: PreparedFormat, clause: Clause, i: number): string {
  const regs = clause.tuples[i].regs;
  const { mode, r2, r3 } = blockMode(f, regs, i === 0, clause.blockAt[i]);
  const r0 = slice(regs, f.r.r0);
  const r1 = slice(regs, f.r.r1);
  const ctrl = slice(regs, f.r.ctrl);
  const [port0, port1] = portNumbers(r0, r1, ctrl);
  let line = "    # ";
  if (ctrl === 0) {
    if ((r1 & 2) === 0) line += `slot 0: r${port0} `;
  } else line += `slot 0: r${port0} slot 1: r${port1} `;
  const written = (action: string) =>
    action === "write" ? "write" : action === "write-lo" ? "write lo" : "write hi";
  if (mode.port2 === "read") line += `slot 2: r${r2} (read) `;
  else if (isWrite(mode.port2)) line += `slot 2: r${r2} (${written(mode.port2)} FMA) `;
  if (isWrite(mode.port3)) line += `slot 3: r${r3} (${written(mode.port3)} ${mode.port3Unit}) `;
  const fau = slice(regs, f.r.fau);
  if (fau !== 0) line += `fau ${fau.toString(16).toUpperCase()} `;
  return line + "\n";
}

/** One clause's text after its label and quadword dumps (§9). */
export function clauseText(
  f: PreparedFormat,
  clause: Clause,
  slots: SlotPrinters,
  verbose: boolean,
): string {
  let text = "";
  if (verbose) text += `# header: ${hexDigits(clause.header, 12)}\n`;
  text += headerLine(f, clause) + "\n{\n";
  const tuple = new TupleText(f, clause);
  tuple.staging = slice(
    clause.header,
    f.data.header.find((h) => h.name === "staging_register")!,
  );
  clause.tuples.forEach((t, i) => {
    if (verbose) {
      text += `    # regs: ${hexDigits(t.regs, 16)}\n`;
      text += registerLine(f, clause, i);
    }
    tuple.select(i);
    const fma = slots.fma(t.fma, tuple);
    text += (fma ?? `    INSTR_INVALID_ENC fma ${t.fma.toString(16).toUpperCase()}`) + "\n";
    const add = slots.add(t.add, tuple);
    text += (add ?? `    INSTR_INVALID_ENC add ${t.add.toString(16).toUpperCase()}`) + "\n";
  });
  text += "}\n";
  if (verbose)
    for (let j = 0; j < clause.constantCount; j++) {
      const k = clause.constants[j];
      text += `# const${2 * j}: ${hexDigits(k.lo, 8)}\n# const${2 * j + 1}: ${hexDigits(k.hi, 8)}\n`;
    }
  return text + "\n";
}

/** A whole stream's text, as Mesa's `disassemble_bifrost` prints it (§2, §9). */
export function streamText(
  f: PreparedFormat,
  bytes: Uint8Array,
  slots: SlotPrinters,
  verbose: boolean,
): string {
  // Pieces joined once: appending to one string made long streams slower per clause.
  const pieces: string[] = [];
  eachClauseText(f, bytes, slots, verbose, (text) => pieces.push(text));
  return pieces.join("");
}

/**
 * Each clause's text (its label, verbose quadword lines, header, tuples, constants, empty line) as
 * it is decoded, so that a long stream's text is never held at once. A rejected stream throws
 * after the texts of the clauses before the error were handed over.
 */
export function eachClauseText(
  f: PreparedFormat,
  bytes: Uint8Array,
  slots: SlotPrinters,
  verbose: boolean,
  visit: (text: string, clause: Clause) => void,
): void {
  let pending = "";
  forEachClause(
    f,
    bytes,
    (clause) => {
      visit(`clause_${clause.offset}:\n${pending}${clauseText(f, clause, slots, verbose)}`, clause);
      pending = "";
    },
    verbose
      ? (words, base, tag) => {
          pending += `# ${hexDigits(words[base + 3], 8)} ${hexDigits(words[base + 2], 8)} ${hexDigits(words[base + 1], 8)} ${hexDigits(words[base], 8)} \n# tag: 0x${hexDigits(tag, 2)}\n`;
        }
      : undefined,
  );
}

/** What a clause says, without where it lies: what `encodeClauseWords` takes. */
export type ClauseContent = Pick<
  Clause,
  "header" | "tuples" | "constants" | "modifiers" | "constantCount" | "selector"
>;

/** Set bits [low, high) of the quadword at word index `base` to `value` (below 2^53). */
function setBits(words: number[], base: number, low: number, high: number, value: number): void {
  let rest = value;
  for (let pos = low; pos < high;) {
    const offset = pos & 31;
    const take = Math.min(32 - offset, high - pos);
    const part = rest % 2 ** take;
    rest = Math.floor(rest / 2 ** take);
    const i = base + (pos >>> 5);
    const mask = (take === 32 ? 0xffffffff : ((1 << take) - 1) << offset) >>> 0;
    words[i] = ((words[i] & ~mask) | ((part * 2 ** offset) >>> 0)) >>> 0;
    pos += take;
  }
}

/** Write a 64-bit constant into a quadword field (the inverse of `constantOf`). */
function setConstant(words: number[], base: number, b: Bits, k: Constant): void {
  const shift = b.shift ?? 0;
  const lowBits = Math.min(32 - shift, b.high - b.low);
  setBits(
    words,
    base,
    b.low,
    b.low + lowBits,
    Math.floor((k.lo >>> 0) / 2 ** shift) % 2 ** lowBits,
  );
  if (b.low + lowBits < b.high) setBits(words, base, b.low + lowBits, b.high, k.hi >>> 0);
}

/** The M1, M2 of an EC+M quadword whose first modifier is `mod` (the first pair that gives it). */
function modifierSelector(f: PreparedFormat, mod: ConstantModifier): [number, number] {
  const m1 = f.data.constantModifiers.findIndex((p) => p[0] === mod);
  if (m1 >= 0) return [m1, 0];
  const byM2 = f.data.constantModifiers.findIndex((p) => p[0] === "byM2");
  return [byM2, f.data.constantModifiersByM2.findIndex((p) => p[0] === mod)];
}

/**
 * A clause's quadwords as Mesa's packer lays them out (bifrost-clauses.md §3.4): the layout of its
 * tuple count, then as many constants quadwords as its constants need. Throws a RangeError for a
 * clause no layout holds (its words would decode to another clause).
 */
export function encodeClauseWords(f: PreparedFormat, clause: ClauseContent): number[] {
  const n = clause.tuples.length;
  const layout = f.data.packerLayouts.find((l) => l.tuples === n);
  if (!layout) throw new RangeError(`a clause has 1 to 8 tuples, not ${n}`);
  const F = f.q;
  const up = f.addUpperShift;
  const upper = (t: number) => Math.floor(clause.tuples[t].add / 2 ** up);
  const embedded = layout.tags.some((tag) => {
    const kind = KIND_CODES[f.tags[tag * 4]];
    return kind === "ec-m" || kind === "ec-high";
  });
  const quads = Math.ceil(Math.max(0, clause.constantCount - (embedded ? 1 : 0)) / 2);
  if (quads > layout.constantPositions.length)
    throw new RangeError(
      `a clause of ${n} tuples holds ${layout.constantPositions.length} constants quadwords, not the ${quads} its ${clause.constantCount} constants need`,
    );
  const words: number[] = [];
  const quadword = (tag: number): number => {
    const base = words.length;
    words.push(0, 0, 0, 0);
    setBits(words, base, F.tag.low, F.tag.high, tag);
    return base;
  };
  const main = (base: number, t: number) => {
    const { regs, fma, add } = clause.tuples[t];
    setBits(words, base, F.mainRegs.low, F.mainRegs.high, regs);
    setBits(words, base, F.mainFma.low, F.mainFma.high, fma);
    setBits(words, base, F.mainAddLow.low, F.mainAddLow.high, add % 2 ** up);
  };
  const fmaLowBits = F.nextFmaLow.high - F.nextFmaLow.low;
  const finish = (base: number, t: number) => {
    setBits(words, base, F.addLow2.low, F.addLow2.high, clause.tuples[t].add % 2 ** up);
    setBits(words, base, F.fmaHigh.low, F.fmaHigh.high, clause.tuples[t].fma >>> fmaLowBits);
  };
  layout.tags.forEach((baseTag, i) => {
    let tag = baseTag | (i === layout.tags.length - 1 && quads === 0 ? 0x40 : 0);
    const kind = KIND_CODES[f.tags[tag * 4]];
    const k = f.tags[tag * 4 + 1 + ((tag >> 6) & 1)];
    if (kind === "header" || kind === "pair" || kind === "ec-high") tag |= upper(k);
    if (kind === "t-split") tag |= upper(k) | (upper(k + 1) << 3);
    const base = quadword(tag);
    switch (kind) {
      case "header":
        main(base, k);
        setBits(words, base, F.hdr.low, F.hdr.high, clause.header);
        break;
      case "t1":
        main(base, k);
        setBits(words, base, F.up1.low, F.up1.high, upper(k));
        break;
      case "pair":
        main(base, k);
        setBits(words, base, F.nextRegs.low, F.nextRegs.high, clause.tuples[k + 1].regs);
        setBits(
          words,
          base,
          F.nextFmaLow.low,
          F.nextFmaLow.high,
          clause.tuples[k + 1].fma % 2 ** fmaLowBits,
        );
        break;
      case "ec-m": {
        finish(base, k);
        setBits(words, base, F.up1.low, F.up1.high, upper(k));
        setConstant(words, base, F.c0, clause.constants[0]);
        const [m1, m2] = clause.selector ?? modifierSelector(f, clause.modifiers[0]);
        setBits(words, base, F.m1.low, F.m1.high, m1);
        setBits(words, base, F.m2.low, F.m2.high, m2);
        break;
      }
      case "tail":
        finish(base, k);
        setBits(words, base, F.up1.low, F.up1.high, upper(k));
        main(base, k + 1);
        setBits(words, base, F.up2.low, F.up2.high, upper(k + 1));
        break;
      case "ec-high":
        main(base, k);
        setConstant(words, base, F.ecHigh, clause.constants[0]);
        break;
      case "t-split":
        main(base, k + 1);
        finish(base, k);
        setConstant(words, base, F.ecLow, clause.constants[0]);
        break;
    }
  });
  for (let j = 0; j < quads; j++) {
    const p = layout.constantPositions[j];
    const base = quadword(
      (j === quads - 1 ? f.data.constantTags.last : f.data.constantTags.more) | p,
    );
    const slot = f.data.constantPositions[p]![0];
    setConstant(words, base, F.c0, clause.constants[slot]);
    setConstant(words, base, F.c1, clause.constants[slot + 1]);
  }
  return words;
}
