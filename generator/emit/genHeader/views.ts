/**
 * The views of gen_header.py's three dumps, computed from the replayed parse (parser.ts): what each
 * line holds, formatted as Python's `%` formats it. templates/c/gen-header/*.hbs and
 * templates/py/gen-header.py.hbs lay the lines out.
 */
import {
  GhArray,
  GhBitset,
  GhReg,
  hex08,
  type GhField,
  type GhIndex,
  type ParsedDatabase,
} from "./parser";

/** A `tab_to(left, right)` line: `left`, then tabs to column 68 (at least one), then `right`. */
export interface TabLine {
  left: string;
  tabs: string;
  right: string;
}

export function tabTo(left: string, right: string): TabLine {
  // Python's `(68 - (len(name) & ~7)) // 8`, at least 1.
  const count = Math.floor((68 - (left.length & ~7)) / 8);
  return { left, tabs: "\t".repeat(count <= 0 ? 1 : count), right };
}

/** gen_header's `mask(low, high)`. */
export function mask(low: number, high: number): bigint {
  return (0xffffffffffffffffn >> BigInt(64 - (high + 1 - low))) << BigInt(low);
}

/** gen_header's `field_name(reg, f)`: the struct member of a field. */
export function fieldName(reg: GhReg, f: GhField): string {
  const name = (f.name ? f.name : reg.name).toLowerCase();
  return ["double", "float", "int"].includes(name) || !/^\p{L}/u.test(name) ? `_${name}` : name;
}

/** gen_header's `Field.ctype(var)`: the C type of a field's value, and the expression packing it. */
export function ctype(f: GhField, v: string): { type: string; val: string } {
  let type: string;
  let val = v;
  if (f.type === null) type = "uint32_t";
  else if (f.type === "boolean") type = "bool";
  else if (f.type === "uint" || f.type === "hex" || f.type === "a3xx_regid") type = "uint32_t";
  else if (f.type === "int") type = "int32_t";
  else if (f.type === "fixed") {
    type = "float";
    val = `((int32_t)(${v} * ${(1n << BigInt(f.radix)).toString()}.0))`;
  } else if (f.type === "ufixed") {
    type = "float";
    val = `((uint32_t)(${v} * ${(1n << BigInt(f.radix)).toString()}.0))`;
  } else if (f.type === "float" && f.high - f.low === 31) {
    type = "float";
    val = `fui(${v})`;
  } else if (f.type === "float" && f.high - f.low === 15) {
    type = "float";
    val = `_mesa_float_to_half(${v})`;
  } else if (f.type === "address" || f.type === "waddress") type = "uint64_t";
  else type = `enum ${f.type}`;
  if (f.shr > 0) val = `(${val} >> ${f.shr})`;
  return { type, val };
}

const isAddress = (f: GhField) => f.type === "address" || f.type === "waddress";

function stridesOf(indices: GhIndex[]): string {
  // `if stride` in Python: a zero stride falls back to the offset function (None when there is none).
  return indices
    .map((x, i) =>
      x.stride ? `0x${x.stride.toString(16)}*i${i}` : `${x.offsetFn ?? "None"}(i${i})`,
    )
    .join(" + ");
}

// ---------------------------------------------------------------------------------------------
// c-defines

export interface EnumView {
  name: string;
  values: { name: string; value: string }[];
}

/** One line group of `Bitset.dump`: a one-bit define, or a mask, shift and packing function. */
export interface FieldDefineView {
  bit: TabLine | null;
  field: {
    name: string;
    mask: TabLine;
    shift: TabLine;
    type: string;
    val: string;
    shrMask: string | null;
  } | null;
}

export interface RegView {
  reg: {
    deprecated: boolean;
    define: TabLine | null;
    fn: { fullName: string; proto: string; offset: string; strides: string } | null;
    inline: boolean;
    fields: FieldDefineView[];
  } | null;
  array: {
    offsetFn: {
      deprecated: boolean;
      localName: string;
      ctype: string;
      cases: { label: string; offset: string }[];
    } | null;
    define: TabLine;
  } | null;
}

