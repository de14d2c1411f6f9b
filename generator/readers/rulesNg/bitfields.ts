/**
 * Bitfields and values as rules-ng declares them inside enums, bitsets, registers and other
 * bitfields (source-formats.md §C.1), collected with their positions; types are resolved later.
 */
import type { EnumName, EnumValue, SourceRef } from "../../model/types";
import type { XmlElement } from "../xml";
import { textProps, type ElementReader } from "./attributes";
import { allowedChildren } from "./vocabulary";

/** Values declared inside an enum, bitfield or register. */
export interface RawValues {
  values: EnumValue[];
  namesWithoutValue: EnumName[];
  /** First declaration of each name, for `duplicate-name`. */
  seen: Map<string, SourceRef>;
}

export interface RawBitfield {
  name: string;
  /** rules-ng full name (`VIV_ISA_WORD_0_OPCODE`): names the inline enum/bitset of the field. */
  fullName: string;
  low: number;
  high: number;
  type?: { name: string; at: SourceRef };
  values: RawValues;
  children: RawBitfield[];
  brief?: string;
  doc?: string;
  source: SourceRef;
}

export function emptyValues(): RawValues {
  return { values: [], namesWithoutValue: [], seen: new Map() };
}

/**
 * Bitfields of a bitset (or of an inline bitset) must have distinct names, merged declarations
 * included; a register's duplicates are left to the analyzer, which checks all fields alike.
 */
export function readBitfields(
  r: ElementReader,
  el: XmlElement,
  into: RawBitfield[],
  prefix: string,
  owner: string,
  distinct: boolean,
): void {
  for (const child of allowedChildren(el)) {
    if (child.name !== "bitfield") continue;
    const field = readBitfield(r, child, prefix);
    if (!field) continue;
    const earlier = distinct ? into.find((f) => f.name === field.name) : undefined;
    if (earlier) {
      r.diags.error(
        "duplicate-name",
        `${owner} already has a bitfield named '${field.name}'`,
        field.source,
        [{ at: earlier.source, message: `'${field.name}' first declared here` }],
      );
      continue;
    }
    into.push(field);
  }
}

export function readBitfield(
  r: ElementReader,
  el: XmlElement,
  prefix: string,
): RawBitfield | undefined {
  const name = r.required(el, "name");
  const low = r.number(el, "low");
  const high = r.number(el, "high");
  const pos = r.number(el, "pos");
  if (name === undefined || low === null || high === null || pos === null) return undefined;
  const label = `bitfield '${name}'`;
  let range: [number, number] | undefined;
  if (pos !== undefined && (low !== undefined || high !== undefined)) {
    r.diags.error(
      "conflicting-attributes",
      `${label} gives both pos and low/high`,
      r.atAttr(el, "pos"),
    );
  } else if (pos !== undefined) range = [pos, pos];
  else if (low !== undefined && high !== undefined) range = [low, high];
  else if (low === undefined && high === undefined) {
    r.diags.error("missing-attribute", `${label} has neither low/high nor pos`, r.at(el));
  } else {
    r.diags.error(
      "missing-attribute",
      `${label} has ${low !== undefined ? "low but no high" : "high but no low"}`,
      r.at(el),
    );
  }
  if (!range) return undefined;
  const fullName = `${prefix}_${name}`;
  const field: RawBitfield = {
    name,
    fullName,
    low: range[0],
    high: range[1],
    ...(el.attrs.type !== undefined
      ? { type: { name: el.attrs.type, at: r.atAttr(el, "type") } }
      : {}),
    values: emptyValues(),
    children: [],
    ...textProps(r.brief(el), r.doc(el)),
    source: r.at(el),
  };
  readValues(r, el, field.values, label);
  readBitfields(r, el, field.children, fullName, label, true);
  return field;
}

export function readValues(r: ElementReader, el: XmlElement, into: RawValues, owner: string): void {
  for (const child of allowedChildren(el)) {
    if (child.name !== "value") continue;
    const name = r.required(child, "name");
    const value = r.number(child, "value");
    if (name === undefined || value === null) continue;
    const source = r.at(child);
    const first = into.seen.get(name);
    if (first) {
      r.diags.error("duplicate-name", `${owner} already has a value named '${name}'`, source, [
        { at: first, message: `'${name}' first declared here` },
      ]);
      continue;
    }
    into.seen.set(name, source);
    const text = textProps(r.brief(child), r.doc(child));
    // A value without `value` is legal: rnn gives it no define. Kept as a name only.
    if (value === undefined) into.namesWithoutValue.push({ name, ...text, source });
    else into.values.push({ value, name, ...text, source });
  }
}
