/**
 * The `rules-ng-syntax` companion: how the upstream disassembler prints the instructions built from
 * a rules-ng document (etnaviv: Mesa's isaspec text), which the document cannot say. It becomes the
 * model's `assemblyText`, and renames instructions' mnemonics. Names are checked against the built
 * instructions; the schema (generator/model/companions/rules-ng-syntax.schema.json) checked the rest.
 */
import type { Diagnostics } from "../../diagnostics";
import type {
  AssemblyText,
  Instruction,
  TextImmediatePart,
  TextOperandFields,
  TextValuePart,
} from "../../model/types";
import type { LoadedCompanion } from "../readerTypes";
import { singleCompanion } from "../singleCompanion";

export const SYNTAX_KIND = "rules-ng-syntax";

type Path = (string | number)[];

/** The companion as the schema allows it. */
interface SyntaxFile {
  upstream: string;
  layout: { headWidth: number; operandSeparator: string; unused: string; upstream: string };
  spellings: { name: string; values: Record<string, string>; upstream: string }[];
  modifiers: {
    name: string;
    text?: string;
    inverted?: boolean;
    spelling?: string;
    parts?: TextValuePart[];
    upstream: string;
  }[];
  operands: {
    name: string;
    kind: "dest" | "src" | "texture" | "target" | "void";
    fields?: TextOperandFields;
    prefix?: string;
    memory?: string;
    upstream: string;
  }[];
  immediate?: {
    group: number;
    width: number;
    value: TextImmediatePart[];
    type: TextImmediatePart;
    formats: ("float32-top" | "int" | "uint" | "float16")[];
    upstream: string;
  };
  forms: {
    name: string;
    modifiers: string[];
    operands: string[];
    instructions?: string[];
    upstream: string;
  }[];
  defaultForm: string;
  mnemonics: { instruction: string; mnemonic: string; upstream: string }[];
  variants?: {
    instruction: string;
    mnemonic: string;
    fixed: Record<string, number>;
    voidOperands?: string[];
    upstream: string;
  }[];
  unmatched?: { instructions: string[]; reason: string; upstream: string };
  absentOpcodes?: { opcode: number; mnemonic: string; form: string; upstream: string }[];
}

/**
 * The model's `assemblyText` from the ISA's syntax companion (undefined without one), checked
 * against `instructions`, whose mnemonics it renames in place.
 */
