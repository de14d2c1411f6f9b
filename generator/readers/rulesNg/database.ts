/**
 * Reader for whole rules-ng register databases, as envytools' rnn reads them (`rnn_parsefile`):
 * a document and everything it imports, each file once, their enums, bitsets, domains, groups,
 * spectypes and copyright, declarations of one name merged. Two passes, as rnn does: this one
 * parses every file into model elements as written; `resolveDatabase` (rnn `prepdb`) then resolves
 * variants, names, types and groups once every declaration is known.
 *
 * The vocabulary is rnn's, plus what the forks that keep the other big databases accept:
 * etna_viv's (`brief` attributes, a register's reset `value` and `masked`, domains as types) and
 * freedreno's (`usage`; a register that is one field, with `low`/`high`/`pos`; `addvariant`;
 * arrays without names, or at `offsets`/`doffsets`, indexed by an enum; booleans `true`/`false`).
 * Anything else is an error at its file:line:column, as rnn reports it.
 */
import { existsSync, readFileSync, statSync } from "fs";
import * as path from "path";
import type { Diagnostics } from "../../diagnostics";
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnBitset,
  RnnElement,
  RnnEnum,
  RnnTypeInfo,
  RnnValue,
  RnnVariantInfo,
  SourceRef,
} from "../../model/types";
import { recoverDocument, type RecoveredDocument } from "../../recover/recoverDocument";
import { textOf, parseXml, type XmlElement } from "../xml";
import { ElementReader, textProps } from "./attributes";
import { resolveDatabase, type PendingDatabase } from "./databaseResolve";
import { describe } from "./vocabulary";
import { parseRnnBigInt, toRnnNumber } from "./rnnNumber";

/** How to find and describe the files of a database. */
export interface DatabaseInput {
  /** Absolute path of the document to read. */
  file: string;
  /** How diagnostics name a file (see `displayRelativeTo`). */
  displayOf(absolutePath: string): string;
  /**
   * Directories searched for imports (`RNN_PATH`); when empty, the root document's directory.
   * An import not found there is looked for beside the importing file.
   */
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

/** Attributes rnn's `trytypeattr` reads, with freedreno's single-field placement and addvariant. */
const TYPE_ATTRS = new Set(["shr", "add", "min", "max", "align", "type", "radix"]);
const VARIANT_ATTRS = new Set(["varset", "variants"]);

/** Read a database; undefined when the root document itself could not be read. */
export function readRulesNgDatabase(
  input: DatabaseInput,
  diags: Diagnostics,
): RegisterDatabase | undefined {
  const reader = new DatabaseReader(input, diags);
  const rootName = nameUnder(input.file, input.rnnPath);
  if (!reader.readFile(input.file, rootName, undefined)) return undefined;
  return resolveDatabase(reader.pending, diags);
}

/** Files named by their path relative to `dir`, with `/` separators. */
export function displayRelativeTo(dir: string): (absolutePath: string) => string {
  return (absolute) => path.relative(dir, absolute).split(path.sep).join("/");
}

/** The root's name: its path under the RNN_PATH directory holding it, else its base name. */
function nameUnder(file: string, dirs: string[]): string {
  for (const d of dirs) {
    const rel = path.relative(path.resolve(d), file);
    if (rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel))
      return rel.split(path.sep).join("/");
  }
  return path.basename(file);
}

type At = SourceRef;

class DatabaseReader {
  readonly pending: PendingDatabase = {
    db: { files: [], enums: [], bitsets: [], domains: [], groups: [], spectypes: [] },
    groups: new Map(),
  };
  /** Absolute path → the name the database gives it. */
  private readonly parsed = new Map<string, string>();
  private readonly searchDirs: string[];

  constructor(
    private readonly input: DatabaseInput,
    private readonly diags: Diagnostics,
  ) {
    this.searchDirs = input.rnnPath.length > 0 ? input.rnnPath : [path.dirname(input.file)];
  }

  private display(absolute: string): string {
    return this.input.displayOf(absolute);
  }

