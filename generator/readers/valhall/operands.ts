/**
 * Operands (§B.3, §B.4, §B.6, §B.8): the destination byte, staging registers, source slots with
 * their per-source modifier fields, and literal immediates. Positions come from the layout.
 */
import type { Operand, SourceRef } from "../../model/types";
import { textOf, type XmlElement } from "../xml";
import type { InsBuilder } from "./insBuilder";
import { slotPosition, type SourceModifierField } from "./layout";
import { describe, type Session } from "./session";
import { hasFlag, parseNumber } from "./vocabulary";

function withText(op: Operand, el: XmlElement): Operand {
  const text = textOf(el).trim();
  if (text !== "") op.brief = text;
  if (Object.keys(el.attrs).length > 0) op.attributes = { ...el.attrs };
  return op;
}

/** `dests` destinations (0 or 1): the register and its write mask. */
export function addDestination(s: Session, b: InsBuilder, owner: XmlElement, dests: number): void {
  if (dests === 0) return;
  const at = s.attrAt(owner, "dests");
  if (dests > 1)
    s.error(
      "bad-number",
      `${describe(owner)}: dests="${dests}", but the layout has one destination byte`,
      at,
    );
  const { register, writeMask } = s.layout.destination;
  b.field(register.field, register.low, register.high - register.low + 1, "register", at);
  b.field(writeMask.field, writeMask.low, writeMask.high - writeMask.low + 1, "uint", at, {
    default: writeMask.default,
  });
  b.operands.push({
    name: "dest",
    kind: "dest",
    fields: [register.field, writeMask.field],
    source: at,
  });
}

/** `<sr>` staging registers `sr0`, `sr1`…: a register field, plus fixed flag bits unless flags="false". */
export function addStaging(s: Session, b: InsBuilder, srs: XmlElement[]): void {
  const { register, flags, unflaggedWrite } = s.layout.staging;
  srs.forEach((el, k) => {
    const read = hasFlag(el.attrs, "read");
    const write = hasFlag(el.attrs, "write");
    const unflagged = el.attrs.flags === "false";
    const range = write && unflagged ? unflaggedWrite : register;
    const name = `sr${k}`;
    b.field(name, range.low, range.high - range.low + 1, "register", s.at(el));
    if (!unflagged) {
      const value =
        el.attrs.flags === "rw" ? flags.rw : (write ? flags.write : 0) | (read ? flags.read : 0);
      b.fixed.push({ low: flags.low, high: flags.high, value });
    }
    b.operands.push(withText({ name, kind: "staging", fields: [name], source: s.at(el) }, el));
  });
}

/**
 * A `<src>`'s attributes after the layout's overrides for it, each with where it was stated: the
 * document, or the companion for an attribute an override sets.
 */
interface SourceAttributes {
  attrs: Record<string, string>;
  at(attribute: string): SourceRef;
}

function sourceAttributes(s: Session, b: InsBuilder, el: XmlElement, k: number): SourceAttributes {
  const attrs = { ...el.attrs };
  const setBy = new Map<string, number>();
  (s.layout.sourceOverrides ?? []).forEach((o, i) => {
    if (o.instruction !== b.name || o.source !== k) return;
    s.usedSourceOverrides.add(i);
    (o.remove ?? []).forEach((a, j) => {
      if (!(a in attrs))
        s.error(
          "dangling-reference",
          `the layout removes attribute '${a}' from source ${k} of '${b.name}', which has none`,
          s.layoutFile.locate(["sourceOverrides", i, "remove", j]),
        );
      delete attrs[a];
    });
    for (const [a, v] of Object.entries(o.set ?? {})) {
      attrs[a] = v;
      setBy.set(a, i);
    }
  });
  return {
    attrs,
    at: (a) => {
      const i = setBy.get(a);
      return i === undefined
        ? s.attrAt(el, a)
        : s.layoutFile.locate(["sourceOverrides", i, "set", a]);
    },
  };
}

