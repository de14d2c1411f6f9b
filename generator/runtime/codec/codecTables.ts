/**
 * What the generated part of a codec defines for the runtime modules beside this one: the ISA's
 * constants and tables (templates/ts/codec/codec.ts.hbs), its instruction matcher
 * (generator/emit/codec/compileMatcher.ts), its syntax's `disassemble`, `disassembleEach` and
 * `assemble`, and for
 * isaspec the compiled display's `lineAt` (templates/ts/codec/syntax-isaspec.ts.hbs). The
 * runtime modules import them from here so that they typecheck and can be tested on their own;
 * the inliner drops this module, since in a codec these names are the codec's own.
 *
 * Here the tables are empty and mutable, for tests to fill; the matcher is the plain scan the
 * generated one is equivalent to, and the syntax is hex words (also the isaspec display's line).
 */
import type { DecodeOptions, EnumTable, FieldSpec, InstructionSpec, Words } from "./codecTypes";

export const ISA: {
  id: string;
  title: string;
  wordCount: number;
  instructionWidth: number;
  defaultGpu: number | null;
} = { id: "test", title: "Test ISA", wordCount: 1, instructionWidth: 32, defaultGpu: null };

export const ENUMS: EnumTable[] = [];
export const FIELDS: FieldSpec[] = [];
export const INSTRUCTIONS: InstructionSpec[] = [];
/** Derived values by instruction name, then by name, from the raw field values. */
export const DERIVED: Record<string, Record<string, (f: Record<string, number>) => number>> = {};
/** What the ISA's assembly syntax needs beyond the tables; each syntax gives it its own type. */
export const SYNTAX: Record<string, unknown> = {};

/** The codec's union types, without the per-instruction detail. */
export type Instruction = { name: string; fields: Record<string, number | boolean | string> };
export type InstructionName = string;
export type Decoded = Instruction & { dontCareBits?: number[] };

/** The index of the one instruction whose tested bits match the words at `at`, or -1. */
export function instructionAt(words: Words, at: number, gpu: number | null): number {
  let found = -1;
  for (const s of INSTRUCTIONS) {
    if (s.gen !== null && gpu !== null && (gpu < s.gen[0] || gpu > s.gen[1])) continue;
    if (!s.tested.every((m, i) => ((words[at + i] ?? 0) & m) >>> 0 === s.match[i] >>> 0)) continue;
    if (found >= 0) return -1;
    found = s.index;
  }
  return found;
}

/** The options of the syntax's `disassemble`. */
export interface DisassembleOptions extends DecodeOptions {
  showErrors?: boolean;
}

/** The syntax's text of one instruction: here its words in hex. */
export function disassemble(words: Words, _options: DisassembleOptions = {}): string {
  return Array.from(words, (w) => (w >>> 0).toString(16)).join(" ");
}

/** The syntax's lines of a program, one at a time: here each instruction's words in hex. */
export function disassembleEach(
  words: Words,
  options: DisassembleOptions,
  visit: (line: string, index: number) => void,
): void {
  for (let i = 0, at = 0; at < words.length; i++, at += ISA.wordCount)
    visit(disassemble(Array.prototype.slice.call(words, at, at + ISA.wordCount), options), i);
}

/** The syntax's words of one line of text: here hex words. */
export function assemble(text: string, _options: { gpu?: number } = {}): Uint32Array {
  return Uint32Array.from(text.trim().split(/\s+/), (w) => parseInt(w, 16));
}

/** The isaspec display's line of the instruction at word `at`: here the hex syntax's. */
export function lineAt(
  words: Words,
  at: number,
  _gpu: number | null,
  _showErrors: boolean,
): string {
  return disassemble(Array.prototype.slice.call(words, at, at + ISA.wordCount));
}