  /** Parse one file (once); false when it could not be read. */
  readFile(absolute: string, name: string, importedAt: At | undefined): boolean {
    if (this.parsed.has(absolute)) return true;
    this.parsed.set(absolute, name);
    const display = this.display(absolute);
    const bytes = readFileSync(absolute);
    const recovered =
      this.input.recovered?.(absolute) ??
      recoverDocument(display, bytes, { xml: true }, this.diags);
    if (!recovered) return false;
    const mtime = this.input.mtimeOf(absolute);
    if (mtime === undefined)
      this.diags.error(
        "unlisted-import",
        `imported file '${display}' is not a document of the manifest; list it (with its mtime) so that it is part of the model`,
        importedAt,
      );
    const file = {
      name,
      bytes: bytes.length,
      mtime: mtime ?? "1970-01-01 00:00:00",
      imports: [],
      source: importedAt ?? recovered.locate(0),
    };
    this.pending.db.files.push(file);
    const root = parseXml(recovered, this.diags);
    if (!root) return false;
    const r = new ElementReader({ path: display, absolutePath: absolute, recovered }, this.diags);
    if (root.name !== "database") {
      this.diags.error(
        "unknown-element",
        `the root element must be <database>, found <${root.name}>`,
        r.at(root),
      );
      return false;
    }
    new FileParser(this, r, name).database(root);
    return true;
  }

  /** rnn `rnn_parsefile` of an `<import>`: RNN_PATH, then beside the importing file. */
  importFile(r: ElementReader, importer: string, el: XmlElement, file: string): void {
    const at = r.at(el);
    const imports = this.pending.db.files.find((f) => f.name === importer)!.imports;
    const inPath = this.searchDirs.map((d) => path.resolve(d, file)).find(isFile);
    const beside = path.resolve(path.dirname(r.file.absolutePath), file);
    const found = inPath ?? (isFile(beside) ? beside : undefined);
    if (!found) {
      // A missing import is still one of the file's imports; rnn carries on without it.
      imports.push({ file, source: at });
      const dirs = [
        ...new Set(
          [...this.searchDirs, path.dirname(r.file.absolutePath)].map(
            (d) => this.display(path.resolve(d)) || ".",
          ),
        ),
      ];
      this.diags.error(
        "missing-import",
        `imported file '${file}' not found in ${dirs.length > 1 ? `${dirs.slice(0, -1).join(", ")} or ${dirs[dirs.length - 1]}` : dirs[0]}`,
        at,
      );
      return;
    }
    // The import names the file as the database does, so that consumers can follow it.
    const name =
      this.parsed.get(found) ??
      (inPath
        ? path.posix.normalize(file)
        : path.posix.normalize(path.posix.join(path.posix.dirname(importer), file)));
    imports.push({ file: name, source: at });
    this.readFile(found, name, at);
  }
}

function isFile(p: string): boolean {
  return existsSync(p) && statSync(p).isFile();
}

/** rnn's boolean attributes: `yes`/`1`/`no`/`0` (freedreno also `true`/`false`). */
function flagValue(r: ElementReader, el: XmlElement, attr: string): boolean {
  const v = el.attrs[attr];
  if (v === undefined) return false;
  if (v === "yes" || v === "1" || v === "true") return true;
  if (v === "no" || v === "0" || v === "false") return false;
  r.diags.error(
    "bad-attribute",
    `invalid boolean value '${v}' in attribute '${attr}' of ${describe(el)}`,
    r.atAttr(el, attr),
  );
  return false;
}

/** The parse of one file: rnn's `trytop`, `trydelem` and the `parse*` functions. */
class FileParser {
  private readonly db: RegisterDatabase;

  constructor(
    private readonly reader: DatabaseReader,
    private readonly r: ElementReader,
    private readonly file: string,
  ) {
    this.db = reader.pending.db;
  }

  database(root: XmlElement): void {
    // rnn reads no attribute of <database> (namespaces, schema location).
    this.children(root, "database", () => false);
  }

