/**
 * Reader for Panfrost genxml documents (genxml.md §8): `<panxml>` with enums, structs and
 * aggregates, read in document order into a GenxmlPanfrostDocument. What Mesa's gen_pack.py
 * would turn into a header that does not compile, or into a wrong one, is a located error here:
 * unknown elements and attributes, bad numbers and modifiers, fields past their struct or over
 * each other, types and defaults that name nothing, sections past their aggregate.
 */
import type { Diagnostics } from "../../diagnostics";
import type {
  GenxmlPanfrostAggregate,
  GenxmlPanfrostDocument,
  GenxmlPanfrostEnum,
  GenxmlPanfrostField,
  GenxmlPanfrostItem,
  GenxmlPanfrostModifier,
  GenxmlPanfrostStruct,
  GenxmlValue,
} from "../../model/genxmlPanfrost";
import type { SourceRef } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import { elements, locateAttribute, locateElement, parseXml, type XmlElement } from "../xml";
import { structBytes } from "../../model/genxmlPanfrostLayout";
import { checkStruct } from "./checkStruct";
import { PANFROST_BUILTIN_TYPES, PANFROST_RULES } from "./vocabulary";

/** Read one document; undefined when it is not XML or not a `<panxml>` document. */
export function readGenxmlPanfrost(
  doc: RecoveredDocument,
  diags: Diagnostics,
): GenxmlPanfrostDocument | undefined {
  const root = parseXml(doc, diags);
  if (!root) return undefined;
  const r = new PanfrostReader(doc, diags);
  if (root.name !== "panxml") {
    diags.error(
      "unknown-element",
      `the root element is <${root.name}>; a Panfrost genxml document has <panxml>`,
      r.at(root),
    );
    return undefined;
  }
  r.checkElement(root);
  const arch = root.attrs.arch !== undefined ? r.integer(root, "arch") : undefined;
  const items: GenxmlPanfrostItem[] = [];
  for (const el of elements(root)) {
    if (el.name === "enum") items.push(r.readEnum(el));
    else if (el.name === "struct") items.push(r.readStruct(el));
    else if (el.name === "aggregate") items.push(r.readAggregate(el));
  }
  const result: GenxmlPanfrostDocument = {
    dialect: "panfrost",
    file: doc.file,
    items,
    source: r.at(root),
  };
  if (arch !== undefined) result.arch = arch;
  return result;
}

/** Non-negative integers as gen_pack.py reads them: decimal, or hex with `0x`. */
const INTEGER = /^(0x[0-9a-fA-F]+|[0-9]+)$/;

class PanfrostReader {
  /** Enums and structs by name, known from their opening tag on (gen_pack.py streams). */
  private readonly enums = new Map<string, GenxmlPanfrostEnum>();
  private readonly structs = new Map<string, GenxmlPanfrostStruct>();
  private readonly aggregates = new Set<string>();

  constructor(
    private readonly doc: RecoveredDocument,
    private readonly diags: Diagnostics,
  ) {}

  at(el: XmlElement, attr?: string): SourceRef {
    return attr === undefined ? locateElement(this.doc, el) : locateAttribute(this.doc, el, attr);
  }

  /** Unknown attributes and children of `el` (recursively) are errors; so is text outside tags. */
  checkElement(el: XmlElement): void {
    const rule = PANFROST_RULES[el.name];
    for (const a of Object.keys(el.attrs))
      if (!rule.attrs.includes(a))
        this.diags.error(
          "unknown-attribute",
          `unknown attribute '${a}' on <${el.name}> (it takes ${rule.attrs.join(", ")})`,
          this.at(el, a),
        );
    for (const c of el.children) {
      if (c.kind === "text" && c.text.trim() !== "")
        this.diags.error(
          "unexpected-text",
          `text '${c.text.trim().slice(0, 40)}' inside <${el.name}>: Panfrost genxml has none`,
          this.at(el),
        );
      if (c.kind !== "element") continue;
      if (!rule.children.includes(c.name)) {
        this.diags.error(
          "unknown-element",
          `unknown element <${c.name}> in <${el.name}>${rule.children.length ? ` (it holds ${rule.children.map((n) => `<${n}>`).join(", ")})` : " (it holds nothing)"}`,
          this.at(c),
        );
        continue;
      }
      this.checkElement(c);
    }
  }

