/**
 * Turns a parsed R500 register text into a model `Register` (bits relative to the register) and one
 * `EnumDef` per field that lists POSSIBLE VALUES.
 */
import type { Diagnostics } from "../../diagnostics";
import {
  bitsToRanges,
  notWords,
  rangeMask,
  orWords,
  setBitIndexes,
  zeroWords,
} from "../../model/bits";
import type { BitRange, EnumDef, EnumValue, Field, Register } from "../../model/types";
import type { ParsedField, ParsedRegisterText, ParsedValue } from "./parseRegisterText";

const SEE_FIELD = /^See ([A-Z][A-Z0-9_]*)\.?$/;

/** Enum names are qualified by register and field (`US_FC_INST.OP`), so they cannot collide. */
export function enumNameFor(register: string, field: string): string {
  return `${register}.${field}`;
}

/**
 * A value's symbolic name, per the upstream rule: `SYMBOL: text` with no space in SYMBOL, or a text that
 * is a single word. Upper-cased, with `. - ,` → `_`, `*` → `x`, `+` → `p`.
 */
export function valueName(text: string): { name?: string; doc: string } {
  const colon = /^([^\s:]+):\s*(.*)$/.exec(text);
  const symbol = colon ? colon[1] : /^\S+$/.test(text) ? text : undefined;
  if (symbol === undefined) return { doc: text };
  const name = symbol.toUpperCase().replace(/[.,-]/g, "_").replace(/\*/g, "x").replace(/\+/g, "p");
  return { name, doc: colon ? colon[2] : text };
}

function enumValue(v: ParsedValue): EnumValue {
  const { name, doc } = valueName(v.text);
  // Upstream drops values named `reserved`; the model keeps them, marked.
  if (name === "RESERVED")
    return { value: v.value, reserved: true, ...(doc !== v.text ? { doc } : {}), source: v.source };
  return {
    value: v.value,
    ...(name !== undefined ? { name } : {}),
    ...(doc !== "" ? { doc } : {}),
    source: v.source,
  };
}

export interface RegisterModel {
  register: Register;
  enums: EnumDef[];
}

/** Build the register `name` (32 bits wide) from its parsed text. */
export function buildRegister(
  name: string,
  parsed: ParsedRegisterText,
  diags: Diagnostics,
): RegisterModel {
  const enums: EnumDef[] = [];
  const fields: Field[] = [];
  const byName = new Map<string, { parsed: ParsedField; field: Field }>();
  for (const p of parsed.fields) {
    const field = buildField(name, p, enums);
    const see = p.values === undefined ? SEE_FIELD.exec(p.doc) : null;
    if (see) {
      // `See FIELD` takes that earlier field's description and values.
      const target = byName.get(see[1]);
      if (!target) {
        diags.error(
          "dangling-reference",
          `field '${p.name}' says 'See ${see[1]}', but no earlier field of ${name} is named '${see[1]}'`,
          p.source,
        );
      } else {
        const { doc, type, enum: enumName } = target.field;
        if (doc !== undefined) field.doc = doc;
        if (enumName !== undefined) {
          field.type = type;
          field.enum = enumName;
        }
      }
    }
    if (!byName.has(p.name)) byName.set(p.name, { parsed: p, field });
    fields.push(field);
  }
  const register: Register = {
    name,
    width: 32,
    fields,
    reserved: gapsOf(fields, 32),
    source: parsed.source,
  };
  return { register, enums };
}

function buildField(register: string, p: ParsedField, enums: EnumDef[]): Field {
  const width = Math.abs(p.high - p.low) + 1;
  const field: Field = {
    name: p.name,
    ranges: [{ low: p.low, high: p.high }],
    width,
    type: p.values ? "enum" : width === 1 ? "bool" : "uint",
    ...(p.default !== undefined ? { default: p.default } : {}),
    ...(p.doc !== "" ? { doc: p.doc } : {}),
    source: p.source,
  };
  if (p.values) {
    const name = enumNameFor(register, p.name);
    enums.push({ name, values: p.values.map(enumValue), source: p.valuesSource ?? p.source });
    field.enum = name;
  }
  return field;
}

/** Bits of a `width`-bit register that no field names (inverted ranges counted by their span). */
export function gapsOf(fields: Field[], width: number): BitRange[] {
  const count = Math.ceil(width / 32);
  let used = zeroWords(count);
  for (const f of fields)
    for (const r of f.ranges) {
      const low = Math.min(r.low, r.high);
      const high = Math.min(Math.max(r.low, r.high), width - 1);
      if (low <= high) used = orWords(used, rangeMask(count, low, high));
    }
  return bitsToRanges(setBitIndexes(notWords(used)).filter((b) => b < width));
}
