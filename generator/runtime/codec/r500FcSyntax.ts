/**
 * Assembly text: Mesa's R500 fragment-program dump of a flow-control instruction
 * (r500FragmentProgramDump() in src/gallium/drivers/r300/compiler/r500_fragprog.c), on one line.
 *
 * Mesa prints three lines: `%d\t0:CMN_INST …\n`, `\t2:FC_INST …\n` and `\t3:FC_ADDR …\n`, then a
 * blank line. The line here is those three lines with each line break removed, so each keeps its
 * text including its leading tab; the blank line is dropped. Mesa's leading `%d\t` (the instruction
 * index) is printed only when `options.index` is given. The IF at ip 0 that jumps to 5 reads
 * (tabs shown as →):
 *
 *   0:CMN_INST   0x00000402:FC    ALU WAIT wmask: NONE omask: NONE→2:FC_INST    0x12000f00:0x0f 0
 *   JUMP NONE INCR NONE 0 0 5 IGN_UNC→3:FC_ADDR    0x00050000:BOOL: 0x00, INT: 0x00, JUMP_ADDR: 5,
 *   JMP_GLBL: 0
 *
 * (one line; wrapped here). Mesa's quirks, kept byte for byte:
 * - the CMN line is `FC %s %s %s %s wmask: …` with TEX_WAIT, LAST, NOP and `ALU WAIT` or "" in
 *   the slots, so empty flags leave their spaces (`FC    ALU WAIT wmask:`);
 * - OP, A_OP, B_OP0 and B_OP1 print by name; a value Mesa has no case for (3 for A_OP and the B_OPs)
 *   prints nothing, the single spaces around the slot stay (`JUMP  INCR NONE`);
 * - the jump address in the FC_INST line is `inst3 >> 16` unmasked: US_FC_ADDR's reserved bits and
 *   JUMP_GLOBAL show in it (JUMP_GLOBAL set: 32768 + JUMP_ADDR); the FC_ADDR line masks it;
 * - ` IGN_UNC` only when IGNORE_UNCOVERED is set;
 * - wmask/omask are bits 11..14/15..18 of inst0 through Mesa's to_mask(): NONE, R, G, RG, B, RB, GB,
 *   RGB, A, AR, AG, ARG, AB, ARB, AGB, ARGB (alpha first; checked against to_mask() in Mesa 22.3.6).
 *
 * The assembler reads one instruction per line (blank lines skipped; an optional leading index is
 * ignored) and takes the bits from the three words the text prints as 0x%08x. Every other slot
 * must say what Mesa prints for those words, else the error names the first slot that does not;
 * so bits no slot shows (inst0 RGB_PRED_SEL, RGB_PRED_INV, WRITE_INACTIVE) round-trip too.
 * Not printed at all: inst1, inst4, inst5, which assemble as 0. Don't-care bits are cleared, as
 * `encode` does: inst0 19..31, inst2 3, 21..23 and 29..31, inst3 5..7, 13..15 and 25..30, and all of
 * inst1/4/5. So assemble(disassemble(w)) = w & ~dontCare for every w that decodes; those bits are
 * the only ones that do not round-trip. Syntax errors are reported first (the first bad token,
 * left to right), then the first slot that disagrees with the words.
 *
 * Carried by the R500 codec (inlined by generator/emit/codec/runtimeSource.ts).
 */
import { AssemblyError } from "./assemblyError";
import { ISA, SYNTAX } from "./codecTables";
import type { AssembleOptions, DecodeOptions, InstructionSpec, Words } from "./codecTypes";
import { BY_NAME, findSpec, getRange, rawField } from "./codecRuntime";
import { wholeInstructions } from "./codecLines";

export interface DisassembleOptions extends DecodeOptions {
  /** Mesa's instruction index, printed first as `<index>\t`; omitted when absent. */
  index?: number;
  /**
   * Accepted for every codec's sake; Mesa's R500 program dump has no `show_errors` mode, so the
   * text is the same with it.
   */
  showErrors?: boolean;
}

