/**
 * The text `isaforge asm` and `isaforge disasm` read, before any codec sees it: comments, statements
 * and whitespace for assembly, hex words (or bytes) for disassembly. One layer for every ISA, so that
 * the codecs' assemblers only ever see one clean instruction and every ISA reads comments alike.
 *
 * Assembly, per ISA (what its upstream assembler takes, `DIALECTS`):
 * - `//` starts a comment anywhere; `#` starts one at the start of a line or when a space follows
 *   it (`#3` stays an immediate, and so does a lone `#` at the end, which the assembler reports);
 * - `;` starts a comment where the upstream assembler reads it so (Mesa's ir3 lexer; isaspec
 *   disassemblers print their error comments after it); elsewhere it separates instructions where
 *   upstream has that separator, and is an error otherwise, so no instruction is ever dropped;
 * - whitespace around a statement and before a comma is free (`   br   !p0.x ,  #3   `).
 */

import { plural } from "./diagnostics";
import { listingLine } from "./runtime/codec/wordListing";

/** How an ISA's upstream assembler reads a line. */
export interface Dialect {
  /** `;` starts a comment (ir3's lexer: `";"[^\n]*`). */
  semicolonComments: boolean;
  /** The character that separates instructions on a line, or null: one instruction per line. */
  separator: string | null;
  /** The case of the mnemonics the upstream assembler takes. */
  mnemonicCase: "lower" | "upper";
  /** What the README and --help say of it. */
  note: string;
}

const IR3_DIALECT: Dialect = {
  semicolonComments: true,
  separator: null,
  mnemonicCase: "lower",
  note: "lower-case mnemonics; `;` starts a comment, as in Mesa's ir3 lexer",
};

/** The ISAs with codecs; another ISA reads as `DEFAULT_DIALECT`. */
export const DIALECTS: Readonly<Record<string, Dialect>> = {
  ir3: IR3_DIALECT,
  // The cat0 seed page alone: ir3's text.
  "ir3-cat0": IR3_DIALECT,
  etnaviv: {
    semicolonComments: true,
    separator: null,
    mnemonicCase: "lower",
    note: "lower-case mnemonics; `;` starts a comment (isaspec's error comments follow it)",
  },
  valhall: {
    semicolonComments: false,
    separator: null,
    mnemonicCase: "upper",
    note: "upper-case mnemonics, lower-case modifiers (`MOV.i32`), as Mesa's asm.py takes them",
  },
  bifrost: {
    semicolonComments: false,
    separator: null,
    mnemonicCase: "upper",
    note: "a whole stream: disasm's text of its clauses (`clause_N:`, header, `{` tuples `}`), PC-relative constants excepted",
  },
  r500: {
    semicolonComments: false,
    separator: null,
    mnemonicCase: "upper",
    note: "Mesa's three-line dump joined on one line, spaces inside it as Mesa prints them",
  },
};

export const DEFAULT_DIALECT: Dialect = {
  semicolonComments: false,
  separator: null,
  mnemonicCase: "lower",
  note: "",
};

export function dialectOf(isa: string): Dialect {
  return DIALECTS[isa] ?? DEFAULT_DIALECT;
}

/** A piece of a source line, with the 0-based column each of its characters came from. */
export interface Span {
  text: string;
  origin: number[];
  line: number;
}

/** The 1-based column in the source line of `column` (1-based) in the span; past its end, after it. */
export function sourceColumn(span: Span, column: number): number {
  if (span.origin.length === 0) return 1;
  const i = Math.max(0, column - 1);
  return i < span.origin.length
    ? span.origin[i] + 1
    : span.origin[span.origin.length - 1] + 2 + (i - span.origin.length);
}

/** A problem in the source text at a 1-based line and column. */
export interface TextError {
  line: number;
  column: number;
  message: string;
}

/** One line of assembly: its instructions, and the text of a `;` comment (to check it drops none). */
export interface AssemblyLine {
  statements: Span[];
  semicolonComment?: Span;
  error?: TextError;
}

/** Whether `#` at `i` starts a comment: first on the line or followed by a space. */
function hashComment(line: string, i: number): boolean {
  return line.slice(0, i).trim() === "" || /\s/.test(line[i + 1] ?? "");
}

/** `text` trimmed, without whitespace before commas, with where each character came from. */
function tidy(line: string, start: number, end: number, lineNo: number): Span {
  let text = "";
  const origin: number[] = [];
  for (let i = start; i < end; i++) {
    if (/\s/.test(line[i])) {
      let j = i;
      while (j < end && /\s/.test(line[j])) j++;
      const atEdge = text === "" || j === end || line[j] === ",";
      if (!atEdge) for (let k = i; k < j; k++) ((text += line[k]), origin.push(k));
      i = j - 1;
      continue;
    }
    text += line[i];
    origin.push(i);
  }
  return { text, origin, line: lineNo };
}

