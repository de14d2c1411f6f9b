/**
 * The Panfrost genxml commands: `panfrost-pack DOC.xml [-o FILE]`, a drop-in for Mesa's
 * `gen_pack.py DOC.xml > vN_pack.h`, and `genxml-decode --doc DOC.xml [--struct NAME] [FILE]` for
 * Panfrost documents, printing what the generated unpack + print functions print (a struct, or a
 * stream of the structs the document tags by an opcode). A document with
 * errors is reported at file:line:col and nothing is written (an existing -o file is left as it was).
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "fs";
import * as path from "path";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { Diagnostics, formatDiagnostic } from "./diagnostics";
import type { GenxmlPanfrostDocument } from "./model/genxmlPanfrost";
import { recoverDocument } from "./recover/recoverDocument";

/** Read DOC.xml (named in diagnostics as given); undefined after printing its errors. */
export function readPanfrostDocumentFile(
  file: string,
  log: Log,
): { doc?: GenxmlPanfrostDocument; status: number } {
  if (!existsSync(file) || !statSync(file).isFile()) {
    log.err(`isaforge: error[usage]: ${file}: no such file`);
    return { status: EXIT_USAGE };
  }
  const diags = new Diagnostics();
  const recovered = recoverDocument(file, readFileSync(file), { xml: true }, diags);
  const { readGenxmlPanfrost } =
    require("./readers/genxmlPanfrost/readGenxmlPanfrost") as typeof import("./readers/genxmlPanfrost/readGenxmlPanfrost");
  const doc = recovered ? readGenxmlPanfrost(recovered, diags) : undefined;
  for (const d of diags.sorted()) log.err(formatDiagnostic(d));
  if (!doc || diags.hasErrors) return { status: EXIT_INPUT_ERRORS };
  return { doc, status: EXIT_OK };
}

