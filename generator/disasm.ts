/**
 * The `disasm` and `asm` commands: instruction words ⇄ assembly text, one line in, one line out,
 * through the generated codecs.
 */
import { readFileSync } from "fs";
import type { Log } from "./build";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from "./build";
import { codecIds, loadCodec, type Codec } from "./codecs";

export interface DisasmOptions {
  isa: string;
  gpu?: string;
  bytes?: boolean;
  strict?: boolean;
}

function readInput(file: string | undefined): { name: string; text: string } {
  if (file === undefined || file === "-") return { name: "<stdin>", text: readFileSync(0, "utf8") };
  return { name: file, text: readFileSync(file, "utf8") };
}

function inputLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function codecOrUsage(isa: string, log: Log): Codec | undefined {
  const codec = loadCodec(isa);
  if (!codec) log.err(`isaforge: error[usage]: --isa '${isa}' has no codec (known: ${codecIds().join(", ")})`);
  return codec;
}

/** Parse one input line into words; an error names the column of the bad token. */
export function parseWords(line: string, wordCount: number, bytes: boolean): { words?: number[]; error?: string; column?: number } {
  const tokens = [...line.matchAll(/[^\s,]+/g)];
  const per = bytes ? 2 : 8;
  const values: number[] = [];
  for (const t of tokens) {
    const m = /^(?:0[xX])?([0-9a-fA-F]+)$/.exec(t[0]);
    if (!m || m[1].length > per) {
      return { error: `'${t[0]}' is not a ${bytes ? "byte" : "32-bit word"} in hex`, column: (t.index ?? 0) + 1 };
    }
    values.push(parseInt(m[1], 16));
  }
  const want = bytes ? wordCount * 4 : wordCount;
  if (values.length !== want) return { error: `expected ${want} ${bytes ? "bytes" : "words"}, found ${values.length}`, column: 1 };
  if (!bytes) return { words: values };
  const words: number[] = [];
  for (let i = 0; i < values.length; i += 4) words.push((values[i] | (values[i + 1] << 8) | (values[i + 2] << 16) | (values[i + 3] << 24)) >>> 0);
  return { words };
}

export function disasm(file: string | undefined, options: DisasmOptions, log: Log): number {
  const codec = codecOrUsage(options.isa, log);
  if (!codec) return EXIT_USAGE;
  const gpu = options.gpu === undefined ? undefined : Number(options.gpu);
  if (gpu !== undefined && !Number.isInteger(gpu)) {
    log.err(`isaforge: error[usage]: --gpu takes a whole number, not '${options.gpu}'`);
    return EXIT_USAGE;
  }
  const input = readInput(file);
  let status = EXIT_OK;
  inputLines(input.text).forEach((line, i) => {
    if (line.trim() === "") return log.out("");
    const parsed = parseWords(line, codec.ISA.wordCount, options.bytes ?? false);
    if (!parsed.words) {
      log.err(`${input.name}:${i + 1}:${parsed.column}: error[bad-word]: ${parsed.error}`);
      log.out(`invalid: ${parsed.error}`);
      status = EXIT_INPUT_ERRORS;
      return;
    }
    const opts = gpu === undefined ? {} : { gpu };
    if (options.strict && !codec.decode(parsed.words, opts)) status = EXIT_INPUT_ERRORS;
    log.out(codec.disassemble(parsed.words, opts));
  });
  return status;
}

export function asm(file: string | undefined, options: { isa: string }, log: Log): number {
  const codec = codecOrUsage(options.isa, log);
  if (!codec) return EXIT_USAGE;
  const input = readInput(file);
  let status = EXIT_OK;
  inputLines(input.text).forEach((line, i) => {
    if (line.trim() === "") return log.out("");
    try {
      const words = codec.assemble(line);
      log.out(Array.from(words, (w) => "0x" + w.toString(16).padStart(8, "0")).join(" "));
    } catch (e) {
      const err = e as Error & { column?: number };
      const column = typeof err.column === "number" ? err.column : 1;
      const message = err.message.replace(/^\d+:\d+: /, "");
      log.err(`${input.name}:${i + 1}:${column}: error[asm]: ${message}`);
      log.out(`invalid: ${message}`);
      status = EXIT_INPUT_ERRORS;
    }
  });
  return status;
}
