/**
 * `genN_pack.h` as Mesa's gen_pack_header.py writes it (genxml.md §3), from the merged view of an
 * Intel genxml document: this module decides every name, number and dword block; the layout is
 * templates/c/genxml-intel/pack.h.hbs.
 */
import type {
  GenxmlIntelDocument,
  GenxmlIntelField,
  GenxmlIntelItem,
  GenxmlIntelMember,
  GenxmlIntelStruct,
} from "../../model/genxmlIntel";
import { parseGenxmlNumber, FIXED_POINT } from "../../readers/genxmlIntel/vocabulary";
import { renderTemplate } from "../renderTemplate";
import { cName, padLeft, padRight, prefixed, strippedName } from "./names";

export interface PackOptions {
  /** Instructions kept: those without `engine` or naming one of these (default `{render}`). */
  engines: Set<string>;
  /** With `--include-symbols`: the structs, instructions and registers kept (enums always are). */
  includeSymbols?: Set<string>;
  opencl: boolean;
  repack: boolean;
}

/** The items gen_pack_header emits, after its engine and symbol filters (§2.3). */
export function filterItems(items: GenxmlIntelItem[], options: PackOptions): GenxmlIntelItem[] {
  return items.filter((item) => {
    if (item.kind === "enum") return true;
    if (
      item.kind === "instruction" &&
      item.engines &&
      !item.engines.some((e) => options.engines.has(e))
    )
      return false;
    return !options.includeSymbols || options.includeSymbols.has(item.name);
  });
}

/** A field copy at absolute bits, with the array suffix of its group copies (`[1][3]`). */
interface PlacedField {
  field: GenxmlIntelField;
  start: number;
  end: number;
  dim: string;
}

/** Fields of the dwords one block packs: one dword, or two (and more, aliased) crossed by a field. */
interface DwordEntry {
  size: 32 | 64;
  fields: PlacedField[];
  address?: PlacedField;
}

class PackContext {
  readonly structs = new Set<string>();
  readonly enums = new Set<string>();
  constructor(
    readonly gen: string,
    readonly options: PackOptions,
  ) {}

  /** `GFX«gen»_` + C name */
  p(name: string): string {
    return prefixed(this.gen, cName(name));
  }
}

/** The whole header. */
export function packHeader(
  doc: GenxmlIntelDocument,
  merged: GenxmlIntelItem[],
  options: PackOptions,
): string {
  const gen = doc.gen.replace(".", "");
  const ctx = new PackContext(gen, options);
  const items = filterItems(merged, options).map((item) =>
    item.kind === "enum" ? enumView(ctx, item) : structView(ctx, item),
  );
  return renderTemplate("c/genxml-intel/pack.h.hbs", {
    platform: doc.platform,
    guard: prefixed(gen, `${doc.platform}_${options.opencl ? "CL_" : ""}PACK_H`),
    items,
  });
}

function enumView(ctx: PackContext, e: Extract<GenxmlIntelItem, { kind: "enum" }>) {
  ctx.enums.add(e.name);
  return {
    struct: null,
    enum: {
      name: ctx.p(e.name),
      values: e.values.map((v) => ({
        name: padRight(
          (e.prefix !== undefined
            ? `${cName(e.prefix)}_${cName(v.name)}`
            : cName(v.name)
          ).toUpperCase(),
          36,
        ),
        value: padLeft(v.value, 6),
      })),
    },
  };
}

function define(name: string, value: string) {
  return { name: padRight(name, 33), value };
}