/** What the syntax needs beyond the tables (generator/emit/codec/syntax/r500Fc.ts). */
const FC_SYNTAX = SYNTAX as unknown as {
  /** The flow-control instruction's name. */
  instruction: string;
  /** Which of the six words holds the CMN, FC_INST and FC_ADDR lines' bits. */
  words: { cmn: number; inst: number; addr: number };
  /** The field names of the slots. */
  fields: Record<
    | "texWait"
    | "last"
    | "nop"
    | "aluWait"
    | "jumpFunc"
    | "jumpAny"
    | "op"
    | "aOp"
    | "bOp0"
    | "bOp1"
    | "popCnt"
    | "bElse"
    | "ignUnc"
    | "boolAddr"
    | "intAddr"
    | "jumpAddr"
    | "jumpGlobal",
    string
  >;
  /** The instruction bits of the write and output masks. */
  masks: { wmask: readonly number[]; omask: readonly number[] };
  /** What Mesa prints for each value of the operation fields. */
  names: {
    op: readonly string[];
    aOp: readonly string[];
    bOp0: readonly string[];
    bOp1: readonly string[];
  };
  /** The instruction bits Mesa prints as the FC_INST line's jump address. */
  jumpSlice: readonly number[];
};

const FC_SPEC: InstructionSpec = BY_NAME.get(FC_SYNTAX.instruction)!;

/** Mesa's to_mask(), indexed by the 4-bit mask (bit 0 R, 1 G, 2 B, 3 A). */
const MASK_NAMES: readonly string[] = [
  "NONE",
  "R",
  "G",
  "RG",
  "B",
  "RB",
  "GB",
  "RGB",
  "A",
  "AR",
  "AG",
  "ARG",
  "AB",
  "ARB",
  "AGB",
  "ARGB",
];

/**
 * A slot of the line: a value computed from the words, shown as a whole word (`0x%08x`, which the
 * assembler takes the bits from), a name by value, or a decimal or hex number (`pad` digits).
 */
interface Slot {
  kind: "word" | "name" | "dec" | "hex";
  /** What the slot shows, for messages. */
  what: string;
  /** The word the value comes from. */
  word: number;
  value: (words: Words) => number;
  names?: readonly string[];
  pad?: number;
}

/** The line: literal text and slots, in print order. */
type Part = string | Slot;

function fieldSlot(kind: Slot["kind"], name: string, extra: Partial<Slot> = {}): Slot {
  const f = FC_SPEC.fields.find((x) => x.name === name)!;
  return { kind, what: name, word: f.ranges[0] >>> 5, value: (w) => rawField(w, f), ...extra };
}

function sliceSlot(
  kind: Slot["kind"],
  what: string,
  [low, high]: readonly number[],
  extra: Partial<Slot> = {},
): Slot {
  return { kind, what, word: low >>> 5, value: (w) => getRange(w, low, high), ...extra };
}

const wordSlot = (word: number): Slot => ({
  kind: "word",
  what: `word ${word}`,
  word,
  value: (w) => (w[word] ?? 0) >>> 0,
});
const flagSlot = (name: string, text: string): Slot =>
  fieldSlot("name", name, { names: ["", text] });

const W = FC_SYNTAX.words;
const F = FC_SYNTAX.fields;
const JUMP_SHIFT = FC_SYNTAX.jumpSlice[0] & 31;

// prettier-ignore
const LAYOUT: readonly Part[] = [
  `${W.cmn}:CMN_INST   `, wordSlot(W.cmn), ":",
  { kind: "name", what: "instruction type", word: W.cmn, value: () => 0, names: [FC_SPEC.mnemonic] },
  " ", flagSlot(F.texWait, "TEX_WAIT"), " ", flagSlot(F.last, "LAST"), " ", flagSlot(F.nop, "NOP"),
  " ", flagSlot(F.aluWait, "ALU WAIT"),
  " wmask: ", sliceSlot("name", "wmask", FC_SYNTAX.masks.wmask, { names: MASK_NAMES }),
  " omask: ", sliceSlot("name", "omask", FC_SYNTAX.masks.omask, { names: MASK_NAMES }),
  `\t${W.inst}:FC_INST    `, wordSlot(W.inst), ":0x", fieldSlot("hex", F.jumpFunc, { pad: 2 }),
  " ", fieldSlot("hex", F.jumpAny, { pad: 1 }),
  " ", fieldSlot("name", F.op, { names: FC_SYNTAX.names.op }),
  " ", fieldSlot("name", F.aOp, { names: FC_SYNTAX.names.aOp }),
  " ", fieldSlot("name", F.bOp0, { names: FC_SYNTAX.names.bOp0 }),
  " ", fieldSlot("name", F.bOp1, { names: FC_SYNTAX.names.bOp1 }),
  " ", fieldSlot("dec", F.popCnt),
  " ", fieldSlot("hex", F.bElse, { pad: 1 }),
  " ", sliceSlot("dec", `jump address (inst${W.addr} >> ${JUMP_SHIFT})`, FC_SYNTAX.jumpSlice),
  flagSlot(F.ignUnc, " IGN_UNC"),
  `\t${W.addr}:FC_ADDR    `, wordSlot(W.addr), ":BOOL: 0x", fieldSlot("hex", F.boolAddr, { pad: 2 }),
  ", INT: 0x", fieldSlot("hex", F.intAddr, { pad: 2 }),
  ", JUMP_ADDR: ", fieldSlot("dec", F.jumpAddr),
  ", JMP_GLBL: ", fieldSlot("hex", F.jumpGlobal, { pad: 1 }),
];

