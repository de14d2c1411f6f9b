/**
 * The `headergen` command: a drop-in for rules-ng-ng headergen. Reads FILE and everything it
 * imports (beside the importing file, then in each `RNN_PATH` directory) and writes one header per
 * document but copyright.xml, with the files' real sizes and modification times in the banner.
 * Any error in the database is reported at its file:line:column and nothing is written.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "fs";
import * as path from "path";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { Diagnostics, formatDiagnostic } from "./diagnostics";
import type { RegisterDatabase } from "./model/types";

export interface HeadergenOptions {
  /** Directory for the headers; default: beside FILE. */
  out?: string;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as headergen prints a file's modification time. */
export function formatMtime(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/** Read a database for headergen: real modification times, imports along `RNN_PATH`. */
export function readDatabaseFile(file: string, diags: Diagnostics, rnnPath = process.env.RNN_PATH): RegisterDatabase | undefined {
  const { readRulesNgDatabase } = require("./readers/rulesNg/database") as typeof import("./readers/rulesNg/database");
  const { analyzeRegisterDatabase } = require("./analyze/checkRegisterDatabase") as typeof import("./analyze/checkRegisterDatabase");
  const db = readRulesNgDatabase(
    {
      file: path.resolve(file),
      displayBase: process.cwd(),
      rnnPath: (rnnPath ?? "").split(":").filter((d) => d !== ""),
      mtimeOf: (p) => formatMtime(statSync(p).mtime),
    },
    diags,
  );
  if (db) analyzeRegisterDatabase(db, diags);
  return db;
}

export function headergen(file: string, options: HeadergenOptions, log: Log): number {
  if (!existsSync(file) || !statSync(file).isFile()) {
    log.err(`isaforge: error[usage]: ${file}: no such file`);
    return EXIT_USAGE;
  }
  const diags = new Diagnostics();
  const db = readDatabaseFile(file, diags);
  for (const d of diags.sorted()) log.err(formatDiagnostic(d));
  if (!db || diags.hasErrors) return EXIT_INPUT_ERRORS;
  const { registerHeaders } = require("./emit/emitRegisterHeaders") as typeof import("./emit/emitRegisterHeaders");
  const out = options.out ?? path.dirname(file);
  mkdirSync(out, { recursive: true });
  for (const h of registerHeaders(db)) {
    writeFileSync(path.join(out, h.path), h.content);
    log.out(path.join(out, h.path));
  }
  return EXIT_OK;
}