function structView(ctx: PackContext, s: GenxmlIntelStruct) {
  const n = ctx.p(s.name);
  const defines = [];
  if (s.kind === "register")
    defines.push(define(`${n}_num`, `0x${(s.num ?? 0).toString(16).padStart(4, "0")}`));
  if (s.length !== undefined) defines.push(define(`${n}_length`, padLeft(s.length, 6)));
  if (s.kind === "instruction") defines.push(define(`${n}_length_bias`, padLeft(s.bias ?? 0, 6)));
  const withDefault =
    s.kind === "instruction"
      ? (s.fields.filter(
          (f) => f.kind === "field" && f.default !== undefined,
        ) as GenxmlIntelField[])
      : [];
  const header = withDefault.length
    ? {
        name: padRight(`${n}_header`, 40),
        fields: withDefault.map((f, i) => ({
          name: padRight(cName(f.name ?? ""), 35),
          value: `${f.type !== undefined && ctx.enums.has(f.type) ? `(enum ${ctx.p(f.type)}) ` : ""}${padLeft(parseGenxmlNumber(f.default!)!, 6)}`,
          more: i < withDefault.length - 1 ? ",  \\" : "",
        })),
      }
    : null;
  const view = {
    defines,
    header,
    name: n,
    members: templateMembers(ctx, s.fields, ""),
    pack: packFunction(ctx, s, false),
    repack: ctx.options.repack && s.kind !== "register" ? packFunction(ctx, s, true) : null,
  };
  // Known from here on: a struct can be the type of the items after it.
  if (s.kind === "struct") ctx.structs.add(s.name);
  return { enum: null, struct: view };
}

/** The C type of a field's member; null for mbo/mbz (no member), undefined when unhandled. */
function memberType(ctx: PackContext, f: GenxmlIntelField): string | null | undefined {
  const t = f.type;
  switch (t) {
    case "address":
      return ctx.options.opencl ? "uint64_t" : "__gen_address_type";
    case "bool":
      return "bool";
    case "float":
      return "float";
    case "offset":
      return "uint64_t";
    case "int":
      return "int32_t";
    case "uint":
      return f.end - f.start > 32 ? "uint64_t" : "uint32_t";
    case "mbo":
    case "mbz":
      return null;
  }
  if (t === undefined) return undefined;
  if (FIXED_POINT.test(t)) return "float";
  if (ctx.structs.has(t)) return `struct ${ctx.p(t)}`;
  if (ctx.enums.has(t)) return `enum ${ctx.p(t)}`;
  return undefined;
}

/** One line of the template struct (every key present: the templates are strict). */
interface MemberLine {
  variable: boolean;
  error: string | null;
  field: { type: string; name: string; macros: { name: string; value: number }[] } | null;
}

function templateMembers(
  ctx: PackContext,
  members: GenxmlIntelMember[],
  dim: string,
): MemberLine[] {
  const out: MemberLine[] = [];
  for (const m of members) {
    if (m.kind === "group") {
      if (m.count === 0) out.push({ variable: true, error: null, field: null });
      else out.push(...templateMembers(ctx, m.fields, m.count === 1 ? dim : `${dim}[${m.count}]`));
      continue;
    }
    const type = memberType(ctx, m);
    if (type === null) continue;
    if (type === undefined) {
      out.push({ variable: false, error: m.type ?? "None", field: null });
      continue;
    }
    out.push({
      variable: false,
      error: null,
      field: {
        type: padRight(type, 36),
        name: `${cName(m.name ?? "")}${dim}`,
        macros: m.values.map((v) => ({
          // With a prefix, the `_` cName puts before a name not starting with a letter goes.
          name: padRight(
            m.prefix !== undefined ? `${m.prefix}_${strippedName(v.name)}` : cName(v.name),
            40,
          ),
          value: v.value,
        })),
      },
    });
  }
  return out;
}

/** Every field copy of an item, groups expanded (count 0 contributes nothing). */
function placeFields(
  members: GenxmlIntelMember[],
  base: number,
  dim: string,
  out: PlacedField[],
): PlacedField[] {
  for (const m of members) {
    if (m.kind === "field") out.push({ field: m, start: base + m.start, end: base + m.end, dim });
    else
      for (let i = 0; i < m.count; i++)
        placeFields(
          m.fields,
          base + m.start + i * m.size,
          m.count === 1 ? dim : `${dim}[${i}]`,
          out,
        );
  }
  return out;
}

