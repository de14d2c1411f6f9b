/** Reading isaspec attributes: required names, decimal numbers, C literals and bit ranges. */
import type { Diagnostics } from "../../diagnostics";
import type { BitRange } from "../../model/types";
import { locateAttribute, locateElement } from "../xml";
import type { Origin } from "./definitions";

/** The largest value a generation or enum value may have (isaspec's gen max default, 2^32-1). */
export const MAX_U32 = 4294967295;

/** What an element is, for messages: `<field name="IMMED">` → `field 'IMMED'`. */
export function describe(o: Origin): string {
  const name = o.el.attrs.name;
  return name !== undefined ? `${o.el.name} '${name}'` : `<${o.el.name}>`;
}

/** A required attribute; reports `missing-attribute` and returns undefined when absent. */
export function required(
  o: Origin,
  attr: string,
  diags: Diagnostics,
  context = "",
): string | undefined {
  const v = o.el.attrs[attr];
  if (v === undefined) {
    diags.error(
      "missing-attribute",
      `${describe(o)}${context} has no '${attr}' attribute`,
      locateElement(o.doc, o.el),
    );
  }
  return v;
}

/** A decimal attribute (isa.py reads these with Python `int()`). */
export function decimal(
  o: Origin,
  attr: string,
  diags: Diagnostics,
  max = MAX_U32,
): number | undefined {
  const text = o.el.attrs[attr];
  if (text === undefined) return undefined;
  const t = text.trim();
  if (!/^[0-9]+$/.test(t) || Number(t) > max) {
    diags.error(
      "bad-number",
      `${describe(o)}: ${attr}="${text}" is not a decimal number between 0 and ${max}`,
      locateAttribute(o.doc, o.el, attr),
    );
    return undefined;
  }
  return Number(t);
}

/** Value of a C integer literal (decimal, octal, hex, optional U/L suffixes); undefined if it is not one. */
export function cLiteralValue(text: string): number | undefined {
  const m =
    /^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)?$/.exec(
      text.trim(),
    );
  if (!m) return undefined;
  const digits = m[1];
  const value = /^0[xX]/.test(digits)
    ? parseInt(digits.slice(2), 16)
    : digits.length > 1 && digits.startsWith("0")
      ? parseInt(digits.slice(1), 8)
      : parseInt(digits, 10);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The bits of a `<field>`, `<pattern>` or `<assert>`: `pos="n"`, or `low=` and `high=`. Returns
 * undefined (with errors reported) when they are missing or not numbers. High < low is returned as
 * written; whoever needs a valid range checks it.
 */
export function bitRange(o: Origin, diags: Diagnostics): BitRange | undefined {
  const { pos, low, high } = o.el.attrs;
  if (pos !== undefined) {
    if (low !== undefined || high !== undefined) {
      diags.error(
        "conflicting-attributes",
        `${describe(o)} gives both 'pos' and '${low !== undefined ? "low" : "high"}'`,
        locateAttribute(o.doc, o.el, "pos"),
      );
      return undefined;
    }
    const p = decimal(o, "pos", diags);
    return p === undefined ? undefined : { low: p, high: p };
  }
  if (low === undefined || high === undefined) {
    diags.error(
      "missing-attribute",
      `${describe(o)} has no '${low === undefined ? "low" : "high"}' attribute (give 'pos', or 'low' and 'high')`,
      locateElement(o.doc, o.el),
    );
    return undefined;
  }
  const l = decimal(o, "low", diags);
  const h = decimal(o, "high", diags);
  return l === undefined || h === undefined ? undefined : { low: l, high: h };
}

/** `low..high` as messages write bit ranges (`44`, or `40..42`). */
export function rangeText(r: BitRange): string {
  return r.low === r.high ? `${r.low}` : `${r.low}..${r.high}`;
}
