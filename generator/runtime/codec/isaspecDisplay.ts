/**
 * Assembly text, Mesa isaspec form: a generic interpreter of the model's display templates
 * (source-formats.md A.2 printing per type, A.4 picking and errors, A.5 field lookup, A.6
 * templates, A.7 expressions, A.8 overrides), driven only by the tables above and SYNTAX (derived
 * fields and overrides per instruction). `assemble` is its inverse (isaspec has no upstream
 * assembler): it matches each instruction's templates against the line and takes the first
 * instruction whose template accepts the whole line and whose values decode back to the same text
 * form. Fields absent from the template are 0 (isaspec encode semantics, A.9); derived fields are
 * inverted where the expression allows (`2 << {W}` = 8 gives W = 2); an override's condition is
 * made true where the fields it uses are not in the text.
 *
 * Choices where upstream leaves one open:
 * - `branch` prints as signed decimal (no labels); `absbranch` the same, as Mesa does without labels.
 * - `float` (16 or 32 bits) prints as C `%f` of its value (`0.500000`, `-nan`, `inf`), the older
 *   printer that Mesa's etnaviv test vectors expect; the assembler rounds a decimal back to the
 *   nearest float, so values needing more than 6 decimals do not survive the text.
 * - A `custom` field prints nothing: Mesa calls the printer the driver passes (`field_print_cb`)
 *   and prints nothing without one, and the codec has none. A `bitset` field prints the display of
 *   the leaf its value matches, as Mesa does.
 * - A word no instruction matches, or two match (Mesa's bitset conflict), decodes as nothing and
 *   prints Mesa's `no match: HHHHHHHHLLLLLLLL` (every word, most significant first).
 * - An instruction without a display template prints nothing, as Mesa does (an empty line; with
 *   `showErrors` Mesa's `\t; NAME: no display template`). Since that text holds no bits, the
 *   assembler takes such an instruction in the form `NAME FIELD=value, …` instead: every field in
 *   model order as a decimal number (signed for signed kinds).
 * - Assembling, a space in a template stands for any run of spaces, which may be empty unless it
 *   separates two word characters (`br !p0.x,#3` is accepted); a `;` starts a comment (so text
 *   printed with `showErrors` assembles).
 *
 * This module: the errors of the line being printed, the interpreter for what the build could not
 * compile, and the program loop. Carried by every isaspec codec (inlined by
 * generator/emit/codec/runtimeSource.ts).
 */
import { ENUMS, INSTRUCTIONS, ISA, lineAt } from "./codecTables";
import type { DecodeOptions, InstructionSpec, Words } from "./codecTypes";
import { inGen } from "./codecRuntime";
import { wholeInstructions } from "./codecLines";
import { ALL_ONES, casesOf, hexWords, render, Scope, tokensOf } from "./isaspecScope";

export interface DisassembleOptions extends DecodeOptions {
  /**
   * Append Mesa's error comment (`\t; dontcare bits in NAME: <hex>`, `no field 'X'`, …) when there
   * are errors. Off by default, so the text is what Mesa prints without `show_errors`.
   */
  showErrors?: boolean;
}
/** Whether the errors of the instruction being printed are wanted (`showErrors`). */
export let showing = false;
/** The errors of the instruction being printed, when `showing`. */
export const ERRORS: string[] = [];

export function err(message: string): void {
  ERRORS.push(message);
}

/** A name nothing resolves reads 0 (recording Mesa's `no field` error). */
export function nf(message: string): number {
  if (showing) err(message);
  return 0;
}

export const ENUM_TEXT = ENUMS.map((e) => e.displays);

/**
 * One line of text for one instruction, as Mesa's isaspec disassembler prints it (no trailing
 * newline); `no match: <hex>` when no instruction matches. Never throws.
 */
export function disassemble(words: Words, options: DisassembleOptions = {}): string {
  ERRORS.length = 0;
  // Not one instruction's words: what Mesa prints for words no instruction matches.
  if (words.length !== ISA.wordCount) return `no match: ${hexWords(words, ALL_ONES, 0)}`;
  return lineAt(words, 0, options.gpu ?? ISA.defaultGpu, options.showErrors === true);
}

/**
 * disassembleProgram's lines (codecLines.ts), given to `visit` one at a time as they are made (with
 * the index of the instruction), as Mesa's isa_disasm prints them: `no match: <hex>` for an
 * instruction no encoding matches, which takes its ISA.wordCount words as any other. With
 * `showErrors`, the conflict Mesa reports for words two encodings match is printed with the next
 * line that prints errors, as Mesa does.
 */
export function disassembleEach(
  words: Words,
  options: DisassembleOptions,
  visit: (line: string, index: number) => void,
): void {
  const n = wholeInstructions(words);
  const gpu = options.gpu ?? ISA.defaultGpu;
  const showErrors = options.showErrors === true;
  ERRORS.length = 0;
  for (let i = 0, at = 0; at < words.length; i++, at += n)
    visit(lineAt(words, at, gpu, showErrors), i);
}

/** Mesa's `bitset conflict: A vs B` for words the first two of several encodings match, else null. */
export function conflictAt(words: Words, at: number, gpu: number | null): string | null {
  const hits = INSTRUCTIONS.filter(
    (s) =>
      inGen(s, gpu) && s.tested.every((m, i) => ((words[at + i] ?? 0) & m) >>> 0 === s.match[i]),
  );
  return hits.length > 1 ? `bitset conflict: ${hits[0].mnemonic} vs ${hits[1].mnemonic}` : null;
}

/** The interpreter's text for an instruction the build could not compile (errors into ERRORS). */
export function interpret(words: Words, spec: InstructionSpec, gpu: number | null): string {
  // Mesa names the bitset by its display name, and finds set don't-care bits before printing.
  if (spec.dontCare.some((m, i) => ((words[i] ?? 0) & m) !== 0))
    ERRORS.push(`dontcare bits in ${spec.mnemonic}: ${hexWords(words, spec.dontCare)}`);
  const scope = new Scope(words, casesOf(spec), spec.mnemonic, gpu, ERRORS);
  const picked = scope.pick();
  if (!picked) ERRORS.push(`${spec.mnemonic}: no display template`);
  return picked ? render(scope, tokensOf(picked.display), ERRORS) : "";
}
