/**
 * Data the valhall assembly syntax (Mesa's disasm.py / asm.py text) needs beyond the generic codec
 * tables, embedded in the generated codec as `SYNTAX`: per instruction, which fields print where
 * and in what order; the enums' default values (printed as nothing); the inline-immediate LUT; the
 * special FAU names by page. Everything comes from the model; the text itself is the template's.
 */
import type { EnumDef, Field, Instruction, IsaModel } from "../../../model/types";

/** Fields every Valhall instruction has (the reader names them after specs/valhall/layout.json). */
const FLOW_FIELD = "flow";
const FAU_PAGE_FIELD = "fau_page";

/** Per-source modifier fields (`src<k>_<role>`) in the order disasm.py prints them. */
const SOURCE_ROLES = [
  "neg",
  "abs",
  "swizzle",
  "lanes",
  "halfswizzle",
  "widen",
  "combine",
  "lane",
  "not",
];

/** A printed suffix: `[field, label]`; a flag prints `.label`, an enum the value's display. */
type Suffix = [string, string];

interface InstructionSyntax {
  /** Instruction modifiers in XML order, then the flow. */
  mods: Suffix[];
  /** `[register, write mask]` fields of the destination, if any. */
  dest: [string, string] | null;
  /** Staging registers: the register field, the field holding the count, and count − raw value. */
  staging: { field: string; count: string; bias: number }[];
  sources: { field: string; suffixes: Suffix[] }[];
  /** Literal immediates: `#` for `constant`, else `name:`; signed ones print in decimal. */
  imms: { field: string; prefix: string; signed: boolean }[];
}

function fieldOf(ins: Instruction, name: string): Field {
  const f = ins.fields.find((x) => x.name === name);
  if (!f) throw new Error(`valhall syntax: ${ins.name} has no field '${name}'`);
  return f;
}

/** Only flags and enums have a text form as suffixes; anything else is a model change to handle here. */
function suffix(ins: Instruction, field: string, label: string): Suffix {
  const f = fieldOf(ins, field);
  if (f.type !== "bool" && f.type !== "enum")
    throw new Error(`valhall syntax: ${ins.name}.${field} is ${f.type}, which has no suffix form`);
  return [field, label];
}

/**
 * The count a staging-count value stands for, minus the value: the enum's entry 0 names it
 * (`sr0` → 0, the number of registers; `write1` → 1, the number minus one).
 */
function countBias(e: EnumDef | undefined): number {
  const first = e?.values.find((v) => v.value === 0)?.display ?? "";
  const m = /(\d+)$/.exec(first);
  if (!m)
    throw new Error(`valhall syntax: cannot tell what a staging count of 0 means from ${e?.name}`);
  return Number(m[1]);
}

function instructionSyntax(ins: Instruction, enums: Map<string, EnumDef>): InstructionSyntax {
  const has = (name: string) => ins.fields.some((f) => f.name === name);
  // Implied modifiers (staging counts, and those selecting opcode2) are not printed as suffixes.
  const mods = ins.modifiers
    .filter((m) => m.encoded && !m.implied)
    .map((m) => suffix(ins, m.field, m.name));
  mods.push(suffix(ins, FLOW_FIELD, FLOW_FIELD));
  const countField = (write: boolean): string => {
    const order = write
      ? ["staging_register_write_count", "staging_register_count"]
      : ["staging_register_count", "staging_register_write_count"];
    const name = order.find(has);
    if (!name) throw new Error(`valhall syntax: ${ins.name} has staging registers but no count`);
    return name;
  };
  const syntax: InstructionSyntax = { mods, dest: null, staging: [], sources: [], imms: [] };
  for (const op of ins.operands) {
    if (op.kind === "dest") syntax.dest = [op.fields[0], op.fields[1]];
    else if (op.kind === "staging") {
      const count = countField(op.attributes?.write === "true");
      syntax.staging.push({
        field: op.fields[0],
        count,
        bias: countBias(enums.get(fieldOf(ins, count).enum ?? "")),
      });
    } else if (op.kind === "src") {
      const roles = new Map(op.fields.slice(1).map((f) => [f.slice(op.name.length + 1), f]));
      const suffixes = SOURCE_ROLES.filter((r) => roles.has(r)).map((r) =>
        suffix(ins, roles.get(r)!, r),
      );
      if (suffixes.length !== roles.size)
        throw new Error(`valhall syntax: ${ins.name}.${op.name} has a modifier of unknown role`);
      syntax.sources.push({ field: op.fields[0], suffixes });
    } else if (op.kind === "imm") {
      const f = fieldOf(ins, op.fields[0]);
      syntax.imms.push({
        field: f.name,
        prefix: f.name === "constant" ? "#" : `${f.name}:`,
        signed: f.type === "int",
      });
    } else throw new Error(`valhall syntax: ${ins.name} has a ${op.kind} operand`);
  }
  return syntax;
}

export function valhallSyntaxData(model: IsaModel): object {
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  // Special FAU values: enum `FAU special page <n>` per page; a page without one prints reserved_page<n>.
  const fauPages: ((string | null)[] | null)[] = [null, null, null, null];
  for (const e of model.enums) {
    const m = /^FAU special page (\d+)$/.exec(e.name);
    if (!m) continue;
    const names: (string | null)[] = [];
    for (const v of e.values) names[v.value] = v.reserved ? null : (v.display ?? null);
    fauPages[Number(m[1])] = Array.from(names, (n) => n ?? null);
  }
  const lut = model.lookupTables.find((t) => t.name === "Immediates");
  return {
    flow: FLOW_FIELD,
    fauPage: FAU_PAGE_FIELD,
    lut: lut ? [...lut.entries].sort((a, b) => a.index - b.index).map((e) => e.value) : [],
    fauPages,
    /** The default value of each enum (index as in ENUMS), or -1: a default prints as nothing. */
    enumDefaults: model.enums.map((e) => e.values.find((v) => v.default)?.value ?? -1),
    instructions: Object.fromEntries(
      model.instructions.map((i) => [i.name, instructionSyntax(i, enums)]),
    ),
  };
}
