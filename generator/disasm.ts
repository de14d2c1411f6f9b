/**
 * The `disasm` and `asm` commands: instruction words ⇄ assembly text through the generated codecs.
 * The source text is read by `sourceText.ts` (comments, statements, whitespace, word listings); the
 * codecs assemble one clean instruction at a time and print one instruction per line. This file
 * adds file names, line numbers, hints and exit statuses.
 */
import { readFileSync, statSync } from "fs";
import * as path from "path";
import type { Log } from "./build";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from "./build";
import { asmHint, failedOperand } from "./asmHints";
import { codecsFor, type Codec, type GenerationRange } from "./codecs";
import { asmClauseStream, disasmClauseStream, isClauseCodec } from "./disasmClauses";
import { didYouMean, manifestWords, suggestIsa } from "./isaSuggestion";
import { PACKAGE_ROOT } from "./paths";
import {
  dialectOf,
  otherCaseMnemonic,
  readBinaryWords,
  readWordListing,
  sourceColumn,
  splitAssemblyLine,
  type Dialect,
  type Span,
} from "./sourceText";

export interface AsmOptions {
  isa?: string;
  /** Build the codec from this specs directory (default: the generated codecs). */
  specs?: string;
  /** `--upstream NAME=DIR` pairs: build the codec from the documents in these trees. */
  upstream?: string[];
  /** GPU generation, as given on the command line. */
  gpu?: string;
  /** Words as little-endian bytes (disasm: input; asm: output). */
  bytes?: boolean;
}

export interface DisasmOptions extends AsmOptions {
  strict?: boolean;
  /** Mesa's `show_errors` comments (isaspec ISAs; the other codecs print the same text). */
  showErrors?: boolean;
  /** The input is a raw little-endian binary. */
  binary?: boolean;
  /** Print each instruction's byte offset before it. */
  offsets?: boolean;
  /** Print each instruction's words (bytes with `bytes`) before it. */
  raw?: boolean;
  /** Clause ISAs (Bifrost): Mesa's verbose form. */
  verbose?: boolean;
}

const usage = (log: Log, message: string): number => {
  log.err(`isaforge: error[usage]: ${message}`);
  return EXIT_USAGE;
};