/** Split one line of assembly (1-based `lineNo`) into its instructions. */
export function splitAssemblyLine(line: string, lineNo: number, dialect: Dialect): AssemblyLine {
  const statements: Span[] = [];
  let start = 0;
  let end = line.length;
  let semicolonComment: Span | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if ((c === "/" && line[i + 1] === "/") || (c === "#" && hashComment(line, i))) {
      end = i;
      break;
    }
    if (c !== ";") continue;
    if (dialect.semicolonComments) {
      semicolonComment = tidy(line, i + 1, line.length, lineNo);
      end = i;
      break;
    }
    if (dialect.separator !== ";")
      return {
        statements: [],
        error: {
          line: lineNo,
          column: i + 1,
          message:
            "';' is neither a comment nor a separator here: write one instruction per line, comments after # or //",
        },
      };
    statements.push(tidy(line, start, i, lineNo));
    start = i + 1;
  }
  statements.push(tidy(line, start, end, lineNo));
  return { statements: statements.filter((s) => s.text !== ""), semicolonComment };
}

/** The mnemonic of `text` in the dialect's case, when that differs from what is written. */
export function otherCaseMnemonic(text: string, dialect: Dialect): string | undefined {
  const head = /^\S+/.exec(text)?.[0];
  if (!head) return undefined;
  const dot = head.indexOf(".");
  const name = dot < 0 ? head : head.slice(0, dot);
  const rest = dot < 0 ? "" : head.slice(dot);
  const fixed =
    dialect.mnemonicCase === "lower" ? head.toLowerCase() : name.toUpperCase() + rest.toLowerCase();
  return fixed === head ? undefined : fixed;
}

/** A 32-bit word (or byte) of a listing, at the line and column of its (first) token. */
export interface ListedWord {
  value: number;
  line: number;
  column: number;
}

/** What the words of a listing are read into: instructions of `words` words of ISA `isa`. */
export interface InstructionSize {
  isa: string;
  words: number;
}

/** The error for words (or bytes) that are not a whole instruction, found `where`. */
export function leftOver(
  n: number,
  unit: "word" | "byte",
  size: InstructionSize,
  where = "",
): string {
  const whole = plural(unit === "word" ? size.words : size.words * 4, unit);
  return `${plural(n, unit)} left over${where}: ${size.isa} instructions are ${whole}`;
}

/**
 * The instructions of a hex listing, as `listingLine` reads each line (32-bit words, 64-bit values,
 * Mesa's dump forms; with `bytes` bytes in memory order, little-endian words); blank lines and
 * comments are skipped. An instruction may span lines. Each error is at its line and column: a
 * bad token (its line gives no words), words that are not a whole instruction before a token of
 * several words (they are dropped: the token starts an instruction, or its half) and at the end.
 */
export function readWordListing(
  text: string,
  bytes: boolean,
  size: InstructionSize,
): { words: ListedWord[]; errors: TextError[] } {
  const words: ListedWord[] = [];
  const errors: TextError[] = [];
  const pendingBytes: ListedWord[] = [];
  /** Drop the words after the last whole instruction, as one error at the first of them. */
  const dropPartial = () => {
    const extra = words.length % size.words;
    if (extra === 0) return;
    const [first] = words.splice(words.length - extra, extra);
    errors.push({ line: first.line, column: first.column, message: leftOver(extra, "word", size) });
  };
  text.split(/\r?\n/).forEach((raw, i) => {
    const read = listingLine(raw, bytes);
    if (read.error) return void errors.push({ line: i + 1, ...read.error });
    read.values.forEach((v) => {
      const word = { value: v.value, line: i + 1, column: v.column };
      if (bytes) {
        pendingBytes.push(word);
        if (pendingBytes.length < 4) return;
        const [b0, b1, b2, b3] = pendingBytes.map((b) => b.value);
        words.push({ ...pendingBytes[0], value: (b0 | (b1 << 8) | (b2 << 16) | (b3 << 24)) >>> 0 });
        pendingBytes.length = 0;
        return;
      }
      // A token of several words starts an instruction, or a part of it of its own size.
      const at = words.length % size.words;
      if (v.part === 0 && v.of > 1 && size.words % v.of === 0 && at % v.of !== 0) dropPartial();
      words.push(word);
    });
  });
  // Bytes after the last whole word: one error with the words of their instruction before them.
  if (pendingBytes.length > 0) {
    const extra = words.splice(words.length - (words.length % size.words));
    const [first] = [...extra, ...pendingBytes];
    const n = extra.length * 4 + pendingBytes.length;
    errors.push({ line: first.line, column: first.column, message: leftOver(n, "byte", size) });
  }
  dropPartial();
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { words, errors };
}

/**
 * The whole instructions of a raw little-endian binary, and the error for the bytes after them (at
 * their offset in hex, as `disasm --offsets` prints offsets).
 */
export function readBinaryWords(
  data: Uint8Array,
  size: InstructionSize,
): { words: number[]; error?: string } {
  const bytesPer = size.words * 4;
  const whole = data.length - (data.length % bytesPer);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const words: number[] = [];
  for (let i = 0; i < whole; i += 4) words.push(view.getUint32(i, true));
  const rest = data.length - whole;
  if (rest === 0) return { words };
  const at = `at offset 0x${whole.toString(16)}`;
  return {
    words,
    error:
      rest % 4 === 0
        ? leftOver(rest / 4, "word", size, ` ${at}`)
        : leftOver(rest, "byte", size, ` ${at}`),
  };
}