/** §3.6 "Collecting dwords": one entry per dword; fields crossing a dword alias the next one. */
function dwordEntries(fields: PlacedField[]): (DwordEntry | undefined)[] {
  const entries: (DwordEntry | undefined)[] = [];
  for (const f of fields) {
    let idx = Math.floor(f.start / 32);
    let entry = entries[idx];
    if (!entry) entries[idx] = entry = { size: 32, fields: [] };
    entry.fields.push(f);
    if (f.field.type === "address") entry.address = f;
    while (idx < Math.floor(f.end / 32)) {
      const cur = entries[idx]!;
      const next = entries[idx + 1];
      if (next && next !== cur) cur.fields.push(...next.fields);
      cur.size = 64;
      entries[idx + 1] = cur;
      idx++;
    }
  }
  return entries;
}

function packFunction(ctx: PackContext, s: GenxmlIntelStruct, repack: boolean) {
  const n = ctx.p(s.name);
  const { opencl } = ctx.options;
  const fields = placeFields(s.fields, 0, "", []);
  const entries = dwordEntries(fields);
  const length = s.length ?? (fields.length ? entries.length : 0);
  const params = opencl
    ? [
        "global void * restrict dst",
        ...(repack ? ["global const uint32_t * origin"] : []),
        `private const struct ${n} * restrict values`,
      ]
    : [
        "__gen_user_data *data",
        "void * restrict dst",
        ...(repack ? ["global const uint32_t * origin"] : []),
        `const struct ${n} * restrict values`,
      ];
  const fn = `${n}_${repack ? "repack" : "pack"}`;
  const pad = " ".repeat(fn.length + 1);
  const blocks = [];
  for (let i = 0; i < length; i++) {
    const entry = entries[i];
    if (!entry) blocks.push({ zero: { i }, call: null, general: null });
    else if (i > 0 && entries[i - 1] === entry) continue;
    else blocks.push(dwordBlock(ctx, entry, i, repack));
  }
  return {
    first: `${fn}(__attribute__((unused)) ${params[0]}`,
    rest: params.slice(1).map((p, k) => ({
      text: `${pad}__attribute__((unused)) ${p}`,
      last: k === params.length - 2,
    })),
    dw:
      length > 0
        ? opencl
          ? "global uint32_t * dw = (global uint32_t *) dst;"
          : "uint32_t * restrict dw = (uint32_t * restrict) dst;"
        : null,
    blocks,
  };
}

function valueRef(f: PlacedField): string {
  return `values->${cName(f.field.name ?? "")}${f.dim}`;
}

