/**
 * Collects the definitions of every isaspec document into one database (source-formats.md A.1:
 * definitions are global). `<import>`ed documents are read where they are named and their
 * definitions come before the importing document's, as isa.py parses them.
 */
import { existsSync, readFileSync, statSync } from "fs";
import * as path from "path";
import type { Diagnostics } from "../../diagnostics";
import { MAX_DOCUMENT_BYTES } from "../../load/loadSpecs";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import { recoverDocument } from "../../recover/recoverDocument";
import type { LoadedDocument } from "../readerTypes";
import { cleanDoc, locateAttribute, locateElement, parseXml, textOf } from "../xml";
import { cLiteralValue, MAX_U32, required } from "./attributes";
import { BitsetCollector } from "./collectBitset";
import type { EnumSource, IsaspecDatabase, Origin } from "./definitions";
import { checkVocabulary } from "./vocabulary";

export function collectDatabase(documents: LoadedDocument[], diags: Diagnostics): IsaspecDatabase {
  const db: IsaspecDatabase = { exprs: [], templates: [], enums: [], bitsets: [] };
  // An `<import>` of a document the manifest lists reads it there, as isa.py would (a scraped page
  // `X.page.txt` is document X as found on the web); the others are read in manifest order.
  const listed = new Map<string, LoadedDocument>();
  for (const d of documents) {
    const abs = path.resolve(d.absolutePath);
    listed.set(abs, d);
    if (abs.endsWith(".page.txt")) listed.set(abs.slice(0, -".page.txt".length), d);
  }
  const c = new Collector(db, diags, listed);
  for (const d of documents) c.listedDocument(d);
  return db;
}

class Collector {
  /** Absolute paths already read (or being read). */
  private readonly seen = new Set<string>();
  private readonly bitsets: BitsetCollector;

  constructor(
    private readonly db: IsaspecDatabase,
    private readonly diags: Diagnostics,
    /** The manifest's documents by absolute path (a page also by the path of the file it shows). */
    private readonly listed: Map<string, LoadedDocument>,
  ) {
    this.bitsets = new BitsetCollector(diags);
  }

  /** A manifest document, unless an import already read it. */
  listedDocument(d: LoadedDocument): void {
    const abs = path.resolve(d.absolutePath);
    if (this.seen.has(abs)) return;
    this.seen.add(abs);
    this.document(d.path, d.absolutePath, d.recovered);
  }

  document(displayPath: string, absolutePath: string, doc: RecoveredDocument): void {
    const root = parseXml(doc, this.diags);
    if (!root) return;
    if (root.name !== "isa") {
      this.diags.error(
        "unknown-element",
        `the root element is <${root.name}>; an isaspec document has <isa>`,
        locateElement(doc, root),
      );
      return;
    }
    const children = checkVocabulary(doc, root, this.diags);
    // Imports first, so that imported definitions precede this document's (isa.py order).
    for (const el of children.filter((e) => e.name === "import"))
      this.import(displayPath, absolutePath, { doc, el });
    for (const el of children) {
      const o = { doc, el };
      if (el.name === "expr") this.topExpr(o);
      else if (el.name === "template") this.template(o);
      else if (el.name === "enum") this.enum(o);
      else if (el.name === "bitset") {
        const b = this.bitsets.bitset(o);
        if (b) this.db.bitsets.push(b);
      }
    }
  }

  private import(fromDisplay: string, fromAbsolute: string, o: Origin): void {
    checkVocabulary(o.doc, o.el, this.diags);
    const file = required(o, "file", this.diags);
    if (file === undefined) return;
    const abs = path.resolve(path.dirname(fromAbsolute), file);
    const listed = this.listed.get(abs);
    if (listed) return this.listedDocument(listed);
    if (this.seen.has(abs)) return;
    this.seen.add(abs);
    const display = path.posix.normalize(path.posix.join(path.posix.dirname(fromDisplay), file));
    if (!existsSync(abs) || !statSync(abs).isFile()) {
      this.diags.error(
        "missing-file",
        `import of '${file}': '${display}' does not exist`,
        locateElement(o.doc, o.el),
      );
      return;
    }
    const size = statSync(abs).size;
    if (size > MAX_DOCUMENT_BYTES) {
      this.diags.error(
        "document-too-large",
        `import of '${file}': '${display}' is ${size} bytes; documents over ${MAX_DOCUMENT_BYTES} bytes are refused`,
        locateElement(o.doc, o.el),
      );
      return;
    }
    const recovered = recoverDocument(display, readFileSync(abs), { xml: true }, this.diags);
    if (recovered) this.document(display, abs, recovered);
  }

  private topExpr(o: Origin): void {
    checkVocabulary(o.doc, o.el, this.diags);
    const name = required(o, "name", this.diags);
    if (name !== undefined) this.db.exprs.push(this.bitsets.exprDef(o, name));
  }

  private template(o: Origin): void {
    checkVocabulary(o.doc, o.el, this.diags);
    const name = required(o, "name", this.diags);
    if (name !== undefined) this.db.templates.push({ ...o, name, text: textOf(o.el).trim() });
  }

  private enum(o: Origin): void {
    const children = checkVocabulary(o.doc, o.el, this.diags);
    const name = required(o, "name", this.diags);
    if (name === undefined) return;
    const e: EnumSource = { ...o, name, values: [] };
    for (const el of children) {
      const v = { doc: o.doc, el };
      if (el.name === "doc") e.docText = cleanDoc(textOf(el));
      if (el.name !== "value") continue;
      const valueChildren = checkVocabulary(o.doc, el, this.diags);
      const ctx = ` in enum '${name}'`;
      const val = required(v, "val", this.diags, ctx);
      const display = required(v, "display", this.diags, ctx);
      if (val === undefined || display === undefined) continue;
      const value = cLiteralValue(val);
      if (value === undefined || value > MAX_U32) {
        this.diags.error(
          "bad-number",
          `enum '${name}': val="${val}" is not a C integer literal between 0 and ${MAX_U32}`,
          locateAttribute(o.doc, el, "val"),
        );
        continue;
      }
      const docEl = valueChildren.find((c) => c.name === "doc");
      e.values.push({
        ...v,
        value,
        display,
        ...(el.attrs.name !== undefined ? { name: el.attrs.name } : {}),
        ...(docEl ? { docText: cleanDoc(textOf(docEl)) } : {}),
      });
    }
    this.db.enums.push(e);
  }
}
