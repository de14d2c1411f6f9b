/**
 * Text → Bifrost clause stream: the inverse of `streamText` in plain mode. Mesa has no Bifrost
 * assembler, and the text leaves open what the words fix besides it; the choices (documented in
 * docs/generated.md, "Bifrost") are Mesa's packer's where it has one:
 * - the packer's quadword layout for the tuple count, constants quadwords at its positions;
 * - registers read by a tuple go to ports 0 and 1 (lower number in port 0) before port 2; the
 *   first register-block mode that prints the previous tuple's destinations is used;
 * - constants and PC-relative targets take slots as bifrostConstants.ts says;
 * - the staging register (not printed in the header) is the `@r` of the clause's instructions;
 *   a message type printed `XXX reserved` is 11; words printed `INSTR_INVALID_ENC` are written as given.
 * What the text cannot give (`(INVALID)` sources with no free selector, a register pair no block
 * encodes, more constants than a clause holds) is a BifrostAssemblyError naming the line. Every result is checked by
 * disassembling it again. Carried by the Bifrost codec (inlined by runtimeSource.ts).
 */
import { BifrostAssemblyError } from "./bifrostAssemblyError";
import {
  quadwordKind,
  blockMode,
  destinationTexts,
  encodeClauseWords,
  portNumbers,
  type ClauseContent,
  type Constant,
  type PreparedFormat,
  type SlotPrinters,
  streamText,
} from "./bifrostClauses";
import {
  constantKey,
  planConstants,
  type ConstantSource,
  type TupleConstants,
} from "./bifrostConstants";

/** A state as the assembler reads it (generated from the model: templates/ts/codec/bifrost.ts.hbs). */
export interface SlotStateData {
  m: string;
  add: boolean;
  mask: number;
  exact: number;
  /** Start (-1: indirect), size, source it belongs to (-1: the instruction), printed texts. */
  mods: { s: number; z: number; src: number; p: readonly string[] }[];
  srcs: number[][];
  imms: [string, number, number][];
  staging: boolean;
  derived: number[][];
  ordered: boolean;
}

/** What a source's text asks of its tuple. */
type SourceNeed =
  | { kind: "selector"; value: number }
  | { kind: "register"; reg: number }
  | { kind: "fau"; fau: number; half: number }
  | ConstantSource;

/** One instruction line read against one state. */
interface SlotReading {
  state: number;
  /** Word bits fixed by the text: exact, direct modifiers, immediates. */
  word: number;
  sources: SourceNeed[];
  /** Per source: printed `(INVALID)` (its selector is not one the source allows). */
  invalid: boolean[];
  /** Derived indexes by ordering (lt, gt) that print the indirect modifiers. */
  index: number[][];
  dest: string;
  staging?: number;
}

interface LineReading {
  line: number;
  /** A word printed INSTR_INVALID_ENC. */
  raw?: number;
  readings: SlotReading[];
}

const field = (w: number, start: number, size: number) => (w >>> start) & (2 ** size - 1);

/** Options of `mods` (printed texts) whose concatenation is `text`, by backtracking; null if none. */
function readSuffixes(
  text: string,
  mods: { p: readonly string[] }[],
  at = 0,
  i = 0,
): string[] | null {
  if (i === mods.length) return at === text.length ? [] : null;
  const tried = new Set<string>();
  for (const p of mods[i].p) {
    if (tried.has(p) || !text.startsWith(p, at)) continue;
    tried.add(p);
    const rest = readSuffixes(text, mods, at + p.length, i + 1);
    if (rest) return [p, ...rest];
  }
  return null;
}

function readSource(f: PreparedFormat, text: string, add: boolean): SourceNeed | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^r(\d+)$/.exec(text)) && Number(m[1]) < 64)
    return { kind: "register", reg: Number(m[1]) };
  if (text === (add ? "t" : "#0")) return { kind: "selector", value: 3 };
  if (text === "t0") return { kind: "selector", value: 6 };
  if (text === "t1") return { kind: "selector", value: 7 };
  if ((m = /^u(\d+)\.w([01])$/.exec(text)) && Number(m[1]) < 128)
    return { kind: "fau", fau: 0x80 | Number(m[1]), half: Number(m[2]) };
  if ((m = /^0x([0-9a-f]{8}) \/\* \S+ \*\/$/.exec(text)))
    return { kind: "constant", value: parseInt(m[1], 16) };
  // Whether the target is this clause (the comment) is checked when the bytes are printed again.
  if ((m = /^clause_(-?\d+)( >> 32)?(?: \/\* XXX: likely an infinite loop \*\/)?$/.exec(text)))
    return { kind: "pc", target: BigInt(m[1]), high: m[2] !== undefined };
  if ((m = /^(.*)\.([xy])$/.exec(text))) {
    const fau = f.data.fauSpecial.findIndex((name, a) => name.replace("{n}", String(a)) === m![1]);
    if (fau >= 0) return { kind: "fau", fau, half: m[2] === "y" ? 1 : 0 };
  }
  return undefined;
}