function dwordBlock(ctx: PackContext, entry: DwordEntry, i: number, repack: boolean) {
  const { opencl } = ctx.options;
  const data = opencl ? "" : "data, ";
  const only = entry.fields[0];
  if (
    entry.fields.length === 1 &&
    only.field.type !== undefined &&
    ctx.structs.has(only.field.type) &&
    only.start % 32 === 0
  ) {
    const t = ctx.p(only.field.type);
    const call = !repack
      ? `${t}_pack(${data}&dw[${i}], &${valueRef(only)});`
      : opencl
        ? `${t}_repack(&dw[${i}], &origin[${i}], &${valueRef(only)});`
        : `${t}_pack(data, &dw[${i}], &origin[${i}], &${valueRef(only)});`;
    return { zero: null, call, general: null };
  }
  const temps: { decl: string; call: string }[] = [];
  const structTemp = new Map<PlacedField, string>();
  for (const f of entry.fields) {
    if (f.field.type === undefined || !ctx.structs.has(f.field.type)) continue;
    const v = `v${i}_${temps.length}`;
    const t = ctx.p(f.field.type);
    structTemp.set(f, v);
    temps.push({
      decl: `uint32_t ${v};`,
      call: !repack
        ? `${t}_pack(${data}&${v}, &${valueRef(f)});`
        : `${t}_repack(${data}&${v}, &origin[${i}], &${valueRef(f)});`,
    });
  }
  const asserts: string[] = [];
  for (const f of entry.fields)
    for (const v of f.field.values)
      if (v.dontUse)
        asserts.push(
          `assert(values->${cName(f.field.name ?? "")} != ${f.field.prefix}_${cName(v.name)});`,
        );
  const address = entry.address;
  let lhs: string | null = null;
  let v: string;
  if (entry.size === 32 && !address) {
    lhs = `dw[${i}] =`;
    v = "";
  } else if (repack || entry.fields.length > (address ? 1 : 0)) {
    lhs = `const uint${entry.size}_t v${i} =`;
    v = `v${i}`;
  } else v = "0";
  const terms: string[] = [];
  if (repack) {
    terms.push(`origin[${i}]`);
    if (entry.size === 64) terms.push(`((uint64_t)origin[${i + 1}] << 32)`);
  }
  for (const f of entry.fields) {
    const t = fieldTerm(ctx, f, i, structTemp.get(f));
    if (t !== null) terms.push(t);
  }
  let address32: string | null = null;
  let address64: { call: string; split: boolean } | null = null;
  let split: string | null = null;
  if (address) {
    const last = entry.fields[entry.fields.length - 1];
    const ref = `values->${cName(address.field.name ?? "")}${last.dim}`;
    const s = address.start - 32 * i;
    const e = address.end - 32 * i;
    const call = opencl
      ? `__gen_address(${ref}, ${s}, ${e}) | ${v}`
      : `__gen_address(data, &dw[${i}], ${ref}, ${v}, ${s}, ${e})`;
    if (entry.size === 32) address32 = call;
    else if (entry.fields.length > 1) address64 = { call, split: true };
    else {
      address64 = { call, split: false };
      split = `v${i}_address`;
    }
  } else if (entry.size === 64) split = v;
  return {
    zero: null,
    call: null,
    general: {
      temps,
      asserts,
      lhs,
      terms: terms.map((t) => `      ${t}`),
      address32,
      address64,
      i,
      next: i + 1,
      v,
      split,
    },
  };
}

/** The term a field adds to its dword's expression (§3.6 table); null for none. */
function fieldTerm(
  ctx: PackContext,
  f: PlacedField,
  i: number,
  structTemp: string | undefined,
): string | null {
  const s = f.start - 32 * i;
  const e = f.end - 32 * i;
  const nz = f.field.nonzero ? "_nonzero" : "";
  const ref = valueRef(f);
  const t = f.field.type;
  if (structTemp !== undefined) return `util_bitpack_uint(${structTemp}, ${s}, ${e})`;
  switch (t) {
    case "mbo":
      return `util_bitpack_ones(${s}, ${e})`;
    case "mbz":
    case "address":
      return null;
    case "uint":
    case "bool":
      return `util_bitpack_uint${nz}(${ref}, ${s}, ${e})`;
    case "int":
      return `util_bitpack_sint${nz}(${ref}, ${s}, ${e})`;
    case "float":
      return `util_bitpack_float${nz}(${ref})`;
    case "offset":
      return `__gen_offset${nz}(${ref}, ${s}, ${e})`;
  }
  const fixed = t !== undefined ? FIXED_POINT.exec(t) : null;
  if (fixed)
    return `util_bitpack_${fixed[1] === "u" ? "ufixed" : "sfixed"}${nz}(${ref}, ${s}, ${e}, ${fixed[3]})`;
  if (t !== undefined && ctx.enums.has(t)) return `util_bitpack_uint${nz}(${ref}, ${s}, ${e})`;
  return `/* unhandled field ${cName(f.field.name ?? "")}${f.dim}, type ${t ?? "None"} */\n`;
}
