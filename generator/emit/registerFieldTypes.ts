/**
 * The types of a register decoder's `encodeRegister` fields: per register, each field and what it
 * takes (a number; a name of its enum's values; a boolean for one bit), so that a value name that
 * does not exist (`ROTATE_91`) does not type-check. Written in prettier's style, as the rest of the
 * module (emitRegisterDecoders.ts), so the build need not format 2 MB.
 */
import type { RegisterDatabase, RnnBitfield, RnnDomain, RnnElement } from "../model/types";

/** prettier's width. */
const WIDTH = 100;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

/**
 * `KEY: A | B;` at `indent` as prettier prints it: on one line; else the union on the next line,
 * indented; else one member a line.
 */
function member(indent: string, name: string, members: string[]): string {
  const union = `${members.join(" | ")};`;
  const line = `${indent}${name}: ${union}`;
  if (line.length <= WIDTH || members.length === 1) return line;
  const next = `${indent}  ${union}`;
  if (next.length <= WIDTH) return `${indent}${name}:\n${next}`;
  return `${indent}${name}:\n${members.map((m) => `${indent}  | ${m}`).join("\n")};`;
}

/** What a field takes, as TypeScript types: numbers, then its value names. */
function fieldMembers(f: RnnBitfield): string[] {
  const members = ["FieldNumber"];
  if (f.low === f.high) members.push("boolean");
  // As the runtime's fieldValue reads names: a named enum's own values, else the field's.
  if (f.type.kind === "enum" && f.type.name !== undefined)
    members.push(`EnumValueName[${JSON.stringify(f.type.name)}]`);
  else
    for (const v of f.type.values) if (v.value !== undefined) members.push(JSON.stringify(v.name));
  return members;
}

/** Each live register's live fields (a name may be several registers: their fields merge). */
function registerFields(
  dbs: RegisterDatabase[],
  domains: RnnDomain[],
): Map<string, Map<string, string[]>> {
  const bitsets = new Map(dbs.flatMap((db) => db.bitsets).map((b) => [b.name, b]));
  const registers = new Map<string, Map<string, string[]>>();
  const walk = (list: RnnElement[]) => {
    for (const e of list) {
      if (e.dead) continue;
      if (e.kind === "reg" && e.fullName !== undefined) {
        const t = e.type;
        const fields =
          t.kind === "bitset" && t.name !== undefined
            ? (bitsets.get(t.name)?.fields ?? [])
            : t.fields;
        const known = registers.get(e.fullName) ?? new Map<string, string[]>();
        for (const f of fields)
          if (!f.dead)
            known.set(f.name, [...new Set([...(known.get(f.name) ?? []), ...fieldMembers(f)])]);
        registers.set(e.fullName, known);
      }
      walk(e.elements);
    }
  };
  for (const d of domains) walk(d.elements);
  return registers;
}

/**
 * `FieldNumber`, `EnumValueName` (each enum's value names) and `RegisterFields` (each register's
 * fields), as declarations.
 */
export function registerFieldTypes(
  dbs: RegisterDatabase[],
  enums: { name: string; values: { name: string; value?: unknown }[] }[],
  domains: RnnDomain[],
): string {
  const enumLines = enums.map((e) => {
    const names = [
      ...new Set(e.values.filter((v) => v.value !== undefined).map((v) => v.name)),
    ].map((n) => JSON.stringify(n));
    return member("  ", key(e.name), names.length > 0 ? names : ["never"]);
  });
  const registerLines = [...registerFields(dbs, domains)].map(([name, fields]) =>
    fields.size === 0
      ? `  ${key(name)}: {};`
      : [
          `  ${key(name)}: {`,
          ...[...fields].map(([f, members]) => member("    ", `${key(f)}?`, members)),
          "  };",
        ].join("\n"),
  );
  const block = (lines: string[]) => (lines.length > 0 ? `{\n${lines.join("\n")}\n}` : "{}");
  return [
    "/** A field's value as a number. */",
    "export type FieldNumber = number | bigint;",
    "",
    "/** The names of each enum's values. */",
    `export interface EnumValueName ${block(enumLines)}`,
    "",
    "/**",
    " * What each register's fields take in `encodeRegister`: a number, a name of the field's enum's",
    " * values, or a boolean for a one-bit field.",
    " */",
    `export interface RegisterFields ${block(registerLines)}`,
  ].join("\n");
}
