/**
 * Reads one Intel genxml document (genxml.md §1) into its model, as written: own items in document
 * order, imports named. Whatever the vocabulary does not allow, or a number that is not one, is a
 * located error; the element with it is left out of the model (the errors stop every command).
 */
import type { Diagnostics } from "../../diagnostics";
import type {
  GenxmlIntelDocument,
  GenxmlIntelEnum,
  GenxmlIntelField,
  GenxmlIntelGroup,
  GenxmlIntelImport,
  GenxmlIntelMember,
  GenxmlIntelStruct,
  GenxmlIntelValue,
} from "../../model/genxmlIntel";
import type { SourceRef } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import { locateAttribute, locateElement, parseXml, type XmlElement } from "../xml";
import { ENGINES, INTEL_ATTRIBUTES, parseGenxmlNumber } from "./vocabulary";

/** What reading needs: the document, where to report, and the name it goes by in the model. */
class DocumentReader {
  constructor(
    readonly doc: RecoveredDocument,
    readonly diags: Diagnostics,
  ) {}

  at(el: XmlElement): SourceRef {
    return locateElement(this.doc, el);
  }

  attrAt(el: XmlElement, attr: string): SourceRef {
    return locateAttribute(this.doc, el, attr);
  }

  /** Unknown attributes and stray text are errors; returns false when the element has any. */
  checkElement(el: XmlElement): boolean {
    let ok = true;
    const allowed = INTEL_ATTRIBUTES[el.name];
    for (const attr of Object.keys(el.attrs))
      if (!allowed.includes(attr)) {
        this.diags.error(
          "unknown-attribute",
          `<${el.name}> has no attribute '${attr}' (allowed: ${allowed.join(", ")})`,
          this.attrAt(el, attr),
        );
        ok = false;
      }
    for (const c of el.children)
      if (c.kind === "text" && c.text.trim() !== "") {
        this.diags.error(
          "unexpected-text",
          `text '${c.text.trim()}' inside <${el.name}>`,
          this.at(el),
        );
        ok = false;
      }
    return ok;
  }

  required(el: XmlElement, attr: string): string | undefined {
    const v = el.attrs[attr];
    if (v === undefined)
      this.diags.error("missing-attribute", `<${el.name}> needs '${attr}'`, this.at(el));
    return v;
  }

  /** A numeric attribute (`int(x, 0)`); `min` bounds it from below. */
  number(el: XmlElement, attr: string, required: boolean, min?: number): number | undefined {
    const text = required ? this.required(el, attr) : el.attrs[attr];
    if (text === undefined) return undefined;
    const n = parseGenxmlNumber(text);
    if (n === undefined || (min !== undefined && n < min)) {
      this.diags.error(
        "bad-number",
        `<${el.name}> ${attr}="${text}" is not ${min === 0 ? "a non-negative integer" : "an integer"}`,
        this.attrAt(el, attr),
      );
      return undefined;
    }
    return n;
  }

  children(el: XmlElement, allowed: readonly string[]): XmlElement[] {
    const out: XmlElement[] = [];
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      if (allowed.includes(c.name)) out.push(c);
      else
        this.diags.error(
          "unknown-element",
          `<${c.name}> cannot stand in <${el.name}>${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`,
          this.at(c),
        );
    }
    return out;
  }
}

/** Read a parsed document; undefined when it is not XML or not a `<genxml>` document. */
export function readGenxmlIntelDocument(
  doc: RecoveredDocument,
  diags: Diagnostics,
): GenxmlIntelDocument | undefined {
  const root = parseXml(doc, diags);
  if (!root) return undefined;
  const r = new DocumentReader(doc, diags);
  if (root.name !== "genxml") {
    diags.error(
      "unknown-element",
      `the root element is <${root.name}>; an Intel genxml document has <genxml>`,
      r.at(root),
    );
    return undefined;
  }
  r.checkElement(root);
  const out: GenxmlIntelDocument = {
    dialect: "intel",
    file: doc.file,
    platform: r.required(root, "name") ?? "",
    gen: r.required(root, "gen") ?? "",
    imports: [],
    items: [],
    source: r.at(root),
  };
  if (out.gen !== "" && !/^\d+(\.\d)?$/.test(out.gen))
    diags.error(
      "bad-number",
      `gen="${out.gen}" is not a generation (12, 12.5)`,
      r.attrAt(root, "gen"),
    );
  for (const el of r.children(root, ["import", "enum", "struct", "instruction", "register"])) {
    if (!r.checkElement(el)) continue;
    if (el.name === "import") {
      const imp = readImport(r, el);
      if (imp) out.imports.push(imp);
    } else if (el.name === "enum") {
      const e = readEnum(r, el);
      if (e) out.items.push(e);
    } else {
      const s = readStruct(r, el);
      if (s) out.items.push(s);
    }
  }
  return out;
}

