/**
 * `isaforge panfrost-pack`: the `vN_pack.h` Mesa's Panfrost gen_pack.py writes for a document
 * (genxml.md §9), rendered from templates/c/genxml-panfrost/. This module works out, item by item
 * in document order, what the templates print: names, paddings, the pack function's terms per
 * word, the unpack function's checks and reads, the print function's statements.
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import type {
  GenxmlPanfrostAggregate,
  GenxmlPanfrostDocument,
  GenxmlPanfrostEnum,
  GenxmlPanfrostField,
  GenxmlPanfrostStruct,
} from "../../model/genxmlPanfrost";
import {
  flattenFields,
  isWideField,
  panfrostFieldKind,
  structBytes,
  type FlatField,
  type PanfrostFieldKind,
} from "../../model/genxmlPanfrostLayout";
import { renderTemplate } from "../renderTemplate";
import {
  enumCName,
  enumConstant,
  enumDefault,
  fieldCName,
  fieldValueMacro,
  safeName,
  structCName,
} from "./names";

/** The header gen_pack.py writes for `doc`. */
export function panfrostPackHeader(doc: GenxmlPanfrostDocument): string {
  return renderTemplate("c/genxml-panfrost/pack.h.hbs", {
    prologue: cRuntimeSource("panfrost_pack_prologue.h"),
    // The arch's printer of Pixel Format fields; common.xml (no arch) has none.
    pixelFormatPrinter:
      doc.arch === undefined
        ? ""
        : cRuntimeSource(
            doc.arch <= 6 ? "panfrost_pixel_format_v6.h" : "panfrost_pixel_format_v7.h",
          ),
    ...packHeaderView(doc),
  });
}

/** A file of generator/runtime/c/ as it is, byte for byte (from the sources or from dist/). */
function cRuntimeSource(name: string): string {
  for (const dir of [
    path.join(__dirname, "..", "..", "runtime", "c"),
    path.join(__dirname, "..", "..", "..", "..", "generator", "runtime", "c"),
  ]) {
    const file = path.join(dir, name);
    if (existsSync(file)) return readFileSync(file, "utf8");
  }
  throw new Error(`C runtime source ${name} not found`);
}

/** Python's `hex()`: lower case, no padding. */
const hex = (n: number | bigint): string => `0x${n.toString(16)}`;

const padEnd = (s: string, n: number): string => s.padEnd(n);

function packHeaderView(doc: GenxmlPanfrostDocument) {
  const structs = new Map<string, GenxmlPanfrostStruct>();
  const enums = new Map<string, GenxmlPanfrostEnum>();
  for (const item of doc.items) {
    if (item.kind === "struct") structs.set(item.name, item);
    else if (item.kind === "enum") enums.set(item.name, item);
  }
  const ctx = { structs, enums };
  return {
    items: doc.items.map((item) =>
      item.kind === "enum"
        ? { enum: enumView(item) }
        : item.kind === "struct"
          ? { struct: structView(item, ctx) }
          : { aggregate: aggregateView(item, structs) },
    ),
  };
}

function enumView(e: GenxmlPanfrostEnum) {
  const cName = enumCName(e.name);
  return {
    cName,
    values: e.values.map((v) => {
      const constant = enumConstant(e.name, v.name);
      return {
        constant,
        padded: padEnd(constant, 36),
        value: `${v.value}`.padStart(6),
        name: v.name,
      };
    }),
  };
}

interface Context {
  structs: Map<string, GenxmlPanfrostStruct>;
  enums: Map<string, GenxmlPanfrostEnum>;
}

/** The C type of a struct member (and the `#error` line gen_pack.py writes before an unknown one). */
function memberType(f: GenxmlPanfrostField, kind: PanfrostFieldKind): string {
  if (isWideField(f, kind)) return "uint64_t";
  switch (kind) {
    case "struct":
      return `struct ${structCName(f.type)}`;
    case "enum":
      return `enum ${enumCName(f.type)}`;
    case "bool":
      return "bool";
    case "float":
    case "ulod":
    case "slod":
      return "float";
    case "int":
      return "int32_t";
    default:
      return "uint32_t";
  }
}

