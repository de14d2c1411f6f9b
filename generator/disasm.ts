/**
 * The `disasm` and `asm` commands: instruction words ⇄ assembly text, one line in, one line out,
 * through the generated codecs.
 */
import { readFileSync } from "fs";
import type { Log } from "./build";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from "./build";
import { codecIds, loadCodec, type Codec } from "./codecs";

export interface AsmOptions {
  isa: string;
  /** GPU generation, as given on the command line. */
  gpu?: string;
  /** Words as little-endian bytes (disasm: input; asm: output). */
  bytes?: boolean;
}

export interface DisasmOptions extends AsmOptions {
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

/** `--gpu` as codec options; undefined (after reporting) when it is not a whole number. */
function gpuOptions(gpu: string | undefined, log: Log): { gpu?: number } | undefined {
  if (gpu === undefined) return {};
  const n = Number(gpu);
  if (gpu.trim() !== "" && Number.isInteger(n)) return { gpu: n };
  log.err(`isaforge: error[usage]: --gpu takes a whole number, not '${gpu}'`);
  return undefined;
}

/** Words as text: `0x%08x` words, or with `bytes` each word's bytes in little-endian order. */
export function formatWords(words: ArrayLike<number>, bytes: boolean): string {
  const hex = (v: number, digits: number) => v.toString(16).padStart(digits, "0");
  const all = Array.from(words, (w) => w >>> 0);
  if (!bytes) return all.map((w) => "0x" + hex(w, 8)).join(" ");
  return all.flatMap((w) => [0, 8, 16, 24].map((s) => hex((w >>> s) & 0xff, 2))).join(" ");
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
  const opts = gpuOptions(options.gpu, log);
  if (!codec || !opts) return EXIT_USAGE;
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
    if (options.strict && !codec.decode(parsed.words, opts)) status = EXIT_INPUT_ERRORS;
    log.out(codec.disassemble(parsed.words, opts));
  });
  return status;
}

export function asm(file: string | undefined, options: AsmOptions, log: Log): number {
  const codec = codecOrUsage(options.isa, log);
  const opts = gpuOptions(options.gpu, log);
  if (!codec || !opts) return EXIT_USAGE;
  const input = readInput(file);
  let status = EXIT_OK;
  inputLines(input.text).forEach((line, i) => {
    if (line.trim() === "") return log.out("");
    try {
      log.out(formatWords(codec.assemble(line, opts), options.bytes ?? false));
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