/** Source operands `src0`, `src1`… in slots, with their modifier fields. */
export function addSources(s: Session, b: InsBuilder, srcs: XmlElement[], typeSize: number): void {
  const { slotWidth, wideSize, wideSlots } = s.layout.sources;
  let slot = 0;
  srcs.forEach((el, k) => {
    const size = el.attrs.size === undefined ? typeSize : (s.numberAttr(el, "size") ?? typeSize);
    const name = `src${k}`;
    b.field(name, slot * slotWidth, slotWidth, "custom", s.at(el));
    const fields = [name];
    const index = s.layout.sourceModifiers.indexBy === "slot" ? slot : k;
    const src = sourceAttributes(s, b, el, k);
    for (const mod of s.layout.sourceModifiers.attributes) {
      if (!hasFlag(src.attrs, mod.attribute)) continue;
      for (const f of mod.fields) {
        const added = addSourceModifier(s, b, el, src, mod.attribute, f, { k, index, size });
        if (added) fields.push(added);
      }
    }
    const op = withText({ name, kind: "src", fields, size, source: s.at(el) }, el);
    if (Object.keys(src.attrs).length > 0) op.attributes = src.attrs;
    else delete op.attributes;
    b.operands.push(op);
    // A wide (64-bit) source of a narrower instruction takes two slots (build_instr).
    slot += size === wideSize && typeSize !== wideSize ? wideSlots : 1;
  });
}

function addSourceModifier(
  s: Session,
  b: InsBuilder,
  el: XmlElement,
  attrs: SourceAttributes,
  attribute: string,
  f: SourceModifierField,
  src: { k: number; index: number; size: number },
): string | undefined {
  const at = attrs.at(attribute);
  const what = `source ${src.k} of '${b.name}' (${src.size}-bit): ${attribute}`;
  const value = attrs.attrs[attribute];
  let low = slotPosition(f.position, src.index);
  if (f.positionFromValue && value !== "true") {
    const n = parseNumber(value);
    if (n === undefined) {
      s.error(
        "bad-number",
        `${describe(el)}: ${attribute}="${value}" is neither "true" nor a bit number`,
        at,
      );
      return undefined;
    }
    low = n;
  }
  const width = f.width ?? f.widthBySourceSize?.[String(src.size)];
  if (width === undefined) {
    s.error(
      "dangling-reference",
      `${what} has no width for a ${src.size}-bit source in the layout`,
      at,
    );
    return undefined;
  }
  const key = f.enumBySourceSize
    ? f.enumBySourceSize[String(src.size)]
    : f.enum?.replace("{size}", String(src.size));
  const name = `src${src.k}_${f.suffix}`;
  if (key === undefined && f.enumBySourceSize) {
    s.error(
      "dangling-reference",
      `${what} has no enum for a ${src.size}-bit source in the layout`,
      at,
    );
    b.field(name, low, width, "uint", at);
    return name;
  }
  if (key === undefined) {
    b.field(name, low, width, "bool", at);
    return name;
  }
  const enumDef = s.enumByKey(key, what, at);
  b.field(name, low, width, enumDef ? "enum" : "uint", at, { enumDef, enumPrefix: f.enumPrefix });
  return name;
}

/** `<imm name start size [signed]>`: a literal field at an absolute position. */
export function addImmediates(s: Session, b: InsBuilder, imms: XmlElement[]): void {
  for (const el of imms) {
    const what = `<imm> of '${b.name}'`;
    const name = el.attrs.name;
    if (name === undefined)
      s.error("missing-attribute", `${what} has no 'name' attribute`, s.at(el));
    const start = s.numberAttr(el, "start", what);
    const size = s.numberAttr(el, "size", what);
    if (name === undefined || start === undefined || size === undefined) continue;
    const signed = hasFlag(el.attrs, "signed");
    b.field(name, start, size, signed ? "int" : "uint", s.at(el));
    const op: Operand = { name, kind: "imm", fields: [name], size, source: s.at(el) };
    const extra = Object.entries(el.attrs).filter(([a]) => !["name", "start", "size"].includes(a));
    if (extra.length > 0) op.attributes = Object.fromEntries(extra);
    if (el.attrs.ir_name !== undefined) b.attributes[`imm.${name}.ir_name`] = el.attrs.ir_name;
    b.operands.push(op);
  }
}