function readImport(r: DocumentReader, el: XmlElement): GenxmlIntelImport | undefined {
  const name = r.required(el, "name");
  const excludes: GenxmlIntelImport["excludes"] = [];
  for (const ex of r.children(el, ["exclude"])) {
    if (!r.checkElement(ex)) continue;
    const n = r.required(ex, "name");
    if (n !== undefined) excludes.push({ name: n, source: r.at(ex) });
  }
  return name === undefined ? undefined : { name, excludes, source: r.at(el) };
}

function readValues(r: DocumentReader, el: XmlElement): GenxmlIntelValue[] {
  const values: GenxmlIntelValue[] = [];
  for (const v of r.children(el, ["value"])) {
    if (!r.checkElement(v)) continue;
    const name = r.required(v, "name");
    const value = r.number(v, "value", true);
    const dontUse = v.attrs.dont_use;
    if (dontUse !== undefined && dontUse !== "0" && dontUse !== "1")
      r.diags.error(
        "bad-number",
        `dont_use="${dontUse}" is neither 0 nor 1`,
        r.attrAt(v, "dont_use"),
      );
    if (name === undefined || value === undefined) continue;
    values.push({ name, value, ...(dontUse === "1" ? { dontUse: true } : {}), source: r.at(v) });
  }
  return values;
}

function readEnum(r: DocumentReader, el: XmlElement): GenxmlIntelEnum | undefined {
  const name = r.required(el, "name");
  r.number(el, "value", false);
  const values = readValues(r, el);
  if (name === undefined) return undefined;
  const prefix = el.attrs.prefix;
  return {
    kind: "enum",
    name,
    ...(prefix !== undefined ? { prefix } : {}),
    values,
    source: r.at(el),
  };
}

function readStruct(r: DocumentReader, el: XmlElement): GenxmlIntelStruct | undefined {
  const kind = el.name as GenxmlIntelStruct["kind"];
  const name = r.required(el, "name");
  const length = r.number(el, "length", false, 0);
  const bias = kind === "instruction" ? r.number(el, "bias", true) : undefined;
  const num = kind === "register" ? r.number(el, "num", true, 0) : undefined;
  let engines: string[] | undefined;
  if (el.attrs.engine !== undefined) {
    engines = el.attrs.engine.split("|");
    for (const e of engines)
      if (!(ENGINES as readonly string[]).includes(e))
        r.diags.error(
          "unknown-engine",
          `engine '${e}' is none of ${ENGINES.join(", ")}`,
          r.attrAt(el, "engine"),
        );
  }
  const fields = readMembers(r, el);
  if (name === undefined) return undefined;
  return {
    kind,
    name,
    ...(length !== undefined ? { length } : {}),
    ...(bias !== undefined ? { bias } : {}),
    ...(engines !== undefined ? { engines } : {}),
    ...(num !== undefined ? { num } : {}),
    fields,
    source: r.at(el),
  };
}

function readMembers(r: DocumentReader, el: XmlElement): GenxmlIntelMember[] {
  const out: GenxmlIntelMember[] = [];
  for (const c of r.children(el, ["field", "group"])) {
    if (!r.checkElement(c)) continue;
    const m = c.name === "field" ? readField(r, c) : readGroup(r, c);
    if (m) out.push(m);
  }
  return out;
}

function readGroup(r: DocumentReader, el: XmlElement): GenxmlIntelGroup | undefined {
  const count = r.number(el, "count", true, 0);
  const start = r.number(el, "start", true, 0);
  const size = r.number(el, "size", true, 0);
  const fields = readMembers(r, el);
  if (count === undefined || start === undefined || size === undefined) return undefined;
  return { kind: "group", count, start, size, fields, source: r.at(el) };
}

function readField(r: DocumentReader, el: XmlElement): GenxmlIntelField | undefined {
  const start = r.number(el, "start", true, 0);
  const end = r.number(el, "end", true, 0);
  const values = readValues(r, el);
  const a = el.attrs;
  if (a.default !== undefined && parseGenxmlNumber(a.default) === undefined)
    r.diags.error(
      "bad-number",
      `default="${a.default}" is not an integer`,
      r.attrAt(el, "default"),
    );
  if (a.nonzero !== undefined && a.nonzero !== "true" && a.nonzero !== "false")
    r.diags.error(
      "bad-value",
      `nonzero="${a.nonzero}" is neither true nor false`,
      r.attrAt(el, "nonzero"),
    );
  if (start === undefined || end === undefined) return undefined;
  if (end < start) {
    r.diags.error(
      "bad-range",
      `field '${a.name ?? ""}' ends (bit ${end}) before it starts (bit ${start})`,
      r.attrAt(el, "end"),
    );
    return undefined;
  }
  return {
    kind: "field",
    ...(a.name !== undefined ? { name: a.name } : {}),
    start,
    end,
    ...(a.type !== undefined ? { type: a.type } : {}),
    ...(a.default !== undefined ? { default: a.default } : {}),
    ...(a.prefix !== undefined ? { prefix: a.prefix } : {}),
    ...(a.nonzero === "true" ? { nonzero: true } : {}),
    values,
    source: r.at(el),
  };
}
