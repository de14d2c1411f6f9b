/**
 * The Intel genxml commands: drop-ins for Mesa's gen_pack_header.py (`genxml-pack`),
 * gen_bits_header.py (`genxml-bits`), gen_sort_tags.py (`genxml-sort`) and the decoder's
 * intel_print_group (`genxml-decode`). Problems are located diagnostics on stderr; nothing is
 * written then, and an `-o` file keeps what it had.
 */
import { existsSync, renameSync, statSync, writeFileSync } from "fs";
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
