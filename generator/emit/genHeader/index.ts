/**
 * `isaforge gen-header`: what Mesa's freedreno `gen_header.py` prints for a register database, in
 * its three modes. The database is replayed as gen_header parses it (parser.ts), then dumped
 * (views.ts) through templates/c/gen-header/ and templates/py/gen-header.py.hbs.
 */
import type { RegisterDatabase } from "../../model/registerDatabase";
import { renderTemplate } from "../renderTemplate";
import { parseDatabase } from "./parser";
import { cDefinesView, cPackStructsView, pyDefinesView } from "./views";

export { GenHeaderError } from "./parser";

export type GenHeaderMode = "c-defines" | "c-pack-structs" | "py-defines";

/** A source file as the banner lists it. */
export interface BannerFile {
  /** As gen_header prints it: `os.path.abspath` of the path it opened. */
  path: string;
  bytes: number;
  /** Python's `time.ctime` of the modification time (`Thu Nov 26 20:43:42 2026`, local time). */
  mtime: string;
}

export interface GenHeaderOptions {
  mode: GenHeaderMode;
  /** The `--xml` argument: the guard and the Python class are named from its base name. */
  xml: string;
  /** The database file (`RnnFile.name`) to dump; default: the database's root document. */
  root?: string;
  /** The banner's entry of each database file (by `RnnFile.name`), in the order gen_header reads them. */
  bannerFile: (name: string) => BannerFile;
  /** The year the copyright range ends with (gen_header: today's). */
  currentYear?: number;
  /** The `<license>` text as gen_header keeps it (all character data, not trimmed); default: the model's, on lines of its own. */
  license?: string;
}

function basename(p: string): string {
  return p.replace(/\/+$/, "").split("/").pop() ?? p;
}

/** What gen_header prints on stdout; throws GenHeaderError where gen_header fails. */
export function genHeader(db: RegisterDatabase, options: GenHeaderOptions): string {
  const parsed = parseDatabase(db, options.root);
  const base = basename(options.xml);
  if (options.mode === "py-defines") {
    // os.path.splitext: the last dot not leading the name.
    const dot = base.lastIndexOf(".");
    const stem =
      dot > 0 && base.slice(0, dot).replace(/^\.+/, "") !== "" ? base.slice(0, dot) : base;
    return renderTemplate("py/gen-header.py.hbs", pyDefinesView(parsed, stem.toUpperCase()));
  }
  const guard =
    base.replace(/\./g, "_").toUpperCase() + (options.mode === "c-pack-structs" ? "_STRUCTS" : "");
  const files = parsed.files.map(options.bannerFile);
  const maxlen = Math.max(0, ...files.map((f) => f.path.length));
  const c = db.copyright;
  const licenseText =
    options.license ?? (c?.license !== undefined ? `\n${c.license}\n` : undefined);
  return renderTemplate("c/gen-header/header.h.hbs", {
    guard,
    files: files.map((f) => ({
      path: f.path,
      pad: " ".repeat(maxlen - f.path.length),
      size: `${f.bytes}`.padStart(7),
      mtime: f.mtime,
    })),
    copyright:
      c?.firstYear !== undefined
        ? {
            years: `${c.firstYear}-${options.currentYear ?? new Date().getFullYear()}`,
            // gen_header prints the name twice and drops the nicknames.
            authors: c.authors.map((a) => `${a.name} <${a.email}> ${a.name}`),
          }
        : null,
    license: licenseText ? licenseText : null,
    defines: options.mode === "c-defines" ? cDefinesView(parsed) : null,
    packStructs: options.mode === "c-pack-structs" ? cPackStructsView(parsed) : null,
  });
}
