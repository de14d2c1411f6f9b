/**
 * The Panfrost genxml commands: `panfrost-pack DOC.xml [-o FILE]`, a drop-in for Mesa's
 * `gen_pack.py DOC.xml > vN_pack.h`, and `genxml-decode --doc DOC.xml --struct NAME [FILE]` for
 * Panfrost documents, printing what the generated unpack + print functions print. A document with
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