  /**
   * Each child element: what `own` takes, else a top-level element, a `<doc>`/`<brief>`, or an
   * error (rnn: "wrong tag in X").
   */
  private children(el: XmlElement, what: string, own: (child: XmlElement) => boolean): void {
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      if (own(c) || this.top(c) || c.name === "doc" || c.name === "brief") continue;
      this.r.diags.error(
        "unknown-element",
        `<${c.name}> is not allowed inside ${what === "database" ? "<database>" : describe(el)}`,
        this.r.at(c),
      );
    }
  }

  /** Attributes not in `allowed` are errors (rnn: "wrong attribute"). */
  private checkAttrs(el: XmlElement, allowed: (attr: string) => boolean): void {
    for (const a of Object.keys(el.attrs))
      if (!allowed(a))
        this.r.diags.error(
          "unknown-attribute",
          `unknown attribute '${a}' on ${describe(el)}`,
          this.r.atAttr(el, a),
        );
  }

  /** rnn `getnumattrib`: null (reported) when malformed, undefined when absent. */
  private big(el: XmlElement, attr: string): bigint | undefined | null {
    const text = el.attrs[attr];
    if (text === undefined) return undefined;
    const v = parseRnnBigInt(text);
    if (v === undefined) {
      this.r.diags.error(
        "bad-number",
        `attribute '${attr}' of ${describe(el)}: '${text}' is not a number (decimal, or hexadecimal with 0x)`,
        this.r.atAttr(el, attr),
      );
      return null;
    }
    return v;
  }

  /** A number the model keeps as a JSON number (offsets, lengths, bit positions). */
  private int(el: XmlElement, attr: string): number | undefined | null {
    const v = this.big(el, attr);
    if (v === undefined || v === null) return v;
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) {
      this.r.diags.error(
        "bad-number",
        `attribute '${attr}' of ${describe(el)}: ${el.attrs[attr]} is too large`,
        this.r.atAttr(el, attr),
      );
      return null;
    }
    return Number(v);
  }

  private variantInfo(el: XmlElement, withPrefix: boolean): RnnVariantInfo {
    const out: RnnVariantInfo = {};
    const keys: ("varset" | "variants" | "prefix")[] = withPrefix
      ? ["varset", "variants", "prefix"]
      : ["varset", "variants"];
    for (const k of keys) if (el.attrs[k] !== undefined) out[k] = el.attrs[k];
    return out;
  }

  private docs(el: XmlElement): { brief?: string; doc?: string } {
    return textProps(this.r.brief(el), this.r.doc(el));
  }

  /** rnn `trytop`: declarations allowed anywhere, and imports. */
  private top(el: XmlElement): boolean {
    switch (el.name) {
      case "enum":
        this.enumDecl(el);
        return true;
      case "bitset":
        this.bitsetDecl(el);
        return true;
      case "group":
        this.group(el);
        return true;
      case "domain":
        this.domain(el);
        return true;
      case "spectype":
        this.spectype(el);
        return true;
      case "import": {
        this.checkAttrs(el, (a) => a === "file");
        const file = this.r.required(el, "file");
        if (file !== undefined) this.reader.importFile(this.r, this.file, el, file);
        return true;
      }
      case "copyright":
        this.copyright(el);
        return true;
      default:
        return false;
    }
  }

  private enumDecl(el: XmlElement): void {
    this.checkAttrs(
      el,
      (a) => ["name", "bare", "inline", "prefix", "brief"].includes(a) || VARIANT_ATTRS.has(a),
    );
    const e = this.declaration(el, "enum", this.db.enums, { values: [] as RnnValue[] });
    this.children(el, "enum", (c) => {
      if (c.name !== "value") return false;
      const v = this.value(c);
      if (v && e) e.values.push(v);
      return true;
    });
  }

  private bitsetDecl(el: XmlElement): void {
    // `masked`: etna_viv's masked-write bitsets (headergen prints nothing for it).
    this.checkAttrs(
      el,
      (a) =>
        ["name", "bare", "inline", "prefix", "brief", "masked"].includes(a) || VARIANT_ATTRS.has(a),
    );
    const b = this.declaration(el, "bitset", this.db.bitsets, { fields: [] as RnnBitfield[] });
    this.children(el, "bitset", (c) => {
      if (c.name !== "bitfield") return false;
      const f = this.bitfield(c);
      if (f && b) b.fields.push(f);
      return true;
    });
  }

  /**
   * The enum or bitset `el` declares: a new one (with `content`), or the earlier one of the same
   * name it merges into (rnn merges same-name declarations whose attributes match).
   */
  private declaration<T extends RnnEnum | RnnBitset>(
    el: XmlElement,
    kind: string,
    list: T[],
    content: Omit<T, keyof RnnEnum & keyof RnnBitset>,
  ): T | undefined {
    const name = this.r.required(el, "name");
    if (name === undefined) return undefined;
    const inline = flagValue(this.r, el, "inline");
    const bare = flagValue(this.r, el, "bare");
    const earlier = list.find((x) => x.name === name);
    if (earlier) {
      const same =
        earlier.inline === inline &&
        earlier.bare === bare &&
        (["varset", "variants", "prefix"] as const).every((k) => el.attrs[k] === earlier[k]);
      if (!same) this.conflict(el, `${kind} '${name}'`, earlier.source);
      (earlier.mergedFrom ??= []).push(this.r.at(el));
      return earlier;
    }
    const declared = {
      name,
      fullName: name,
      inline,
      bare,
      ...this.variantInfo(el, true),
      file: this.file,
      ...content,
      ...this.docs(el),
      source: this.r.at(el),
    } as T;
    list.push(declared);
    return declared;
  }

  private conflict(el: XmlElement, what: string, first: SourceRef): void {
    this.r.diags.error(
      "conflicting-definition",
      `${what} is declared again with different attributes; same-name declarations are merged only when their attributes match`,
      this.r.at(el),
      [{ at: first, message: `${what} first declared here` }],
    );
  }

  private group(el: XmlElement): void {
    this.checkAttrs(el, (a) => a === "name");
    const name = this.r.required(el, "name");
    let elements: RnnElement[] | undefined;
    if (name !== undefined) {
      elements = this.reader.pending.groups.get(name);
      if (!elements) {
        elements = [];
        this.reader.pending.groups.set(name, elements);
        this.db.groups.push({ name, file: this.file, elementNames: [], source: this.r.at(el) });
      }
    }
    this.children(el, "group", (c) => this.delem(c, elements));
    const g = this.db.groups.find((x) => x.name === name);
    if (g && elements)
      g.elementNames = elements.flatMap((e) => (e.name !== undefined ? [e.name] : []));
  }

  private domain(el: XmlElement): void {
    this.checkAttrs(
      el,
      (a) =>
        ["name", "bare", "size", "width", "prefix", "brief"].includes(a) || VARIANT_ATTRS.has(a),
    );
    const name = this.r.required(el, "name");
    const width = this.int(el, "width");
    const size = this.big(el, "size");
    const bare = flagValue(this.r, el, "bare");
    let elements: RnnElement[] | undefined;
    if (name !== undefined && width !== null && size !== null) {
      let d = this.db.domains.find((x) => x.name === name);
      if (!d) {
        d = {
          name,
          fullName: name,
          bare,
          width: width ?? 8,
          ...(size ? { size: toRnnNumber(size) } : {}),
          ...this.variantInfo(el, true),
          file: this.file,
          elements: [],
          ...this.docs(el),
          source: this.r.at(el),
        };
        this.db.domains.push(d);
      } else {
        const same =
          d.bare === bare &&
          d.width === (width ?? 8) &&
          (["varset", "variants", "prefix"] as const).every((k) => el.attrs[k] === d![k]) &&
          !(size && d.size !== undefined && BigInt(d.size) !== size);
        if (!same) this.conflict(el, `domain '${name}'`, d.source);
        else if (size) d.size = toRnnNumber(size);
        (d.mergedFrom ??= []).push(this.r.at(el));
      }
      elements = d.elements;
    }
    this.children(el, "domain", (c) => this.delem(c, elements));
  }

  private spectype(el: XmlElement): void {
    this.checkAttrs(el, (a) => a === "name" || TYPE_ATTRS.has(a));
    const name = this.r.required(el, "name");
    const type = this.typeAttrs(el);
    this.children(el, "spectype", (c) => this.typeTag(c, type));
    if (name === undefined) return;
    const earlier = this.db.spectypes.find((s) => s.name === name);
    if (earlier) {
      this.r.diags.error(
        "conflicting-definition",
        `spectype '${name}' is declared twice`,
        this.r.at(el),
        [{ at: earlier.source, message: `spectype '${name}' first declared here` }],
      );
      return;
    }
    this.db.spectypes.push({
      name,
      type,
      file: this.file,
      ...this.docs(el),
      source: this.r.at(el),
    });
  }

  private copyright(el: XmlElement): void {
    this.checkAttrs(el, (a) => a === "year");
    const year = this.int(el, "year");
    const c = (this.db.copyright ??= { authors: [], source: this.r.at(el) });
    // rnn keeps the earliest year.
    if (typeof year === "number" && year !== 0 && (c.firstYear === undefined || year < c.firstYear))
      c.firstYear = year;
    for (const child of el.children) {
      if (child.kind !== "element") continue;
      if (child.name === "license") {
        // rnn `getcontent`: the text, leading and trailing white space removed; the first wins.
        if (c.license === undefined) c.license = textOf(child).trim();
      } else if (child.name === "author") {
        this.checkAttrs(child, (a) => a === "name" || a === "email");
        const nicknames: string[] = [];
        for (const n of child.children) {
          if (n.kind !== "element") continue;
          if (n.name !== "nick") {
            this.r.diags.error(
              "unknown-element",
              `<${n.name}> is not allowed inside <author>`,
              this.r.at(n),
            );
            continue;
          }
          this.checkAttrs(n, (a) => a === "name");
          const nick = this.r.required(n, "name");
          if (nick !== undefined) nicknames.push(nick);
        }
        c.authors.push({
          ...(child.attrs.name !== undefined ? { name: child.attrs.name } : {}),
          ...(child.attrs.email !== undefined ? { email: child.attrs.email } : {}),
          nicknames,
          source: this.r.at(child),
        });
      } else {
        this.r.diags.error(
          "unknown-element",
          `<${child.name}> is not allowed inside <copyright>`,
          this.r.at(child),
        );
      }
    }
  }

  /** rnn `trytypeattr`, as a type for an element (values and fields are added by `typeTag`). */
  private typeAttrs(el: XmlElement): RnnTypeInfo {
    const t: RnnTypeInfo = { kind: "hex", values: [], fields: [] };
    if (el.attrs.type !== undefined) {
      t.name = el.attrs.type;
      t.typeSource = this.r.atAttr(el, "type");
    }
    for (const a of ["shr", "add"] as const) {
      const v = this.int(el, a);
      if (typeof v === "number") t[a] = v;
    }
    for (const a of ["min", "max", "align", "radix"] as const) {
      const v = this.big(el, a);
      if (typeof v === "bigint") t[a] = toRnnNumber(v);
    }
    return t;
  }

  /** rnn `trytypetag`: a `<value>` or `<bitfield>` inside a register, bitfield or spectype. */
  private typeTag(el: XmlElement, t: RnnTypeInfo): boolean {
    if (el.name === "value") {
      const v = this.value(el);
      if (v) t.values.push(v);
      return true;
    }
    if (el.name === "bitfield") {
      const f = this.bitfield(el);
      if (f) t.fields.push(f);
      return true;
    }
    return false;
  }

  private value(el: XmlElement): RnnValue | undefined {
    this.checkAttrs(el, (a) => ["name", "value", "brief"].includes(a) || VARIANT_ATTRS.has(a));
    const value = this.big(el, "value");
    this.children(el, "value", () => false);
    const name = this.r.required(el, "name");
    if (name === undefined) return undefined;
    return {
      name,
      fullName: name,
      ...(typeof value === "bigint" ? { value: toRnnNumber(value) } : {}),
      ...this.variantInfo(el, false),
      file: this.file,
      ...this.docs(el),
      source: this.r.at(el),
    };
  }

  private bitfield(el: XmlElement): RnnBitfield | undefined {
    this.checkAttrs(
      el,
      (a) =>
        ["name", "high", "low", "pos", "addvariant", "brief"].includes(a) ||
        VARIANT_ATTRS.has(a) ||
        TYPE_ATTRS.has(a),
    );
    const [low, high, pos] = ["low", "high", "pos"].map((a) => this.int(el, a));
    const type = this.typeAttrs(el);
    if (el.attrs.addvariant !== undefined) type.addvariant = flagValue(this.r, el, "addvariant");
    this.children(el, "bitfield", (c) => this.typeTag(c, type));
    const name = this.r.required(el, "name");
    if (name === undefined || low === null || high === null || pos === null) return undefined;
    // rnn: `pos` sets both ends; each of low and high is needed, and high must not be below low.
    const lo = pos ?? low;
    const hi = pos ?? high;
    if (lo === undefined || hi === undefined || hi < lo) {
      this.r.diags.error(
        "bit-range",
        lo === undefined || hi === undefined
          ? `bitfield '${name}' needs either pos or both low and high`
          : `bitfield '${name}': high bit ${hi} is below low bit ${lo}`,
        this.r.at(el),
      );
      return undefined;
    }
    return {
      name,
      fullName: name,
      low: lo,
      high: hi,
      ...this.variantInfo(el, false),
      type,
      file: this.file,
      ...this.docs(el),
      source: this.r.at(el),
    };
  }

  /**
   * rnn `trydelem`: a register, array, stripe or use-group, added to `into` (undefined when the
   * container itself was not read); false when `el` is none of them.
   */
  private delem(el: XmlElement, into: RnnElement[] | undefined): boolean {
    if (el.name === "use-group") {
      this.checkAttrs(el, (a) => a === "name");
      const name = this.r.required(el, "name");
      if (name !== undefined && into) into.push({ ...this.element(el, "stripe"), useGroup: name });
      return true;
    }
    if (el.name === "array" || el.name === "stripe") {
      const fd = ["usage", "index", "offsets", "doffsets"];
      this.checkAttrs(
        el,
        (a) =>
          [
            "name",
            "offset",
            "length",
            "stride",
            "prefix",
            "brief",
            ...(el.name === "array" ? fd : []),
          ].includes(a) || VARIANT_ATTRS.has(a),
      );
      const e = this.element(el, el.name);
      const [offset, length, stride] = ["offset", "length", "stride"].map((a) => this.int(el, a));
      if (typeof offset === "number") e.offset = offset;
      if (typeof length === "number") e.length = length;
      if (typeof stride === "number") e.stride = stride;
      this.freedrenoArray(el, e);
      this.children(el, el.name, (c) => this.delem(c, e.elements));
      // rnn aborts on an array without a stride.
      if (el.name === "array" && e.stride === 0 && stride !== null && !e.offsets && !e.doffsets) {
        this.r.diags.error(
          "missing-stride",
          `array '${e.name ?? ""}' has length ${e.length} but no stride`,
          this.r.at(el),
        );
        return true;
      }
      if (into && offset !== null && length !== null && stride !== null) into.push(e);
      return true;
    }
    const width = REGISTER_WIDTHS[el.name];
    if (width === undefined) return false;
    this.checkAttrs(
      el,
      (a) =>
        [
          "name",
          "offset",
          "length",
          "stride",
          "access",
          "brief",
          "usage",
          "low",
          "high",
          "pos",
          "value",
          "masked",
        ].includes(a) ||
        VARIANT_ATTRS.has(a) ||
        TYPE_ATTRS.has(a),
    );
    const e = this.element(el, "reg");
    e.width = width;
    const [offset, length, stride, low, high, pos] = [
      "offset",
      "length",
      "stride",
      "low",
      "high",
      "pos",
    ].map((a) => this.int(el, a));
    if (typeof offset === "number") e.offset = offset;
    if (typeof length === "number") e.length = length;
    if (typeof stride === "number") e.stride = stride;
    const access = el.attrs.access;
    if (access !== undefined) {
      if (access === "r" || access === "w" || access === "rw") e.access = access;
      else
        this.r.diags.error(
          "bad-attribute",
          `access of ${describe(el)} must be r, w or rw, not '${access}'`,
          this.r.atAttr(el, "access"),
        );
    }
    if (el.attrs.usage !== undefined) e.usage = el.attrs.usage.split(",");
    const ext = Object.fromEntries(
      ["value", "masked"].filter((a) => el.attrs[a] !== undefined).map((a) => [a, el.attrs[a]]),
    );
    if (Object.keys(ext).length > 0) e.extensions = ext;
    e.type = this.typeAttrs(el);
    // freedreno: the register as one field at low..high (pos: one bit).
    const lo = pos ?? low;
    const hi = pos ?? high;
    if (typeof lo === "number") e.type.low = lo;
    if (typeof hi === "number") e.type.high = hi;
    this.children(el, el.name, (c) => this.typeTag(c, e.type));
    if (this.r.required(el, "name") === undefined) return true;
    if (into && [offset, length, stride, low, high, pos].every((v) => v !== null)) into.push(e);
    return true;
  }

  private freedrenoArray(el: XmlElement, e: RnnElement): void {
    if (el.attrs.usage !== undefined) e.usage = el.attrs.usage.split(",");
    if (el.attrs.index !== undefined) e.index = el.attrs.index;
    if (el.attrs.offsets !== undefined) {
      const values = el.attrs.offsets.split(",").map((t) => parseRnnBigInt(t.trim()));
      if (values.some((v) => v === undefined))
        this.r.diags.error(
          "bad-number",
          `attribute 'offsets' of ${describe(el)}: '${el.attrs.offsets}' is not a list of numbers`,
          this.r.atAttr(el, "offsets"),
        );
      else e.offsets = values.map((v) => toRnnNumber(v!));
    }
    if (el.attrs.doffsets !== undefined) e.doffsets = el.attrs.doffsets.split(",");
  }

  private element(el: XmlElement, kind: RnnElement["kind"]): RnnElement {
    return {
      kind,
      ...(el.attrs.name !== undefined && el.name !== "use-group" ? { name: el.attrs.name } : {}),
      offset: 0,
      absoluteOffset: 0,
      length: 1,
      stride: 0,
      strides: [],
      ...this.variantInfo(el, kind !== "reg"),
      type: { kind: "hex", values: [], fields: [] },
      elements: [],
      file: this.file,
      ...this.docs(el),
      source: this.r.at(el),
    };
  }
}