/** The line read as `state`, or undefined when it is not that state's text. */
function readAs(
  f: PreparedFormat,
  states: readonly SlotStateData[],
  stateIndex: number,
  head: string,
  dest: string,
  operands: string[],
): SlotReading | undefined {
  const st = states[stateIndex];
  if (!head.startsWith(st.m)) return undefined;
  const own = st.mods.filter((m) => m.src < 0);
  const chosen = new Map<number, string>();
  const ownTexts = readSuffixes(head.slice(st.m.length), own);
  if (!ownTexts) return undefined;
  own.forEach((m, i) => chosen.set(st.mods.indexOf(m), ownTexts[i]));
  const rest = operands.slice();
  const sources: SourceNeed[] = [];
  const invalid: boolean[] = [];
  for (let i = 0; i < st.srcs.length; i++) {
    const text = rest.shift();
    if (text === undefined) return undefined;
    const mods = st.mods.filter((m) => m.src === i);
    let found = false;
    for (let cut = text.length; cut > 0 && !found; cut--) {
      const texts = readSuffixes(text.slice(cut), mods);
      if (!texts) continue;
      const marked = text.slice(0, cut).endsWith("(INVALID)");
      const need = readSource(f, text.slice(0, cut).replace(/\(INVALID\)$/, ""), st.add);
      if (!need) continue;
      invalid.push(marked);
      mods.forEach((m, j) => chosen.set(st.mods.indexOf(m), texts[j]));
      sources.push(need);
      found = true;
    }
    if (!found) return undefined;
  }
  let word = st.exact;
  for (const [name, start, size] of st.imms) {
    const m = new RegExp(`^${name}:(\\d+)$`).exec(rest.shift() ?? "");
    if (!m || Number(m[1]) >= 2 ** size) return undefined;
    word |= Number(m[1]) << start;
  }
  let staging: number | undefined;
  if (st.staging) {
    const m = /^@r(\d+)$/.exec(rest.shift() ?? "");
    if (!m || Number(m[1]) >= 64) return undefined;
    staging = Number(m[1]);
  }
  if (rest.length > 0) return undefined;
  const indirect: number[] = [];
  for (const [i, m] of st.mods.entries()) {
    const text = chosen.get(i)!;
    if (m.s < 0) {
      indirect.push(i);
      continue;
    }
    const value = m.p.indexOf(text);
    word |= value << m.s;
  }
  const width = st.derived.reduce((n, d) => n + d[1], 0);
  const index = (st.ordered ? [0, 1] : [0]).map((o) => {
    const found: number[] = [];
    for (let ix = 0; ix < 2 ** width; ix++)
      if (indirect.every((i) => st.mods[i].p[o * 2 ** width + ix] === chosen.get(i)))
        found.push(ix);
    return found;
  });
  if (index.every((ixs) => ixs.length === 0)) return undefined;
  return {
    state: stateIndex,
    word: word >>> 0,
    sources,
    invalid,
    index,
    dest,
    ...(staging !== undefined ? { staging } : {}),
  };
}

/** Split `    NAME.mods dest, src, …` into its parts. */
function readLine(
  f: PreparedFormat,
  states: readonly SlotStateData[],
  text: string,
  add: boolean,
  line: number,
): LineReading {
  const invalid = new RegExp(`^    INSTR_INVALID_ENC ${add ? "add" : "fma"} ([0-9A-F]+)$`).exec(
    text,
  );
  if (invalid) return { line, raw: parseInt(invalid[1], 16), readings: [] };
  const m = /^ {4}(\S+) ([^,]+)(?:, (.*))?$/.exec(text);
  if (!m || m[1][0] !== (add ? "+" : "*"))
    throw new BifrostAssemblyError(
      line,
      `expected the ${add ? "ADD (+)" : "FMA (*)"} line of a tuple, found '${text}'`,
    );
  const operands = m[3] === undefined ? [] : m[3].split(", ");
  const readings: SlotReading[] = [];
  states.forEach((st, i) => {
    if (st.add !== add) return;
    const r = readAs(f, states, i, m[1], m[2], operands);
    if (r) readings.push(r);
  });
  if (readings.length === 0)
    throw new BifrostAssemblyError(
      line,
      `'${text.trim()}' is no ${add ? "ADD" : "FMA"} instruction's text`,
    );
  return { line, readings };
}

