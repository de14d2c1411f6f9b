/**
 * Reader for whole rules-ng register databases, as envytools `headergen` reads them: a document
 * and everything it imports (beside the importing file, then each `RNN_PATH` directory; each file
 * once), their enums, bitsets, domains with registers, arrays and stripes, groups, and the
 * copyright block. Two passes, as rnn does: first every file is parsed into model elements, then
 * names, types and group uses are resolved (`resolveDatabase`), once every declaration is known.
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import type { Diagnostics } from "../../diagnostics";
import type {
  RegisterDatabase,
  RnnAuthor,
  RnnBitfield,
  RnnBitset,
  RnnElement,
  RnnEnum,
  RnnTypeInfo,
  RnnValue,
  RnnVariantInfo,
} from "../../model/types";
import { recoverDocument, type RecoveredDocument } from "../../recover/recoverDocument";
import { elements, parseXml, textOf, type XmlElement } from "../xml";
import { ElementReader, textProps } from "./attributes";
import { resolveDatabase, type PendingDatabase } from "./databaseResolve";
import { allowedChildren, checkVocabulary } from "./vocabulary";

/** How to find and describe the files of a database. */
export interface DatabaseInput {
  /** Absolute path of the document to read. */
  file: string;
  /** Directory that diagnostics' paths are relative to. */
  displayBase: string;
  /** Directories searched for imports after the importing file's own (`RNN_PATH`). */
  rnnPath: string[];
  /**
   * The modification time printed in the banner of a file (`YYYY-MM-DD HH:MM:SS`, UTC); undefined
   * for a file the caller does not know (a spec's import its manifest does not list).
   */
  mtimeOf(absolutePath: string): string | undefined;
  /** The document as given, when the caller has already read and recovered it. */
  recovered?: (absolutePath: string) => RecoveredDocument | undefined;
}

const REGISTER_WIDTHS: Record<string, number> = { reg8: 8, reg16: 16, reg32: 32, reg64: 64 };

/** rnn's boolean attributes: `yes`/`1` or `no`/`0`. */
function flag(el: XmlElement, attr: string): boolean {
  return el.attrs[attr] === "yes" || el.attrs[attr] === "1";
}

function variantInfo(el: XmlElement): RnnVariantInfo {
  const out: RnnVariantInfo = {};
  for (const k of ["varset", "variants", "prefix"] as const) if (el.attrs[k] !== undefined) out[k] = el.attrs[k];
  return out;
}

/** Read a database; undefined when the document itself could not be read. */
export function readRulesNgDatabase(input: DatabaseInput, diags: Diagnostics): RegisterDatabase | undefined {
  const reader = new DatabaseReader(input, diags);
  if (!reader.readFile(input.file, path.basename(input.file), undefined)) return undefined;
  return resolveDatabase(reader.pending, diags);
}

class DatabaseReader {
  readonly pending: PendingDatabase = {
    db: { files: [], enums: [], bitsets: [], domains: [] },
    groups: new Map(),
    spectypes: new Set(),
    useGroups: new Map(),
  };
  private readonly parsed = new Set<string>();

  constructor(
    private readonly input: DatabaseInput,
    private readonly diags: Diagnostics,
  ) {}

  private display(absolute: string): string {
    return path.relative(this.input.displayBase, absolute).split(path.sep).join("/");
  }

  /** Parse one file (once); false when it could not be read. */
  readFile(absolute: string, name: string, importedAt: ReturnType<ElementReader["at"]> | undefined): boolean {
    if (this.parsed.has(absolute)) return true;
    this.parsed.add(absolute);
    const display = this.display(absolute);
    const bytes = readFileSync(absolute);
    const recovered =
      this.input.recovered?.(absolute) ?? recoverDocument(display, bytes, { xml: true }, this.diags);
    if (!recovered) return false;
    const mtime = this.input.mtimeOf(absolute);
    if (mtime === undefined)
      this.diags.error(
        "unlisted-import",
        `imported file '${display}' is not a document of the manifest; list it (with its mtime) so that it is part of the model`,
        importedAt,
      );
    this.pending.db.files.push({
      name,
      bytes: bytes.length,
      mtime: mtime ?? "1970-01-01 00:00:00",
      source: importedAt ?? recovered.locate(0),
    });
    const root = parseXml(recovered, this.diags);
    if (!root) return false;
    const r = new ElementReader({ path: display, absolutePath: absolute, recovered }, this.diags);
    if (root.name !== "database") {
      this.diags.error("unknown-element", `the root element must be <database>, found <${root.name}>`, r.at(root));
      return false;
    }
    checkVocabulary(recovered, root, this.diags, "database");
    this.readTop(r, root, name, undefined);
    return true;
  }