const hex8 = (v: number): string => "0x" + (v >>> 0).toString(16).padStart(8, "0");

function show(slot: Slot, v: number): string {
  switch (slot.kind) {
    case "word":
      return hex8(v);
    case "name":
      return slot.names![v] ?? "";
    case "dec":
      return String(v);
    case "hex":
      return v.toString(16).padStart(slot.pad ?? 1, "0");
  }
}

/** One line of Mesa's text for one instruction; `unknown <hex words>` when the words are not FC_SYNTAX. */
export function disassemble(words: Words, options: DisassembleOptions = {}): string {
  const { index } = options;
  if (index !== undefined && !(Number.isInteger(index) && index >= 0))
    throw new RangeError(`index must be a non-negative integer, got ${index}`);
  if (!findSpec(words, options.gpu ?? ISA.defaultGpu)) {
    return `unknown ${Array.from({ length: ISA.wordCount }, (_, i) => hex8(words[i] ?? 0)).join(" ")}`;
  }
  let text = index === undefined ? "" : `${index}\t`;
  for (const p of LAYOUT) text += typeof p === "string" ? p : show(p, p.value(words));
  return text;
}

/** A parsed slot: its value, or for names the text found, and where it starts. */
interface Seen {
  slot: Slot;
  value: number | string;
  at: number;
}

const WORD_RE = /0x([0-9a-fA-F]{1,8})(?![0-9A-Za-z_])/y;
const DEC_RE = /[0-9]+(?![0-9A-Za-z_])/y;
const HEX_RE = /[0-9a-fA-F]+(?![0-9A-Za-z_])/y;

function matchAt(re: RegExp, line: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(line);
}

/** The token at `pos` for a message: up to whitespace (or `,`/`:` inside a slot), or end of line. */
function tokenAt(line: string, pos: number, stops: RegExp): string {
  if (pos >= line.length) return "end of line";
  const rest = line.slice(pos);
  const m = stops.exec(rest);
  const end = m ? Math.max(m.index, 1) : rest.length;
  return JSON.stringify(rest.slice(0, end));
}

/** `"A", "B" or "C"` in value order, with `or nothing` when "" is a choice. */
function choiceList(names: readonly string[]): string {
  const quoted = [...new Set(names)].filter((n) => n !== "").map((n) => JSON.stringify(n.trim()));
  if (names.includes("")) quoted.push("nothing");
  return quoted.length > 1
    ? `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`
    : quoted.join("");
}

