/**
 * Mesa's gen_sort_tags.py for Intel genxml (genxml.md §5): the canonical form of a document (items
 * in §2.2's order, attributes in the vocabulary's order, comments gone; ElementTree's layout), and
 * `--validate`: a document is valid iff it already is in that form, element for element.
 * Imports are not merged: this is about the document as written.
 */
import type { XmlElement } from "../../readers/xml";
import { orderItems, stableSortBy } from "../../readers/genxmlIntel/merge";
import { INTEL_ATTRIBUTES, parseGenxmlNumber } from "../../readers/genxmlIntel/vocabulary";
import { renderTemplate } from "../renderTemplate";

/** Why a document is not in canonical form, and the element that shows it. */
export interface SortProblem {
  message: string;
  element: XmlElement;
}

const ROOT_CHILDREN = ["import", "enum", "struct", "instruction", "register"];

function childElements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === "element");
}

/** A number attribute for sorting; a problem when it is missing or no number (upstream crashes). */
function sortKey(el: XmlElement, attr: string): number | SortProblem {
  const n = el.attrs[attr] !== undefined ? parseGenxmlNumber(el.attrs[attr]) : undefined;
  return n ?? { message: `<${el.name}> has no numeric '${attr}' to sort by`, element: el };
}

/** Tags and attributes everywhere below the root: known, and attributes in canonical order. */
function vocabularyProblem(el: XmlElement): SortProblem | undefined {
  for (const c of childElements(el)) {
    const allowed = INTEL_ATTRIBUTES[c.name];
    if (!allowed || c.name === "genxml")
      return { message: `unknown element <${c.name}>`, element: c };
    let last = -1;
    for (const a of Object.keys(c.attrs)) {
      const i = allowed.indexOf(a);
      if (i < 0) return { message: `<${c.name}> has an unknown attribute '${a}'`, element: c };
      if (i < last)
        return {
          message: `<${c.name}> attributes are not in canonical order (${allowed.join(", ")})`,
          element: c,
        };
      last = i;
    }
    const below = vocabularyProblem(c);
    if (below) return below;
  }
  return undefined;
}

/** The item elements of the root in canonical order, children sorted; or the first problem. */
export function canonicalElements(root: XmlElement): XmlElement[] | SortProblem {
  const problem = vocabularyProblem(root);
  if (problem) return problem;
  const children = childElements(root);
  const odd = children.find((c) => !ROOT_CHILDREN.includes(c.name));
  if (odd) return { message: `<${odd.name}> cannot stand in <genxml>`, element: odd };
  let broken: SortProblem | undefined;
  const keyed = (els: XmlElement[], attr: string) => {
    const keys = new Map<XmlElement, number>();
    for (const e of els) {
      const k = sortKey(e, attr);
      if (typeof k === "number") keys.set(e, k);
      else broken ??= k;
    }
    return stableSortBy(els, (a, b) => (keys.get(a) ?? 0) - (keys.get(b) ?? 0));
  };
  const items = orderItems(
    children.filter((c) => c.name !== "import"),
    {
      kind: (e) => e.name,
      name: (e) => e.attrs.name ?? "",
      dependencies: (e, names) => {
        const deps: string[] = [];
        const walk = (x: XmlElement) => {
          for (const c of childElements(x)) {
            const t = c.attrs.type;
            if (c.name === "field" && t !== undefined && names.has(t) && !deps.includes(t))
              deps.push(t);
            walk(c);
          }
        };
        walk(e);
        return deps;
      },
      withSortedChildren: (e) => ({
        ...e,
        children: keyed(childElements(e), e.name === "enum" ? "value" : "start"),
      }),
    },
  );
  if (broken) return broken;
  return [...children.filter((c) => c.name === "import"), ...items];
}

function sameAttributes(a: XmlElement, b: XmlElement): boolean {
  const ka = Object.entries(a.attrs);
  const kb = Object.entries(b.attrs);
  return ka.length === kb.length && ka.every(([k, v], i) => kb[i][0] === k && kb[i][1] === v);
}

/** Same tag, attributes (in order) and element children, comments and blanks aside. */
function sameElement(a: XmlElement, b: XmlElement): boolean {
  if (a.name !== b.name || !sameAttributes(a, b)) return false;
  const ca = childElements(a);
  const cb = childElements(b);
  return ca.length === cb.length && ca.every((c, i) => sameElement(c, cb[i]));
}

function describe(el: XmlElement): string {
  return `<${el.name}${el.attrs.name !== undefined ? ` name="${el.attrs.name}"` : ""}>`;
}

/** The first element of `actual` that differs from the canonical `sorted`, descending into items. */
function firstMisplaced(actual: XmlElement[], sorted: XmlElement[]): SortProblem | undefined {
  for (let i = 0; i < actual.length; i++) {
    const [a, b] = [actual[i], sorted[i]];
    if (sameElement(a, b)) continue;
    // Same item with its children out of order: point at the child.
    if (a.name === b.name && a.attrs.name === b.attrs.name && sameAttributes(a, b)) {
      const inner = firstMisplaced(childElements(a), childElements(b));
      if (inner) return { ...inner, message: `in ${describe(a)}: ${inner.message}` };
    }
    return {
      message: `${describe(a)} is not where the canonical order puts it (there: ${describe(b)})`,
      element: a,
    };
  }
  return undefined;
}

/** gen_sort_tags --validate: undefined when valid, else the first element out of place. */
export function validateSorted(root: XmlElement): SortProblem | undefined {
  const sorted = canonicalElements(root);
  if (!Array.isArray(sorted)) return sorted;
  return firstMisplaced(childElements(root), sorted);
}

/** ElementTree's attribute escaping. */
function escapeAttribute(v: string): string {
  return v
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#09;");
}

interface ElementView {
  indent: string;
  tag: string;
  attrs: { name: string; value: string }[];
  children: ElementView[];
}

function elementView(el: XmlElement, depth: number, canonicalAttrs: boolean): ElementView {
  const order = INTEL_ATTRIBUTES[el.name] ?? [];
  const names = canonicalAttrs
    ? order.filter((a) => el.attrs[a] !== undefined)
    : Object.keys(el.attrs);
  return {
    indent: "  ".repeat(depth),
    tag: el.name,
    attrs: names.map((a) => ({ name: a, value: escapeAttribute(el.attrs[a]) })),
    children: childElements(el).map((c) => elementView(c, depth + 1, true)),
  };
}

/** The document in canonical form, as gen_sort_tags writes it; or the problem that stops it. */
export function sortedDocument(root: XmlElement): string | SortProblem {
  const items = canonicalElements(root);
  if (!Array.isArray(items)) return items;
  const view = elementView({ ...root, children: items }, 0, false);
  return renderTemplate("xml/genxml-intel/sorted.xml.hbs", { root: view });
}