  /** Top-level elements (rnn `trytop`), inside `<database>`, a domain, array, stripe or group. */
  private readTop(r: ElementReader, el: XmlElement, file: string, into: RnnElement[] | undefined): void {
    for (const child of allowedChildren(el)) {
      switch (child.name) {
        case "import":
          this.readImport(r, child);
          break;
        case "copyright":
          this.readCopyright(r, child);
          break;
        case "enum":
          this.readEnum(r, child, file);
          break;
        case "bitset":
          this.readBitset(r, child, file);
          break;
        case "domain":
          this.readDomain(r, child, file);
          break;
        case "group": {
          const name = r.required(child, "name");
          if (name === undefined) break;
          const group = this.pending.groups.get(name) ?? [];
          this.pending.groups.set(name, group);
          this.readElements(r, child, file, group);
          break;
        }
        case "spectype": {
          const name = r.required(child, "name");
          if (name !== undefined) this.pending.spectypes.add(name);
          break;
        }
        case "reg8":
        case "reg16":
        case "reg32":
        case "reg64":
        case "array":
        case "stripe":
        case "use-group":
          if (into) this.readElement(r, child, file, into);
          break;
        // doc and brief: read by the element they describe.
        default:
          break;
      }
    }
  }

  /** The children of a domain, array, stripe or group: elements, and top-level declarations. */
  private readElements(r: ElementReader, el: XmlElement, file: string, into: RnnElement[]): void {
    this.readTop(r, el, file, into);
  }

  private readImport(r: ElementReader, el: XmlElement): void {
    const file = r.required(el, "file");
    if (file === undefined) return;
    const dirs = [path.dirname(r.file.absolutePath), ...this.input.rnnPath];
    const found = dirs.map((d) => path.resolve(d, file)).find((p) => existsSync(p));
    if (!found) {
      // rnn reports a missing import and carries on without its definitions.
      this.diags.error(
        "missing-import",
        `imported file '${file}' not found beside ${this.display(r.file.absolutePath)}${this.input.rnnPath.length > 0 ? ` or in RNN_PATH (${this.input.rnnPath.join(":")})` : ""}`,
        r.at(el),
      );
      return;
    }
    this.readFile(found, path.basename(file), r.at(el));
  }

  private readCopyright(r: ElementReader, el: XmlElement): void {
    const year = r.number(el, "year");
    const authors: RnnAuthor[] = elements(el, "author").map((a) => ({
      ...(a.attrs.name !== undefined ? { name: a.attrs.name } : {}),
      ...(a.attrs.email !== undefined ? { email: a.attrs.email } : {}),
      nicknames: elements(a, "nick").flatMap((n) => (n.attrs.name !== undefined ? [n.attrs.name] : [])),
      source: r.at(a),
    }));
    const licenseEl = elements(el, "license")[0];
    // rnn's getcontent: the text with leading and trailing white space removed.
    const license = licenseEl ? textOf(licenseEl).trim() : undefined;
    const db = this.pending.db;
    if (!db.copyright) db.copyright = { authors: [], source: r.at(el) };
    const c = db.copyright;
    // rnn keeps the earliest year and every author once.
    if (typeof year === "number" && (c.firstYear === undefined || year < c.firstYear)) c.firstYear = year;
    for (const a of authors)
      if (!c.authors.some((b) => b.name === a.name && b.email === a.email)) c.authors.push(a);
    if (license !== undefined && c.license === undefined) c.license = license;
  }