function assembleLine(line: string, lineNo: number): number[] {
  const fail = (message: string, at: number): never => {
    throw new AssemblyError(message, lineNo, at + 1);
  };
  // Optional leading whitespace and Mesa's `%d\t` index (ignored).
  let pos = /^[ \t]*(?:[0-9]+[ \t]+(?=[0-9]))?/.exec(line)![0].length;
  const seen: Seen[] = [];
  const words = new Array<number>(ISA.wordCount).fill(0);

  for (let k = 0; k < LAYOUT.length; k++) {
    const p = LAYOUT[k];
    if (typeof p === "string") {
      if (line.startsWith(p, pos)) {
        pos += p.length;
        continue;
      }
      // Point at the token that differs, and quote the literal's token there.
      let d = 0;
      while (d < p.length && line[pos + d] === p[d]) d++;
      while (d > 0 && /\S/.test(p[d - 1])) d--;
      const want = /\s/.test(p[d]) ? p[d] : p.slice(d).split(/\s/)[0];
      fail(`expected ${JSON.stringify(want)}, found ${tokenAt(line, pos + d, /\s/)}`, pos + d);
    }
    const slot = p as Slot;
    const found = tokenAt(line, pos, /[\s,:]/);
    if (slot.kind === "name") {
      // A name counts where the next literal follows it (so an empty slot is told from a name);
      // failing that, a whole word that is a name, so the error lands on the text after it.
      const next = LAYOUT[k + 1];
      const follows = (end: number): boolean =>
        typeof next === "string" ? line.startsWith(next, end) : line.slice(end).trim() === "";
      const names = [...new Set(slot.names!)].sort((a, b) => b.length - a.length);
      const name =
        names.find((n) => line.startsWith(n, pos) && follows(pos + n.length)) ??
        names.find(
          (n) =>
            n !== "" && line.startsWith(n, pos) && /^([\s,:]|$)/.test(line.slice(pos + n.length)),
        );
      if (name === undefined)
        fail(`expected ${choiceList(slot.names!)} for ${slot.what}, found ${found}`, pos);
      seen.push({ slot, value: name!, at: pos });
      pos += name!.length;
      continue;
    }
    const re = slot.kind === "word" ? WORD_RE : slot.kind === "dec" ? DEC_RE : HEX_RE;
    const m = matchAt(re, line, pos);
    if (!m) {
      const kind =
        slot.kind === "word"
          ? "a 32-bit word like 0x00000402"
          : slot.kind === "dec"
            ? "a decimal number"
            : "hex digits";
      fail(`expected ${kind} for ${slot.what}, found ${found}`, pos);
    }
    const value =
      slot.kind === "word" ? parseInt(m![1], 16) : parseInt(m![0], slot.kind === "dec" ? 10 : 16);
    if (slot.kind === "word") words[slot.word] = value;
    seen.push({ slot, value, at: pos });
    pos += m![0].length;
  }
  const rest = /^\s*/.exec(line.slice(pos))![0].length;
  if (pos + rest < line.length)
    fail(`unexpected ${tokenAt(line, pos + rest, /\s/)} after the instruction`, pos + rest);

  // The words must be FC words, and every other slot must show what Mesa prints for them.
  for (const { slot, value, at } of seen) {
    const w = slot.word;
    if (slot.kind === "word") {
      const v = value as number;
      if ((v & FC_SPEC.tested[w]) >>> 0 !== FC_SPEC.match[w])
        fail(
          `${hex8(v)} is not word ${w} of ${FC_SPEC.name}: its bits ${hex8(FC_SPEC.tested[w])} must be ${hex8(FC_SPEC.match[w])}`,
          at,
        );
      continue;
    }
    const expected = show(slot, slot.value(words));
    const isName = slot.kind === "name";
    if (isName ? value !== expected : value !== slot.value(words)) {
      const quote = (t: string): string => (isName ? JSON.stringify(t.trim()) : t);
      const given = isName ? (value as string) : show(slot, value as number);
      fail(
        `${slot.what} ${quote(given)} disagrees with word ${w} ${hex8(words[w])}, which gives ${quote(expected)}`,
        at,
      );
    }
  }
  const out = words.map((v, i) => (v & ~FC_SPEC.dontCare[i]) >>> 0);
  if (findSpec(out, null) !== FC_SPEC) fail(`the words do not encode ${FC_SPEC.name}`, 0);
  return out;
}

/**
 * Parse Mesa's one-line text back into words: six per instruction, one instruction per non-blank
 * line. Throws an AssemblyError at the first bad token.
 * `options.gpu` has no effect: this syntax's source formats give instructions no gen ranges.
 */
export function assemble(text: string, _options: AssembleOptions = {}): Uint32Array {
  const out: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() !== "") out.push(...assembleLine(line, i + 1));
  });
  return Uint32Array.from(out);
}

/** disassembleProgram's lines (codecLines.ts), given to `visit` one at a time (with the instruction's index). */
export function disassembleEach(
  words: Words,
  options: DisassembleOptions,
  visit: (line: string, index: number) => void,
): void {
  const n = wholeInstructions(words);
  // `index` numbers the program's instructions from it, as Mesa's dump does.
  const { index } = options;
  for (let i = 0, at = 0; at < words.length; i++, at += n) {
    const each = index === undefined ? options : { ...options, index: index + i };
    visit(disassemble(Array.prototype.slice.call(words, at, at + n), each), i);
  }
}
