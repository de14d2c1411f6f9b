/**
 * `disasm` and `asm` for an ISA whose codec takes clause streams (Bifrost): the whole input is one
 * stream, printed as the codec's `disassembleProgram` prints it; a stream Mesa would reject is one
 * error on stderr (byte offset and kind) with exit status 1, and nothing on stdout. `asm` reads that
 * text back and prints the stream a quadword a line, as `disasm` reads it.
 */
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { readClauseStreamBytes } from "./runtime/clauseStreamBytes";
import { readWordListing } from "./sourceText";

/** What `disasm` and `asm` use of a clause codec (templates/ts/codec/bifrost.ts.hbs). */
export interface ClauseCodec {
  ISA: { id: string };
  disassembleProgram(bytes: Uint8Array, options?: { verbose?: boolean }): string;
  assemble(text: string): Uint8Array;
  BifrostAssemblyError: new (...args: never[]) => Error & { line: number };
  decodeStream(bytes: Uint8Array): unknown[];
  ClauseStreamError: new (...args: never[]) => Error & { kind: string; byteOffset: number };
}

export const isClauseCodec = (codec: object): codec is ClauseCodec =>
  typeof (codec as Partial<ClauseCodec>).decodeStream === "function";

export interface ClauseDisasmOptions {
  bytes?: boolean;
  binary?: boolean;
  verbose?: boolean;
  strict?: boolean;
  offsets?: boolean;
  raw?: boolean;
  gpu?: string;
  showErrors?: boolean;
}

export function disasmClauseStream(
  codec: ClauseCodec,
  input: { name: string; data: Buffer },
  options: ClauseDisasmOptions,
  log: Log,
): number {
  const refused = (["offsets", "raw", "gpu", "showErrors"] as const).find(
    (o) => options[o] !== undefined && options[o] !== false,
  );
  if (refused) {
    const flag = refused === "showErrors" ? "show-errors" : refused;
    log.err(
      `isaforge: error[usage]: --${flag} is for ISAs of single instructions; ${codec.ISA.id} disassembles a stream of clauses`,
    );
    return EXIT_USAGE;
  }
  let bytes: Uint8Array;
  if (options.binary) bytes = new Uint8Array(input.data);
  else if (options.bytes) {
    const read = readClauseStreamBytes(input.data.toString("utf8"));
    if (read.error) {
      log.err(
        `${input.name}:${read.error.line}:${read.error.column}: error[bad-word]: ${read.error.message}`,
      );
      return EXIT_INPUT_ERRORS;
    }
    bytes = Uint8Array.from(read.bytes);
  } else {
    const listing = readWordListing(input.data.toString("utf8"), false, {
      isa: codec.ISA.id,
      words: 1,
    });
    if (listing.errors.length > 0) {
      for (const e of listing.errors)
        log.err(`${input.name}:${e.line}:${e.column}: error[bad-word]: ${e.message}`);
      return EXIT_INPUT_ERRORS;
    }
    bytes = new Uint8Array(4 * listing.words.length);
    listing.words.forEach((w, i) => {
      for (let b = 0; b < 4; b++) bytes[4 * i + b] = (w.value >>> (8 * b)) & 0xff;
    });
  }
  let text: string;
  try {
    text = codec.disassembleProgram(bytes, { verbose: options.verbose === true });
  } catch (e) {
    if (!(e instanceof codec.ClauseStreamError)) throw e;
    log.err(`${input.name}: error[clause-stream]: ${e.message}`);
    return EXIT_INPUT_ERRORS;
  }
  // Mesa's text ends each clause with an empty line; the log adds the last line feed.
  if (text !== "") log.out(text.slice(0, -1));
  return options.strict && text.includes("INSTR_INVALID_ENC") ? EXIT_INPUT_ERRORS : EXIT_OK;
}

export function asmClauseStream(
  codec: ClauseCodec,
  input: { name: string; data: Buffer },
  options: { bytes?: boolean },
  log: Log,
): number {
  let bytes: Uint8Array;
  try {
    bytes = codec.assemble(input.data.toString("utf8"));
  } catch (e) {
    if (!(e instanceof codec.BifrostAssemblyError)) throw e;
    log.err(`${input.name}:${e.line}: error[asm]: ${e.message.replace(/^line \d+: /, "")}`);
    return EXIT_INPUT_ERRORS;
  }
  for (let q = 0; q < bytes.length; q += 16) {
    const quad = bytes.subarray(q, q + 16);
    const text = options.bytes
      ? [...quad].map((b) => b.toString(16).padStart(2, "0")).join(" ")
      : [0, 4, 8, 12]
          .map(
            (i) =>
              `0x${((quad[i] | (quad[i + 1] << 8) | (quad[i + 2] << 16) | (quad[i + 3] << 24)) >>> 0).toString(16).padStart(8, "0")}`,
          )
          .join(" ");
    log.out(text);
  }
  return EXIT_OK;
}