  private readEnum(r: ElementReader, el: XmlElement, file: string): void {
    const e = this.declaration(r, el, file, "enum", this.pending.db.enums, { values: [] as RnnValue[] });
    e?.values.push(...this.readValues(r, el, file));
  }

  private readBitset(r: ElementReader, el: XmlElement, file: string): void {
    const b = this.declaration(r, el, file, "bitset", this.pending.db.bitsets, { fields: [] as RnnBitfield[] });
    b?.fields.push(...this.readBitfields(r, el, file));
  }

  /**
   * The enum or bitset `el` declares: a new one (with `content`), or the earlier one of the same
   * name it merges into (rnn merges same-name declarations declared alike).
   */
  private declaration<T extends RnnEnum | RnnBitset>(
    r: ElementReader,
    el: XmlElement,
    file: string,
    kind: string,
    list: T[],
    content: Omit<T, keyof RnnEnum & keyof RnnBitset>,
  ): T | undefined {
    const name = r.required(el, "name");
    if (name === undefined) return undefined;
    const earlier = list.find((x) => x.name === name);
    if (earlier) {
      this.checkMerge(r, el, `${kind} '${name}'`, earlier);
      return earlier;
    }
    const declared = {
      name,
      inline: flag(el, "inline"),
      bare: flag(el, "bare"),
      ...variantInfo(el),
      file,
      ...content,
      ...textProps(r.brief(el), r.doc(el)),
      source: r.at(el),
    } as T;
    list.push(declared);
    return declared;
  }

  private readDomain(r: ElementReader, el: XmlElement, file: string): void {
    const name = r.required(el, "name");
    const width = r.number(el, "width");
    const size = r.number(el, "size");
    if (name === undefined || width === null || size === null) return;
    const db = this.pending.db;
    let d = db.domains.find((x) => x.name === name);
    if (!d) {
      d = {
        name,
        fullName: name,
        bare: flag(el, "bare"),
        width: width ?? 8,
        ...(size !== undefined ? { size } : {}),
        ...variantInfo(el),
        file,
        elements: [],
        ...textProps(r.brief(el), r.doc(el)),
        source: r.at(el),
      };
      db.domains.push(d);
    } else {
      this.checkMerge(r, el, `domain '${name}'`, d);
      if ((width ?? 8) !== d.width || (size !== undefined && d.size !== undefined && size !== d.size))
        this.conflict(r, el, `domain '${name}'`, d);
      if (size !== undefined) d.size = size;
    }
    this.readElements(r, el, file, d.elements);
  }

  /** A register, array, stripe or use-group (rnn `trydelem`). */
  private readElement(r: ElementReader, el: XmlElement, file: string, into: RnnElement[]): void {
    if (el.name === "use-group") {
      const name = r.required(el, "name");
      if (name === undefined) return;
      // A placeholder, replaced by the group's elements once every group is known.
      const placeholder = this.element(r, el, file, "stripe", 0, 1, 0);
      this.pending.useGroups.set(placeholder, name);
      into.push(placeholder);
      return;
    }
    const width = REGISTER_WIDTHS[el.name];
    const isReg = width !== undefined;
    const name = isReg || el.name === "array" ? r.required(el, "name") : el.attrs.name;
    const offset = isReg || el.name === "array" ? r.required(el, "offset") : undefined;
    const nums = ["offset", "length", "stride"].map((a) => r.number(el, a));
    if ((isReg || el.name === "array") && (name === undefined || offset === undefined)) return;
    if (nums.includes(null)) return;
    const [off, length, stride] = nums as (number | undefined)[];
    const kind = isReg ? "reg" : el.name === "array" ? "array" : "stripe";
    const e = this.element(r, el, file, kind, off ?? 0, length ?? 1, stride ?? 0);
    if (isReg) {
      e.width = width;
      const access = el.attrs.access;
      if (access !== undefined) {
        if (access === "r" || access === "w" || access === "rw") e.access = access;
        else r.diags.error("bad-attribute", `access of <${el.name} '${name}'> must be r, w or rw, not '${access}'`, r.atAttr(el, "access"));
      }
      const ext = Object.fromEntries(["value", "masked"].filter((a) => el.attrs[a] !== undefined).map((a) => [a, el.attrs[a]]));
      if (Object.keys(ext).length > 0) e.extensions = ext;
      e.type = this.typeInfo(r, el, file);
    } else this.readElements(r, el, file, e.elements);
    into.push(e);
  }

