/**
 * Conditions of Mesa's Bifrost ISA.xml (`<eq>`, `<neq>`, `<and>`, `<or>`), as bifrost_isa.py's
 * parse_cond reads them: operands are modifier names, `ordering`, or `#literal`; an element with
 * `alias` set is a condition that is never true.
 */
import type { Diagnostics } from "../../diagnostics";
import type { SlotCondition } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import { elements, locateAttribute, locateElement, type XmlElement } from "../xml";

export const CONDITION_ELEMENTS: ReadonlySet<string> = new Set(["eq", "neq", "and", "or"]);

/** An attribute counts as set when present and non-empty (bifrost_isa.py tests its truth). */
export const isSet = (el: XmlElement, attr: string): boolean => (el.attrs[attr] ?? "") !== "";

export function readCondition(
  doc: RecoveredDocument,
  el: XmlElement,
  diags: Diagnostics,
): SlotCondition | undefined {
  const source = locateElement(doc, el);
  const alias = isSet(el, "alias") ? { alias: true } : {};
  if (el.name === "eq" || el.name === "neq") {
    for (const side of ["left", "right"]) {
      if (el.attrs[side] === undefined) {
        diags.error("missing-attribute", `<${el.name}> needs '${side}'`, source);
        return undefined;
      }
    }
    return { op: el.name, left: el.attrs.left, right: el.attrs.right, ...alias, source };
  }
  if (el.name === "and" || el.name === "or") {
    const terms: SlotCondition[] = [];
    for (const child of elements(el)) {
      const term = CONDITION_ELEMENTS.has(child.name)
        ? readCondition(doc, child, diags)
        : undefined;
      if (!CONDITION_ELEMENTS.has(child.name))
        diags.error(
          "unknown-element",
          `<${child.name}> is not a condition (eq, neq, and, or) inside <${el.name}>`,
          locateElement(doc, child),
        );
      if (term) terms.push(term);
    }
    return { op: el.name, terms, ...alias, source };
  }
  diags.error(
    "unknown-element",
    `<${el.name}> is not a condition (eq, neq, and, or)`,
    locateAttribute(doc, el, "name"),
  );
  return undefined;
}

/** Every operand a condition names, literals (`#…`) included. */
export function conditionOperands(c: SlotCondition): string[] {
  if (c.terms) return c.terms.flatMap(conditionOperands);
  return [c.left ?? "", c.right ?? ""];
}
