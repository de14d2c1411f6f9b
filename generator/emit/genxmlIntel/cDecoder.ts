/**
 * A C decoder for one Intel genxml document: per struct, instruction and register a print function
 * that walks its fields as straight-line code and prints what Mesa's intel_print_group prints
 * (generator/runtime/genxmlIntel/printGroup.ts is the same walk in TS; the C runtime,
 * generator/runtime/c/genxml_intel_print.c, is inlined). Layout: templates/c/genxml-intel/decoder.c.hbs.
 */
import { readFileSync } from "fs";
import { packagePath } from "../../paths";
import type {
  DecoderField,
  DecoderGroup,
  DecoderSpec,
  DecoderValue,
} from "../../runtime/genxmlIntel/types";
import { renderTemplate } from "../renderTemplate";

/** A C string literal. */
function cString(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}

interface GroupRef {
  kind: string;
  name: string;
  fn: string;
}

class DecoderWriter {
  readonly values: { name: string; entries: string }[] = [];
  private readonly valueNames = new Map<DecoderValue[], string>();
  constructor(readonly fnOf: (kind: string, name: string) => string | undefined) {}

  /** The table of named values (shared by every field bound to the same enum). */
  valuesOf(values: DecoderValue[]): { table: string; count: number } {
    if (values.length === 0) return { table: "NULL", count: 0 };
    let name = this.valueNames.get(values);
    if (!name) {
      name = `gxi_values_${this.values.length}`;
      this.valueNames.set(values, name);
      this.values.push({
        name,
        entries: values.map((v) => `{ ${cString(v.name)}, ${v.value} }`).join(", "),
      });
    }
    return { table: name, count: values.length };
  }
}

/** The statements that visit `fields` at bit offset `base` (a C expression), array depth `depth`. */
function visitFields(
  w: DecoderWriter,
  group: DecoderGroup,
  fields: DecoderField[],
  base: string,
  depth: number,
  out: string[],
  indent: string,
): void {
  for (const f of fields) {
    if (f.array) {
      const a = f.array;
      const i = `i${depth}`;
      const b = `b${depth}`;
      out.push(`${indent}{`);
      if (a.count === 0)
        out.push(`${indent}   int64_t limit${depth} = gxi_guess_length(gxi_dword(&w, 0));`);
      out.push(
        `${indent}   for (uint32_t ${i} = 0;${a.count === 0 ? "" : ` ${i} < ${a.count}`}; ${i}++) {`,
        `${indent}      uint32_t ${b} = ${base} + ${a.offset} + ${i} * ${a.size};`,
      );
      visitFields(w, group, a.fields, b, depth + 1, out, `${indent}      `);
      if (a.count === 0)
        out.push(`${indent}      if (!((int64_t)${b} + ${a.size} < limit${depth} * 32)) break;`);
      out.push(`${indent}   }`, `${indent}}`);
      continue;
    }
    const start = `${base} + ${f.start}`;
    const end = `${base} + ${f.end}`;
    const t = f.type;
    out.push(
      `${indent}/* ${f.name.replace(/\*\//g, "* /")} */`,
      `${indent}if ((${start}) / 32 >= w.end) return;`,
    );
    const read = (address: boolean) =>
      `${indent}v = gxi_read(&w, ${start}, ${end}, ${address ? 1 : 0});`;
    switch (t.kind) {
      case "mbo":
        break;
      case "int":
      case "unknown":
      case "uint":
      case "mbz":
      case "enum": {
        const vals = w.valuesOf(t.kind === "enum" ? t.values : f.values);
        const signed = t.kind === "uint" || t.kind === "mbz" ? 0 : 1;
        out.push(
          read(false),
          `${indent}gxi_number(&w, v, ${signed}, ${vals.table}, ${vals.count});`,
        );
        if (depth === 0 && (f.name === "Surface Format" || f.name === "Source Element Format"))
          out.push(
            `${indent}gxi_surface_format(&w, v, ${cString(f.name)}, ${vals.table}, ${vals.count});`,
          );
        break;
      }
      case "bool":
        out.push(
          read(false),
          `${indent}snprintf(w.text, sizeof(w.text), "%s", v ? "true" : "false");`,
        );
        break;
      case "float":
        out.push(read(false), `${indent}gxi_float(&w, v);`);
        break;
      case "address":
      case "offset":
        out.push(read(true), `${indent}snprintf(w.text, sizeof(w.text), "0x%08" PRIx64, v);`);
        break;
      case "ufixed":
      case "sfixed":
        out.push(
          read(false),
          `${indent}gxi_fixed(&w, v, ${t.kind === "sfixed" ? 1 : 0}, ${t.integer}, ${t.fraction});`,
        );
        break;
      case "struct":
        out.push(`${indent}snprintf(w.text, sizeof(w.text), "<struct %s>", ${cString(t.name)});`);
        break;
    }
    out.push(`${indent}gxi_headers(&w, ${end});`);
    if (isHeaderField(group, f, depth)) continue;
    if (depth === 0)
      out.push(`${indent}fprintf(w.out, "    %s: %s\\n", ${cString(f.name)}, w.text);`);
    else {
      const fmt = Array.from({ length: depth }, () => "[%u]").join("");
      const args = Array.from({ length: depth }, (_, k) => `i${k}`).join(", ");
      out.push(
        `${indent}fprintf(w.out, "    %s${fmt}: %s\\n", ${cString(f.name)}, ${args}, w.text);`,
      );
    }
    if (t.kind === "struct") {
      const fn = w.fnOf("struct", t.name);
      if (fn)
        out.push(
          `${indent}{`,
          `${indent}   uint32_t k = (${start}) / 32;`,
          `${indent}   ${fn}(w.out, w.offset + 4 * k, k < w.count ? w.dw + k : w.dw, k < w.count ? w.count - k : 0, (${start}) % 32, w.surface_format);`,
          `${indent}}`,
        );
    }
  }
}

