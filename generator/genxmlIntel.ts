/**
 * The Intel genxml commands: drop-ins for Mesa's gen_pack_header.py (`genxml-pack`),
 * gen_bits_header.py (`genxml-bits`), gen_sort_tags.py (`genxml-sort`) and the decoder's
 * intel_print_group (`genxml-decode`). Problems are located diagnostics on stderr; nothing is
 * written then, and an `-o` file keeps what it had.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "fs";
import * as path from "path";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { Diagnostics, formatDiagnostic } from "./diagnostics";
import { checkGenxmlIntelChain } from "./readers/genxmlIntel/check";
import { loadGenxmlIntelChain, type GenxmlIntelChain } from "./readers/genxmlIntel/loadChain";
import type { GenxmlIntelDocument } from "./model/genxmlIntel";

/** Documents on the command line are named as given (relative to the working directory). */
function displayOf(abs: string): string {
  return path.relative(process.cwd(), abs) || abs;
}

/** Read and check a document and its imports; undefined after printing the errors. */
export function loadForCommand(
  file: string,
  log: Log,
  cache?: Map<string, GenxmlIntelDocument>,
): GenxmlIntelChain | undefined {
  const diags = new Diagnostics();
  const chain = loadGenxmlIntelChain(file, { displayOf, cache }, diags);
  if (chain) checkGenxmlIntelChain(chain, diags);
  const errors = diags.sorted().filter((d) => d.severity === "error");
  if (!chain || errors.length) {
    for (const d of errors) log.err(formatDiagnostic(d));
    return undefined;
  }
  return chain;
}

/** A document argument that is not a file is a usage error. */
export function missingFile(file: string, log: Log): boolean {
  if (existsSync(file) && statSync(file).isFile()) return false;
  log.err(`isaforge: error[usage]: ${file}: no such file`);
  return true;
}

