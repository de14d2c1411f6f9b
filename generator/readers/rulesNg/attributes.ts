/** Attribute and documentation helpers shared by the rules-ng collector. */
import type { Diagnostics } from "../../diagnostics";
import type { SourceRef } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import {
  cleanDoc,
  elements,
  locateAttribute,
  locateElement,
  textOf,
  type XmlElement,
} from "../xml";
import { describe } from "./vocabulary";

/** One rules-ng document being read (the seed, or a file it imports). */
export interface SourceDoc {
  /** Path for diagnostics, relative to the specs directory's parent. */
  path: string;
  absolutePath: string;
  recovered: RecoveredDocument;
}

/** Locating and number parsing for the elements of one document. */
export class ElementReader {
  constructor(
    readonly file: SourceDoc,
    readonly diags: Diagnostics,
  ) {}

  at(el: XmlElement): SourceRef {
    return locateElement(this.file.recovered, el);
  }

  atAttr(el: XmlElement, attr: string): SourceRef {
    return locateAttribute(this.file.recovered, el, attr);
  }

  /** A required attribute; reports `missing-attribute` when absent. */
  required(el: XmlElement, attr: string): string | undefined {
    const v = el.attrs[attr];
    if (v === undefined) {
      this.diags.error(
        "missing-attribute",
        `${describe(el)} has no '${attr}' attribute`,
        this.at(el),
      );
    }
    return v;
  }

  /**
   * A numeric attribute as rnn's `getnumattrib` reads it: decimal unless the text contains `x`/`X`,
   * then hexadecimal. Absent → undefined; malformed → `bad-number` and null.
   */
  number(el: XmlElement, attr: string): number | undefined | null {
    const text = el.attrs[attr];
    if (text === undefined) return undefined;
    const value = parseRnnNumber(text);
    if (value === undefined) {
      this.diags.error(
        "bad-number",
        `attribute '${attr}' of ${describe(el)}: '${text}' is not a number (decimal, or hexadecimal with 0x)`,
        this.atAttr(el, attr),
      );
      return null;
    }
    return value;
  }

  /** The element's brief: the `brief` attribute (etna_viv) or a `<brief>` child. */
  brief(el: XmlElement): string | undefined {
    const attr = el.attrs.brief;
    if (attr !== undefined) return attr;
    const child = elements(el, "brief")[0];
    const text = child ? textOf(child).replace(/\s+/g, " ").trim() : "";
    return text === "" ? undefined : text;
  }

  /** The element's documentation: its `<doc>` children and any free text directly inside it. */
  doc(el: XmlElement): string | undefined {
    const parts: string[] = [];
    for (const c of el.children) {
      if (c.kind === "element" && c.name === "doc") parts.push(cleanDoc(textOf(c)));
      else if (c.kind === "text" && c.text.trim() !== "") parts.push(cleanDoc(c.text));
    }
    const text = parts.filter((p) => p !== "").join("\n\n");
    return text === "" ? undefined : text;
  }
}

/** Parse a rules-ng number; undefined when the text is not one. */
export function parseRnnNumber(text: string): number | undefined {
  const t = text.trim();
  let value: number;
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) value = parseInt(t.slice(2), 16);
  else if (/^[0-9]+$/.test(t)) value = parseInt(t, 10);
  else return undefined;
  return Number.isSafeInteger(value) ? value : undefined;
}

/** The optional `brief`/`doc` properties, present only when set (the model omits absent ones). */
export function textProps(
  brief: string | undefined,
  doc: string | undefined,
): { brief?: string; doc?: string } {
  return { ...(brief !== undefined ? { brief } : {}), ...(doc !== undefined ? { doc } : {}) };
}
