/**
 * The C of the valhall syntax (Mesa's disasm.py text), as the TS codec prints it
 * (generator/runtime/codec/valhallSyntax.ts) from the same data (generator/emit/codec/syntax/
 * valhall.ts): a function per instruction writing its mnemonic, suffixes and operands, the
 * sources' text (registers, uniforms, the inline-immediate table, special FAU values) as code.
 */
import type { EnumDef, Field, IsaModel } from "../../model/types";
import { valhallSyntaxData } from "../codec/syntax/valhall";
import { functionPart, NameScope } from "../cheader/names";
import { cStringLiteral } from "../dispatch/dispatchView";
import type { CFunction } from "./isaspecC";
import { fieldRead } from "./isaspecC";

type Suffix = [string, string];

interface ValhallData {
  fauPage: string;
  lut: number[];
  fauPages: ((string | null)[] | null)[];
  enumDefaults: number[];
  instructions: Record<
    string,
    {
      mods: Suffix[];
      dest: [string, string] | null;
      staging: { field: string; count: string; bias: number }[];
      sources: { field: string; suffixes: Suffix[] }[];
      imms: { field: string; prefix: string; signed: boolean }[];
    }
  >;
}

const put = (text: string) => `dis_putn(w, ${cStringLiteral(text)}, ${Buffer.byteLength(text)});`;
/** The codec's hex(): `0x` and upper-case digits. */
const upperHex = (v: number) => `0x${(v >>> 0).toString(16).toUpperCase()}`;

function enumDisplays(e: EnumDef): (string | null)[] {
  const size = e.values.reduce((m, v) => Math.max(m, v.value + 1), 0);
  const out: (string | null)[] = new Array(size).fill(null);
  for (const v of e.values) if (!v.reserved) out[v.value] = v.display ?? v.name ?? null;
  return out;
}

export interface ValhallC {
  functions: CFunction[];
  /** Per instruction in model order, the function printing it. */
  instructionFunctions: string[];
}

