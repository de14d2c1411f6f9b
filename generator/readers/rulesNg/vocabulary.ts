/**
 * The rules-ng vocabulary (source-formats.md §C.1): which elements may appear where, with which
 * attributes. Anything outside it is rejected, as rnn does; constructs rnn accepts but the model
 * cannot represent are accepted with an `unsupported` warning, so nothing is dropped silently.
 */
import type { Diagnostics } from "../../diagnostics";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import { locateAttribute, locateElement, type XmlElement } from "../xml";

interface ElementRule {
  /** Attributes the model represents (or that carry no meaning, such as `xmlns`). */
  attrs: string[];
  /** Attributes rnn accepts that the model does not represent. */
  unmodelled?: string[];
  /** Child elements allowed. */
  children: string[];
  /** The element itself is accepted but not represented in the model. */
  unmodelledElement?: boolean;
}

/** Elements that may appear wherever a top-level element may (rnn `trytop`). */
const TOP = ["import", "domain", "enum", "bitset", "spectype", "group", "copyright"];
/** Elements that may appear inside a domain, array, stripe or group (rnn `trydelem`). */
const DELEMS = ["reg8", "reg16", "reg32", "reg64", "array", "stripe", "use-group"];
const DOCS = ["doc", "brief"];
/** Inline markup allowed inside `<doc>`. */
export const DOC_MARKUP = ["b", "i", "u", "code", "ul", "ol", "li"];
const VARIANTS = ["varset", "variants"];
const TYPEINFO = ["shr", "min", "max", "align", "radix"];

const REGISTER: ElementRule = {
  attrs: ["name", "offset", "type", "brief"],
  unmodelled: ["access", "length", "stride", ...VARIANTS, ...TYPEINFO],
  children: ["bitfield", "value", ...DOCS],
};

export const RULES: Record<string, ElementRule> = {
  database: { attrs: ["xmlns", "xmlns:xsi", "xsi:schemaLocation"], children: [...TOP, ...DOCS] },
  import: { attrs: ["file"], children: [] },
  copyright: { attrs: ["year"], children: ["author", "license"] },
  author: { attrs: ["name", "email"], children: ["nick"] },
  nick: { attrs: ["name"], children: [] },
  license: { attrs: [], children: [] },
  domain: {
    attrs: ["name", "width", "bare", "brief"],
    unmodelled: ["size", "prefix", ...VARIANTS],
    children: [...DELEMS, ...TOP, ...DOCS],
  },
  reg8: REGISTER,
  reg16: REGISTER,
  reg32: REGISTER,
  reg64: REGISTER,
  array: {
    attrs: ["name", "offset", "brief"],
    unmodelled: ["stride", "length", ...VARIANTS],
    children: [...DELEMS, ...TOP, ...DOCS],
    unmodelledElement: true,
  },
  stripe: {
    attrs: ["name", "offset", "brief"],
    unmodelled: ["stride", "length", "prefix", ...VARIANTS],
    children: [...DELEMS, ...TOP, ...DOCS],
    unmodelledElement: true,
  },
  group: { attrs: ["name"], children: [...DELEMS, ...TOP, ...DOCS], unmodelledElement: true },
  "use-group": { attrs: ["name"], children: [], unmodelledElement: true },
  enum: {
    attrs: ["name", "brief"],
    unmodelled: ["inline", "bare", "prefix", ...VARIANTS],
    children: ["value", ...DOCS],
  },
  value: { attrs: ["name", "value", "brief"], unmodelled: VARIANTS, children: DOCS },
  bitset: {
    attrs: ["name", "brief"],
    unmodelled: ["inline", "bare", "prefix", ...VARIANTS],
    children: ["bitfield", ...DOCS],
  },
  bitfield: {
    attrs: ["name", "low", "high", "pos", "type", "brief"],
    unmodelled: [...VARIANTS, ...TYPEINFO],
    children: ["value", "bitfield", ...DOCS],
  },
  spectype: { attrs: ["name", "type"], children: DOCS },
  doc: { attrs: [], children: DOC_MARKUP },
  brief: { attrs: [], children: [] },
  ...Object.fromEntries(DOC_MARKUP.map((m) => [m, { attrs: [], children: DOC_MARKUP }])),
};

/** How an element is named in messages: `<bitfield 'SRC2_IMM'>`. */
export function describe(el: XmlElement): string {
  return el.attrs.name !== undefined ? `<${el.name} '${el.attrs.name}'>` : `<${el.name}>`;
}

/**
 * Check an element's attributes and, recursively, its children against the vocabulary. Returns
 * nothing: problems are reported, and readers skip unknown children themselves.
 */
export function checkVocabulary(doc: RecoveredDocument, el: XmlElement, diags: Diagnostics): void {
  const rule = RULES[el.name];
  if (!rule) return;
  if (rule.unmodelledElement) {
    diags.warning(
      "unsupported",
      `${describe(el)} is valid rules-ng but isaforge does not model it; its contents are ignored`,
      locateElement(doc, el),
    );
  }
  for (const attr of Object.keys(el.attrs)) {
    const at = locateAttribute(doc, el, attr);
    if (rule.unmodelled?.includes(attr)) {
      // `length="1"` is the default: a plain register, nothing lost.
      if (attr === "length" && el.attrs[attr] === "1") continue;
      diags.warning(
        "unsupported",
        `attribute '${attr}' of ${describe(el)} is valid rules-ng but isaforge does not model it; it is ignored`,
        at,
      );
    } else if (!rule.attrs.includes(attr)) {
      diags.error("unknown-attribute", `unknown attribute '${attr}' on ${describe(el)}`, at);
    }
  }
  for (const child of el.children) {
    if (child.kind !== "element") continue;
    if (!rule.children.includes(child.name)) {
      diags.error(
        "unknown-element",
        RULES[child.name]
          ? `<${child.name}> is not allowed inside ${describe(el)}`
          : `unknown element <${child.name}> inside ${describe(el)}`,
        locateElement(doc, child),
      );
      continue;
    }
    checkVocabulary(doc, child, diags);
  }
}

/** Child elements the vocabulary allows (the others were reported by `checkVocabulary`). */
export function allowedChildren(el: XmlElement): XmlElement[] {
  const allowed = RULES[el.name]?.children ?? [];
  return el.children.filter(
    (c): c is XmlElement => c.kind === "element" && allowed.includes(c.name),
  );
}