/** The header's value from its printed line (§4), or undefined. */
function readHeader(f: PreparedFormat, text: string): number | undefined {
  let at = 0;
  let header = 0;
  const put = (h: { low: number; high: number }, v: number) => {
    header += v * 2 ** h.low;
  };
  for (const h of f.data.header) {
    const t = h.texts ?? [];
    const rest = text.slice(at);
    if (h.print === "number") {
      const m = new RegExp(`^${escape(t[0])}(\\d+)${escape(t[1])}`).exec(rest);
      if (!m || Number(m[1]) >= 2 ** (h.high - h.low)) return undefined;
      put(h, Number(m[1]));
      at += m[0].length;
    } else if (h.print === "flag") {
      if (rest.startsWith(t[0])) {
        put(h, 1);
        at += t[0].length;
      }
    } else if (h.print === "names") {
      const order = t
        .map((name, v) => [name, v] as const)
        .sort((a, b) => b[0].length - a[0].length);
      const hit = order.find(([name]) => rest.startsWith(name));
      if (!hit) return undefined;
      put(h, hit[1]);
      at += hit[0].length;
    } else if (h.print === "message" && rest.startsWith(t[0])) {
      const names = f.data.messageTypes.map((n, v) => [n, v] as const);
      const reserved = f.data.messageTypes.indexOf(null);
      const hit = [...names, [f.data.reservedMessage, reserved] as const]
        .filter(([n, v]) => v > 0 && n !== null && rest.startsWith(t[0] + n + t[1]))
        .sort((a, b) => b[0]!.length - a[0]!.length)[0];
      if (hit) {
        put(h, hit[1]);
        at += (t[0] + hit[0]! + t[1]).length;
      }
    } else if (h.print === "mask" && rest.startsWith(t[0])) {
      const close = rest.indexOf(t[2]);
      if (close < 0) return undefined;
      let v = 0;
      for (const bit of rest.slice(t[0].length, close).split(t[1])) {
        if (!/^\d+$/.test(bit) || Number(bit) >= h.high - h.low) return undefined;
        v |= 1 << Number(bit);
      }
      put(h, v >>> 0);
      at += close + t[2].length;
    }
  }
  return at === text.length ? header : undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Register blocks for a tuple that reads `reads` with FAU index `fau` and prints `dests` for the
 * previous tuple, most likely first (ports 0/1 before port 2, lower modes first); `accept` takes
 * the first whose words it can write.
 */
function solveBlock<T>(
  f: PreparedFormat,
  reads: number[],
  dests: { fma?: string; add?: string },
  isTuple0: boolean,
  fau: number,
  accept: (regs: number, ports: number[]) => T | undefined,
): T | undefined {
  const distinct = [...new Set(reads)].sort((a, b) => a - b);
  if (distinct.length > 3) return undefined;
  const options: { low: number[]; port2?: number }[] = [];
  if (distinct.length <= 2) options.push({ low: distinct });
  distinct.forEach((reg, k) => {
    const low = distinct.filter((_, j) => j !== k);
    if (low.length <= 2) options.push({ low, port2: reg });
  });
  // A register also in port 2, for a source whose selector must be 2 (`(INVALID)` elsewhere).
  if (distinct.length <= 2) for (const reg of distinct) options.push({ low: distinct, port2: reg });
  const r = f.r;
  const part = (regs: number, b: { low: number; high: number }) =>
    Math.floor(regs / 2 ** b.low) % 2 ** (b.high - b.low);
  for (const { low, port2 } of options)
    for (let m = 0; m < f.modes.length; m++) {
      if (!f.modes[m]) continue;
      for (const regs of encodeBlock(f, m, isTuple0, low, port2, dests, fau)) {
        const printed = destinationTexts(f, regs, isTuple0);
        if (dests.fma !== undefined && printed.fma !== dests.fma) continue;
        if (dests.add !== undefined && printed.add !== dests.add) continue;
        const [p0, p1] = portNumbers(part(regs, r.r0), part(regs, r.r1), part(regs, r.ctrl));
        const result = accept(regs, [p0, p1, part(regs, r.r2)]);
        if (result !== undefined) return result;
      }
    }
  return undefined;
}

/** Each r0, r1 giving ports 0/1 the registers `ports` (ascending, at most two) with this ctrl (§5.1). */
function portFields(ports: number[], ctrl: number): [number, number][] {
  const found: [number, number][] = [];
  const wanted = (p0: number, p1: number) =>
    ports.length === 0 ||
    (ports.length === 1 ? p0 === ports[0] || p1 === ports[0] : p0 === ports[0] && p1 === ports[1]);
  // ctrl 0 leaves base 0 only with r1 < 4; otherwise r0 < r1 or r0 > r1 decide (one of each suffices).
  const r1s =
    ctrl === 0 ? [0, 1, 2, 3] : [...new Set([...ports, ...ports.map((p) => 63 - p), 0, 63])];
  for (const r1 of r1s)
    for (let r0 = 0; r0 < 32; r0++) {
      const [p0, p1] = portNumbers(r0, r1, ctrl);
      if (wanted(p0, p1) && !found.some(([a, b]) => a === r0 && b === r1)) found.push([r0, r1]);
      if (found.length >= 4) return found;
    }
  return found;
}

/**
 * A block of mode `m` whose ports 0/1 hold `low` (ascending) and port 2 `port2`, writing what
 * `dests` prints, or undefined. Registers left open are chosen to make the mode's r2 = r3 rule hold.
 */
function encodeBlock(
  f: PreparedFormat,
  m: number,
  isTuple0: boolean,
  low: number[],
  port2: number | undefined,
  dests: { fma?: string; add?: string },
  fau: number,
): number[] {
  const mode = f.modes[m]!;
  let r2 = port2;
  let r3: number | undefined;
  const written = (text: string | undefined, unit: string) => {
    const w = text === undefined ? null : new RegExp(`^r(\\d+):t${unit}`).exec(text);
    return w ? Number(w[1]) : undefined;
  };
  const fmaReg = written(dests.fma, "0");
  const addReg = written(dests.add, "1");
  if (mode.port2.startsWith("write") && fmaReg !== undefined) {
    if (r2 !== undefined && r2 !== fmaReg) return [];
    r2 = fmaReg;
  } else if (mode.port3.startsWith("write") && mode.port3Unit === "FMA" && fmaReg !== undefined)
    r3 = fmaReg;
  if (mode.port3.startsWith("write") && mode.port3Unit === "ADD" && addReg !== undefined)
    r3 = addReg;
  let base: number;
  if (isTuple0) {
    if (m & 8) return [];
    base = (m & 7) | ((m >> 1) & 8);
    r2 ??= 0;
    r3 ??= r2;
  } else if (m >= 16) {
    base = m - 16;
    if (r2 !== undefined && r3 !== undefined && r2 !== r3) return [];
    r2 = r3 = r2 ?? r3 ?? 0;
  } else {
    base = m;
    r2 ??= r3 === 0 ? 1 : 0;
    r3 ??= r2 === 0 ? 1 : 0;
    if (r2 === r3) return [];
  }
  const ctrl = base;
  const R = f.r;
  return portFields(low, ctrl).flatMap(([r0, r1]) => {
    const regs =
      fau * 2 ** R.fau.low +
      r3! * 2 ** R.r3.low +
      r2! * 2 ** R.r2.low +
      r0 * 2 ** R.r0.low +
      r1 * 2 ** R.r1.low +
      ctrl * 2 ** R.ctrl.low;
    try {
      blockMode(f, regs, isTuple0, 0);
    } catch {
      return [];
    }
    return [regs];
  });
}

/** Assemble the plain text of a clause stream (`disassembleProgram`'s) into its bytes. */
export function assembleStream(
  f: PreparedFormat,
  states: readonly SlotStateData[],
  stateOf: (add: boolean, w: number) => number,
  slots: SlotPrinters,
  text: string,
): Uint8Array {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const words: number[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i] === "") {
      i++;
      continue;
    }
    const label = /^clause_(\d+):$/.exec(lines[i]);
    if (!label) throw new BifrostAssemblyError(i + 1, `expected 'clause_N:', found '${lines[i]}'`);
    if (Number(label[1]) !== words.length / 4)
      throw new BifrostAssemblyError(
        i + 1,
        `this clause starts at quadword ${words.length / 4}, not ${label[1]}`,
      );
    const header = readHeader(f, (lines[i + 1] ?? "").replace(/ ?$/, " "));
    if (header === undefined || !(lines[i + 1] ?? "").endsWith(" "))
      throw new BifrostAssemblyError(i + 2, `'${lines[i + 1] ?? ""}' is not a clause header line`);
    if (lines[i + 2] !== "{") throw new BifrostAssemblyError(i + 3, "expected '{'");
    const body: LineReading[][] = [];
    let j = i + 3;
    for (; j < lines.length && lines[j] !== "}"; j += 2) {
      if (j + 1 >= lines.length || lines[j + 1] === "}")
        throw new BifrostAssemblyError(j + 1, "a tuple is an FMA line and an ADD line");
      body.push([
        readLine(f, states, lines[j], false, j + 1),
        readLine(f, states, lines[j + 1], true, j + 2),
      ]);
    }
    if (j >= lines.length) throw new BifrostAssemblyError(j, "expected '}'");
    let next = j + 1;
    while (next < lines.length && lines[next] === "") next++;
    const nextLabel = /^clause_(\d+):$/.exec(lines[next] ?? "");
    const quadwords = nextLabel ? Number(nextLabel[1]) - words.length / 4 : undefined;
    words.push(
      ...assembleClause(f, states, stateOf, header, body, words.length / 4, i + 1, quadwords),
    );
    i = j + 1;
  }
  const bytes = new Uint8Array(4 * words.length);
  words.forEach((w, k) => {
    for (let b = 0; b < 4; b++) bytes[4 * k + b] = (w >>> (8 * b)) & 0xff;
  });
  // Every choice is checked: the bytes must print the text they came from.
  const back = streamText(f, bytes, slots, false).split("\n");
  const want = text.endsWith("\n") ? text.split("\n") : (text + "\n").split("\n");
  const k = want.findIndex((l, n) => l !== back[n]);
  if (k >= 0)
    throw new BifrostAssemblyError(
      k + 1,
      `no words print this line (the nearest print '${back[k] ?? ""}')`,
    );
  return bytes;
}