function structView(s: GenxmlPanfrostStruct, ctx: Context) {
  const cName = structCName(s.name);
  const bytes = structBytes(s);
  const kindOf = (f: GenxmlPanfrostField) => panfrostFieldKind(f, ctx.structs, ctx.enums);
  const members = s.fields.map((f) => {
    const c = fieldCName(f.name);
    return {
      line: `${padEnd(memberType(f, kindOf(f)), 36)} ${c};`,
      values: f.values.map((v) => ({
        macro: padEnd(fieldValueMacro(f.prefix, v.name), 40),
        value: `${v.value}`,
      })),
    };
  });
  const initializers: string[] = [];
  for (const f of s.fields) {
    const c = fieldCName(f.name);
    if (f.default !== undefined)
      initializers.push(
        `.${c} = ${ctx.enums.has(f.type) ? enumDefault(f.type, f.default) : f.default}`,
      );
    else if (ctx.structs.has(f.type))
      initializers.push(`.${c} = { ${structCName(f.type)}_header }`);
  }
  const flat = flattenFields(s, ctx.structs);
  return {
    cName,
    members: members.length ? members : null,
    header: {
      name: padEnd(`${cName}_header`, 40),
      // Joined by `,  \` and a line break.
      initializers: (initializers.length ? initializers : ["0"]).map((text, i, all) => ({
        text,
        separator: i < all.length - 1 ? ",  \\" : "",
      })),
    },
    packing: s.noDirectPacking ? null : packingView(s, cName, bytes, flat, ctx),
    print: s.fields.map((f) => printStatement(f, kindOf(f))),
  };
}

/** The term a flattened field adds to a packed word, before any shift to a later word. */
function packTerm(ff: FlatField, kind: PanfrostFieldKind, path: string): string {
  const m = ff.field.modifier;
  let v = `values->${path}`;
  if (m?.kind === "shr") v = `${v} >> ${m.n}`;
  else if (m?.kind === "minus") v = `${v} - ${m.n}`;
  else if (m?.kind === "align") v = `ALIGN_POT(${v}, ${m.n})`;
  else if (m?.kind === "log2") v = `util_logbase2(${v})`;
  const base = 32 * Math.floor(ff.start / 32);
  const s = ff.start - base;
  const e = ff.end - base;
  switch (kind) {
    case "padded":
      return `__gen_padded(${v}, ${s}, ${e})`;
    case "int":
      return `util_bitpack_sint(${v}, ${s}, ${e})`;
    case "float":
      return `util_bitpack_float(${v})`;
    case "ulod":
      return `util_bitpack_ufixed_clamp(${v}, ${s}, ${e}, 8)`;
    case "slod":
      return `util_bitpack_sfixed_clamp(${v}, ${s}, ${e}, 8)`;
    default:
      return `util_bitpack_uint(${v}, ${s}, ${e})`;
  }
}

/** What the unpack function reads a flattened field with. */
function unpackReader(kind: PanfrostFieldKind, type: string): string {
  switch (kind) {
    case "enum":
      return `(enum ${enumCName(type)})__gen_unpack_uint`;
    case "int":
      return "__gen_unpack_sint";
    case "padded":
      return "__gen_unpack_padded";
    case "float":
      return "__gen_unpack_float";
    case "ulod":
      return "__gen_unpack_ulod";
    case "slod":
      return "__gen_unpack_slod";
    default:
      return "__gen_unpack_uint";
  }
}