  private required(el: XmlElement, attr: string): string | undefined {
    const v = el.attrs[attr];
    if (v === undefined)
      this.diags.error("missing-attribute", `<${el.name}> needs '${attr}'`, this.at(el));
    return v;
  }

  /** A required name (an element without one is reported and named `?`). */
  private name(el: XmlElement): string {
    return this.required(el, "name") ?? "?";
  }

  integer(el: XmlElement, attr: string): number | undefined {
    const text = el.attrs[attr];
    if (text === undefined) return undefined;
    if (!INTEGER.test(text.trim())) {
      this.diags.error("bad-number", `'${attr}="${text}"' is not a number`, this.at(el, attr));
      return undefined;
    }
    return Number(text.trim());
  }

  private requiredInteger(el: XmlElement, attr: string): number | undefined {
    return this.required(el, attr) === undefined ? undefined : this.integer(el, attr);
  }

  private readValues(owner: XmlElement): GenxmlValue[] {
    const values: GenxmlValue[] = [];
    const seen = new Map<string, SourceRef>();
    for (const v of elements(owner, "value")) {
      const name = this.name(v);
      const value = this.requiredValue(v);
      const at = this.at(v);
      const before = seen.get(name);
      if (before)
        this.diags.error("duplicate-name", `value '${name}' is defined twice`, at, [
          { at: before, message: "first defined here" },
        ]);
      seen.set(name, at);
      if (value !== undefined) values.push({ name, value, source: at });
    }
    return values;
  }

  /** A value's `value`: an integer, possibly negative (gen_pack.py reads it with Python's int(x, 0)). */
  private requiredValue(el: XmlElement): number | undefined {
    const text = this.required(el, "value");
    if (text === undefined) return undefined;
    const m = /^\s*(-?)(0x[0-9a-fA-F]+|[0-9]+)\s*$/.exec(text);
    if (!m) {
      this.diags.error("bad-number", `'value="${text}"' is not a number`, this.at(el, "value"));
      return undefined;
    }
    return (m[1] ? -1 : 1) * Number(m[2]);
  }

  private checkNewItem(el: XmlElement, name: string): void {
    if (this.enums.has(name) || this.structs.has(name) || this.aggregates.has(name))
      this.diags.error(
        "duplicate-name",
        `'${name}' is already defined in this document`,
        this.at(el, "name"),
        [
          {
            at: (this.enums.get(name) ?? this.structs.get(name))?.source ?? this.at(el),
            message: "first defined here",
          },
        ],
      );
  }

  readEnum(el: XmlElement): GenxmlPanfrostEnum {
    const name = this.name(el);
    this.checkNewItem(el, name);
    const e: GenxmlPanfrostEnum = { kind: "enum", name, values: [], source: this.at(el) };
    this.enums.set(name, e);
    e.values = this.readValues(el);
    return e;
  }

  readStruct(el: XmlElement): GenxmlPanfrostStruct {
    const name = this.name(el);
    this.checkNewItem(el, name);
    const s: GenxmlPanfrostStruct = {
      kind: "struct",
      name,
      noDirectPacking: el.attrs["no-direct-packing"] !== undefined,
      fields: [],
      source: this.at(el),
    };
    const words = this.integer(el, "size");
    if (words !== undefined) s.words = words;
    const align = this.integer(el, "align");
    if (align !== undefined) {
      if (align === 0)
        this.diags.error(
          "bad-number",
          `'align="${el.attrs.align}"' must be at least 1`,
          this.at(el, "align"),
        );
      else s.align = align;
    }
    this.structs.set(name, s);
    const fieldElements = elements(el, "field");
    if (fieldElements.length === 0 && words === undefined)
      this.diags.error(
        "bad-struct",
        `struct '${name}' has neither fields nor a size: its length is unknown`,
        s.source,
      );
    for (const f of fieldElements) {
      const field = this.readField(f);
      if (field) s.fields.push(field);
    }
    checkStruct(s, this.structs, this.diags);
    return s;
  }

