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

export interface AsmOptions {
  isa: string;
  /** GPU generation, as given on the command line. */
  gpu?: string;
  /** Words as little-endian bytes (disasm: input; asm: output). */
  bytes?: boolean;
}

export interface DisasmOptions extends AsmOptions {
  strict?: boolean;
  /** Mesa's `show_errors` comments (isaspec ISAs; the other codecs print the same text). */
  showErrors?: boolean;
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
  if (!codec)
    log.err(
      `isaforge: error[usage]: --isa '${isa}' has no codec (known: ${codecIds().join(", ")})`,
    );
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

export function disasm(file: string | undefined, options: DisasmOptions, log: Log): number {
  const codec = codecOrUsage(options.isa, log);
  const opts = gpuOptions(options.gpu, log);
  if (!codec || !opts) return EXIT_USAGE;
  const input = readInput(file);
  let status = EXIT_OK;
  inputLines(input.text).forEach((line, i) => {
    const result = codec.disasmLine(line, {
      bytes: options.bytes ?? false,
      showErrors: options.showErrors ?? false,
      ...opts,
    });
    if (result.error) {
      log.err(
        `${input.name}:${i + 1}:${result.error.column}: error[bad-word]: ${result.error.message}`,
      );
      status = EXIT_INPUT_ERRORS;
    } else if (options.strict && !result.known) status = EXIT_INPUT_ERRORS;
    log.out(result.text);
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
    const result = codec.asmLine(line, { bytes: options.bytes ?? false, ...opts });
    if (result.error) {
      log.err(`${input.name}:${i + 1}:${result.error.column}: error[asm]: ${result.error.message}`);
      status = EXIT_INPUT_ERRORS;
    }
    log.out(result.text);
  });
  return status;
}
