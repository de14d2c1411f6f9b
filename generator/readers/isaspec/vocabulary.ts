/**
 * The isaspec XML vocabulary (source-formats.md A.1): which attributes and child elements each
 * element may have. Anything else is reported, so that a misspelt `extend=` or `<patern>` cannot
 * silently change an encoding: as a warning, since isa.py ignores what it does not know (`check
 * --strict` makes it an error).
 */
import type { Diagnostics } from "../../diagnostics";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import { locateAttribute, locateElement, type XmlElement } from "../xml";

interface ElementRule {
  /** Allowed attributes; `"any"` for `<meta>`, whose attributes are free-form. */
  attrs: string[] | "any";
  /** Allowed child elements. */
  children: string[];
  /** Whether the element holds text (other elements may only hold whitespace and comments). */
  text: boolean;
}

const RULES: Record<string, ElementRule> = {
  isa: { attrs: [], children: ["import", "expr", "template", "enum", "bitset"], text: false },
  import: { attrs: ["file"], children: [], text: false },
  expr: { attrs: ["name"], children: [], text: true },
  template: { attrs: ["name"], children: [], text: true },
  enum: { attrs: ["name"], children: ["doc", "value"], text: false },
  value: { attrs: ["val", "display", "name"], children: ["doc"], text: false },
  bitset: {
    attrs: ["name", "size", "extends", "displayname"],
    children: [
      "doc",
      "gen",
      "meta",
      "pattern",
      "field",
      "assert",
      "derived",
      "override",
      "display",
      "encode",
      "decode",
    ],
    text: false,
  },
  gen: { attrs: ["min", "max"], children: [], text: false },
  meta: { attrs: "any", children: [], text: false },
  pattern: { attrs: ["low", "high", "pos"], children: [], text: true },
  assert: { attrs: ["low", "high", "pos"], children: [], text: true },
  field: {
    attrs: ["name", "low", "high", "pos", "type", "display", "call"],
    children: ["doc", "param"],
    text: false,
  },
  param: { attrs: ["name", "as"], children: [], text: false },
  derived: {
    attrs: ["name", "type", "expr", "display", "width"],
    children: ["doc", "expr"],
    text: false,
  },
  override: {
    attrs: ["expr"],
    children: ["doc", "expr", "display", "field", "derived", "assert", "pattern"],
    text: false,
  },
  display: { attrs: [], children: [], text: true },
  encode: { attrs: ["type", "case-prefix"], children: ["map"], text: false },
  map: { attrs: ["name", "force"], children: [], text: true },
  decode: { attrs: [], children: [], text: false },
};

/**
 * Check an element's attributes and direct children against the vocabulary. `<doc>` content is
 * free text (markup inside it is not interpreted), so it is not descended into. Returns the
 * children that may be processed.
 */
export function checkVocabulary(
  doc: RecoveredDocument,
  el: XmlElement,
  diags: Diagnostics,
): XmlElement[] {
  const rule = RULES[el.name];
  if (!rule) return [];
  if (rule.attrs !== "any") {
    for (const attr of Object.keys(el.attrs)) {
      // isa.py reads the attributes and elements it knows and ignores the rest: a warning.
      if (!rule.attrs.includes(attr))
        diags.warning(
          "unknown-attribute",
          `unknown attribute '${attr}' on <${el.name}>; Mesa ignores it`,
          locateAttribute(doc, el, attr),
        );
    }
  }
  const kept: XmlElement[] = [];
  for (const child of el.children) {
    if (child.kind === "element") {
      if (rule.children.includes(child.name)) kept.push(child);
      else
        diags.warning(
          "unknown-element",
          `unknown element <${child.name}> in <${el.name}>; Mesa ignores it`,
          locateElement(doc, child),
        );
    } else if (child.kind === "text" && !rule.text && child.text.trim() !== "") {
      diags.warning(
        "stray-text",
        `text '${child.text.trim().slice(0, 40)}' directly inside <${el.name}> is ignored`,
        locateElement(doc, el),
      );
    }
  }
  return kept;
}