function isHeaderField(group: DecoderGroup, f: DecoderField, depth: number): boolean {
  if (depth > 0 || f.start >= 32 || f.end >= 32) return false;
  const width = f.end - f.start + 1;
  const bits = ((width >= 32 ? 0xffffffff : (1 << width) - 1) << f.start) >>> 0;
  return (bits & group.opcodeMask) !== 0;
}

/** The C source of the decoder for `spec` (a document's decoder view). */
export function cDecoder(spec: DecoderSpec, documentName: string): string {
  const groups: (GroupRef & { group: DecoderGroup })[] = [];
  const kinds: [string, Record<string, DecoderGroup>][] = [
    ["struct", spec.structs],
    ["instruction", spec.instructions],
    ["register", spec.registers],
  ];
  for (const [kind, table] of kinds)
    for (const name of Object.keys(table).sort())
      groups.push({ kind, name, fn: `gxi_print_${kind}_${groups.length}`, group: table[name] });
  const fnByKey = new Map(groups.map((g) => [`${g.kind}\0${g.name}`, g.fn]));
  const w = new DecoderWriter((kind, name) => fnByKey.get(`${kind}\0${name}`));
  const functions = groups.map((g) => {
    const body: string[] = [];
    const dl = g.group.dwordLength;
    const length =
      g.group.kind !== "instruction"
        ? `${g.group.length}`
        : dl
          ? `(int64_t)gxi_read(&w, ${dl.start}, ${dl.end}, 0) + ${g.group.bias}`
          : "gxi_guess_length(gxi_dword(&w, 0))";
    visitFields(w, g.group, g.group.fields, "0u", 0, body, "   ");
    return { fn: g.fn, kind: g.kind, name: g.name, length, body };
  });
  const runtime = readFileSync(
    packagePath("generator", "runtime", "c", "genxml_intel_print.c"),
    "utf8",
  );
  return renderTemplate("c/genxml-intel/decoder.c.hbs", {
    document: documentName,
    runtime,
    functions,
    values: w.values,
    items: groups.map((g) => ({ kind: cString(g.kind), name: cString(g.name), fn: g.fn })),
  });
}
