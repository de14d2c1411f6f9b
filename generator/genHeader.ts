/**
 * The `gen-header` command: a drop-in for Mesa's freedreno `gen_header.py --rnn DIR --xml FILE
 * MODE`. Prints on stdout what gen_header prints; problems gen_header would raise (or crash on)
 * are located diagnostics on stderr, and nothing is printed on stdout.
 */
import { existsSync, statSync } from "fs";
import * as path from "path";
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { Diagnostics, formatDiagnostic } from "./diagnostics";
import type { BannerFile, GenHeaderMode } from "./emit/genHeader";
import type { RegisterDatabase } from "./model/registerDatabase";

export interface GenHeaderArgs {
  rnn: string;
  xml: string;
  mode: GenHeaderMode;
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Python's `time.ctime(t)`: `Thu Nov 26 20:43:42 2026`, in local time. */
export function pythonCtime(d: Date): string {
  const two = (n: number) => `${n}`.padStart(2, "0");
  return `${DAYS[d.getDay()]} ${MONTHS[d.getMonth()]} ${`${d.getDate()}`.padStart(2)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())} ${d.getFullYear()}`;
}

/** The database file `name` as gen_header opens it: the root is `--xml`, an import `rnn/name`. */
function openedPath(args: GenHeaderArgs, db: RegisterDatabase, name: string): string {
  return name === db.files[0]?.name ? args.xml : path.join(args.rnn, name);
}

/** Read the database as gen_header finds its files; undefined (with diagnostics) when it cannot. */
export function readGenHeaderDatabase(
  args: GenHeaderArgs,
  diags: Diagnostics,
): RegisterDatabase | undefined {
  if (!existsSync(args.xml) || !statSync(args.xml).isFile()) {
    diags.error("missing-file", `${args.xml}: no such file`);
    return undefined;
  }
  const { readRulesNgDatabase, displayRelativeTo } =
    require("./readers/rulesNg/database") as typeof import("./readers/rulesNg/database");
  const db = readRulesNgDatabase(
    {
      file: path.resolve(args.xml),
      displayOf: displayRelativeTo(process.cwd()),
      rnnPath: [args.rnn],
      // The model's mtime (UTC); the banner prints Python's ctime of the file instead (bannerFile).
      mtimeOf: (p) => statSync(p).mtime.toISOString().slice(0, 19).replace("T", " "),
    },
    diags,
  );
  if (!db || diags.hasErrors) return db;
  // gen_header opens an import at os.path.join(rnn, file) only, never beside the importing file.
  for (const f of db.files)
    for (const imp of f.imports)
      if (!existsSync(path.join(args.rnn, imp.file)))
        diags.error(
          "missing-import",
          `${path.join(args.rnn, imp.file)}: no such file (gen_header looks imports up in --rnn only)`,
          imp.source,
        );
  return db;
}

/**
 * Errors of rnn's that gen_header does not make: it checks variants and types its own way (a varset
 * outlives its domain, a field's type must be an enum or builtin declared before it), and the
 * replay raises what it raises; it ignores attributes it does not know.
 */
const RNN_ONLY_ERRORS = new Set(["unknown-variant", "unknown-type", "unknown-attribute"]);

export function genHeaderCommand(args: GenHeaderArgs, log: Log): number {
  // A --xml that is not there is a usage error, as for every command that reads a file.
  if (!existsSync(args.xml) || !statSync(args.xml).isFile()) {
    log.err(`isaforge: error[usage]: ${args.xml}: no such file`);
    return EXIT_USAGE;
  }
  const read = new Diagnostics();
  const db = readGenHeaderDatabase(args, read);
  const diags = new Diagnostics();
  // gen_header warns about nothing: only errors are reported.
  for (const d of read.items)
    if (d.severity === "error" && !RNN_ONLY_ERRORS.has(d.code)) diags.report(d);
  const errors = () => diags.sorted();
  if (!db || diags.hasErrors) {
    for (const d of errors()) log.err(formatDiagnostic(d));
    return EXIT_INPUT_ERRORS;
  }
  const { genHeader, GenHeaderError } =
    require("./emit/genHeader") as typeof import("./emit/genHeader");
  let text: string;
  try {
    text = genHeader(db, {
      mode: args.mode,
      xml: args.xml,
      bannerFile: (name): BannerFile => {
        const opened = openedPath(args, db, name);
        const st = statSync(opened);
        return { path: path.resolve(opened), bytes: st.size, mtime: pythonCtime(st.mtime) };
      },
    });
  } catch (e) {
    if (!(e instanceof GenHeaderError)) throw e;
    diags.error(e.code, e.message, e.at);
    for (const d of errors()) log.err(formatDiagnostic(d));
    return EXIT_INPUT_ERRORS;
  }
  log.out(text.replace(/\n$/, ""));
  return EXIT_OK;
}