export function applySyntaxCompanion(
  companions: LoadedCompanion[],
  instructions: Instruction[],
  diags: Diagnostics,
): AssemblyText | undefined {
  const companion = singleCompanion(companions, SYNTAX_KIND, diags);
  if (!companion || instructions.length === 0) return undefined;
  const data = companion.data as SyntaxFile;
  const at = (path: Path) => companion.locate(path);
  const byName = new Map(instructions.map((i) => [i.name, i]));
  const fieldNames = new Set(instructions.flatMap((i) => i.fields.map((f) => f.name)));
  const dangling = (what: string, name: string, path: Path) =>
    diags.error("dangling-reference", `${SYNTAX_KIND}: ${what} '${name}' does not exist`, at(path));
  const checkField = (name: string, path: Path, instruction?: Instruction) => {
    const ok = instruction ? instruction.fields.some((f) => f.name === name) : fieldNames.has(name);
    if (!ok) dangling(instruction ? `field of ${instruction.name}` : "field", name, path);
  };
  const checkInstruction = (name: string, path: Path) => {
    if (!byName.has(name)) dangling("instruction", name, path);
    return byName.get(name);
  };
  const checkIn = (what: string, names: Set<string>, name: string, path: Path) => {
    if (!names.has(name)) dangling(what, name, path);
  };

  const spellingNames = new Set(data.spellings.map((s) => s.name));
  const modifierNames = new Set(data.modifiers.map((m) => m.name));
  const operandNames = new Set(data.operands.map((o) => o.name));
  const formNames = new Set(data.forms.map((f) => f.name));

  data.modifiers.forEach((m, i) => {
    if (m.spelling) checkIn("spelling", spellingNames, m.spelling, ["modifiers", i, "spelling"]);
    (m.parts ?? []).forEach((p, k) => checkField(p.field, ["modifiers", i, "parts", k, "field"]));
  });
  data.operands.forEach((o, i) => {
    for (const [role, field] of Object.entries(o.fields ?? {}))
      checkField(field as string, ["operands", i, "fields", role]);
  });
  const formOf = new Map<string, number>();
  data.forms.forEach((f, i) => {
    f.modifiers.forEach((m, k) =>
      checkIn("modifier", modifierNames, m, ["forms", i, "modifiers", k]),
    );
    f.operands.forEach((o, k) => checkIn("operand", operandNames, o, ["forms", i, "operands", k]));
    (f.instructions ?? []).forEach((name, k) => {
      checkInstruction(name, ["forms", i, "instructions", k]);
      const earlier = formOf.get(name);
      if (earlier !== undefined)
        diags.error(
          "duplicate-name",
          `${SYNTAX_KIND}: instruction '${name}' is in form '${f.name}' and in form '${data.forms[earlier].name}'`,
          at(["forms", i, "instructions", k]),
        );
      else formOf.set(name, i);
    });
  });
  checkIn("form", formNames, data.defaultForm, ["defaultForm"]);
  (data.absentOpcodes ?? []).forEach((a, i) =>
    checkIn("form", formNames, a.form, ["absentOpcodes", i, "form"]),
  );
  (data.unmatched?.instructions ?? []).forEach((name, k) =>
    checkInstruction(name, ["unmatched", "instructions", k]),
  );
  (data.variants ?? []).forEach((v, i) => {
    const ins = checkInstruction(v.instruction, ["variants", i, "instruction"]);
    if (ins) for (const f of Object.keys(v.fixed)) checkField(f, ["variants", i, "fixed", f], ins);
    (v.voidOperands ?? []).forEach((o, k) =>
      checkIn("operand", operandNames, o, ["variants", i, "voidOperands", k]),
    );
  });

  data.mnemonics.forEach((m, i) => {
    const ins = checkInstruction(m.instruction, ["mnemonics", i, "instruction"]);
    if (ins) ins.mnemonic = m.mnemonic;
  });
  checkMnemonicsUnique(instructions, data, at, diags);

  return {
    upstream: data.upstream,
    headWidth: data.layout.headWidth,
    operandSeparator: data.layout.operandSeparator,
    unused: data.layout.unused,
    spellings: data.spellings.map((s, i) => ({
      name: s.name,
      values: Object.entries(s.values)
        .map(([value, text]) => ({ value: Number(value), text }))
        .sort((a, b) => a.value - b.value),
      upstream: s.upstream,
      source: at(["spellings", i]),
    })),
    modifiers: data.modifiers.map((m, i) => ({ ...m, source: at(["modifiers", i]) })),
    operands: data.operands.map((o, i) => ({
      ...o,
      fields: o.fields ?? {},
      source: at(["operands", i]),
    })),
    ...(data.immediate ? { immediate: { ...data.immediate, source: at(["immediate"]) } } : {}),
    forms: data.forms.map((f, i) => ({
      ...f,
      instructions: f.instructions ?? [],
      source: at(["forms", i]),
    })),
    defaultForm: data.defaultForm,
    variants: (data.variants ?? []).map((v, i) => ({
      instruction: v.instruction,
      mnemonic: v.mnemonic,
      fixed: Object.entries(v.fixed).map(([field, value]) => ({ field, value })),
      voidOperands: v.voidOperands ?? [],
      upstream: v.upstream,
      source: at(["variants", i]),
    })),
    ...(data.unmatched ? { unmatched: { ...data.unmatched, source: at(["unmatched"]) } } : {}),
    absentOpcodes: (data.absentOpcodes ?? []).map((a, i) => ({
      ...a,
      source: at(["absentOpcodes", i]),
    })),
    source: at([]),
  };
}

/** Every printed mnemonic must name one instruction, or the text could not be assembled back. */
function checkMnemonicsUnique(
  instructions: Instruction[],
  data: SyntaxFile,
  at: (path: Path) => ReturnType<LoadedCompanion["locate"]>,
  diags: Diagnostics,
): void {
  const owner = new Map<string, string>();
  const claim = (mnemonic: string, who: string, path: Path) => {
    const other = owner.get(mnemonic);
    if (other !== undefined && other !== who)
      diags.error(
        "duplicate-name",
        `${SYNTAX_KIND}: mnemonic '${mnemonic}' would print for both ${other} and ${who}`,
        at(path),
      );
    else owner.set(mnemonic, who);
  };
  for (const i of instructions) {
    const k = data.mnemonics.findIndex((m) => m.instruction === i.name);
    claim(i.mnemonic, i.name, k >= 0 ? ["mnemonics", k, "mnemonic"] : ["mnemonics"]);
  }
  (data.variants ?? []).forEach((v, i) =>
    claim(v.mnemonic, `${v.instruction} (variant)`, ["variants", i, "mnemonic"]),
  );
}