/** Print on stdout, or write `-o FILE` whole (through a temporary file, so a failure leaves it as it was). */
export function writeResult(text: string, output: string | undefined, log: Log): number {
  if (output === undefined || output === "-") {
    process.stdout.write(text);
    return EXIT_OK;
  }
  const tmp = `${output}.isaforge-tmp`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, output);
  } catch (e) {
    log.err(`isaforge: error[output]: ${output}: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT_INPUT_ERRORS;
  }
  return EXIT_OK;
}

export interface GenxmlPackArgs {
  engines?: string;
  includeSymbols?: string;
  opencl?: boolean;
  repack?: boolean;
  output?: string;
}

/** Engines gen_pack_header accepts in `--engines`. */
const PACK_ENGINES = ["render", "blitter", "video"];

export function genxmlPackCommand(file: string, args: GenxmlPackArgs, log: Log): number {
  const engines = (args.engines ?? "render").split(",");
  const bad = engines.filter((e) => !PACK_ENGINES.includes(e));
  if (bad.length) {
    log.err(
      `isaforge: error[usage]: --engines: ${bad.join(", ")} ${bad.length > 1 ? "are not engines" : "is not an engine"} (${PACK_ENGINES.join(", ")})`,
    );
    return EXIT_USAGE;
  }
  if (missingFile(file, log)) return EXIT_USAGE;
  const chain = loadForCommand(file, log);
  if (!chain) return EXIT_INPUT_ERRORS;
  const { packHeader } =
    require("./emit/genxmlIntel/packHeader") as typeof import("./emit/genxmlIntel/packHeader");
  const { mergedItems } =
    require("./readers/genxmlIntel/merge") as typeof import("./readers/genxmlIntel/merge");
  const text = packHeader(chain.root, mergedItems(chain), {
    engines: new Set(engines),
    includeSymbols:
      args.includeSymbols !== undefined ? new Set(args.includeSymbols.split(",")) : undefined,
    opencl: !!args.opencl,
    repack: !!args.repack,
  });
  return writeResult(text, args.output, log);
}

export interface GenxmlBitsArgs {
  includeSymbols?: string;
  cppGuard?: string;
  engines?: string;
  output?: string;
}

export function genxmlBitsCommand(files: string[], args: GenxmlBitsArgs, log: Log): number {
  if (args.includeSymbols === undefined) {
    log.err("isaforge: error[usage]: genxml-bits needs --include-symbols");
    return EXIT_USAGE;
  }
  if (files.some((f) => missingFile(f, log))) return EXIT_USAGE;
  const { mergedItems } =
    require("./readers/genxmlIntel/merge") as typeof import("./readers/genxmlIntel/merge");
  const { bitsHeader, BitsSymbolError } =
    require("./emit/genxmlIntel/bitsHeader") as typeof import("./emit/genxmlIntel/bitsHeader");
  const engines = new Set((args.engines ?? "render").split(","));
  const inputs = [];
  const cache = new Map<string, GenxmlIntelDocument>();
  for (const file of files) {
    const chain = loadForCommand(file, log, cache);
    if (!chain) return EXIT_INPUT_ERRORS;
    // gen_bits_header drops the document's own instructions for other engines before merging.
    const own = chain.root.items.filter(
      (i) => i.kind !== "instruction" || !i.engines || i.engines.some((e) => engines.has(e)),
    );
    inputs.push({ doc: chain.root, items: mergedItems(chain, chain.root, own) });
  }
  const toStdout = args.output === undefined || args.output === "-";
  const guard =
    args.cppGuard ??
    (toStdout ? "STDOUT" : path.basename(args.output!).toUpperCase().replace(/\./g, "_"));
  let text: string;
  try {
    text = bitsHeader(inputs, args.includeSymbols.split(","), guard);
  } catch (e) {
    if (!(e instanceof BitsSymbolError)) throw e;
    log.err(`isaforge: error[unknown-symbol]: --include-symbols: ${e.message}`);
    return EXIT_INPUT_ERRORS;
  }
  return writeResult(text, args.output, log);
}

export interface GenxmlSortArgs {
  validate?: boolean;
  quiet?: boolean;
  output?: string;
}

/**
 * gen_sort_tags.py: with --validate, exit 0 iff the document is in canonical form (1 with the
 * located reason otherwise; `Processing «path»... done.` unless --quiet); else write it sorted.
 */
export function genxmlSortCommand(file: string, args: GenxmlSortArgs, log: Log): number {
  if (missingFile(file, log)) return EXIT_USAGE;
  const { recoverDocument } =
    require("./recover/recoverDocument") as typeof import("./recover/recoverDocument");
  const { parseXml, locateElement } = require("./readers/xml") as typeof import("./readers/xml");
  const { sortedDocument, validateSorted } =
    require("./emit/genxmlIntel/sortTags") as typeof import("./emit/genxmlIntel/sortTags");
  const diags = new Diagnostics();
  const doc = recoverDocument(
    displayOf(path.resolve(file)),
    readFileSync(file),
    { xml: true },
    diags,
  );
  const root = doc && parseXml(doc, diags);
  if (args.validate && !args.quiet) process.stdout.write(`Processing ${file}... `);
  if (doc && root && root.name !== "genxml")
    diags.error(
      "unknown-element",
      `the root element is <${root.name}>; an Intel genxml document has <genxml>`,
      locateElement(doc, root),
    );
  if (doc && root && !diags.hasErrors) {
    const result = args.validate ? validateSorted(root) : sortedDocument(root);
    if (typeof result === "string") return writeResult(result, args.output, log);
    if (result) diags.error("not-canonical", result.message, locateElement(doc, result.element));
  }
  if (diags.hasErrors) {
    if (args.validate && !args.quiet) process.stdout.write("\n");
    for (const d of diags.sorted()) if (d.severity === "error") log.err(formatDiagnostic(d));
    return EXIT_INPUT_ERRORS;
  }
  if (!args.quiet) process.stdout.write("done.\n");
  return EXIT_OK;
}

export interface GenxmlDecodeArgs {
  doc: string;
  struct?: string;
  binary?: boolean;
  islFormats?: string;
}

/** Hex dwords (`0x` optional; spaces, commas or newlines between; `#` comments); errors located. */
export function parseHexDwords(text: string, file: string, diags: Diagnostics): number[] {
  const words: number[] = [];
  text.split("\n").forEach((line, i) => {
    const body = line.replace(/#.*/, "");
    for (const m of body.matchAll(/[^\s,]+/g)) {
      const token = m[0];
      if (/^(0[xX])?[0-9a-fA-F]{1,8}$/.test(token))
        words.push(parseInt(token.replace(/^0[xX]/, ""), 16) >>> 0);
      else
        diags.error(
          "bad-dword",
          `'${token}' is not a dword in hex (at most 8 digits, 0x optional)`,
          { file, line: i + 1, column: (m.index ?? 0) + 1 },
        );
    }
  });
  return words;
}

/** `value<TAB>name` lines: the ISL surface formats the decoder names. */
function readSurfaceFormats(file: string): Map<number, string> {
  const formats = new Map<number, string>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const [value, name] = line.split("\t");
    if (name !== undefined && /^\d+$/.test(value)) formats.set(Number(value), name.trim());
  }
  return formats;
}

/** What genxml-decode uses of a generated decoder module (out/ts/genxml/intel/<gen>.ts). */
interface IntelDecoderModule {
  printStruct(
    name: string,
    dwords: ArrayLike<number>,
    formats?: ReadonlyMap<number, string>,
  ): string | undefined;
  printCommands(dwords: ArrayLike<number>, formats?: ReadonlyMap<number, string>): string;
}

/**
 * The decoder module the build would write for the document, generated from the document given
 * (not the shipped one: a newer document decodes with its own fields), compiled and loaded.
 */
function generatedDecoder(chain: GenxmlIntelChain): IntelDecoderModule {
  const { decoderSpec } =
    require("./readers/genxmlIntel/runtimeView") as typeof import("./readers/genxmlIntel/runtimeView");
  const { intelDecoderModule } =
    require("./emit/genxmlIntel/tsDecoder") as typeof import("./emit/genxmlIntel/tsDecoder");
  const { compileGeneratedCodec, runCompiledCodec } =
    require("./emit/manual/loadGeneratedCodec") as typeof import("./emit/manual/loadGeneratedCodec");
  const file = path.basename(chain.root.file);
  const source = intelDecoderModule(decoderSpec(chain), file);
  return runCompiledCodec(
    compileGeneratedCodec(source, file.replace(/\.xml$/, ".ts")),
    file,
  ) as unknown as IntelDecoderModule;
}

/**
 * Print one item (`--struct NAME`) as intel_print_group prints it, or walk a command buffer and
 * print each command.
 */
export function genxmlDecodeCommand(
  file: string | undefined,
  args: GenxmlDecodeArgs,
  log: Log,
): number {
  if (missingFile(args.doc, log) || (file !== undefined && missingFile(file, log)))
    return EXIT_USAGE;
  if (args.islFormats !== undefined && missingFile(args.islFormats, log)) return EXIT_USAGE;
  const chain = loadForCommand(args.doc, log);
  if (!chain) return EXIT_INPUT_ERRORS;
  const decoder = generatedDecoder(chain);
  const bytes = readFileSync(file ?? 0);
  const diags = new Diagnostics();
  let dwords: number[];
  if (args.binary) {
    if (bytes.length % 4) {
      log.err(
        `isaforge: error[bad-dword]: ${file ?? "<stdin>"}: ${bytes.length} bytes is not a whole number of dwords`,
      );
      return EXIT_INPUT_ERRORS;
    }
    dwords = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readUInt32LE(4 * i));
  } else dwords = parseHexDwords(bytes.toString("utf8"), file ?? "<stdin>", diags);
  if (diags.hasErrors) {
    for (const d of diags.sorted()) log.err(formatDiagnostic(d));
    return EXIT_INPUT_ERRORS;
  }
  const formats = args.islFormats !== undefined ? readSurfaceFormats(args.islFormats) : undefined;
  if (args.struct !== undefined) {
    const printed = decoder.printStruct(args.struct, dwords, formats);
    if (printed === undefined) {
      log.err(
        `isaforge: error[unknown-struct]: ${args.doc} has no struct, instruction or register '${args.struct}'`,
      );
      return EXIT_INPUT_ERRORS;
    }
    process.stdout.write(printed);
  } else process.stdout.write(decoder.printCommands(dwords, formats));
  return EXIT_OK;
}

/** A C decoder for DOC: print functions per item, as intel_print_group prints (`gxi_print`). */
export function genxmlCDecoderCommand(doc: string, args: { output?: string }, log: Log): number {
  if (missingFile(doc, log)) return EXIT_USAGE;
  const chain = loadForCommand(doc, log);
  if (!chain) return EXIT_INPUT_ERRORS;
  const { decoderSpec } =
    require("./readers/genxmlIntel/runtimeView") as typeof import("./readers/genxmlIntel/runtimeView");
  const { cDecoder } =
    require("./emit/genxmlIntel/cDecoder") as typeof import("./emit/genxmlIntel/cDecoder");
  return writeResult(cDecoder(decoderSpec(chain), chain.root.file), args.output, log);
}
