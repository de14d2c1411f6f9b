/**
 * The ISA.xml vocabulary (source-formats §B.1) and its naming rules: which elements and attributes
 * exist, how enums are keyed, the default operand size of an instruction name, number syntax.
 */

/** Attributes of an `<ins>` or `<group>` (the unconsumed ones are kept as metadata). */
export const INSTRUCTION_ATTRIBUTES = [
  "name",
  "opcode",
  "opcode2",
  "dests",
  "srcs",
  "unit",
  "message",
  "unused",
  "title",
  "last",
] as const;

/** Attributes a group member `<ins>` may give; `build_group` takes only these from it. */
export const MEMBER_ATTRIBUTES = ["name", "opcode", "opcode2", "unit"] as const;

/** Instruction attributes with their own model property (the rest become `attributes`). */
export const CONSUMED_INSTRUCTION_ATTRIBUTES = new Set([
  "name",
  "opcode",
  "opcode2",
  "unit",
  "title",
]);

/** `<src>` attributes that add no bits; the bit-adding ones come from the layout. */
export const SOURCE_PLAIN_ATTRIBUTES = ["size", "float", "pseudo"];

export const FIXED_ATTRIBUTES: Record<string, readonly string[]> = {
  valhall: [],
  lut: ["name"],
  constant: ["desc"],
  enum: ["name", "implied"],
  value: ["default", "desc", "name"],
  reserved: [],
  desc: [],
  sr: ["read", "write", "flags"],
  imm: ["name", "start", "size", "signed", "ir_name"],
  va_mod: ["name", "start", "size", "implied"],
  // Not parsed upstream; the seed uses it only with pseudo="true".
  immediate: ["name", "start", "size", "signed", "pseudo"],
};

/** Operand elements of an `<ins>`/`<group>` besides `<src>` (modifier elements come from the layout). */
export const BODY_ELEMENTS = ["sr", "imm", "va_mod", "immediate"];

/** Attributes an implicit-modifier element may carry besides `pseudo` (kept as metadata). */
export const MODIFIER_EXTRA_ATTRIBUTES: Record<string, readonly string[]> = {
  sr_count: ["count"],
  cmp: ["int_only"],
};

/**
 * valhall.py `safe_name`: space, `/` and `-` become `_`, the characters `[]()/:.,=>#&*"+'` are
 * dropped, `_` is prefixed if the result does not start with a letter, and it is lowercased.
 */
export function safeName(name: string): string {
  let s = name.replace(/[ /-]/g, "_").replace(/[[\]()/:.,=>#&*"+']/g, "");
  if (!/^[A-Za-z]/.test(s)) s = "_" + s;
  return s.toLowerCase();
}

/** valhall.py `typesize`: the default operand size implied by an instruction name's suffix. */
export function typeSize(name: string): number {
  if (name.endsWith("128")) return 128;
  if (name.endsWith("48")) return 48;
  if (name.endsWith("8")) return 8;
  const last2 = name.slice(-2);
  return /^[0-9]{2}$/.test(last2) ? Number(last2) : 32;
}

/** A decimal or `0x` hexadecimal number, or undefined if the text is neither (or unsafe). */
export function parseNumber(text: string): number | undefined {
  const t = text.trim();
  let n: number;
  if (/^0x[0-9a-f]+$/i.test(t)) n = parseInt(t.slice(2), 16);
  else if (/^[0-9]+$/.test(t)) n = parseInt(t, 10);
  else return undefined;
  return Number.isSafeInteger(n) ? n : undefined;
}

/** valhall.py tests boolean attributes for presence: any value, even "false", means true. */
export function hasFlag(attrs: Record<string, string>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(attrs, name);
}
