/**
 * Reader for the `rules-ng-database` format: a spec whose documents form rules-ng register
 * databases (etnaviv-hw). Each document that no other document imports is read as headergen reads
 * it (readers/rulesNg/database.ts), giving one database per such root, in manifest order, as a
 * script running headergen on each root would (etna_viv's gen_headers.sh). Imports are looked up
 * under the spec's folder (the database's root, as RNN_PATH), then beside the importing document;
 * every file must be a document of the manifest, whose `mtime` the
 * headers' banner names.
 */
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../diagnostics";
import type { RegisterDatabase } from "../model/types";
import type { LoadedDocument, ModelPart, ReaderContext } from "./readerTypes";
import { readRulesNgDatabase } from "./rulesNg/database";
import { parseXml, type XmlElement } from "./xml";

export function readRulesNgDatabases(ctx: ReaderContext): ModelPart {
  const byPath = new Map(ctx.documents.map((d) => [path.resolve(d.absolutePath), d]));
  const displayOf = displayBeside(ctx.documents[0]);
  // The folder holding every document is the database's root (its RNN_PATH): imports name files
  // under it (the spec's folder, or the database's folder in an upstream tree).
  const specDir = commonDirectory(ctx.documents.map((d) => path.resolve(d.absolutePath)));
  const imported = new Set<string>();
  for (const d of ctx.documents) {
    // Syntax errors are reported when the document is read as part of a database.
    const root = parseXml(d.recovered, new Diagnostics());
    if (root)
      for (const file of importsOf(root)) {
        const inSpec = path.resolve(specDir, file);
        imported.add(
          byPath.has(inSpec) ? inSpec : path.resolve(path.dirname(d.absolutePath), file),
        );
      }
  }
  const roots = ctx.documents.filter((d) => !imported.has(path.resolve(d.absolutePath)));
  // A file imported by several roots is read once per root: report its problems once.
  const seen = new Set<string>();
  const databases: RegisterDatabase[] = [];
  for (const root of roots) {
    const diags = new Diagnostics();
    const db = readRulesNgDatabase(
      {
        file: path.resolve(root.absolutePath),
        displayOf,
        rnnPath: [specDir],
        // The manifest schema requires an mtime for every rules-ng-database document.
        mtimeOf: (p) =>
          byPath.has(p) ? (byPath.get(p)!.mtime ?? "1970-01-01 00:00:00") : undefined,
        recovered: (p) => byPath.get(p)?.recovered,
      },
      diags,
    );
    for (const d of diags.items) {
      const key = formatDiagnostic(d);
      if (!seen.has(key)) ctx.diags.report(d);
      seen.add(key);
    }
    if (db) databases.push(db);
  }
  return { registerDatabases: databases };
}

/**
 * Diagnostics name a file as the loader names the first document (`specs/<id>/…` or `TREE:PATH`),
 * followed by the file's path relative to that document's folder.
 */
function displayBeside(doc: LoadedDocument | undefined): (absolute: string) => string {
  if (!doc) return (absolute) => absolute;
  const dir = path.dirname(path.resolve(doc.absolutePath));
  const display = path.posix.dirname(doc.path);
  return (absolute) =>
    path.posix.join(display, path.relative(dir, absolute).split(path.sep).join("/"));
}

/** The deepest folder that holds every file of `files` (absolute paths). */
function commonDirectory(files: string[]): string {
  if (files.length === 0) return process.cwd();
  let dir = path.dirname(files[0]);
  while (!files.every((f) => f.startsWith(dir + path.sep)) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return dir;
}

function importsOf(el: XmlElement): string[] {
  return el.children.flatMap((c) =>
    c.kind !== "element"
      ? []
      : c.name === "import" && c.attrs.file !== undefined
        ? [c.attrs.file]
        : importsOf(c),
  );
}