  private element(
    r: ElementReader,
    el: XmlElement,
    file: string,
    kind: RnnElement["kind"],
    offset: number,
    length: number,
    stride: number,
  ): RnnElement {
    return {
      kind,
      ...(el.attrs.name !== undefined && el.name !== "use-group" ? { name: el.attrs.name } : {}),
      offset,
      absoluteOffset: 0,
      length,
      stride,
      strides: [],
      ...variantInfo(el),
      type: { kind: "hex", values: [], fields: [] },
      elements: [],
      file,
      ...textProps(r.brief(el), r.doc(el)),
      source: r.at(el),
    };
  }

  /** The type attributes and inline values/bitfields of a register or bitfield. */
  private typeInfo(r: ElementReader, el: XmlElement, file: string): RnnTypeInfo {
    const t: RnnTypeInfo = { kind: "hex", values: this.readValues(r, el, file), fields: this.readBitfields(r, el, file) };
    if (el.attrs.type !== undefined) {
      t.name = el.attrs.type;
      t.typeSource = r.atAttr(el, "type");
    }
    for (const a of ["shr", "min", "max", "align", "radix"] as const) {
      const v = r.number(el, a);
      if (typeof v === "number") t[a] = v;
    }
    return t;
  }

  private readValues(r: ElementReader, el: XmlElement, file: string): RnnValue[] {
    const out: RnnValue[] = [];
    for (const child of allowedChildren(el)) {
      if (child.name !== "value") continue;
      const name = r.required(child, "name");
      const value = r.number(child, "value");
      if (name === undefined || value === null) continue;
      out.push({
        name,
        fullName: name,
        ...(value !== undefined ? { value } : {}),
        ...variantInfo(child),
        file,
        ...textProps(r.brief(child), r.doc(child)),
        source: r.at(child),
      });
    }
    return out;
  }

  private readBitfields(r: ElementReader, el: XmlElement, file: string): RnnBitfield[] {
    const out: RnnBitfield[] = [];
    for (const child of allowedChildren(el)) {
      if (child.name !== "bitfield") continue;
      const name = r.required(child, "name");
      const [low, high, pos] = ["low", "high", "pos"].map((a) => r.number(child, a));
      if (name === undefined || low === null || high === null || pos === null) continue;
      let range: [number, number] | undefined;
      if (pos !== undefined && low === undefined && high === undefined) range = [pos, pos];
      else if (pos === undefined && low !== undefined && high !== undefined) range = [low, high];
      else {
        r.diags.error(
          "missing-attribute",
          `bitfield '${name}' needs either pos or both low and high`,
          r.at(child),
        );
        continue;
      }
      out.push({
        name,
        fullName: name,
        low: range[0],
        high: range[1],
        ...variantInfo(child),
        type: this.typeInfo(r, child, file),
        file,
        ...textProps(r.brief(child), r.doc(child)),
        source: r.at(child),
      });
    }
    return out;
  }

  /** Same-name enums, bitsets and domains merge (rnn) when they are declared alike. */
  private checkMerge(
    r: ElementReader,
    el: XmlElement,
    what: string,
    first: RnnVariantInfo & { source: RnnEnum["source"]; inline?: boolean; bare: boolean },
  ): void {
    const same =
      flag(el, "bare") === first.bare &&
      (first.inline === undefined || flag(el, "inline") === first.inline) &&
      (["varset", "variants", "prefix"] as const).every((k) => el.attrs[k] === first[k]);
    if (!same) this.conflict(r, el, what, first);
  }

  private conflict(r: ElementReader, el: XmlElement, what: string, first: { source: RnnEnum["source"] }): void {
    this.diags.error(
      "conflicting-definition",
      `${what} is declared again with different attributes; same-name declarations are merged only when their attributes match`,
      r.at(el),
      [{ at: first.source, message: `${what} first declared here` }],
    );
  }
}
