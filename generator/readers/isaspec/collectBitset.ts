/**
 * Collects one `<bitset>` and what it contains (source-formats.md A.1): patterns and asserts,
 * fields, derived fields, overrides, display, encode maps, gen and meta.
 */
import type { Diagnostics } from "../../diagnostics";
import { cleanDoc, locateAttribute, locateElement, textOf, type XmlElement } from "../xml";
import { bitRange, decimal, describe, MAX_U32, required } from "./attributes";
import type {
  BitsetSource,
  DerivedDef,
  DisplayDef,
  EncodeDef,
  ExprDef,
  ExprUse,
  FieldDef,
  Origin,
  OverrideDef,
  PatternDef,
} from "./definitions";
import { normalizeExpr, parseExpr } from "../../model/expr";
import { checkPatternText } from "./pattern";
import { checkVocabulary } from "./vocabulary";

export class BitsetCollector {
  constructor(private readonly diags: Diagnostics) {}

  /** An `<expr>` element: its normalized text, checked (`expr-syntax`). */
  exprDef(o: Origin, name?: string): ExprDef {
    const text = normalizeExpr(textOf(o.el));
    const parse = parseExpr(text);
    if (!parse.ok)
      this.diags.error(
        "expr-syntax",
        `expression '${text}': ${parse.message}`,
        locateElement(o.doc, o.el),
      );
    return { ...o, ...(name !== undefined ? { name } : {}), text, parse };
  }

  /** A `<bitset>`, or undefined when it has no name (reported). */
  bitset(o: Origin): BitsetSource | undefined {
    const children = checkVocabulary(o.doc, o.el, this.diags);
    const name = required(o, "name", this.diags);
    if (name === undefined) return undefined;
    const b: BitsetSource = {
      ...o,
      name,
      meta: [],
      patterns: [],
      fields: [],
      derived: [],
      overrides: [],
    };
    const { extends: ext, displayname } = o.el.attrs;
    if (ext !== undefined) b.extends = ext;
    if (displayname !== undefined) b.displayname = displayname;
    const size = decimal(o, "size", this.diags);
    if (size !== undefined) {
      if (ext !== undefined) {
        this.diags.error(
          "conflicting-attributes",
          `bitset '${name}' has both 'size' and 'extends': a child bitset inherits its size`,
          locateAttribute(o.doc, o.el, "size"),
        );
      } else b.size = size;
    } else if (ext === undefined && o.el.attrs.size === undefined) {
      this.diags.error(
        "missing-attribute",
        `bitset '${name}' has neither 'size' nor 'extends'`,
        locateElement(o.doc, o.el),
      );
    }
    for (const el of children) {
      const c = { doc: o.doc, el };
      switch (el.name) {
        case "doc":
          b.docText = cleanDoc(textOf(el));
          break;
        case "gen":
          this.gen(b, c);
          break;
        case "meta":
          checkVocabulary(o.doc, el, this.diags);
          for (const [key, value] of Object.entries(el.attrs)) b.meta.push({ key, value });
          break;
        case "pattern":
        case "assert": {
          const p = this.pattern(c);
          if (p) b.patterns.push(p);
          break;
        }
        case "field": {
          const f = this.field(c, name);
          if (f) b.fields.push(f);
          break;
        }
        case "derived": {
          const d = this.derived(c);
          if (d) b.derived.push(d);
          break;
        }
        case "override":
          b.overrides.push(this.override(c, name));
          break;
        case "display":
          if (b.display) this.duplicate(c, `bitset '${name}'`);
          else b.display = this.display(c);
          break;
        case "encode":
          if (b.encode) this.duplicate(c, `bitset '${name}'`);
          else b.encode = this.encode(c);
          break;
        case "decode":
          checkVocabulary(o.doc, el, this.diags);
          break;
      }
    }
    return b;
  }

  private duplicate(o: Origin, owner: string): void {
    this.diags.error(
      "duplicate-name",
      `${owner} has more than one <${o.el.name}>`,
      locateElement(o.doc, o.el),
    );
  }

  private gen(b: BitsetSource, o: Origin): void {
    checkVocabulary(o.doc, o.el, this.diags);
    if (b.gen) return this.duplicate(o, `bitset '${b.name}'`);
    // isa.py reads min 0 and max 2^32-1 as "not given": those bounds come from the parent.
    const min = decimal(o, "min", this.diags);
    const max = decimal(o, "max", this.diags);
    b.gen = {
      ...o,
      ...(min !== undefined && min !== 0 ? { min } : {}),
      ...(max !== undefined && max !== MAX_U32 ? { max } : {}),
    };
  }

  private pattern(o: Origin): PatternDef | undefined {
    checkVocabulary(o.doc, o.el, this.diags);
    const range = bitRange(o, this.diags);
    if (!range) return undefined;
    const kind = o.el.name === "assert" ? "assert" : "pattern";
    const bits = checkPatternText(o, kind, range, textOf(o.el), this.diags);
    return { ...o, kind, range, ...(bits !== undefined ? { bits } : {}) };
  }

