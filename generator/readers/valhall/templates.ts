/**
 * Instruction templates: an `<ins>`, or a `<group>` whose member `<ins>` elements each become an
 * instruction sharing every other child of the group (valhall.py `build_group`). The shared body is
 * checked against the vocabulary here, once per template.
 */
import { elements, type XmlElement } from "../xml";
import { docOf } from "./readTables";
import { describe, type Session } from "./session";
import {
  BODY_ELEMENTS,
  FIXED_ATTRIBUTES,
  hasFlag,
  INSTRUCTION_ATTRIBUTES,
  MEMBER_ATTRIBUTES,
  MODIFIER_EXTRA_ATTRIBUTES,
  SOURCE_PLAIN_ATTRIBUTES,
} from "./vocabulary";

export interface InsTemplate {
  /** The `<ins>` or `<group>`; its attributes apply to every member. */
  owner: XmlElement;
  isGroup: boolean;
  doc?: string;
  /** Operand and modifier elements, in document order. */
  body: XmlElement[];
  /** The elements that each become an instruction (the `<ins>` itself when not in a group). */
  members: XmlElement[];
}

export function readTemplate(s: Session, owner: XmlElement): InsTemplate {
  const isGroup = owner.name === "group";
  s.checkAttributes(owner, INSTRUCTION_ATTRIBUTES);
  const body: XmlElement[] = [];
  const members: XmlElement[] = [];
  for (const c of elements(owner)) {
    if (c.name === "desc") continue;
    if (isGroup && c.name === "ins") {
      s.checkAttributes(c, MEMBER_ATTRIBUTES);
      for (const inner of elements(c))
        s.error(
          "unknown-element",
          `unknown element <${inner.name}> in group member ${describe(c)}`,
          s.at(inner),
        );
      members.push(c);
    } else if (checkBodyElement(s, owner, c)) {
      body.push(c);
    }
  }
  if (isGroup && members.length === 0)
    s.warning(
      "empty-group",
      `${describe(owner)} has no member <ins>, so it defines no instruction`,
      s.at(owner),
    );
  const t: InsTemplate = { owner, isGroup, body, members: isGroup ? members : [owner] };
  const doc = docOf(owner);
  if (doc !== undefined) t.doc = doc;
  return t;
}

/** Check one operand/modifier element; false if it is not part of the vocabulary. */
function checkBodyElement(s: Session, owner: XmlElement, el: XmlElement): boolean {
  const layoutModifier = s.layout.modifiers.find((m) => m.element === el.name);
  let known: readonly string[] | undefined;
  if (el.name === "src")
    known = [
      ...SOURCE_PLAIN_ATTRIBUTES,
      ...s.layout.sourceModifiers.attributes.map((a) => a.attribute),
    ];
  else if (layoutModifier) known = ["pseudo", ...(MODIFIER_EXTRA_ATTRIBUTES[el.name] ?? [])];
  else if (BODY_ELEMENTS.includes(el.name)) known = FIXED_ATTRIBUTES[el.name];
  if (!known) {
    s.error("unknown-element", `unknown element <${el.name}> in ${describe(owner)}`, s.at(el));
    return false;
  }
  s.checkAttributes(el, known);
  s.checkLeaf(el);
  if (el.name === "immediate" && !hasFlag(el.attrs, "pseudo"))
    s.warning(
      "ignored-element",
      `<immediate> in ${describe(owner)} is ignored: valhall.py does not read it (literal fields are <imm>)`,
      s.at(el),
    );
  return true;
}
