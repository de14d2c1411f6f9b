/**
 * Instruction modifiers (§B.7, §B.8): implicit-modifier elements whose position the layout gives,
 * and `<va_mod>` elements that carry their own. `start` = the layout's not-encoded sentinel makes a
 * modifier that has no field (it selects the encoding through opcode2).
 */
import type { EnumDef, Modifier } from "../../model/types";
import type { XmlElement } from "../xml";
import type { InsBuilder } from "./insBuilder";
import type { LayoutModifier } from "./layout";
import type { Session } from "./session";
import { hasFlag } from "./vocabulary";

/** Add the modifier an element declares, if it is one. */
export function addModifier(s: Session, b: InsBuilder, el: XmlElement): void {
  if (el.name === "va_mod") addVaMod(s, b, el);
  else {
    const m = s.layout.modifiers.find((x) => x.element === el.name);
    if (m) addLayoutModifier(s, b, el, m);
  }
}

function addLayoutModifier(s: Session, b: InsBuilder, el: XmlElement, m: LayoutModifier): void {
  for (const [attr, value] of Object.entries(el.attrs)) {
    if (attr !== "pseudo") b.attributes[`${el.name}.${attr}`] = value;
  }
  const at = s.at(el);
  let enumDef: EnumDef | undefined;
  if (m.enum !== undefined)
    enumDef = s.enumByKey(m.enum, `modifier '${m.name}' (<${el.name}/>) of '${b.name}'`, at);
  const type = m.enum === undefined ? "bool" : enumDef ? "enum" : "uint";
  b.field(m.name, m.start, m.size, type, at, { enumDef, implied: m.implied });
  pushModifier(b, m.name, true, m.implied ?? false, at);
}

function addVaMod(s: Session, b: InsBuilder, el: XmlElement): void {
  const what = `<va_mod> of '${b.name}'`;
  const at = s.at(el);
  const name = el.attrs.name;
  if (name === undefined) s.error("missing-attribute", `${what} has no 'name' attribute`, at);
  const start = s.numberAttr(el, "start", what);
  const size = s.numberAttr(el, "size", what);
  if (name === undefined || start === undefined || size === undefined) return;
  const implied = hasFlag(el.attrs, "implied");
  if (start === s.layout.vaMod.notEncodedStart) {
    pushModifier(b, name, false, implied, at);
    return;
  }
  let type: "bool" | "enum" | "uint" = "bool";
  let enumDef: EnumDef | undefined;
  if (size >= s.layout.vaMod.enumMinSize) {
    enumDef = s.enumByKey(name, `${size}-bit modifier '${name}' of '${b.name}'`, at);
    type = enumDef ? "enum" : "uint";
  }
  b.field(name, start, size, type, at, { enumDef, implied });
  pushModifier(b, name, true, implied, at);
}

function pushModifier(
  b: InsBuilder,
  name: string,
  encoded: boolean,
  implied: boolean,
  source: Modifier["source"],
): void {
  const m: Modifier = { name, field: name, encoded, source };
  if (implied) m.implied = true;
  b.modifiers.push(m);
}
