/**
 * The register-database headers: for a model with rules-ng register databases, one header per
 * document exactly as rules-ng headergen writes them (templates/c/rnn-header.h.hbs), under
 * `c/<id>/` in a build, or wherever the `headergen` command is told.
 */
import type { GenHeaderOutput, IsaModel, RegisterDatabase } from "../model/types";
import { rnnHeaderViews, type HeadergenStyle } from "./cheader/rnnHeaderView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

/** The headers of one database, by path (`cmdstream.xml.h`, `bus/pbus.xml.h`). */
export function registerHeaders(
  db: RegisterDatabase,
  style: HeadergenStyle = "envytools",
): OutputFile[] {
  return rnnHeaderViews(db, style).map((view) => ({
    path: view.path,
    content: renderTemplate("c/rnn-header.h.hbs", view),
  }));
}

/**
 * `c/<id>/…` for a spec whose manifest asks for register headers. headergen's: those of every
 * database of the model in turn, a later database's header replacing an earlier one's of the same
 * document, as running headergen on each does; the documents the manifest omits get none.
 * gen_header's: each output the manifest lists, as Mesa's meson.build runs gen_header.py.
 */
export function emitRegisterHeaders(models: IsaModel[]): OutputFile[] {
  return models.flatMap((m) => {
    const settings = m.isa.registerHeaders;
    if (settings?.tool === "gen_header") return genHeaderOutputs(m, settings.outputs ?? []);
    if (settings?.tool !== "headergen") return [];
    const omit = new Set(settings.omit ?? []);
    const byPath = new Map<string, OutputFile>();
    for (const db of m.registerDatabases ?? [])
      for (const f of registerHeaders(db, settings.style ?? "envytools"))
        if (!omit.has(f.path.slice(0, -2)))
          byPath.set(f.path, { path: `c/${m.isa.id}/${f.path}`, content: f.content });
    return [...byPath.values()];
  });
}

/** Python's `time.ctime` of a banner mtime (`2024-10-01 00:00:00`, UTC): `Tue Oct  1 00:00:00 2024`. */
function ctime(mtime: string): string {
  const d = new Date(`${mtime.replace(" ", "T")}Z`);
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d.getUTCDay()];
  const month = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ][d.getUTCMonth()];
  return `${day} ${month} ${String(d.getUTCDate()).padStart(2)} ${mtime.slice(11)} ${d.getUTCFullYear()}`;
}

/**
 * gen_header's outputs from the database that holds each document. The banner is deterministic:
 * files by their database names, the manifest's times, and the copyright range ending with the
 * newest file's year (gen_header ends it with today's).
 */
function genHeaderOutputs(m: IsaModel, outputs: GenHeaderOutput[]): OutputFile[] {
  const { genHeader } = require("./genHeader") as typeof import("./genHeader");
  return outputs.map((o) => {
    const db = (m.registerDatabases ?? []).find((d) => d.files.some((f) => f.name === o.document));
    if (!db)
      throw new Error(
        `gen_header output ${o.path}: no database of ${m.isa.id} reads ${o.document}`,
      );
    const files = new Map(db.files.map((f) => [f.name, f]));
    const newest = Math.max(...db.files.map((f) => Number(f.mtime.slice(0, 4))));
    return {
      path: `c/${m.isa.id}/${o.path}`,
      content: genHeader(db, {
        mode: o.mode,
        xml: o.document,
        root: o.document,
        currentYear: newest,
        bannerFile: (name) => ({
          path: name,
          bytes: files.get(name)!.bytes,
          mtime: ctime(files.get(name)!.mtime),
        }),
      }),
    };
  });
}
