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

/** Documents on the command line are named as given (relative to the working directory). */
function displayOf(abs: string): string {
  return path.relative(process.cwd(), abs) || abs;
}

/** Read and check a document and its imports; undefined after printing the errors. */
export function loadForCommand(file: string, log: Log): GenxmlIntelChain | undefined {
  const diags = new Diagnostics();
  const chain = loadGenxmlIntelChain(file, { displayOf }, diags);
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
  for (const file of files) {
    const chain = loadForCommand(file, log);
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
