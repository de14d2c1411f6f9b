/** `<lut>` (the inline-immediate table) and `<enum>` elements. */
import type { EnumDef, EnumValue, LookupEntry, LookupTable } from "../../model/types";
import { cleanDoc, elements, textOf, type XmlElement } from "../xml";
import { describe, type Session } from "./session";
import { FIXED_ATTRIBUTES, hasFlag, parseNumber, safeName } from "./vocabulary";

/** The documentation of an element: its `<desc>` children, cleaned and joined. */
export function docOf(el: XmlElement): string | undefined {
  const text = elements(el, "desc")
    .map((d) => cleanDoc(textOf(d)))
    .filter((t) => t !== "")
    .join("\n\n");
  return text === "" ? undefined : text;
}

export function readLut(s: Session, el: XmlElement): LookupTable {
  s.checkAttributes(el, FIXED_ATTRIBUTES.lut);
  const name = el.attrs.name ?? "";
  if (el.attrs.name === undefined)
    s.error("missing-attribute", "<lut> has no 'name' attribute", s.at(el));
  const entries: LookupEntry[] = [];
  let index = 0;
  for (const c of elements(el)) {
    if (c.name === "desc") continue;
    if (c.name !== "constant") {
      s.error("unknown-element", `unknown element <${c.name}> in ${describe(el)}`, s.at(c));
      continue;
    }
    s.checkAttributes(c, FIXED_ATTRIBUTES.constant);
    s.checkLeaf(c);
    const text = textOf(c).trim();
    const value = parseNumber(text);
    if (value === undefined || value > 0xffffffff) {
      s.error(
        "bad-number",
        `constant ${index} of lut '${name}': '${text}' is not a 32-bit number`,
        s.at(c),
      );
      index++;
      continue;
    }
    const entry: LookupEntry = { index: index++, value, source: s.at(c) };
    if (c.attrs.desc !== undefined) entry.doc = c.attrs.desc;
    entries.push(entry);
  }
  const want = s.layout.sources.lutEntries;
  const count = elements(el, "constant").length;
  if (count !== want)
    s.error(
      "lut-size",
      `lut '${name}' has ${count} constants; a Valhall lookup table has exactly ${want}`,
      s.at(el),
    );
  const table: LookupTable = { name, entries, source: s.at(el) };
  const doc = docOf(el);
  if (doc !== undefined) table.doc = doc;
  return table;
}

/** An `<enum>`: values are positions, `<reserved/>` entries included. Registers it by key. */
export function readEnum(s: Session, el: XmlElement): EnumDef {
  s.checkAttributes(el, FIXED_ATTRIBUTES.enum);
  const name = el.attrs.name ?? "";
  if (el.attrs.name === undefined)
    s.error("missing-attribute", "<enum> has no 'name' attribute", s.at(el));
  const values: EnumValue[] = [];
  for (const c of elements(el)) {
    if (c.name === "desc") continue;
    if (c.name === "reserved") {
      s.checkAttributes(c, FIXED_ATTRIBUTES.reserved);
      s.checkLeaf(c);
      values.push({ value: values.length, reserved: true, source: s.at(c) });
    } else if (c.name === "value") {
      s.checkAttributes(c, FIXED_ATTRIBUTES.value);
      s.checkLeaf(c);
      const v: EnumValue = { value: values.length, display: textOf(c).trim(), source: s.at(c) };
      if (c.attrs.name !== undefined) v.name = c.attrs.name;
      if (c.attrs.desc !== undefined) v.doc = c.attrs.desc;
      if (hasFlag(c.attrs, "default")) v.default = true;
      values.push(v);
    } else {
      s.error("unknown-element", `unknown element <${c.name}> in ${describe(el)}`, s.at(c));
    }
  }
  // `implied` on <enum> is not consumed upstream (§B.1); it has no model counterpart.
  const key = safeName(name);
  const def: EnumDef = { name, key, values, source: s.at(el) };
  const doc = docOf(el);
  if (doc !== undefined) def.doc = doc;
  const prior = s.enumsByKey.get(key);
  if (prior)
    s.error(
      "duplicate-name",
      `enum '${name}' has the key '${key}', which enum '${prior.name}' already has`,
      s.at(el),
    );
  else s.enumsByKey.set(key, def);
  return def;
}
