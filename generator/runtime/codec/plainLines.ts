/**
 * Lines of the syntaxes whose lines stand alone (inlined by generator/emit/codec/runtimeSource.ts):
 * the text of words no instruction matches, and a program's lines, one instruction after another.
 */
import { ISA, disassemble, type DisassembleOptions } from "./codecTables";
import type { Words } from "./codecTypes";
import { wholeInstructions } from "./codecLines";

/** What is printed for words no instruction matches: `unknown` and the words in hex. */
export function unknownText(words: Words): string {
  return `unknown ${Array.from({ length: ISA.wordCount }, (_, i) => "0x" + ((words[i] ?? 0) >>> 0).toString(16).padStart(8, "0")).join(" ")}`;
}

/** disassembleProgram's lines (codecLines.ts), given to `visit` one at a time (with the instruction's index). */
export function disassembleEach(
  words: Words,
  options: DisassembleOptions,
  visit: (line: string, index: number) => void,
): void {
  const n = wholeInstructions(words);
  for (let i = 0, at = 0; at < words.length; i++, at += n)
    visit(disassemble(Array.prototype.slice.call(words, at, at + n), options), i);
}
