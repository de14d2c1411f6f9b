/**
 * A Panfrost genxml document's decoder as a TypeScript module (templates/ts/genxml-panfrost/):
 * per struct, straight-line code that unpacks the bytes into the values Mesa's generated
 * `«N»_unpack` stores (C's member types included), prints them as `«N»_print` does, and gives them
 * as typed fields; it carries generator/runtime/genxmlPanfrost/ (and the `%f` of the codecs).
 */
import { readFileSync } from "fs";
import * as path from "path";
import type {
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
import { enumCName, fieldCName, structCName } from "./names";

/** The decoder module's TypeScript source for `doc`. */
export function panfrostDecoderModule(doc: GenxmlPanfrostDocument): string {
  return renderTemplate("ts/genxml-panfrost/decoder.ts.hbs", decoderView(doc));
}

/** The runtime the module carries: its imports and `export`s removed. */
function runtimeSource(): string {
  return [
    ["codec", "isaspecNumbers.ts"],
    ["genxmlPanfrost", "panfrostValues.ts"],
  ]
    .map(([dir, name]) => {
      const candidates = [
        path.join(__dirname, "..", "..", "runtime", dir, name),
        path.join(__dirname, "..", "..", "..", "..", "generator", "runtime", dir, name),
      ];
      for (const file of candidates) {
        try {
          return readFileSync(file, "utf8")
            .replace(/^import [^;]*;\n/gm, "")
            .replace(/^export /gm, "")
            .trim();
        } catch {
          // the next
        }
      }
      throw new Error(`runtime source ${dir}/${name} not found`);
    })
    .join("\n\n");
}

const js = (s: string): string => JSON.stringify(s);

interface Context {
  structs: Map<string, GenxmlPanfrostStruct>;
  enums: Map<string, GenxmlPanfrostEnum>;
}

function decoderView(doc: GenxmlPanfrostDocument) {
  const structs = new Map<string, GenxmlPanfrostStruct>();
  const enums = new Map<string, GenxmlPanfrostEnum>();
  for (const item of doc.items) {
    if (item.kind === "struct") structs.set(item.name, item);
    else if (item.kind === "enum") enums.set(item.name, item);
  }
  const ctx: Context = { structs, enums };
  const enumList = [...enums.values()];
  const structList = [...structs.values()];
  const asStr = (name: string) => (enums.has(name) ? `${enumCName(name)}_as_str` : "invalidName");
  return {
    file: doc.file,
    runtime: runtimeSource(),
    enums: enumList.map((e) => ({
      fn: `${enumCName(e.name)}_as_str`,
      // A C switch takes the first of equal cases too.
      cases: e.values
        .filter((v, i) => e.values.findIndex((w) => w.value === v.value) === i)
        .map((v) => ({ value: v.value, name: js(v.name) })),
    })),
    pixelFormat:
      doc.arch === undefined
        ? null
        : doc.arch <= 6
          ? { v6: { format: asStr("Format"), channel: asStr("Channel") } }
          : { v7: { format: asStr("Format"), order: asStr("RGB Component Order") } },
    structs: structList.map((s) => structView(s, ctx)),
    unpacked: structList
      .filter((s) => !s.noDirectPacking)
      .map((s) => ({ cName: structCName(s.name), name: js(s.name), bytes: structBytes(s) })),
  };
}

function structView(s: GenxmlPanfrostStruct, ctx: Context) {
  const cName = structCName(s.name);
  const kindOf = (f: GenxmlPanfrostField) => panfrostFieldKind(f, ctx.structs, ctx.enums);
  return {
    cName,
    unpack: s.noDirectPacking ? null : unpackView(s, ctx),
    print: s.fields.map((f) => printLine(f, kindOf(f))),
    fields: s.fields.map((f) => ({ name: js(f.name), expr: fieldExpr(f, kindOf(f)) })),
  };
}

function unpackView(s: GenxmlPanfrostStruct, ctx: Context) {
  const flat = flattenFields(s, ctx.structs);
  const words = Math.floor(structBytes(s) / 4);
  const checks = [];
  for (let i = 0; i < words; i++) {
    let covered = 0n;
    for (const ff of flat) {
      if (i < Math.floor(ff.start / 32) || i > Math.floor(ff.end / 32)) continue;
      const lo = Math.max(ff.start - 32 * i, 0);
      const hi = Math.min(ff.end - 32 * i, 31);
      covered |= ((1n << BigInt(hi - lo + 1)) - 1n) << BigInt(lo);
    }
    const garbage = ~covered & 0xffffffffn;
    if (garbage !== 0n)
      checks.push({
        index: i,
        mask: `0x${garbage.toString(16)}`,
        message: js(`XXX: Invalid field of ${s.name} unpacked at word ${i}`),
      });
  }
  // Objects for the embedded structs, outermost first, then every flattened field's value.
  const nested: string[] = [];
  const seen = new Set<string>();
  for (const ff of flat)
    for (let d = 1; d < ff.path.length; d++) {
      const p = ff.path.slice(0, d).map(fieldCName).join(".");
      if (!seen.has(p)) nested.push(p);
      seen.add(p);
    }
  return {
    checks,
    nested,
    reads: flat.map((ff) => ({
      path: ff.path.map(fieldCName).join("."),
      expr: readExpr(ff, panfrostFieldKind(ff.field, ctx.structs, ctx.enums)),
    })),
  };
}

/** The value `«N»_unpack` stores for a flattened field, in the member's C type. */
function readExpr(ff: FlatField, kind: PanfrostFieldKind): string {
  const { start: s, end: e, field: f } = ff;
  const m = f.modifier;
  const width = e - s + 1;
  if (isWideField(f, kind)) {
    const raw = `readBits64(b, ${s}, ${e})`;
    if (m?.kind === "minus") return `u64(${raw} + ${m.n}n)`;
    if (m?.kind === "shr") return `u64(${raw} << ${m.n}n)`;
    if (m?.kind === "log2") return `BigInt(pow2(Number(${raw} % 32n)))`;
    return raw;
  }
  const raw = `readBits(b, ${s}, ${e})`;
  const modified = (v: string) =>
    m?.kind === "minus"
      ? `${v} + ${m.n}`
      : m?.kind === "shr"
        ? `${v} * ${2 ** m.n!}`
        : m?.kind === "log2"
          ? `pow2(${v})`
          : v;
  switch (kind) {
    case "bool":
      return `${modified(raw)} !== 0`;
    case "int":
      return `s32(${modified(`signExtend(${raw}, ${width})`)})`;
    case "float":
      return raw;
    case "ulod":
      return `bitsOfFloat(lod(${raw}))`;
    case "slod":
      return `bitsOfFloat(lod(signExtend(${raw}, ${width})))`;
    case "padded":
      return `padded(${raw})`;
    default:
      return m ? `u32(${modified(raw)})` : width > 32 ? `u32(${raw})` : raw;
  }
}

/** The print function's line for a top-level field (genxml.md §9.7), as a statement. */
function printLine(f: GenxmlPanfrostField, kind: PanfrostFieldKind) {
  const v = `v.${fieldCName(f.name)}`;
  const label = js(`${f.name}: `);
  const line = (value: string) => ({ line: { label, value } });
  switch (kind) {
    case "struct":
      return { nested: { label: js(`${f.name}:`), fn: `print_${structCName(f.type)}`, value: v } };
    case "Pixel Format":
      return { pixelFormat: { value: v } };
    case "enum":
      return line(`${enumCName(f.type)}_as_str(${v})`);
    case "bool":
      return line(`(${v} ? "true" : "false")`);
    case "float":
    case "ulod":
    case "slod":
      return line(`printfF(${v})`);
    case "uint/float":
      return line(`"0x" + hexUpper(${v}) + " (" + printfF(${v}) + ")"`);
    case "Component Swizzle":
      return line(`${v} + " (" + swizzle(${v}) + ")"`);
    case "address":
    case "hex":
      return line(`"0x" + ${v}.toString(16)`);
  }
  if (kind === "uint" && f.end - f.start >= 32) return line(`"0x" + ${v}.toString(16)`);
  return line(`String(${v})`);
}

/** A top-level field as decodeStruct gives it: typed, enums with their value's name. */
function fieldExpr(f: GenxmlPanfrostField, kind: PanfrostFieldKind): string {
  const v = `v.${fieldCName(f.name)}`;
  switch (kind) {
    case "struct":
      return `fields_${structCName(f.type)}(${v})`;
    case "enum":
      return `namedValue(${v}, ${enumCName(f.type)}_as_str(${v}))`;
    case "float":
    case "ulod":
    case "slod":
      return `uif(${v})`;
    default:
      return v;
  }
}
