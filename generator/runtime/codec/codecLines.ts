/**
 * Lines of text as `isaforge disasm` and `isaforge asm` read and print them: hex words (or bytes)
 * in, one line of text out, and the reverse. The CLI and the site's decoder panel both call these,
 * so they show the same strings. Carried by every codec (inlined by
 * generator/emit/codec/runtimeSource.ts).
 */
import {
  ISA,
  assemble,
  disassemble,
  disassembleEach,
  type DisassembleOptions,
} from "./codecTables";
import type { Words } from "./codecTypes";
import { decode } from "./codecRuntime";
import { listingLine } from "./wordListing";

/** What one input line gave: the output line, or `invalid: …` and the error at a 1-based column. */
export interface LineResult {
  text: string;
  error?: { message: string; column: number };
}

/**
 * Words as `isaforge asm` prints them: `0x%08x`, space-separated, word 0 first; with `bytes` each
 * word's bytes in memory order (little-endian), as `disasm --bytes` reads them.
 */
export function formatWords(words: ArrayLike<number>, bytes = false): string {
  const hex = (v: number, digits: number) => v.toString(16).padStart(digits, "0");
  const all = Array.from(words, (w) => w >>> 0);
  if (!bytes) return all.map((w) => "0x" + hex(w, 8)).join(" ");
  return all.flatMap((w) => [0, 8, 16, 24].map((s) => hex((w >>> s) & 0xff, 2))).join(" ");
}

/**
 * One instruction's words from a line of hex words (word 0 first; `0x` optional; spaces or commas
 * between; 64-bit values and Mesa's dump forms as `listingLine` reads them), or with `bytes` of hex
 * bytes in memory order (little-endian words). An error names the column of the bad token.
 */
export function parseWords(
  line: string,
  bytes = false,
  wordCount: number = ISA.wordCount,
): { words?: number[]; error?: string; column?: number } {
  const read = listingLine(line, bytes);
  if (read.error) return { error: read.error.message, column: read.error.column };
  const values = read.values.map((v) => v.value);
  const want = bytes ? wordCount * 4 : wordCount;
  if (values.length !== want)
    return {
      error: `expected ${want} ${bytes ? "bytes" : "words"}, found ${values.length}`,
      column: 1,
    };
  if (!bytes) return { words: values };
  const words: number[] = [];
  for (let i = 0; i < values.length; i += 4)
    words.push(
      (values[i] | (values[i + 1] << 8) | (values[i + 2] << 16) | (values[i + 3] << 24)) >>> 0,
    );
  return { words };
}

/**
 * The line `isaforge disasm` prints for one input line: the disassembly (`unknown …`, for isaspec
 * Mesa's `no match: …`, for words no instruction matches; `known` tells them apart), `invalid: …`
 * for a line that is not words, and an empty line for a blank one (and, as Mesa, for an isaspec
 * instruction without a display template); with `showErrors`, Mesa's `show_errors` comment.
 */
export function disasmLine(
  line: string,
  options: { bytes?: boolean; gpu?: number; showErrors?: boolean } = {},
): LineResult & { known: boolean } {
  if (line.trim() === "") return { text: "", known: true };
  const parsed = parseWords(line, options.bytes ?? false);
  if (!parsed.words) {
    const message = parsed.error ?? "";
    return {
      text: `invalid: ${message}`,
      error: { message, column: parsed.column ?? 1 },
      known: false,
    };
  }
  const opts = options.gpu === undefined ? {} : { gpu: options.gpu };
  const text = disassemble(parsed.words, options.showErrors ? { ...opts, showErrors: true } : opts);
  return { text, known: decode(parsed.words, opts) !== undefined };
}

/**
 * The line `isaforge asm` prints for one line of assembly: the words (as bytes with `bytes`; only
 * the instructions of generation `gpu` are candidates), or `invalid: …` with the assembler's
 * message and column; an empty line for a blank one.
 */
export function asmLine(
  line: string,
  options: { bytes?: boolean; gpu?: number } = {},
): LineResult & { words?: Uint32Array } {
  if (line.trim() === "") return { text: "" };
  try {
    const words = assemble(line, options.gpu === undefined ? {} : { gpu: options.gpu });
    return { text: formatWords(words, options.bytes ?? false), words };
  } catch (e) {
    const err = e as Error & { column?: number };
    const column = typeof err.column === "number" ? err.column : 1;
    const message = err.message.replace(/^\d+:\d+: /, "");
    return { text: `invalid: ${message}`, error: { message, column } };
  }
}

/**
 * Every instruction of a program (`words.length` a multiple of ISA.wordCount), one line each, as
 * the syntax's disassembleEach makes them (with its text for words no instruction matches).
 */
export function disassembleProgram(words: Words, options: DisassembleOptions = {}): string[] {
  const lines: string[] = [];
  disassembleEach(words, options, (line) => lines.push(line));
  return lines;
}

/** ISA.wordCount, once `words` is checked to be whole instructions (for the program loops). */
export function wholeInstructions(words: Words): number {
  const n = ISA.wordCount;
  if (words.length % n !== 0)
    throw new RangeError(
      `disassembleProgram: ${words.length} words are not whole instructions of ${n} words`,
    );
  return n;
}
