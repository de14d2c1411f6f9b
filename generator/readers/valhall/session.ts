/**
 * State shared while reading one ISA.xml: the document, the layout, the enums by key, and
 * diagnostics that are reported once even when a group's shared element is read for every member.
 */
import type { Diagnostics } from "../../diagnostics";
import type { EnumDef, SourceRef } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import type { LoadedCompanion } from "../readerTypes";
import { locateAttribute, locateElement, type XmlElement } from "../xml";
import type { ValhallLayout } from "./layout";
import { parseNumber } from "./vocabulary";

export class Session {
  private readonly seen = new Set<string>();
  readonly enumsByKey = new Map<string, EnumDef>();

  constructor(
    readonly doc: RecoveredDocument,
    readonly layout: ValhallLayout,
    readonly layoutFile: LoadedCompanion,
    readonly wordCount: number,
    private readonly diags: Diagnostics,
    /** Indexes of the layout's `sourceOverrides` that some source matched, over all documents. */
    readonly usedSourceOverrides: Set<number>,
  ) {}

  error(code: string, message: string, at: SourceRef): void {
    const key = `${code}\0${at.file}:${at.line}:${at.column}\0${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diags.error(code, message, at);
  }

  warning(code: string, message: string, at: SourceRef): void {
    const key = `w\0${code}\0${at.file}:${at.line}:${at.column}\0${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diags.warning(code, message, at);
  }

  at(el: XmlElement): SourceRef {
    return locateElement(this.doc, el);
  }

  attrAt(el: XmlElement, attr: string): SourceRef {
    return locateAttribute(this.doc, el, attr);
  }

  /** Report every attribute of `el` not in `known`. */
  checkAttributes(el: XmlElement, known: readonly string[]): void {
    for (const attr of Object.keys(el.attrs)) {
      if (!known.includes(attr))
        this.error(
          "unknown-attribute",
          `unknown attribute '${attr}' on ${describe(el)}`,
          this.attrAt(el, attr),
        );
    }
  }

  /** Report child elements of an element that holds only text. */
  checkLeaf(el: XmlElement): void {
    for (const c of el.children) {
      if (c.kind === "element")
        this.error(
          "unknown-element",
          `unknown element <${c.name}> inside ${describe(el)}`,
          this.at(c),
        );
    }
  }

  /**
   * A numeric attribute: undefined when absent (reported as `missing-attribute` if `required` names
   * what needs it) or not a number (reported as `bad-number`).
   */
  numberAttr(el: XmlElement, attr: string, required?: string): number | undefined {
    const text = el.attrs[attr];
    if (text === undefined) {
      if (required)
        this.error("missing-attribute", `${required} has no '${attr}' attribute`, this.at(el));
      return undefined;
    }
    const n = parseNumber(text);
    if (n === undefined)
      this.error(
        "bad-number",
        `${describe(el)}: ${attr}="${text}" is not a number`,
        this.attrAt(el, attr),
      );
    return n;
  }

  /** The enum with a key, or undefined after reporting a dangling reference. */
  enumByKey(key: string, what: string, at: SourceRef): EnumDef | undefined {
    const e = this.enumsByKey.get(key);
    if (!e)
      this.error("dangling-reference", `${what} names enum '${key}', which no <enum> defines`, at);
    return e;
  }
}

/** `<ins name="FADD.f32">`, `<src>`: an element as messages name it. */
export function describe(el: XmlElement): string {
  return el.attrs.name !== undefined ? `<${el.name} name="${el.attrs.name}">` : `<${el.name}>`;
}
