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
import { callLines, keyLiteral, stringLiteral } from "../jsLiterals";
import { renderTemplate } from "../renderTemplate";
import { commandFamily } from "./commandFamily";
import { enumCName, fieldCName, structCName } from "./names";

/**
 * The decoder module's TypeScript source for `doc` (named `file` in it), in prettier's style: the
 * build writes it as it is.
 */
export function panfrostDecoderModule(doc: GenxmlPanfrostDocument, file = doc.file): string {
  return renderTemplate("ts/genxml-panfrost/decoder.ts.hbs", decoderView(doc, file));
}

/** `function NAME(PARAMS): RESULT {`, a parameter a line where too long (as prettier). */
function signature(name: string, params: string[], result: string): string {
  const one = `function ${name}(${params.join(", ")}): ${result} {`;
  if (one.length <= 100) return one;
  return [`function ${name}(`, ...params.map((p) => `  ${p},`), `): ${result} {`].join("\n");
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

interface Context {
  structs: Map<string, GenxmlPanfrostStruct>;
  enums: Map<string, GenxmlPanfrostEnum>;
}

function decoderView(doc: GenxmlPanfrostDocument, file: string) {
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
    file,
    fileLiteral: stringLiteral(file),
    runtime: runtimeSource(),
    enums: enumList.map((e) => ({
      fn: `${enumCName(e.name)}_as_str`,
      // A C switch takes the first of equal cases too.
      cases: e.values
        .filter((v, i) => e.values.findIndex((w) => w.value === v.value) === i)
        .map((v) => ({ value: v.value, name: stringLiteral(v.name) })),
    })),
    pixelFormat:
      doc.arch === undefined
        ? null
        : doc.arch <= 6
          ? { v6: { format: asStr("Format"), channel: asStr("Channel") } }
          : { v7: { format: asStr("Format"), order: asStr("RGB Component Order") } },
    structs: structList.map((s) => structView(s, ctx)),
    commands: commandsView(doc),
    unpacked: structList
      .filter((s) => !s.noDirectPacking)
      .map((s) => ({
        cName: structCName(s.name),
        name: stringLiteral(s.name),
        bytes: structBytes(s),
      })),
  };
}

/** The walk of the document's command stream, if its structs form one (commandFamily.ts). */
function commandsView(doc: GenxmlPanfrostDocument) {
  const family = commandFamily(doc);
  if (!family) return null;
  return {
    enumName: family.enumName,
    bytes: family.bytes,
    start: family.start,
    end: family.end,
    cases: family.commands.map((c) => ({
      opcode: c.opcode,
      cName: stringLiteral(structCName(c.struct.name)),
    })),
  };
}

function structView(s: GenxmlPanfrostStruct, ctx: Context) {
  const cName = structCName(s.name);
  const kindOf = (f: GenxmlPanfrostField) => panfrostFieldKind(f, ctx.structs, ctx.enums);
  const print = s.fields.flatMap((f) => printLines(f, kindOf(f)));
  const fields = s.fields.flatMap((f) => {
    const key = `    ${keyLiteral(f.name)}: `;
    const expr = fieldExpr(f, kindOf(f));
    if (typeof expr === "string") return [`${key}${expr},`];
    const one = `${key}${expr.callee}(${expr.args.join(", ")}),`;
    if (one.length <= 100) return [one];
    return [`${key}${expr.callee}(`, ...expr.args.map((a) => `      ${a},`), "    ),"];
  });
  return {
    cName,
    unpack: s.noDirectPacking ? null : unpackView(s, ctx),
    // An empty body is `{}` on the signature's line.
    printSignature: signature(
      `print_${cName}`,
      ["v: CStruct", "indent: number", "out: string[]"],
      "void",
    ).replace(/ \{$/, print.length ? " {" : " {}"),
    print,
    fieldsReturn: fields.length ? null : "  return {};",
    fields,
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
    if (garbage === 0n) continue;
    const test = `  if (word(b, ${i}) & 0x${garbage.toString(16)})`;
    const message = stringLiteral(`XXX: Invalid field of ${s.name} unpacked at word ${i}`);
    const one = `${test} warnings.push(${message});`;
    checks.push(
      one.length <= 100 ? one : [test, ...callLines(4, "warnings.push", [message])].join("\n"),
    );
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
    signature: signature(
      `unpack_${structCName(s.name)}`,
      ["b: Uint8Array", "warnings: string[]"],
      "CStruct",
    ),
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

/** The print function's statements for a top-level field (genxml.md §9.7). */
function printLines(f: GenxmlPanfrostField, kind: PanfrostFieldKind): string[] {
  const v = `v.${fieldCName(f.name)}`;
  const line = (value: string) =>
    callLines(2, "line", ["out", "indent", stringLiteral(`${f.name}: `), value]);
  switch (kind) {
    case "struct":
      return [
        ...callLines(2, "line", ["out", "indent", stringLiteral(`${f.name}:`), '""']),
        ...callLines(2, `print_${structCName(f.type)}`, [v, "indent + 2", "out"]),
      ];
    case "Pixel Format":
      return callLines(2, "pixelFormatPrint", ["out", "indent", v]);
    case "enum":
      return line(`${enumCName(f.type)}_as_str(${v})`);
    case "bool":
      return line(`${v} ? "true" : "false"`);
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
function fieldExpr(
  f: GenxmlPanfrostField,
  kind: PanfrostFieldKind,
): string | { callee: string; args: string[] } {
  const v = `v.${fieldCName(f.name)}`;
  switch (kind) {
    case "struct":
      return { callee: `fields_${structCName(f.type)}`, args: [v] };
    case "enum":
      return { callee: "namedValue", args: [v, `${enumCName(f.type)}_as_str(${v})`] };
    case "float":
    case "ulod":
    case "slod":
      return { callee: "uif", args: [v] };
    default:
      return v;
  }
}