export function valhallC(model: IsaModel): ValhallC {
  const data = valhallSyntaxData(model) as ValhallData;
  const enumIndex = new Map(model.enums.map((e, i) => [e.name, i]));
  const functions: CFunction[] = [];
  const wc = model.isa.wordCount;
  const read = (f: Field) => `(uint32_t)(${fieldRead(f, wc, "words")})`;

  // Enum suffixes: nothing for the default value, else `.display` (`.reserved` without one).
  const suffixFns = new Map<number, string>();
  const suffixFn = (index: number): string => {
    let fn = suffixFns.get(index);
    if (fn) return fn;
    fn = `suffix_${index}`;
    suffixFns.set(index, fn);
    const displays = enumDisplays(model.enums[index]);
    const def = data.enumDefaults[index];
    const body = ["switch (v) {"];
    if (def >= 0) body.push(`case ${def}:`, "\treturn;");
    displays.forEach((d, v) => {
      if (v !== def && d !== null) body.push(`case ${v}:`, `\t${put(`.${d}`)}`, "\treturn;");
    });
    body.push("default:", `\t${put(".reserved")}`, "}");
    functions.push({
      comment: `/* ${model.enums[index].name.replace(/\*\/|\/\*/g, "")} */`,
      head: `static void ${fn}(struct dis_writer *w, uint32_t v)`,
      body,
    });
    return fn;
  };

  // A source byte: bits 7:6 the kind (register, discard, uniform, immediate), 5:0 the value.
  const lutSize = data.lut.length;
  const source = ["uint32_t value = byte & 0x3f;", "switch (byte >> 6) {"];
  source.push("case 0:", "\tdis_putc(w, 'r');", "\tdis_int(w, value);", "\treturn;");
  source.push("case 1:", `\t${put("^r")}`, "\tdis_int(w, value);", "\treturn;");
  source.push(
    "case 2:",
    "\tdis_putc(w, 'u');",
    "\tdis_int(w, page < 0 ? value : value | ((uint32_t)page << 6));",
    "\treturn;",
    "}",
    "switch (value) {",
  );
  data.lut.forEach((v, i) => source.push(`case ${i}:`, `\t${put(upperHex(v))}`, "\treturn;"));
  source.push("}", "switch (page) {");
  data.fauPages.forEach((names, page) => {
    if (!names) return;
    source.push(`case ${page}:`, `\tswitch ((value - ${lutSize}) >> 1) {`);
    names.forEach((n, i) => {
      if (n !== null) source.push(`\tcase ${i}:`, `\t\t${put(n)}`, "\t\tbreak;");
    });
    source.push("\tdefault:", `\t\t${put("reserved")}`, "\t}", "\tbreak;");
  });
  source.push(
    "default:",
    `\t${put("reserved_page")}`,
    "\tif (page < 0)",
    `\t\t${put("undefined")}`,
    "\telse",
    "\t\tdis_int(w, page);",
    "}",
    `${put(".w")}`,
    "dis_putc(w, (char)('0' + (value & 1)));",
  );
  functions.push({
    comment: "/* A source operand; `page` is the FAU page (-1: the instruction has none). */",
    head: "static void source(struct dis_writer *w, uint32_t byte, int64_t page)",
    body: source,
  });

  const names = new NameScope(`C disassembler ${model.isa.id}`);
  for (const taken of ["source", "find", "disasm_into"]) names.exact(taken);
  const instructionFunctions = model.instructions.map((ins) => {
    const va = data.instructions[ins.name];
    const field = (name: string) => {
      const f = ins.fields.find((x) => x.name === name);
      if (!f) throw new Error(`valhall C: ${ins.name} has no field ${name}`);
      return f;
    };
    const body: string[] = [];
    const suffixes = (list: Suffix[]) => {
      for (const [name, label] of list) {
        const f = field(name);
        const e = f.type === "enum" && f.enum ? enumIndex.get(f.enum) : undefined;
        if (e === undefined) body.push(`if (${read(f)})`, `\t${put(`.${label}`)}`);
        else body.push(`${suffixFn(e)}(w, ${read(f)});`);
      }
    };
    body.push(put(ins.mnemonic));
    suffixes(va.mods);
    body.push("dis_putc(w, ' ');");
    let first = true;
    const next = () => {
      if (!first) body.push('dis_putn(w, ", ", 2);');
      first = false;
    };
    if (va.dest) {
      next();
      const mask = read(field(va.dest[1]));
      body.push(
        "dis_putc(w, 'r');",
        `dis_int(w, ${read(field(va.dest[0]))});`,
        `if (${mask} != 3)`,
        `\t${put(".h")}`,
        `if (${mask} != 3)`,
        `\tdis_putc(w, ${mask} == 1 ? '0' : '1');`,
      );
    }
    for (const sr of va.staging) {
      next();
      body.push(
        "{",
        `\tint64_t i, n = (int64_t)${read(field(sr.count))} + ${sr.bias};`,
        "\tdis_putc(w, '@');",
        "\tfor (i = 0; i < n; i++) {",
        "\t\tif (i > 0)",
        "\t\t\tdis_putc(w, ':');",
        "\t\tdis_putc(w, 'r');",
        `\t\tdis_int(w, (int64_t)${read(field(sr.field))} + i);`,
        "\t}",
        "}",
      );
    }
    const hasPage = ins.fields.some((f) => f.name === data.fauPage);
    for (const src of va.sources) {
      next();
      body.push(
        `source(w, ${read(field(src.field))}, ${hasPage ? read(field(data.fauPage)) : "-1"});`,
      );
      suffixes(src.suffixes);
    }
    for (const imm of va.imms) {
      next();
      const f = field(imm.field);
      body.push(put(imm.prefix));
      if (imm.signed) body.push(`dis_int(w, dis_sign_extend(${read(f)}, ${f.width}));`);
      else body.push('dis_putn(w, "0x", 2);', `dis_hex_upper(w, ${read(f)});`);
    }
    const fn = names.family(`ins_${functionPart(ins.name)}`, (b) => [b]);
    functions.push({
      comment: `/* ${ins.name.replace(/\*\/|\/\*/g, "")} */`,
      head: `static void ${fn}(struct dis_writer *w, const uint32_t *words)`,
      body,
    });
    return fn;
  });
  return { functions, instructionFunctions };
}
