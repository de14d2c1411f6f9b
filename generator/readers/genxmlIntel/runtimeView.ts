/**
 * An Intel genxml document chain as Mesa's decoder loads it (genxml.md §7.1): imports loaded whole
 * and copied in less their excludes, later definitions replacing earlier ones by name, each
 * field's enum bound when the field is read, fields inserted by start (a new one before equal
 * starts), opcode mask and value from the header fields' defaults.
 */
import * as path from "path";
import type {
  GenxmlIntelDocument,
  GenxmlIntelEnum,
  GenxmlIntelMember,
} from "../../model/genxmlIntel";
import type {
  DecoderField,
  DecoderGroup,
  DecoderSpec,
  DecoderType,
  DecoderValue,
} from "../../runtime/genxmlIntel/types";
import type { GenxmlIntelChain } from "./loadChain";
import { FIXED_POINT, parseGenxmlNumber } from "./vocabulary";

interface Tables {
  instructions: Map<string, DecoderGroup>;
  structs: Map<string, DecoderGroup>;
  registers: Map<string, DecoderGroup>;
  enums: Map<string, DecoderValue[]>;
}

export function decoderSpec(chain: GenxmlIntelChain): DecoderSpec {
  const t = loadTables(chain, chain.root);
  return {
    gen: chain.root.gen,
    instructions: Object.fromEntries(t.instructions),
    structs: Object.fromEntries(t.structs),
    registers: Object.fromEntries(t.registers),
  };
}

function loadTables(chain: GenxmlIntelChain, doc: GenxmlIntelDocument): Tables {
  const t: Tables = {
    instructions: new Map(),
    structs: new Map(),
    registers: new Map(),
    enums: new Map(),
  };
  const dir = path.dirname(chain.pathOf.get(doc)!);
  for (const imp of doc.imports) {
    const sub = loadTables(chain, chain.byPath.get(path.join(dir, imp.name))!);
    for (const ex of imp.excludes)
      for (const table of Object.values(sub)) (table as Map<string, unknown>).delete(ex.name);
    for (const [k, v] of sub.instructions) t.instructions.set(k, v);
    for (const [k, v] of sub.structs) t.structs.set(k, v);
    for (const [k, v] of sub.registers) t.registers.set(k, v);
    for (const [k, v] of sub.enums) t.enums.set(k, v);
  }
  for (const item of doc.items) {
    if (item.kind === "enum") {
      t.enums.set(item.name, enumValues(item));
      continue;
    }
    const group: DecoderGroup = {
      name: item.name,
      kind: item.kind,
      length: item.length ?? 0,
      bias: item.bias ?? 1,
      fields: [],
      opcodeMask: 0,
      opcode: 0,
      ...(item.num !== undefined ? { num: item.num } : {}),
    };
    group.fields = fieldList(t, item.fields, group);
    if (item.kind === "instruction") opcodeOf(group);
    const table =
      item.kind === "instruction"
        ? t.instructions
        : item.kind === "struct"
          ? t.structs
          : t.registers;
    table.set(item.name, group);
  }
  return t;
}

function enumValues(e: GenxmlIntelEnum): DecoderValue[] {
  return e.values.map((v) => ({ name: v.name, value: v.value }));
}

/** Insert by start, before fields of the same start (the decoder's list insertion). */
function insertByStart(list: DecoderField[], f: DecoderField): void {
  let i = 0;
  while (i < list.length && list[i].start < f.start) i++;
  list.splice(i, 0, f);
}

function fieldList(t: Tables, members: GenxmlIntelMember[], group: DecoderGroup): DecoderField[] {
  const list: DecoderField[] = [];
  for (const m of members) {
    if (m.kind === "group") {
      const fields = fieldList(t, m.fields, group);
      insertByStart(list, {
        name: "",
        start: m.start,
        end: m.start + Math.max(m.count, 1) * m.size - 1,
        type: { kind: "unknown" },
        values: [],
        array: { offset: m.start, count: m.count, size: m.size, fields },
      });
      continue;
    }
    const f: DecoderField = {
      name: m.name ?? "",
      start: m.start,
      end: m.end,
      type: resolveType(t, m.type),
      values: m.values.map((v) => ({ name: v.name, value: v.value })),
    };
    if (m.default !== undefined && m.start >= 16 && m.end <= 31)
      f.default = parseGenxmlNumber(m.default);
    if (m.name === "DWord Length") group.dwordLength = f;
    insertByStart(list, f);
  }
  return list;
}

function resolveType(t: Tables, type: string | undefined): DecoderType {
  if (type === undefined) return { kind: "unknown" };
  switch (type) {
    case "int":
    case "uint":
    case "bool":
    case "float":
    case "address":
    case "offset":
      return { kind: type };
  }
  const fixed = FIXED_POINT.exec(type);
  if (fixed)
    return {
      kind: fixed[1] === "u" ? "ufixed" : "sfixed",
      integer: Number(fixed[2]),
      fraction: Number(fixed[3]),
    };
  if (t.structs.has(type)) return { kind: "struct", name: type };
  const e = t.enums.get(type);
  if (e) return { kind: "enum", values: e };
  if (type === "mbo" || type === "mbz") return { kind: type };
  // The checks report a type that names nothing; the decoder would refuse the document.
  return { kind: "unknown" };
}

/** The header fields' defaults: fields from the front while they end in dword 0. */
function opcodeOf(group: DecoderGroup): void {
  let mask = 0;
  let opcode = 0;
  for (const f of group.fields) {
    if (f.end > 31) break;
    if (f.start >= 16 && f.default !== undefined) {
      const width = f.end - f.start + 1;
      mask = (mask | ((width >= 32 ? 0xffffffff : (1 << width) - 1) << f.start)) >>> 0;
      opcode = (opcode + f.default * 2 ** f.start) >>> 0;
    }
  }
  group.opcodeMask = mask;
  group.opcode = opcode;
}