  private readField(el: XmlElement): GenxmlPanfrostField | undefined {
    const name = this.name(el);
    const start = this.start(el);
    const size = this.requiredInteger(el, "size");
    const type = this.required(el, "type");
    const values = this.readValues(el);
    if (start === undefined || size === undefined || type === undefined) return undefined;
    const at = this.at(el);
    if (size === 0) {
      this.diags.error("bad-number", `field '${name}' has size 0`, this.at(el, "size"));
      return undefined;
    }
    const field: GenxmlPanfrostField = {
      name,
      start,
      end: start + size - 1,
      type,
      values,
      source: at,
    };
    if (!PANFROST_BUILTIN_TYPES.has(type) && !this.enums.has(type) && !this.structs.has(type)) {
      this.diags.error(
        "unknown-type",
        `field '${name}' has type '${type}', which is neither a built-in type nor an enum or struct defined before it`,
        this.at(el, "type"),
      );
      return undefined;
    }
    const modifier = this.modifier(el);
    if (modifier) field.modifier = modifier;
    for (const a of ["prefix", "element", "count"] as const)
      if (el.attrs[a] !== undefined) field[a] = el.attrs[a];
    const dflt = el.attrs.default;
    if (dflt !== undefined) {
      field.default = dflt;
      const e = this.enums.get(type);
      if (e && !e.values.some((v) => v.name === dflt))
        this.diags.error(
          "unknown-value",
          `default '${dflt}' of field '${name}' is not a value of enum '${type}'`,
          this.at(el, "default"),
          [{ at: e.source, message: `enum '${type}' is here` }],
        );
    }
    if (type === "bool" && size !== 1)
      this.diags.error(
        "bad-field",
        `field '${name}' is a bool of ${size} bits; a bool has one`,
        this.at(el, "size"),
      );
    if (type === "float" && (size !== 32 || start % 32 !== 0))
      this.diags.error(
        "bad-field",
        `float field '${name}' must be a whole 32-bit word (gen_pack.py packs floats as bits 0-31 of their word)`,
        this.at(el, "start"),
      );
    return field;
  }

  /** `start="W:B"` (word W, bit B) or a plain bit number; absolute. */
  private start(el: XmlElement): number | undefined {
    const text = this.required(el, "start");
    if (text === undefined) return undefined;
    const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(text);
    if (!m) {
      this.diags.error(
        "bad-number",
        `'start="${text}"' is neither a bit number nor WORD:BIT`,
        this.at(el, "start"),
      );
      return undefined;
    }
    return m[2] === undefined ? Number(m[1]) : Number(m[1]) * 32 + Number(m[2]);
  }

  private modifier(el: XmlElement): GenxmlPanfrostModifier | undefined {
    const text = el.attrs.modifier;
    if (text === undefined) return undefined;
    if (text === "log2") return { kind: "log2" };
    const m = /^(shr|minus|align)\((\d+)\)$/.exec(text);
    if (!m) {
      this.diags.error(
        "bad-modifier",
        `unknown modifier '${text}' (gen_pack.py knows shr(n), minus(n), align(n) and log2)`,
        this.at(el, "modifier"),
      );
      return undefined;
    }
    const n = Number(m[2]);
    if (m[1] === "align" && (n === 0 || (n & (n - 1)) !== 0)) {
      this.diags.error(
        "bad-modifier",
        `align(${n}): ${n} is not a power of two`,
        this.at(el, "modifier"),
      );
      return undefined;
    }
    return { kind: m[1] as "shr" | "minus" | "align", n };
  }

  readAggregate(el: XmlElement): GenxmlPanfrostAggregate {
    const name = this.name(el);
    this.checkNewItem(el, name);
    this.aggregates.add(name);
    const a: GenxmlPanfrostAggregate = {
      kind: "aggregate",
      name,
      sections: [],
      source: this.at(el),
    };
    const align = this.integer(el, "align");
    if (align !== undefined && align > 0) a.align = align;
    const bytes = this.integer(el, "size");
    let computed = 0;
    for (const s of elements(el, "section")) {
      const sname = this.name(s);
      const offset = this.requiredInteger(s, "offset");
      const type = this.required(s, "type");
      if (offset === undefined || type === undefined) continue;
      const struct = this.structs.get(type);
      if (!struct) {
        this.diags.error(
          "unknown-type",
          `section '${sname}' has type '${type}', which is not a struct defined before it`,
          this.at(s, "type"),
        );
        continue;
      }
      computed = Math.max(computed, offset + structBytes(struct));
      a.sections.push({ name: sname, offset, type, source: this.at(s) });
    }
    if (bytes !== undefined) {
      if (bytes < computed)
        this.diags.error(
          "section-past-end",
          `aggregate '${name}' is ${bytes} bytes, but its sections reach byte ${computed}`,
          this.at(el, "size"),
        );
      a.bytes = bytes;
    }
    return a;
  }
}