/** Write `text` to `file` whole or not at all: a temporary file beside it, then a rename. */
function writeWhole(file: string, text: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

export function panfrostPackCommand(file: string, opts: { output?: string }, log: Log): number {
  const { doc, status } = readPanfrostDocumentFile(file, log);
  if (!doc) return status;
  const { panfrostPackHeader } =
    require("./emit/genxmlPanfrost/packHeader") as typeof import("./emit/genxmlPanfrost/packHeader");
  const text = panfrostPackHeader(doc);
  if (opts.output !== undefined) {
    try {
      writeWhole(opts.output, text);
    } catch (e) {
      log.err(`${opts.output}: error[output]: ${(e as Error).message}`);
      return EXIT_INPUT_ERRORS;
    }
  } else log.out(text.replace(/\n$/, ""));
  return EXIT_OK;
}

/** What a generated Panfrost decoder module exports (templates/ts/genxml-panfrost/decoder.ts.hbs). */
export interface PanfrostDecoder {
  STRUCT_NAMES: readonly string[];
  structLength(name: string): number;
  decodeStruct(
    name: string,
    bytes: Uint8Array,
  ): { struct: string; warnings: string[]; fields: Record<string, unknown> };
  printStruct(name: string, bytes: Uint8Array): string;
  /** Present where the document's structs form a stream tagged by an opcode (commandFamily.ts). */
  walkCommands?(bytes: Uint8Array): { offset: number; opcode: number; struct?: string }[];
  printCommands?(bytes: Uint8Array): string;
}

/** The decoder module generated for `doc`, compiled (esbuild strips its types) and loaded. */
export function loadPanfrostDecoder(doc: GenxmlPanfrostDocument): PanfrostDecoder {
  const { panfrostDecoderModule } =
    require("./emit/genxmlPanfrost/decoderModule") as typeof import("./emit/genxmlPanfrost/decoderModule");
  const { compileGeneratedCodec, runCompiledCodec } =
    require("./emit/manual/loadGeneratedCodec") as typeof import("./emit/manual/loadGeneratedCodec");
  const file = path.basename(doc.file).replace(/\.xml$/, ".ts");
  return runCompiledCodec(
    compileGeneratedCodec(panfrostDecoderModule(doc), file),
    file,
  ) as unknown as PanfrostDecoder;
}

export interface GenxmlDecodeOptions {
  doc: string;
  struct?: string;
  binary?: boolean;
}

/**
 * Words from hex text: 32-bit words, word 0 first, `0x` optional, separated by spaces, commas or
 * lines; `#` and `//` start comments. A bad token is an error at its line and column.
 */
export function parseHexWords(name: string, text: string): { words: number[]; error?: string } {
  const words: number[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/(#|\/\/).*$/, "");
    for (const m of line.matchAll(/[^\s,]+/g)) {
      const token = m[0];
      if (!/^(0x)?[0-9a-fA-F]{1,8}$/i.test(token))
        return {
          words,
          error: `${name}:${i + 1}:${m.index! + 1}: error[bad-word]: '${token}' is not a 32-bit hex word`,
        };
      words.push(parseInt(token.replace(/^0x/i, ""), 16));
    }
  }
  return { words };
}

/**
 * `genxml-decode --doc DOC.xml [--struct NAME] [FILE]` for a Panfrost document: one struct, or
 * without --struct a stream of the structs its document tags by an opcode (commandFamily.ts).
 */
export function panfrostDecodeCommand(
  file: string | undefined,
  opts: GenxmlDecodeOptions,
  log: Log,
): number {
  const { doc, status } = readPanfrostDocumentFile(opts.doc, log);
  if (!doc) return status;
  const decoder = loadPanfrostDecoder(doc);
  if (opts.struct === undefined && !decoder.printCommands) {
    log.err(
      `isaforge: error[usage]: ${opts.doc} has descriptors, not a stream of instructions tagged by an opcode to walk: name one with --struct`,
    );
    return EXIT_USAGE;
  }
  let length = Infinity;
  if (opts.struct !== undefined)
    try {
      length = decoder.structLength(opts.struct);
    } catch {
      log.err(
        `isaforge: error[usage]: ${opts.doc} has no struct '${opts.struct}' with an unpack function (by C name, e.g. ${decoder.STRUCT_NAMES[0] ?? "MALI_…"}, or as written)`,
      );
      return EXIT_USAGE;
    }
  const name = file === undefined || file === "-" ? "<stdin>" : file;
  let data: Buffer;
  try {
    data = readFileSync(file === undefined || file === "-" ? 0 : file);
  } catch (e) {
    log.err(`isaforge: error[usage]: ${name}: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  let bytes: Uint8Array;
  if (opts.binary) bytes = new Uint8Array(data);
  else {
    const { words, error } = parseHexWords(name, data.toString("utf8"));
    if (error) {
      log.err(error);
      return EXIT_INPUT_ERRORS;
    }
    bytes = new Uint8Array(words.length * 4);
    const view = new DataView(bytes.buffer);
    words.forEach((w, i) => view.setUint32(4 * i, w, true));
  }
  if (opts.struct === undefined) {
    let text: string;
    try {
      text = decoder.printCommands!(bytes);
    } catch (e) {
      // A trailing part of an instruction: the walk names its offset.
      log.err(`${name}: error[truncated]: ${(e as Error).message}`);
      return EXIT_INPUT_ERRORS;
    }
    if (text !== "") log.out(text.replace(/\n$/, ""));
    return EXIT_OK;
  }
  if (bytes.length > length) {
    log.err(
      `${name}: error[too-long]: ${bytes.length} bytes given; ${opts.struct} is ${length} bytes (missing bytes read as 0, extra ones are refused)`,
    );
    return EXIT_INPUT_ERRORS;
  }
  const text = decoder.printStruct(opts.struct, bytes);
  if (text !== "") log.out(text.replace(/\n$/, ""));
  return EXIT_OK;
}
