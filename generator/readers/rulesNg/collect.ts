/**
 * First pass over the rules-ng documents (and the files they import): check the vocabulary and
 * collect every declaration with its position. Types are resolved afterwards, once every enum and
 * bitset of every file is known (rnn resolves them the same way, after parsing all files).
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import type { Diagnostics } from "../../diagnostics";
import type { SourceRef } from "../../model/types";
import { recoverDocument } from "../../recover/recoverDocument";
import { parseXml, type XmlElement } from "../xml";
import { ElementReader, textProps, type SourceDoc } from "./attributes";
import {
  emptyValues,
  readBitfields,
  readValues,
  type RawBitfield,
  type RawValues,
} from "./bitfields";
import { allowedChildren, checkVocabulary, describe } from "./vocabulary";

export interface RawEnum {
  name: string;
  brief?: string;
  doc?: string;
  source: SourceRef;
  attrs: Record<string, string>;
  values: RawValues;
}

export interface RawBitset {
  name: string;
  brief?: string;
  doc?: string;
  source: SourceRef;
  attrs: Record<string, string>;
  fields: RawBitfield[];
}

export interface RawRegister {
  /** Full name: the domain name prefixed unless the domain is bare (`VIV_ISA_WORD_0`). */
  name: string;
  /** The `name` attribute (`WORD_0`). */
  shortName: string;
  domain: string;
  width: number;
  /** The `offset` attribute, in domain units. */
  offset: number;
  type?: { name: string; at: SourceRef };
  values: RawValues;
  fields: RawBitfield[];
  brief?: string;
  doc?: string;
  source: SourceRef;
}

interface RawDomain {
  name: string;
  bare: boolean;
  width: number;
  source: SourceRef;
}

export interface Collected {
  enums: RawEnum[];
  bitsets: RawBitset[];
  spectypes: Map<string, { type: string; at: SourceRef }>;
  domains: RawDomain[];
  registers: RawRegister[];
}

const REGISTER_WIDTHS: Record<string, number> = { reg8: 8, reg16: 16, reg32: 32, reg64: 64 };

/** Collect the declarations of the given documents, following their imports. */
export function collectDocuments(docs: SourceDoc[], diags: Diagnostics): Collected {
  const out: Collected = {
    enums: [],
    bitsets: [],
    spectypes: new Map(),
    domains: [],
    registers: [],
  };
  // rnn parses each file at most once; later imports of the same file are ignored.
  const parsed = new Set<string>(docs.map((d) => path.resolve(d.absolutePath)));
  const collector = new Collector(out, parsed, diags);
  for (const doc of docs) collector.readDocument(doc);
  return out;
}

class Collector {
  constructor(
    private readonly out: Collected,
    private readonly parsed: Set<string>,
    private readonly diags: Diagnostics,
  ) {}

  readDocument(doc: SourceDoc): void {
    const root = parseXml(doc.recovered, this.diags);
    if (!root) return;
    const r = new ElementReader(doc, this.diags);
    if (root.name !== "database") {
      this.diags.error(
        "unknown-element",
        `the root element must be <database>, found <${root.name}>`,
        r.at(root),
      );
      return;
    }
    checkVocabulary(doc.recovered, root, this.diags);
    this.readContainer(r, root, undefined);
  }

  /** Children of `<database>`, `<domain>` (and their top-level elements). */
  private readContainer(r: ElementReader, el: XmlElement, domain: RawDomain | undefined): void {
    for (const child of allowedChildren(el)) {
      switch (child.name) {
        case "import":
          this.readImport(r, child);
          break;
        case "domain":
          this.readDomain(r, child);
          break;
        case "enum":
          this.readEnum(r, child);
          break;
        case "bitset":
          this.readBitset(r, child);
          break;
        case "spectype": {
          const name = r.required(child, "name");
          const type = r.required(child, "type");
          if (name !== undefined && type !== undefined) {
            this.out.spectypes.set(name, { type, at: r.atAttr(child, "type") });
          }
          break;
        }
        case "reg8":
        case "reg16":
        case "reg32":
        case "reg64":
          if (domain) this.readRegister(r, child, domain);
          break;
        // copyright: only for generated headers' comment block. doc/brief of a database or
        // domain: the model has no element to attach them to. array/stripe/group/use-group:
        // reported as `unsupported` by the vocabulary check.
        default:
          break;
      }
    }
  }

  private readImport(r: ElementReader, el: XmlElement): void {
    const file = r.required(el, "file");
    if (file === undefined) return;
    const absolute = path.resolve(path.dirname(r.file.absolutePath), file);
    const display = path.posix.normalize(path.posix.join(path.posix.dirname(r.file.path), file));
    if (this.parsed.has(absolute)) return;
    this.parsed.add(absolute);
    if (!existsSync(absolute)) {
      // rnn reports a missing import and carries on without its definitions.
      this.diags.warning(
        "missing-import",
        `imported file '${file}' not found (looked for ${display}); its definitions are missing`,
        r.at(el),
      );
      return;
    }
    const recovered = recoverDocument(display, readFileSync(absolute), { xml: true }, this.diags);
    if (recovered) this.readDocument({ path: display, absolutePath: absolute, recovered });
  }