function assembleClause(
  f: PreparedFormat,
  states: readonly SlotStateData[],
  stateOf: (add: boolean, w: number) => number,
  header: number,
  body: LineReading[][],
  offset: number,
  line: number,
  quadwords: number | undefined,
): number[] {
  const n = body.length;
  if (n < 1 || n > 8) throw new BifrostAssemblyError(line, `a clause has 1 to 8 tuples, not ${n}`);
  // Staging register: the @r of the clause's instructions (all the same).
  const staging = new Set(
    body
      .flat()
      .flatMap((l) => l.readings.flatMap((r) => (r.staging !== undefined ? [r.staging] : []))),
  );
  if (staging.size > 1)
    throw new BifrostAssemblyError(
      line,
      `the clause's instructions name staging registers ${[...staging].join(", ")}: it has one`,
    );
  const stagingField = f.data.header.find((h) => h.name === "staging_register")!;
  const fullHeader = header + (staging.size ? [...staging][0] * 2 ** stagingField.low : 0);
  const constants = planConstants(
    f,
    offset,
    body.map(([fmaLine, addLine]) => {
      const sources: ConstantSource[] = [];
      let fau: number | undefined;
      for (const s of [fmaLine.readings[0], addLine.readings[0]].flatMap((r) => r?.sources ?? []))
        if (s.kind === "constant" || s.kind === "pc") {
          if (!sources.some((k) => constantKey(k) === constantKey(s))) sources.push(s);
        } else if (s.kind === "fau") {
          if (fau !== undefined && fau !== s.fau)
            throw new BifrostAssemblyError(
              fmaLine.line,
              "the tuple's two instructions read different FAU values",
            );
          fau = s.fau;
        }
      return { sources, ...(fau !== undefined ? { fau } : {}), line: fmaLine.line };
    }) satisfies TupleConstants[],
    quadwords,
    line,
  );
  // Words and blocks, tuple by tuple; the destinations of tuple t are printed from block t + 1.
  const tuples = body.map(() => ({ regs: 0, fma: 0, add: 0 }));
  const readings: (SlotReading | null)[][] = body.map(([a, b]) => [
    a.readings[0] ?? null,
    b.readings[0] ?? null,
  ]);
  for (let t = 0; t < n; t++) {
    const prev = (t + n - 1) % n;
    const dests = {
      ...(readings[prev][0] ? { fma: readings[prev][0]!.dest } : {}),
      ...(readings[prev][1] ? { add: readings[prev][1]!.dest } : {}),
    };
    const reads = readings[t].flatMap((r) =>
      (r?.sources ?? []).flatMap((s) => (s.kind === "register" ? [s.reg] : [])),
    );
    const words = solveBlock(f, reads, dests, t === 0, constants.fau[t], (regs, ports) => {
      const w = body[t].map((lineReading, u) =>
        lineReading.raw !== undefined
          ? lineReading.raw
          : slotWord(states, stateOf, lineReading, ports, constants.halves[t], u === 1),
      );
      return w.every((x) => x !== undefined) ? { regs, fma: w[0]!, add: w[1]! } : undefined;
    });
    if (!words)
      throw new BifrostAssemblyError(
        body[t][0].line,
        "no register block and words print this tuple's sources and the previous tuple's destinations",
      );
    tuples[t] = words;
  }
  const content: ClauseContent = {
    header: fullHeader,
    tuples,
    constants: constants.constants,
    modifiers: constants.modifiers,
    constantCount: constants.constantCount,
  };
  return withRepeatedConstants(f, encodeClauseWords(f, content), n, constants.repeated);
}

