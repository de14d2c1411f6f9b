/**
 * The `headergen` command: a drop-in for rules-ng headergen. Reads FILE and everything it imports
 * (looked up in each `RNN_PATH` directory, then beside the importing file) and writes one header
 * per document read, at the document's path under the database (`bus/pbus.xml.h`), with the files'
 * real sizes and modification times in the banner. Any error in the database is reported at its
 * file:line:column and nothing is written.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "fs";
import * as path from "path";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { reportLines } from "./diagnosticReport";
import { Diagnostics } from "./diagnostics";
import { HEADERGEN_STYLES, type HeadergenStyle } from "./emit/cheader/rnnHeaderView";
import type { RegisterDatabase } from "./model/types";

export interface HeadergenOptions {
  /** Directory for the headers; default: beside each document. */
  out?: string;
  /** `envytools` (default) or `etna_viv`. */
  style?: string;
  /** List every warning; by default a warning code met more than once is one line. */
  verbose?: boolean;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as headergen prints a file's modification time. */
export function formatMtime(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/** `RNN_PATH`'s directories. */
export function rnnPathDirs(rnnPath = process.env.RNN_PATH): string[] {
  return (rnnPath ?? "").split(":").filter((d) => d !== "");
}

/** FILE as given, else looked up in `RNN_PATH` as headergen looks it up; undefined if neither. */
export function findDatabaseFile(file: string, dirs: string[]): string | undefined {
  const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
  if (isFile(file)) return path.resolve(file);
  const found = dirs.map((d) => path.resolve(d, file)).find(isFile);
  return found;
}

/**
 * Read a database for headergen: real modification times, imports along `RNN_PATH`, the analyzer's
 * checks; `overlaps`: also look for overlapping registers (lookup does not: only what rnn rejects
 * stops it).
 */
export function readDatabaseFile(
  file: string,
  diags: Diagnostics,
  dirs = rnnPathDirs(),
  overlaps = true,
): RegisterDatabase | undefined {
  const { readRulesNgDatabase, displayRelativeTo } =
    require("./readers/rulesNg/database") as typeof import("./readers/rulesNg/database");
  const { analyzeRegisterDatabase } =
    require("./analyze/checkRegisterDatabase") as typeof import("./analyze/checkRegisterDatabase");
  const db = readRulesNgDatabase(
    {
      file: path.resolve(file),
      displayOf: displayRelativeTo(process.cwd()),
      rnnPath: dirs,
      mtimeOf: (p) => formatMtime(statSync(p).mtime),
    },
    diags,
  );
  if (db) analyzeRegisterDatabase(db, diags, new Set(), overlaps);
  return db;
}

export function headergen(file: string, options: HeadergenOptions, log: Log): number {
  const style = (options.style ?? "envytools") as HeadergenStyle;
  if (!HEADERGEN_STYLES.includes(style)) {
    log.err(
      `isaforge: error[usage]: --style must be ${HEADERGEN_STYLES.join(" or ")}, not '${options.style}'`,
    );
    return EXIT_USAGE;
  }
  const dirs = rnnPathDirs();
  const found = findDatabaseFile(file, dirs);
  if (!found) {
    log.err(
      `isaforge: error[usage]: ${file}: no such file${dirs.length > 0 ? ` (nor in RNN_PATH ${dirs.join(":")})` : ""}`,
    );
    return EXIT_USAGE;
  }
  const diags = new Diagnostics();
  const db = readDatabaseFile(found, diags, dirs);
  for (const line of reportLines(diags.sorted(), options.verbose ?? false)) log.err(line);
  if (!db || diags.hasErrors) return EXIT_INPUT_ERRORS;
  const { registerHeaders } =
    require("./emit/emitRegisterHeaders") as typeof import("./emit/emitRegisterHeaders");
  // Headers go beside each document: under the directory the root's database name is relative to.
  const rootName = db.files[0].name;
  const base = options.out ?? found.slice(0, found.length - rootName.length);
  for (const h of registerHeaders(db, style)) {
    const target = path.join(base, h.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, h.content);
    log.out(target);
  }
  return EXIT_OK;
}