export interface UsagesView {
  usages: string[];
  lists: { usage: string; variant: string; offsets: string[] }[];
}

export interface CDefinesView {
  enums: EnumView[];
  bitsets: FieldDefineView[][];
  regs: RegView[];
  usages: UsagesView;
}

function enumView(e: { name: string; values: [string, bigint][] }): EnumView {
  const useHex = e.values.some(([, v]) => v > 0x1000n);
  return {
    name: e.name,
    values: e.values.map(([name, v]) => ({ name, value: useHex ? hex08(v) : v.toString() })),
  };
}

/** `Bitset.dump(prefix)`. */
function fieldDefines(b: GhBitset, prefix: string): FieldDefineView[] {
  const out: FieldDefineView[] = [];
  for (const f of b.fields) {
    const name = f.name ? `${prefix}_${f.name}` : prefix;
    // A register's own untyped field at bit 0 is the register itself: nothing to define.
    if (
      !f.name &&
      f.low === 0 &&
      f.shr === 0 &&
      !["float", "fixed", "ufixed"].includes(f.type ?? "")
    )
      continue;
    if (f.type === "boolean" || (f.type === null && f.low === f.high)) {
      out.push({ bit: tabTo(`#define ${name}`, hex08(1n << BigInt(f.low))), field: null });
      continue;
    }
    const { type, val } = ctype(f, "val");
    out.push({
      bit: null,
      field: {
        name,
        mask: tabTo(`#define ${name}__MASK`, hex08(mask(f.low, f.high))),
        shift: tabTo(`#define ${name}__SHIFT`, `${f.low}`),
        type,
        val,
        shrMask: f.shr > 0 ? `0x${mask(0, f.shr - 1).toString(16)}` : null,
      },
    });
  }
  return out;
}

function hasVariants(p: ParsedDatabase, name: string): boolean {
  return (p.variantRegs.get(name)?.size ?? 0) > 1;
}

function regView(p: ParsedDatabase, r: GhReg): RegView {
  const indices = r.indices();
  const offset = r.totalOffset();
  const plain = indices.length === 0;
  return {
    reg: {
      deprecated: hasVariants(p, r.name),
      define: plain ? tabTo(`#define REG_${r.fullName}`, hex08(offset)) : null,
      fn: plain
        ? null
        : {
            fullName: r.fullName,
            proto: indices.map((x, i) => `${x.ctype} i${i}`).join(", "),
            offset: hex08(offset),
            strides: stridesOf(indices),
          },
      inline: r.bitset.inline,
      fields: r.bitset.inline ? fieldDefines(r.bitset, r.fullName) : [],
    },
    array: null,
  };
}

function arrayView(p: ParsedDatabase, a: GhArray): RegView {
  const indices = a.indices();
  const proto = indices.map((_, i) => `i${i}`).join(", ");
  const offset = a.totalOffset();
  const names = a.indexType ? a.indexType.names() : null;
  const cases = names
    ? names.slice(0, a.offsets.length).map((label, i) => ({ label, offset: a.offsets[i] }))
    : a.offsets.map((o, i) => ({ label: `${i}`, offset: o }));
  return {
    reg: null,
    array: {
      offsetFn: a.fixedOffsets
        ? {
            deprecated: hasVariants(p, a.name),
            localName: a.localName,
            ctype: a.indexCtype(),
            cases,
          }
        : null,
      define:
        proto === ""
          ? tabTo(`#define REG_${a.domain}_${a.name}`, `${hex08(offset)}\n`)
          : tabTo(
              `#define REG_${a.domain}_${a.name}(${proto})`,
              `(${hex08(offset)} + ${stridesOf(indices)} )\n`,
            ),
    },
  };
}