/**
 * `words` (a clause) with `count` more constants quadwords: copies of its last one, which write the
 * same slots again, or zero ones at its layout's first position when it has none.
 */
function withRepeatedConstants(
  f: PreparedFormat,
  words: number[],
  n: number,
  count: number,
): number[] {
  if (count === 0) return words;
  const { more, last } = f.data.constantTags;
  const end = words.length - 4;
  const tag = words[end] & 0xff;
  const constants = quadwordKind(f, tag) === "constants";
  const position = constants
    ? tag & 15
    : f.data.packerLayouts.find((l) => l.tuples === n)!.constantPositions[0];
  const copy = constants ? words.slice(end) : [0, 0, 0, 0];
  const out = words.slice();
  // The quadword that ended the clause no longer does: its stop bit (tag bit 6) goes.
  out[end] = ((out[end] & ~0xff) | (constants ? more | position : tag & ~0x40)) >>> 0;
  for (let i = 0; i < count; i++)
    out.push(
      ((copy[0] & ~0xff) | ((i === count - 1 ? last : more) | position)) >>> 0,
      ...copy.slice(1),
    );
  return out;
}

/** A reading's words with these source selectors: one per derived value that prints it. */
function wordsWith(st: SlotStateData, r: SlotReading, selectors: number[]): number[] {
  let word = r.word;
  st.srcs.forEach(([start], i) => (word |= selectors[i] << start));
  if (st.derived.length === 0) return [word >>> 0];
  const o = st.ordered && selectors[0] > selectors[1] ? 1 : 0;
  return r.index[o].map((ix) => {
    let w = word;
    let shift = 0;
    for (const [start, size] of st.derived) {
      w |= field(ix, shift, size) << start;
      shift += size;
    }
    return w >>> 0;
  });
}