  private readDomain(r: ElementReader, el: XmlElement): void {
    const name = r.required(el, "name");
    const width = r.number(el, "width");
    if (name === undefined || width === null) return;
    const bare = el.attrs.bare === "yes" || el.attrs.bare === "1";
    let domain = this.out.domains.find((d) => d.name === name);
    if (!domain) {
      domain = { name, bare, width: width ?? 8, source: r.at(el) };
      this.out.domains.push(domain);
    } else if (domain.width !== (width ?? 8) || domain.bare !== bare) {
      this.conflict(r, el, `domain '${name}'`, domain.source);
    }
    this.readContainer(r, el, domain);
  }

  private readEnum(r: ElementReader, el: XmlElement): void {
    const name = r.required(el, "name");
    if (name === undefined || !this.uniqueTypeName(r, el, name, "enum")) return;
    let e = this.out.enums.find((x) => x.name === name);
    if (!e) {
      e = {
        name,
        ...textProps(r.brief(el), r.doc(el)),
        source: r.at(el),
        attrs: el.attrs,
        values: emptyValues(),
      };
      this.out.enums.push(e);
    } else {
      // Same-name enums are merged (rnn), provided they agree on how they are declared.
      if (!sameAttributes(e.attrs, el.attrs)) this.conflict(r, el, `enum '${name}'`, e.source);
      mergeText(e, r.brief(el), r.doc(el));
    }
    readValues(r, el, e.values, `enum '${name}'`);
  }

  private readBitset(r: ElementReader, el: XmlElement): void {
    const name = r.required(el, "name");
    if (name === undefined || !this.uniqueTypeName(r, el, name, "bitset")) return;
    let b = this.out.bitsets.find((x) => x.name === name);
    if (!b) {
      b = {
        name,
        ...textProps(r.brief(el), r.doc(el)),
        source: r.at(el),
        attrs: el.attrs,
        fields: [],
      };
      this.out.bitsets.push(b);
    } else {
      if (!sameAttributes(b.attrs, el.attrs)) this.conflict(r, el, `bitset '${name}'`, b.source);
      mergeText(b, r.brief(el), r.doc(el));
    }
    readBitfields(r, el, b.fields, name, `bitset '${name}'`, true);
  }

  private readRegister(r: ElementReader, el: XmlElement, domain: RawDomain): void {
    const name = r.required(el, "name");
    const offsetText = r.required(el, "offset");
    const offset = r.number(el, "offset");
    if (name === undefined || offsetText === undefined || offset === null || offset === undefined)
      return;
    const fullName = domain.bare ? name : `${domain.name}_${name}`;
    const reg: RawRegister = {
      name: fullName,
      shortName: name,
      domain: domain.name,
      width: REGISTER_WIDTHS[el.name],
      offset,
      ...(el.attrs.type !== undefined
        ? { type: { name: el.attrs.type, at: r.atAttr(el, "type") } }
        : {}),
      values: emptyValues(),
      fields: [],
      ...textProps(r.brief(el), r.doc(el)),
      source: r.at(el),
    };
    readValues(r, el, reg.values, `register '${fullName}'`);
    readBitfields(r, el, reg.fields, fullName, `register '${fullName}'`, false);
    this.out.registers.push(reg);
  }

  /** Enums and bitsets share one namespace of type names. */
  private uniqueTypeName(
    r: ElementReader,
    el: XmlElement,
    name: string,
    kind: "enum" | "bitset",
  ): boolean {
    const other =
      kind === "enum"
        ? this.out.bitsets.find((b) => b.name === name)
        : this.out.enums.find((e) => e.name === name);
    if (!other) return true;
    this.diags.error(
      "duplicate-name",
      `${describe(el)}: '${name}' is already declared as ${kind === "enum" ? "a bitset" : "an enum"}`,
      r.at(el),
      [{ at: other.source, message: `'${name}' first declared here` }],
    );
    return false;
  }

  private conflict(r: ElementReader, el: XmlElement, what: string, first: SourceRef): void {
    this.diags.error(
      "conflicting-definition",
      `${what} is declared again with different attributes; same-name declarations are merged only when their attributes match`,
      r.at(el),
      [{ at: first, message: `${what} first declared here` }],
    );
  }
}

/** Attributes that must agree when same-name declarations merge (docs may differ). */
function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = ["inline", "bare", "prefix", "varset", "variants"];
  return keys.every((k) => a[k] === b[k]);
}

function mergeText(
  target: { brief?: string; doc?: string },
  brief: string | undefined,
  doc: string | undefined,
): void {
  if (target.brief === undefined && brief !== undefined) target.brief = brief;
  if (doc !== undefined) target.doc = target.doc === undefined ? doc : `${target.doc}\n\n${doc}`;
}