function pyHex(n: number): string {
  return n < 0 ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`;
}

/** `dump_reg_usages`: per usage and variant, the sorted offsets of the registers used. */
function usagesView(p: ParsedDatabase): UsagesView {
  const lists = new Map<string, { usage: string; variant: string; regs: GhReg[] }>();
  const add = (usage: string, variant: string, reg: GhReg) => {
    const key = JSON.stringify([usage, variant]);
    let l = lists.get(key);
    if (!l) lists.set(key, (l = { usage, variant, regs: [] }));
    l.regs.push(reg);
  };
  for (const [usage, regs] of p.usageRegs)
    for (const reg of regs) {
      const variants = p.variantRegs.get(reg.name);
      if (variants && variants.size > 0) {
        for (const [variant, vreg] of variants) if (vreg === reg) add(usage, variant, reg);
      } else for (const variant of p.variants) add(usage, variant, reg);
    }
  return {
    usages: [...p.usageRegs.keys()].map((u) => u.toUpperCase()),
    lists: [...lists.values()].map(({ usage, variant, regs }) => {
      const offsets: number[] = [];
      for (const reg of regs) {
        const array = reg.strideArray();
        if (array) {
          for (let i = 0; i < array.length; i++) {
            offsets.push(array.offset + reg.offset + i * array.stride);
            if (reg.bitSize === 64) offsets.push(offsets[offsets.length - 1] + 1);
          }
        } else {
          offsets.push(reg.offset);
          if (reg.bitSize === 64) offsets.push(reg.offset + 1);
        }
      }
      offsets.sort((a, b) => a - b);
      return { usage: usage.toUpperCase(), variant, offsets: offsets.map(pyHex) };
    }),
  };
}

/** `Parser.dump`: the root file's enums, then its bitsets, then its registers and arrays. */
export function cDefinesView(p: ParsedDatabase): CDefinesView {
  const view: CDefinesView = { enums: [], bitsets: [], regs: [], usages: usagesView(p) };
  for (const e of p.file) {
    if (e.kind === "enum") view.enums.push(enumView(e));
    else if (e.kind === "bitset") view.bitsets.push(fieldDefines(e, e.name));
    else if (e.kind === "reg") view.regs.push(regView(p, e));
    else view.regs.push(arrayView(p, e));
  }
  return view;
}

// ---------------------------------------------------------------------------------------------
// c-pack-structs

/** `Bitset.dump_regpair_builder(reg)`. */
export interface BuilderView {
  asserts: string[];
  regOffset: string;
  values: string[];
  valueName: string;
  address: { boWrite: boolean; shr: number; low: number } | null;
}

export interface PackStructView {
  prefix: string;
  members: TabLine[];
  deprecated: boolean;
  array: boolean;
  builder: BuilderView;
  skip: string;
}

export interface RegVariantsView {
  regname: string;
  variants: { name: string; members: TabLine[]; builder: BuilderView | null }[];
  fallback: TabLine[];
  xtra: string;
  xtravar: string;
  skip: string;
}

export interface CPackStructsView {
  structs: PackStructView[];
  variantRegs: RegVariantsView[];
}

function fallbackMembers(bitSize: number): TabLine[] {
  const t = bitSize === 64 ? "uint64_t" : "uint32_t";
  return [tabTo(`    ${t}`, "unknown;"), tabTo(`    ${t}`, bitSize === 64 ? "qword;" : "dword;")];
}

function builderView(b: GhBitset, reg: GhReg): BuilderView {
  const asserts: string[] = [];
  let known = 0n;
  for (const f of b.fields) {
    known |= mask(f.low, f.high);
    if (f.type === "boolean" || isAddress(f)) continue;
    const { val } = ctype(f, `fields.${fieldName(reg, f)}`);
    asserts.push(`${val.padEnd(40)} & ${hex08(0xffffffffn ^ mask(0, f.high - f.low))}`);
  }
  asserts.push(`${"fields.unknown".padEnd(40)} & ${hex08(known)}`);
  const values = b.fields
    .filter((f) => !isAddress(f))
    .map(
      (f) =>
        `${ctype(f, `fields.${fieldName(reg, f)}`).val.padEnd(40)} << ${`${f.low}`.padStart(2)}`,
    );
  const address = b.addressField();
  // Python's loop variable outlives the loop: `bo_write` follows the type of the *last* field.
  const last = b.fields[b.fields.length - 1];
  return {
    asserts,
    regOffset: reg.strideArray()
      ? `(${hex08(reg.array!.offset + reg.offset)} + 0x${reg.array!.stride.toString(16)}*__i)`
      : hex08(reg.offset),
    values,
    valueName: reg.bitSize === 64 ? "qword" : "dword",
    address: address
      ? { boWrite: last?.type === "waddress", shr: address.shr, low: address.low }
      : null,
  };
}

function packStructView(p: ParsedDatabase, reg: GhReg): PackStructView {
  const b = reg.bitset;
  const members: TabLine[] = [];
  for (const f of b.fields) {
    if (isAddress(f)) {
      members.push(tabTo("    __bo_type", "bo;"), tabTo("    uint32_t", "bo_offset;"));
      continue;
    }
    members.push(tabTo(`    ${ctype(f, "var").type}`, `${fieldName(reg, f)};`));
  }
  members.push(...fallbackMembers(reg.bitSize));
  return {
    prefix: reg.fullName,
    members,
    deprecated: hasVariants(p, reg.name),
    array: reg.array !== null,
    builder: builderView(b, reg),
    skip: b.addressField() ? ", { .reg = 0 }" : "",
  };
}

/** `dump_reg_variants`: the C++ packer of a register with several variants. */
function regVariantsView(regname: string, variants: Map<string, GhReg>): RegVariantsView {
  const seen = new Set<string>();
  let bitSize = 32;
  let array: GhArray | null = null;
  let address: GhField | null = null;
  const out: RegVariantsView["variants"] = [];
  for (const [variant, reg] of variants) {
    bitSize = reg.bitSize;
    array = reg.array;
    const members: TabLine[] = [];
    for (const f of reg.bitset.fields) {
      const name = fieldName(reg, f);
      if (seen.has(name)) continue;
      seen.add(name);
      if (isAddress(f)) {
        if (address) continue;
        address = f;
        members.push(tabTo("    __bo_type", "bo;"), tabTo("    uint32_t", "bo_offset;"));
        continue;
      }
      members.push(tabTo(`    ${ctype(f, "var").type}`, `${name.toLowerCase()};`));
    }
    out.push({
      name: variant,
      members,
      builder: reg.bitset.inline ? builderView(reg.bitset, reg) : null,
    });
  }
  return {
    regname,
    variants: out,
    fallback: fallbackMembers(bitSize),
    xtra: array ? "int __i, " : "",
    xtravar: array ? "__i, " : "",
    skip: bitSize === 64 ? ", { .reg = 0 }" : "",
  };
}

/** `Parser.dump_structs`: the root's registers' packers, then every register with variants. */
export function cPackStructsView(p: ParsedDatabase): CPackStructsView {
  const structs = p.file
    .filter((e): e is GhReg => e.kind === "reg" && e.bitset.inline)
    .map((r) => packStructView(p, r));
  const variantRegs = [...p.variantRegs]
    .filter(([, v]) => v.size > 1)
    .map(([name, v]) => regVariantsView(name, v));
  return { structs, variantRegs };
}

// ---------------------------------------------------------------------------------------------
// py-defines

export interface PyDefinesView {
  name: string;
  regs: { fullName: string; offset: string }[];
}

/** `dump_py_defines`: the root's registers at their own offsets (not their arrays'). */
export function pyDefinesView(p: ParsedDatabase, className: string): PyDefinesView {
  return {
    name: className,
    regs: p.file
      .filter((e): e is GhReg => e.kind === "reg")
      .map((r) => ({ fullName: r.fullName, offset: hex08(r.offset) })),
  };
}