  private field(o: Origin, owner: string): FieldDef | undefined {
    const children = checkVocabulary(o.doc, o.el, this.diags);
    const name = required(o, "name", this.diags, ` in bitset '${owner}'`);
    const type = required(o, "type", this.diags, ` in bitset '${owner}'`);
    const range = bitRange(o, this.diags);
    if (name === undefined || type === undefined || !range) return undefined;
    const { display, call } = o.el.attrs;
    if (call !== undefined && call !== "true" && call !== "false") {
      this.diags.error(
        "bad-value",
        `field '${name}': call="${call}" must be "true" or "false"`,
        locateAttribute(o.doc, o.el, "call"),
      );
    }
    const f: FieldDef = { ...o, name, range, type, call: call === "true", params: [] };
    if (display !== undefined) f.display = display.trim();
    for (const el of children) {
      if (el.name === "doc") f.docText = cleanDoc(textOf(el));
      if (el.name !== "param") continue;
      checkVocabulary(o.doc, el, this.diags);
      const p = { doc: o.doc, el };
      const pname = required(p, "name", this.diags, ` of field '${name}'`);
      if (pname !== undefined) f.params.push({ ...p, name: pname, as: el.attrs.as ?? pname });
    }
    return f;
  }

  /** `expr="#name"` or one inline `<expr>` child (not both). */
  private exprUse(o: Origin, children: XmlElement[]): ExprUse | undefined {
    const inline = children.filter((e) => e.name === "expr");
    for (const el of inline) {
      checkVocabulary(o.doc, el, this.diags);
      if (el.attrs.name !== undefined)
        this.diags.error(
          "unknown-attribute",
          `an inline <expr> has no name (found name="${el.attrs.name}")`,
          locateAttribute(o.doc, el, "name"),
        );
    }
    const attr = o.el.attrs.expr;
    if (inline.length > (attr !== undefined ? 0 : 1)) {
      this.diags.error(
        "conflicting-attributes",
        `${describe(o)} gives ${attr !== undefined ? "both expr= and an inline <expr>" : "more than one inline <expr>"}`,
        locateElement(o.doc, inline[attr !== undefined ? 0 : 1]),
      );
    }
    if (attr !== undefined) return { kind: "named", name: attr.trim(), at: o };
    if (inline.length > 0)
      return { kind: "inline", expr: this.exprDef({ doc: o.doc, el: inline[0] }) };
    return undefined;
  }

  private derived(o: Origin): DerivedDef | undefined {
    const children = checkVocabulary(o.doc, o.el, this.diags);
    const name = required(o, "name", this.diags);
    const type = required(o, "type", this.diags);
    const expr = this.exprUse(o, children);
    if (!expr) {
      this.diags.error(
        "missing-attribute",
        `${describe(o)} has no expression (expr="#name" or an inline <expr>)`,
        locateElement(o.doc, o.el),
      );
    }
    if (name === undefined || type === undefined) return undefined;
    // isa.py: without width= a derived field is one bit wide (low = high = 0).
    const width = o.el.attrs.width !== undefined ? decimal(o, "width", this.diags, 64) : 1;
    if (width === 0) {
      this.diags.error(
        "bad-number",
        `derived '${name}': width="0" must be at least 1`,
        locateAttribute(o.doc, o.el, "width"),
      );
    }
    const d: DerivedDef = { ...o, name, type, width: width || 1, ...(expr ? { expr } : {}) };
    if (o.el.attrs.display !== undefined) d.display = o.el.attrs.display.trim();
    return d;
  }

  private override(o: Origin, owner: string): OverrideDef {
    const children = checkVocabulary(o.doc, o.el, this.diags);
    const expr = this.exprUse(o, children);
    if (!expr) {
      this.diags.error(
        "missing-attribute",
        `an <override> of bitset '${owner}' has no condition (expr="#name" or an inline <expr>)`,
        locateElement(o.doc, o.el),
      );
    }
    const ov: OverrideDef = {
      ...o,
      ...(expr ? { expr } : {}),
      fields: [],
      derived: [],
      asserts: [],
    };
    for (const el of children) {
      const c = { doc: o.doc, el };
      if (el.name === "display") {
        if (ov.display) this.duplicate(c, `an <override> of bitset '${owner}'`);
        else ov.display = this.display(c);
      } else if (el.name === "field") {
        const f = this.field(c, owner);
        if (f) ov.fields.push(f);
      } else if (el.name === "derived") {
        const d = this.derived(c);
        if (d) ov.derived.push(d);
      } else if (el.name === "assert") {
        const p = this.pattern(c);
        if (p) ov.asserts.push(p);
      } else if (el.name === "pattern") {
        checkVocabulary(o.doc, el, this.diags);
        this.diags.warning(
          "ignored-pattern",
          "a <pattern> inside <override> is ignored (isaspec takes fixed bits only from the bitset itself); use <assert>",
          locateElement(o.doc, el),
        );
      }
    }
    return ov;
  }

  private display(o: Origin): DisplayDef {
    checkVocabulary(o.doc, o.el, this.diags);
    return { ...o, text: textOf(o.el).trim() };
  }

  private encode(o: Origin): EncodeDef {
    const children = checkVocabulary(o.doc, o.el, this.diags);
    const e: EncodeDef = { ...o, maps: [] };
    if (o.el.attrs.type !== undefined) e.type = o.el.attrs.type;
    if (o.el.attrs["case-prefix"] !== undefined) e.casePrefix = o.el.attrs["case-prefix"];
    for (const el of children) {
      checkVocabulary(o.doc, el, this.diags);
      const m = { doc: o.doc, el };
      const name = required(m, "name", this.diags);
      if (name !== undefined) {
        e.maps.push({
          ...m,
          name,
          text: textOf(el).trim().replace(/\s+/g, " "),
          force: el.attrs.force === "true",
        });
      }
    }
    return e;
  }
}
