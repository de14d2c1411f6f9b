/**
 * The `disasm` and `asm` commands: instruction words ⇄ assembly text, one line in, one line out,
 * through the generated codecs. What a line reads and prints is the codecs' own
 * (`disasmLine`/`asmLine`, templates/ts/codec/lines.ts.hbs), which the site's decoder
 * panel calls too; this file adds file names, line numbers and exit statuses.
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
    const result = codec.disasmLine(line, { bytes: options.bytes ?? false, ...(gpu === undefined ? {} : { gpu }) });
    if (result.error) {
      log.err(`${input.name}:${i + 1}:${result.error.column}: error[bad-word]: ${result.error.message}`);
      status = EXIT_INPUT_ERRORS;
    } else if (options.strict && !result.known) status = EXIT_INPUT_ERRORS;
    log.out(result.text);
  });
  return status;
}

export function asm(file: string | undefined, options: { isa: string }, log: Log): number {
  const codec = codecOrUsage(options.isa, log);
  if (!codec) return EXIT_USAGE;
  const input = readInput(file);
  let status = EXIT_OK;
  inputLines(input.text).forEach((line, i) => {
    const result = codec.asmLine(line);
    if (result.error) {
      log.err(`${input.name}:${i + 1}:${result.error.column}: error[asm]: ${result.error.message}`);
      status = EXIT_INPUT_ERRORS;
    }
    log.out(result.text);
  });
  return status;
}
