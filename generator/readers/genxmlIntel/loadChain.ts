/**
 * Loads an Intel genxml document and, recursively, every document it imports (from its own
 * directory, as upstream does). A missing import and an import cycle are located errors.
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import type { Diagnostics } from "../../diagnostics";
import type { GenxmlIntelDocument } from "../../model/genxmlIntel";
import { recoverDocument } from "../../recover/recoverDocument";
import { readGenxmlIntelDocument } from "./readDocument";

/** A document and the documents its imports name, by absolute path. */
export interface GenxmlIntelChain {
  /** The document asked for. */
  root: GenxmlIntelDocument;
  /** Every document read (root included), by absolute path. */
  byPath: Map<string, GenxmlIntelDocument>;
  /** Absolute path of each document read. */
  pathOf: Map<GenxmlIntelDocument, string>;
}

export interface LoadOptions {
  /** The name a document goes by in the model and in diagnostics (`mesa:src/…`, or the path as given). */
  displayOf: (absolutePath: string) => string;
  /**
   * Documents already read, by absolute path: several chains share their imports (genX_bits.h
   * reads 14 documents whose chains hold gen4.xml twelve times).
   */
  cache?: Map<string, GenxmlIntelDocument>;
}

/** Read `file` and its imports; undefined when any of them could not be read. */
export function loadGenxmlIntelChain(
  file: string,
  options: LoadOptions,
  diags: Diagnostics,
): GenxmlIntelChain | undefined {
  const byPath = new Map<string, GenxmlIntelDocument>();
  const pathOf = new Map<GenxmlIntelDocument, string>();
  let failed = false;
  const load = (abs: string, stack: string[]): GenxmlIntelDocument | undefined => {
    const seen = byPath.get(abs);
    if (seen) return seen;
    const display = options.displayOf(abs);
    let doc = options.cache?.get(abs);
    if (!doc) {
      const recovered = recoverDocument(display, readFileSync(abs), { xml: true }, diags);
      doc = recovered && readGenxmlIntelDocument(recovered, diags);
      if (doc) options.cache?.set(abs, doc);
    }
    if (!doc) {
      failed = true;
      return undefined;
    }
    byPath.set(abs, doc);
    pathOf.set(doc, abs);
    for (const imp of doc.imports) {
      const target = path.join(path.dirname(abs), imp.name);
      if (stack.includes(target) || target === abs) {
        diags.error(
          "import-cycle",
          `importing ${imp.name} closes a cycle: ${[...stack, abs, target].map((p) => path.basename(p)).join(" → ")}`,
          imp.source,
        );
        failed = true;
      } else if (!existsSync(target)) {
        diags.error(
          "missing-import",
          `${imp.name}: no such document beside ${path.basename(abs)}`,
          imp.source,
        );
        failed = true;
      } else load(target, [...stack, abs]);
    }
    return doc;
  };
  const abs = path.resolve(file);
  const root = load(abs, []);
  return root && !failed ? { root, byPath, pathOf } : undefined;
}

/**
 * The chains of documents read already (a spec's, named `TREE:PATH`): each document with its
 * imports, which must be documents of the same set. A missing import or a cycle is an error.
 */
export function chainsOfDocuments(
  docs: GenxmlIntelDocument[],
  diags: Diagnostics,
): Map<GenxmlIntelDocument, GenxmlIntelChain> {
  const byPath = new Map(docs.map((d) => [d.file, d]));
  const pathOf = new Map(docs.map((d) => [d, d.file]));
  const chains = new Map<GenxmlIntelDocument, GenxmlIntelChain>();
  const broken = new Set<GenxmlIntelDocument>();
  const visit = (doc: GenxmlIntelDocument, stack: GenxmlIntelDocument[]): boolean => {
    let ok = true;
    for (const imp of doc.imports) {
      const target = byPath.get(path.posix.join(path.posix.dirname(doc.file), imp.name));
      if (!target) {
        diags.error(
          "missing-import",
          `${imp.name}: no document of the spec beside ${path.posix.basename(doc.file)}`,
          imp.source,
        );
        ok = false;
      } else if (stack.includes(target) || target === doc) {
        diags.error(
          "import-cycle",
          `importing ${imp.name} closes a cycle: ${[...stack, doc, target].map((d) => path.posix.basename(d.file)).join(" → ")}`,
          imp.source,
        );
        ok = false;
      } else ok = visit(target, [...stack, doc]) && ok;
    }
    return ok;
  };
  for (const doc of docs) if (!visit(doc, [])) broken.add(doc);
  for (const doc of docs) if (!broken.has(doc)) chains.set(doc, { root: doc, byPath, pathOf });
  return chains;
}