function packingView(
  s: GenxmlPanfrostStruct,
  cName: string,
  bytes: number,
  flat: FlatField[],
  ctx: Context,
) {
  const words = Math.floor(bytes / 4);
  const kindOf = (f: GenxmlPanfrostField) => panfrostFieldKind(f, ctx.structs, ctx.enums);
  const asserts: string[] = [];
  for (const f of s.fields) {
    const c = fieldCName(f.name);
    const m = f.modifier;
    if (m?.kind === "shr")
      asserts.push(`assert((values->${c} & ${hex(2n ** BigInt(m.n!) - 1n)}) == 0);`);
    else if (m?.kind === "minus") asserts.push(`assert(values->${c} >= ${m.n});`);
    else if (m?.kind === "log2") asserts.push(`assert(IS_POT_NONZERO(values->${c}));`);
  }
  const paths = flat.map((ff) => ff.path.map(fieldCName).join("."));
  const wordViews = [];
  const checks = [];
  for (let i = 0; i < words; i++) {
    const terms: string[] = [];
    let covered = 0n;
    flat.forEach((ff, k) => {
      const first = Math.floor(ff.start / 32);
      const last = Math.floor(ff.end / 32);
      if (i < first || i > last) return;
      const shift = i > first ? ` >> ${32 * (i - first)}` : "";
      terms.push(packTerm(ff, kindOf(ff.field), paths[k]) + shift);
      const lo = Math.max(ff.start - 32 * i, 0);
      const hi = Math.min(ff.end - 32 * i, 31);
      covered |= ((1n << BigInt(hi - lo + 1)) - 1n) << BigInt(lo);
    });
    wordViews.push({ index: `${i}`.padStart(2), terms: terms.length ? terms : null });
    const garbage = ~covered & 0xffffffffn;
    if (garbage !== 0n) checks.push({ index: i, mask: hex(garbage) });
  }
  const reads = flat.map((ff, k) => {
    const kind = kindOf(ff.field);
    const m = ff.field.modifier;
    const prefix = m?.kind === "log2" ? "1U << " : "";
    const suffix = m?.kind === "minus" ? ` + ${m.n}` : m?.kind === "shr" ? ` << ${m.n}` : "";
    return {
      line: `values->${paths[k]} = ${prefix}${unpackReader(kind, ff.field.type)}(cl, ${ff.start}, ${ff.end})${suffix};`,
      alignAssert:
        m?.kind === "align" ? `assert(!(values->${paths[k]} & ${hex(m.n! - 1)}));` : null,
    };
  });
  return {
    indent: " ".repeat(cName.length + 6),
    unpackIndent: " ".repeat(cName.length + 8),
    asserts,
    words: wordViews,
    bytes,
    align: s.align ?? null,
    packedName: `${cName.toLowerCase()}_packed`,
    packedWords: words,
    checks,
    structName: s.name,
    reads,
  };
}

/** One statement of the print function (genxml.md §9.7). */
function printStatement(f: GenxmlPanfrostField, kind: PanfrostFieldKind) {
  const c = `values->${fieldCName(f.name)}`;
  const line = (format: string, args: string) => ({ line: { label: f.name, format, args } });
  switch (kind) {
    case "struct":
      return {
        nested: { label: f.name, fn: `${structCName(f.type)}_print`, member: fieldCName(f.name) },
      };
    case "Pixel Format":
      return { pixelFormat: { member: fieldCName(f.name) } };
    case "address":
      return line('0x%" PRIx64 "', c);
    case "enum":
      return line("%s", `${enumCName(f.type)}_as_str(${c})`);
    case "int":
      return line("%d", c);
    case "bool":
      return line("%s", `${c} ? "true" : "false"`);
    case "float":
    case "ulod":
    case "slod":
      return line("%f", c);
    case "uint/float":
      return line("0x%X (%f)", `${c}, uif(${c})`);
    case "Component Swizzle":
      return line("%u (%s)", `${c}, mali_component_swizzle(${c})`);
  }
  if ((kind === "uint" || kind === "hex") && f.end - f.start >= 32) return line('0x%" PRIx64 "', c);
  if (kind === "hex") return line("0x%x", c);
  return line("%u", c);
}

function aggregateView(a: GenxmlPanfrostAggregate, structs: Map<string, GenxmlPanfrostStruct>) {
  let computed = 0;
  for (const s of a.sections) {
    const t = structs.get(s.type);
    if (t) computed = Math.max(computed, s.offset + structBytes(t));
  }
  const bytes = a.bytes ?? computed;
  const cName = structCName(a.name);
  return {
    cName,
    packedName: `${cName.toLowerCase()}_packed`,
    words: Math.floor(bytes / 4),
    bytes,
    align: a.align ?? null,
    sections: a.sections.map((s) => ({
      prefix: `${cName}_SECTION_${safeName(s.name).toUpperCase()}`,
      type: structCName(s.type),
      offset: s.offset,
    })),
  };
}