/** The word of a line: its first reading whose selectors, ordering and state come out right. */
function slotWord(
  states: readonly SlotStateData[],
  stateOf: (add: boolean, w: number) => number,
  line: LineReading,
  ports: number[],
  halves: Map<string, number>,
  add: boolean,
): number | undefined {
  for (const r of line.readings) {
    const st = states[r.state];
    // Each source's possible selectors: a register may be in several ports.
    const options = r.sources.map((s, i) => {
      const all =
        s.kind === "selector"
          ? [s.value]
          : s.kind === "register"
            ? [0, 1, 2].filter((p) => ports[p] === s.reg)
            : s.kind === "fau"
              ? [4 + s.half]
              : [4 + (halves.get(constantKey(s)) ?? 0)];
      return all.filter((v) => ((st.srcs[i][1] >> v) & 1) !== (r.invalid[i] ? 1 : 0));
    });
    if (options.some((o) => o.length === 0)) continue;
    const choice = options.map(() => 0);
    for (;;) {
      const selectors = options.map((o, i) => o[choice[i]]);
      const word = wordsWith(st, r, selectors).find((w) => stateOf(add, w) === r.state);
      if (word !== undefined) return word;
      let i = options.length - 1;
      while (i >= 0 && ++choice[i] === options[i].length) choice[i--] = 0;
      if (i < 0) break;
    }
  }
  return undefined;
}
