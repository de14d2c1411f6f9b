/**
 * One instruction from a template and a member: operands, modifiers, the per-instruction fields
 * every Valhall instruction has (FAU page, flow), and its fixed bits (encoding.ts).
 */
import type { Instruction } from "../../model/types";
import type { XmlElement } from "../xml";
import { encodingOf } from "./encoding";
import { InsBuilder } from "./insBuilder";
import { addModifier } from "./modifiers";
import { addDestination, addImmediates, addSources, addStaging } from "./operands";
import { describe, type Session } from "./session";
import type { InsTemplate } from "./templates";
import { CONSUMED_INSTRUCTION_ATTRIBUTES, hasFlag, typeSize } from "./vocabulary";

/** The instruction a member of a template defines, or undefined if it has no usable name/opcode. */
export function buildInstruction(
  s: Session,
  t: InsTemplate,
  member: XmlElement,
): Instruction | undefined {
  const name = member.attrs.name;
  if (name === undefined) {
    s.error("missing-attribute", `${describe(member)} has no 'name' attribute`, s.at(member));
    return undefined;
  }
  // A member's own name/opcode/opcode2/unit override the group's (build_group).
  const from = (attr: string): XmlElement | undefined =>
    member.attrs[attr] !== undefined
      ? member
      : t.isGroup && t.owner.attrs[attr] !== undefined
        ? t.owner
        : undefined;
  const opcodeEl = from("opcode");
  if (!opcodeEl) {
    const where = t.isGroup
      ? `neither the <ins> nor its ${describe(t.owner)} gives one`
      : "the <ins> gives none";
    s.error("missing-attribute", `instruction '${name}' has no opcode (${where})`, s.at(member));
    return undefined;
  }
  const opcode = s.numberAttr(opcodeEl, "opcode");
  if (opcode === undefined) return undefined;
  const opcode2El = from("opcode2");
  const opcode2 = opcode2El ? s.numberAttr(opcode2El, "opcode2") : undefined;
  const unit = from("unit")?.attrs.unit;

  const b = new InsBuilder(name);
  for (const [attr, value] of Object.entries(t.owner.attrs))
    if (!CONSUMED_INSTRUCTION_ATTRIBUTES.has(attr)) b.attributes[attr] = value;
  const size = typeSize(name);
  const sources = t.body.filter((el) => el.name === "src" && !hasFlag(el.attrs, "pseudo"));
  const staging = t.body.filter((el) => el.name === "sr");
  const dests = t.owner.attrs.dests === undefined ? 0 : (s.numberAttr(t.owner, "dests") ?? 0);

  addDestination(s, b, t.owner, dests);
  addStaging(s, b, staging);
  addSources(s, b, sources, size);
  addImmediates(
    s,
    b,
    t.body.filter((el) => el.name === "imm"),
  );
  for (const el of t.body) if (!hasFlag(el.attrs, "pseudo")) addModifier(s, b, el);
  const { fauPage, flow } = s.layout.instruction;
  b.field(fauPage.field, fauPage.low, fauPage.high - fauPage.low + 1, "uint", s.at(member));
  const flowEnum = flow.enum === undefined ? undefined : flowEnumDef(s, flow.enum);
  b.field(
    flow.field,
    flow.low,
    flow.high - flow.low + 1,
    flowEnum ? "enum" : "uint",
    s.at(member),
    { enumDef: flowEnum },
  );

  const encoding = encodingOf(s, b, {
    name,
    opcode,
    opcode2,
    opcodeAt: s.attrAt(opcodeEl, "opcode"),
    opcode2At: opcode2El ? s.attrAt(opcode2El, "opcode2") : s.at(member),
    sources: sources.map((el) => el.attrs),
    placeholder: dests === 0 && staging.length === 0,
  });

  const ins: Instruction = {
    name,
    mnemonic: name,
    opcode,
    ...(opcode2 !== undefined ? { opcode2 } : {}),
    encoding,
    fields: b.fields,
    derived: [],
    overrides: [],
    operands: b.operands,
    modifiers: b.modifiers,
    notes: [],
    source: s.at(member),
  };
  if (unit !== undefined) ins.unit = unit;
  if (t.isGroup && t.owner.attrs.name !== undefined) ins.group = t.owner.attrs.name;
  if (t.owner.attrs.title !== undefined) ins.title = t.owner.attrs.title;
  if (t.doc !== undefined) ins.doc = t.doc;
  if (Object.keys(b.attributes).length > 0) ins.attributes = b.attributes;
  return ins;
}

function flowEnumDef(s: Session, key: string) {
  return s.enumByKey(
    key,
    "the layout's flow field",
    s.layoutFile.locate(["instruction", "flow", "enum"]),
  );
}