/** The input's name and contents, or undefined when it cannot be read (reported as usage). */
function readInput(file: string | undefined, log: Log): { name: string; data: Buffer } | undefined {
  if (file === undefined || file === "-") return { name: "<stdin>", data: readFileSync(0) };
  try {
    if (statSync(file).isDirectory()) {
      usage(log, `${file}: is a directory, not a file`);
      return undefined;
    }
    return { name: file, data: readFileSync(file) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    usage(log, `${file}: ${code === "ENOENT" ? "no such file" : `cannot read it (${code})`}`);
    return undefined;
  }
}

function describeRanges(ranges: readonly GenerationRange[]): string {
  return ranges.map(([min, max]) => (max === null ? `${min} and up` : `${min}..${max}`)).join(", ");
}

/**
 * The codec and its decode options, or the exit status after reporting why there is none (a usage
 * error, or errors in the documents the codec was to be built from).
 */
function setUp(
  command: string,
  options: AsmOptions,
  log: Log,
): { codec: Codec; gpu?: number } | number {
  const codecs = codecsFor(options);
  if (codecs.errors.length > 0) {
    for (const e of codecs.errors) log.err(e);
    log.err(`isaforge: ${command}: the specs have errors, so no codec was built`);
    return EXIT_INPUT_ERRORS;
  }
  const known = codecs.ids.join(", ");
  if (options.isa === undefined) {
    usage(log, `${command} needs --isa, one of: ${known}`);
    return EXIT_USAGE;
  }
  const codec = codecs.load(options.isa);
  if (!codec) {
    const specs = options.specs ?? path.join(PACKAGE_ROOT, "specs");
    const hint = didYouMean(suggestIsa(options.isa, codecs.ids, (id) => manifestWords(specs, id)));
    const why = codecs.whyMissing(options.isa);
    usage(
      log,
      why ?? `--isa '${options.isa}' has no codec${hint ? `: ${hint}` : ""} (known: ${known})`,
    );
    return EXIT_USAGE;
  }
  // A clause codec has no generations: disasmClauses.ts refuses --gpu with the other word options.
  if (options.gpu === undefined || isClauseCodec(codec)) return { codec };
  const gpu = Number(options.gpu);
  if (options.gpu.trim() === "" || !Number.isInteger(gpu)) {
    usage(log, `--gpu takes a whole number, not '${options.gpu}'`);
    return EXIT_USAGE;
  }
  const ranges = codecs.generations(options.isa);
  // Without a shipped model to tell the generations, every gpu is taken.
  if (ranges === undefined) return { codec, gpu };
  // One range from 0 up (etnaviv's `<gen min="0"/>` on every instruction) tells no gpu apart.
  if (ranges.length === 0 || (ranges.length === 1 && ranges[0][0] === 0 && ranges[0][1] === null))
    return usage(
      log,
      `--gpu: ${options.isa} has no generations; its instructions are the same on every gpu`,
    );
  if (!ranges.some(([min, max]) => gpu >= min && (max === null || gpu <= max)))
    return usage(
      log,
      `--gpu ${gpu} is in no ${options.isa} generation (${describeRanges(ranges)})`,
    );
  return { codec, gpu };
}

/**
 * The instructions of a program's words, each with its text and whether it decodes: every
 * instruction is the ISA's `wordCount` words (a partial one at the end is left out: the caller
 * reports it). The text is the codec's `disassembleEach`, so that Mesa's program-wide behaviour
 * (a conflict reported with the next line under `showErrors`) is the CLI's too.
 */
export function disassembleWords(
  codec: Codec,
  words: readonly number[],
  gpu: number | undefined,
  showErrors = false,
): { text: string; known: boolean }[] {
  const opts = gpu === undefined ? { showErrors } : { gpu, showErrors };
  const n = codec.ISA.wordCount;
  const program = Uint32Array.from(words.slice(0, words.length - (words.length % n)));
  const out: { text: string; known: boolean }[] = [];
  codec.disassembleEach(program, opts, (text, i) =>
    out.push({ text, known: codec.decode(program.subarray(i * n, i * n + n), opts) !== undefined }),
  );
  return out;
}

/**
 * What `--offsets` and `--raw` put before the text of the instruction of `words`, the first at
 * `wordIndex` of the words read, as objdump lays it out (offsets in bytes, in hex).
 */
function linePrefix(
  wordIndex: number,
  words: readonly number[],
  codec: Codec,
  options: DisasmOptions,
): string {
  const offset = options.offsets ? `${(wordIndex * 4).toString(16).padStart(4)}:\t` : "";
  return options.raw ? `${offset}${codec.formatWords(words, options.bytes)}\t` : offset;
}

export function disasm(file: string | undefined, options: DisasmOptions, log: Log): number {
  if (options.binary && options.bytes) return usage(log, "--binary and --bytes exclude each other");
  const setup = setUp("disasm", options, log);
  if (typeof setup === "number") return setup;
  if (isClauseCodec(setup.codec)) {
    const input = readInput(file, log);
    return input ? disasmClauseStream(setup.codec, input, options, log) : EXIT_USAGE;
  }
  if (options.verbose)
    return usage(log, `--verbose is for clause streams (bifrost); ${options.isa} has none`);
  const { codec, gpu } = setup;
  const input = readInput(file, log);
  if (!input) return EXIT_USAGE;
  const size = { isa: codec.ISA.id, words: codec.ISA.wordCount };
  // Every whole instruction is printed; each error once, on stderr, after them.
  const errors: string[] = [];
  let words: number[];
  if (options.binary) {
    const read = readBinaryWords(input.data, size);
    if (read.error) errors.push(`${input.name}: error[bad-word]: ${read.error}`);
    words = read.words;
  } else {
    const listing = readWordListing(input.data.toString("utf8"), options.bytes ?? false, size);
    for (const e of listing.errors)
      errors.push(`${input.name}:${e.line}:${e.column}: error[bad-word]: ${e.message}`);
    words = listing.words.map((w) => w.value);
  }
  let status = errors.length > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
  const lines = disassembleWords(codec, words, gpu, options.showErrors ?? false);
  lines.forEach(({ text, known }, i) => {
    if (options.strict && !known) status = EXIT_INPUT_ERRORS;
    const at = i * size.words;
    log.out(linePrefix(at, words.slice(at, at + size.words), codec, options) + text);
  });
  for (const e of errors) log.err(e);
  return status;
}

/**
 * Assemble one statement; an error's column is the source line's, with a hint about case or the
 * ISA's syntax (asmHints.ts).
 */
function assembleStatement(
  codec: Codec,
  span: Span,
  dialect: Dialect,
  options: { bytes: boolean; gpu?: number },
): { text: string; error?: { message: string; column: number } } {
  const result = codec.asmLine(span.text, options);
  if (!result.error) return result;
  let message = result.error.message;
  const assembles = (line: string) => !codec.asmLine(line, options).error;
  const other = otherCaseMnemonic(span.text, dialect);
  const hint =
    other !== undefined && assembles(span.text.replace(/^\S+/, other))
      ? `did you mean ${other}?`
      : asmHint(codec.ISA.id, failedOperand(span.text, result.error.column, message, assembles));
  if (hint !== undefined) message += ` (${hint})`;
  return { text: "", error: { message, column: sourceColumn(span, result.error.column) } };
}

export function asm(file: string | undefined, options: AsmOptions, log: Log): number {
  const setup = setUp("asm", options, log);
  if (typeof setup === "number") return setup;
  if (isClauseCodec(setup.codec)) {
    if (options.gpu !== undefined) return usage(log, `--gpu: ${options.isa} has no generations`);
    const input = readInput(file, log);
    return input ? asmClauseStream(setup.codec, input, options, log) : EXIT_USAGE;
  }
  const { codec, gpu } = setup;
  const input = readInput(file, log);
  if (!input) return EXIT_USAGE;
  const dialect = dialectOf(codec.ISA.id);
  const opts = { bytes: options.bytes ?? false, ...(gpu === undefined ? {} : { gpu }) };
  let status = EXIT_OK;
  const fail = (line: number, column: number, message: string): string => {
    log.err(`${input.name}:${line}:${column}: error[asm]: ${message}`);
    status = EXIT_INPUT_ERRORS;
    // A comment, so that the output pipes back into `disasm` with the error kept beside it.
    return `# invalid: ${message}`;
  };
  const lines = input.data.toString("utf8").split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  lines.forEach((line, i) => {
    const split = splitAssemblyLine(line, i + 1, dialect);
    if (split.error) {
      log.out(fail(split.error.line, split.error.column, split.error.message));
      return;
    }
    const texts: string[] = [];
    let invalid: string | undefined;
    for (const span of split.statements) {
      const r = assembleStatement(codec, span, dialect, opts);
      if (r.error) invalid ??= fail(span.line, r.error.column, r.error.message);
      else texts.push(r.text);
    }
    // A `;` comment that is itself an instruction would be dropped without a word: refuse it.
    const comment = split.semicolonComment;
    if (comment && comment.text !== "" && !codec.asmLine(comment.text, opts).error)
      invalid ??= fail(
        comment.line,
        sourceColumn(comment, 1),
        `'${comment.text}' follows ';', which starts a comment in ${codec.ISA.id} assembly: write it on a line of its own`,
      );
    log.out(invalid ?? texts.join(" "));
  });
  return status;
}
