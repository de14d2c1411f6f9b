/**
 * A TypeScript decoder for one Intel genxml document (templates/ts/genxml-intel/decoder.ts.hbs):
 * per struct, instruction and register a walk function, straight-line code that reads each field
 * with the shifts and masks Mesa's decoder applies (genxml.md §7.3–7.4) and reports it to a
 * FieldSink (generator/runtime/genxmlIntel/fieldSinks.ts, inlined with the rest of the runtime);
 * named values as lookup objects; the instruction of a header dword as a switch per opcode mask.
 * Written in prettier's style, so the build need not format megabytes.
 */
import { readFileSync } from "fs";
import * as path from "path";
import type {
  DecoderArray,
  DecoderField,
  DecoderGroup,
  DecoderSpec,
  DecoderValue,
} from "../../runtime/genxmlIntel/types";
import { callLines, stringLiteral } from "../jsLiterals";
import { renderTemplate } from "../renderTemplate";

const WIDTH = 100;
const M64 = (1n << 64n) - 1n;

/** The runtime the module carries, in this order, less imports and `export`s. */
const RUNTIME = [
  "commandLength.ts",
  "decodedField.ts",
  "formatC.ts",
  "fieldSinks.ts",
  "itemTable.ts",
];

function runtimeSource(): string {
  return RUNTIME.map((name) => {
    const candidates = [
      path.join(__dirname, "..", "..", "runtime", "genxmlIntel", name),
      path.join(__dirname, "..", "..", "..", "..", "generator", "runtime", "genxmlIntel", name),
    ];
    for (const file of candidates) {
      try {
        return readFileSync(file, "utf8")
          .replace(/^import [^;]*;\n/gm, "")
          .replace(/^export \{[^}]*\};\n/gm, "")
          .replace(/^export (type \{[^}]*\};\n)?/gm, "")
          .trim();
      } catch {
        // the next
      }
    }
    throw new Error(`runtime source genxmlIntel/${name} not found`);
  }).join("\n\n");
}

/** A dword index: a loop's dword variable (or none) plus a constant. */
interface Dword {
  dyn: string;
  c: number;
}

const dwordExpr = (x: Dword): string => (!x.dyn ? String(x.c) : x.c ? `${x.dyn} + ${x.c}` : x.dyn);
const dwordAt = (x: Dword): string => {
  const e = dwordExpr(x);
  return e === "0" ? "d[b]" : `d[b + ${e}]`;
};
const bitExpr = (dyn: string, c: number): string => (!dyn ? String(c) : `32 * ${dyn} + ${c}`);
const hex = (n: number | bigint): string => `0x${n.toString(16)}`;

/** Where an array element starts: a loop's dword variable (or none) plus constant bits. */
interface Base {
  dyn: string;
  bit: number;
}

/** A printed name: the field's name and its array indices, constant or loop expressions. */
type Suffix = (string | { expr: string })[];

function nameLiteral(name: string, suffix: Suffix): string {
  if (suffix.every((p) => typeof p === "string")) return stringLiteral(name + suffix.join(""));
  const esc = (s: string) => s.replace(/[\\`]/g, "\\$&").replace(/\$\{/g, "\\${");
  const parts = suffix.map((p) => (typeof p === "string" ? esc(p) : `\${${p.expr}}`));
  return `\`${esc(name)}${parts.join("")}\``;
}

/** Statements at an indentation. */
class Lines {
  readonly lines: string[] = [];
  indent = 2;
  line(text: string): void {
    this.lines.push(" ".repeat(this.indent) + text);
  }
  call(callee: string, args: string[]): void {
    this.lines.push(...callLines(this.indent, callee, args));
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function fieldCount(fields: DecoderField[]): number {
  return fields.reduce(
    (n, f) => n + (f.array ? Math.max(f.array.count, 1) * fieldCount(f.array.fields) : 1),
    0,
  );
}

/** Arrays up to this many fields in all are unrolled; longer ones loop. */
const UNROLL = 16;

interface ModuleState {
  spec: DecoderSpec;
  /** Walk functions to write: struct name and the print's bit offset → function name. */
  wanted: Map<string, string>;
  queue: { group: DecoderGroup; p: number; fn: string }[];
  usedNames: Set<string>;
  /** Named-value tables by content. */
  tables: Map<string, { name: string; entries: [number, string][] }>;
}

function fnName(st: ModuleState, kind: string, name: string, p: number): string {
  const base = `${kind[0]}_${name.replace(/[^A-Za-z0-9_]/g, "_")}${p ? `_p${p}` : ""}`;
  let fn = base;
  for (let i = 2; st.usedNames.has(fn); i++) fn = `${base}_${i}`;
  st.usedNames.add(fn);
  return fn;
}

/** The walk function of struct `name` printed from bit `p` of its first dword (queued if new). */
function structWalk(st: ModuleState, name: string, p: number): string {
  const key = `${name}\0${p}`;
  let fn = st.wanted.get(key);
  if (!fn) {
    fn = fnName(st, "struct", name, p);
    st.wanted.set(key, fn);
    st.queue.push({ group: st.spec.structs[name], p, fn });
  }
  return fn;
}

/**
 * The lookup object of `values`: the first name of each value. Fields are read unsigned and at
 * most 64 bits wide, so a negative value or one past 2^64 never names a read, as in the decoder.
 */
function namesTable(st: ModuleState, values: DecoderValue[]): string | undefined {
  const entries: [number, string][] = [];
  const seen = new Set<number>();
  for (const v of values) {
    if (seen.has(v.value) || !Number.isInteger(v.value) || v.value < 0 || v.value >= 2 ** 64)
      continue;
    seen.add(v.value);
    entries.push([v.value, v.name]);
  }
  if (entries.length === 0) return undefined;
  entries.sort((a, b) => a[0] - b[0]);
  const key = JSON.stringify(entries);
  let t = st.tables.get(key);
  if (!t) st.tables.set(key, (t = { name: `N${st.tables.size}`, entries }));
  return t.name;
}

function tableLines(t: { name: string; entries: [number, string][] }): string {
  // A key is looked up by its decimal text (a BigInt read's too): past 2^53 it is written exactly.
  const key = (v: number) => (Number.isSafeInteger(v) ? String(v) : `"${BigInt(v)}"`);
  const items = t.entries.map(([v, n]) => `${key(v)}: ${stringLiteral(n)}`);
  const one = `const ${t.name}: Names = { ${items.join(", ")} };`;
  if (one.length <= WIDTH) return one;
  return [`const ${t.name}: Names = {`, ...items.map((i) => `  ${i},`), "};"].join("\n");
}

function isOpcodeField(group: DecoderGroup, f: DecoderField): boolean {
  if (f.start >= 32 || f.end >= 32) return false;
  const width = f.end - f.start + 1;
  const bits = ((width >= 32 ? 0xffffffff : (1 << width) - 1) << f.start) >>> 0;
  return (bits & group.opcodeMask) !== 0;
}

/** Writes one walk function: the group's fields in the decoder's order, reads specialised to `p`. */
class WalkWriter {
  readonly out = new Lines();
  private dead = false;
  private loops = 0;
  /** Per dword variable, the highest dword already checked against the data end. */
  private readonly checked = new Map<string, number>();
  /** The data end when it is a constant (structs and registers: their length). */
  private readonly fixed: number | undefined;

  constructor(
    private readonly st: ModuleState,
    private readonly group: DecoderGroup,
    private readonly p: number,
  ) {
    this.fixed = group.kind === "instruction" ? undefined : group.length;
  }

  write(): string[] {
    this.visit(this.group.fields, { dyn: "", bit: 0 }, [], 0);
    return this.out.lines;
  }

  private visit(fields: DecoderField[], base: Base, suffix: Suffix, depth: number): void {
    for (const f of fields) {
      if (this.dead) return;
      if (f.array) this.visitArray(f.array, base, suffix, depth);
      else this.visitField(f, base, suffix, depth);
    }
  }

  private visitArray(a: DecoderArray, base: Base, suffix: Suffix, depth: number): void {
    const start = base.bit + a.offset;
    const element = (dyn: string, i: number | string, bit: number) =>
      this.visit(
        a.fields,
        { dyn, bit },
        [...suffix, "[", typeof i === "number" ? String(i) : { expr: i }, "]"],
        depth + 1,
      );
    if (a.count > 0 && (a.size === 0 || a.count * fieldCount(a.fields) <= UNROLL)) {
      for (let i = 0; i < a.count && !this.dead; i++) element(base.dyn, i, start + i * a.size);
      return;
    }
    // Elements in periods that start on a dword: the shifts repeat, the dword index advances.
    const period = a.size % 32 === 0 ? 1 : 32 / gcd(a.size % 32, 32);
    const dwords = (a.size * period) / 32;
    const n = this.loops++;
    const i = `i${n}`;
    const k = `k${n}`;
    const index = (j: number) =>
      period === 1 ? i : j ? `${period} * ${i} + ${j}` : `${period} * ${i}`;
    const kInit = `${base.dyn ? `${base.dyn} + ` : ""}${dwords === 1 ? i : `${dwords} * ${i}`}`;
    const o = this.out;
    if (a.count === 0) {
      // Variable: while the next element starts inside the length guessed from dword 0 (§7.3).
      const lim = `lim${n}`;
      o.line(`const ${lim} = c.lengthGuess();`);
      o.line(`for (let ${i} = 0; ; ${i}++) {`);
      o.indent += 2;
      o.line(`const ${k} = ${kInit};`);
      for (let j = 0; j < period; j++) {
        element(k, index(j), start + j * a.size);
        o.line(`if (32 * ${k} + ${start + (j + 1) * a.size} >= ${lim} * 32) break;`);
      }
      o.indent -= 2;
      o.line("}");
      this.checked.delete(k);
      return;
    }
    const loops = Math.floor(a.count / period);
    if (loops > 0) {
      o.line(`for (let ${i} = 0; ${i} < ${loops}; ${i}++) {`);
      o.indent += 2;
      o.line(`const ${k} = ${kInit};`);
      for (let j = 0; j < period; j++) element(k, index(j), start + j * a.size);
      o.indent -= 2;
      o.line("}");
      this.checked.delete(k);
    }
    for (let j = loops * period; j < a.count && !this.dead; j++)
      element(base.dyn, j, start + j * a.size);
  }

  /** `if (… >= n) return;` unless an earlier check or the constant length says it already. */
  private stopCheck(k: Dword): void {
    if (!k.dyn && this.fixed !== undefined) {
      if (k.c >= this.fixed) {
        this.out.line("return;");
        this.dead = true;
      }
      return;
    }
    const done = this.checked.get(k.dyn);
    if (done !== undefined && k.c <= done) return;
    this.checked.set(k.dyn, k.c);
    this.out.line(k.dyn ? `if (${dwordExpr(k)} >= n) return;` : `if (n <= ${k.c}) return;`);
  }

  /** The value as the decoder reads it (§7.4), for print offset p. */
  private read(k: Dword, r: number, span: number, address: boolean): string {
    const s = (this.p + r) & 31;
    const lo = dwordAt(k);
    if (span > 32) {
      const next = { dyn: k.dyn, c: k.c + 1 };
      let hi: string;
      if (this.fixed !== undefined && !k.dyn) hi = next.c < this.fixed ? dwordAt(next) : "0";
      else hi = `${dwordExpr(next)} < n ? ${dwordAt(next)} : 0`;
      const e = s + span;
      const mask = ((M64 >> BigInt((63 - e + s) & 63)) << BigInt(s & 63)) & M64;
      const raw = `u64(${lo}, ${hi})`;
      const masked = mask === M64 ? raw : `${raw} & ${hex(mask)}n`;
      if (address || s === 0) return masked;
      return mask === M64 ? `${raw} >> ${s}n` : `(${masked}) >> ${s}n`;
    }
    const e = (s + span) & 31;
    if (address) {
      const mask = s <= e ? (2 ** (e - s + 1) - 1) * 2 ** s : 2 ** 32 - 2 ** s;
      if (mask === 0xffffffff) return `${lo} >>> 0`;
      return mask >= 2 ** 31 ? `(${lo} & ${hex(mask)}) >>> 0` : `${lo} & ${hex(mask)}`;
    }
    if (e < s) return `${lo} >>> ${s}`;
    const width = e - s + 1;
    if (width === 32) return `${lo} >>> 0`;
    if (s === 0) return `${lo} & ${hex(2 ** width - 1)}`;
    if (s + width === 32) return `${lo} >>> ${s}`;
    return `(${lo} >>> ${s}) & ${hex(2 ** width - 1)}`;
  }

  private visitField(f: DecoderField, base: Base, suffix: Suffix, depth: number): void {
    const start = base.bit + f.start;
    const k = { dyn: base.dyn, c: start >> 5 };
    this.stopCheck(k);
    if (this.dead) return;
    const t = f.type;
    const opcode = depth === 0 && isOpcodeField(this.group, f);
    const names = namesTable(this.st, t.kind === "enum" ? t.values : f.values);
    const tail = opcode ? [names ?? "null", "true"] : names ? [names] : [];
    const head = [
      nameLiteral(f.name, suffix),
      bitExpr(base.dyn, start),
      bitExpr(base.dyn, base.bit + f.end),
    ];
    const value = () =>
      this.read(k, start & 31, f.end - f.start, t.kind === "address" || t.kind === "offset");
    const o = this.out;
    switch (t.kind) {
      case "mbo":
        return o.call("c.mbo", [...head, ...tail]);
      case "ufixed":
        return o.call("c.ufixed", [...head, value(), String(t.fraction), ...tail]);
      case "sfixed":
        return o.call("c.sfixed", [
          ...head,
          value(),
          String(t.integer),
          String(t.fraction),
          ...tail,
        ]);
      case "struct": {
        o.call("c.struct", [...head, stringLiteral(t.name), ...(opcode ? ["true"] : [])]);
        const nested = this.st.spec.structs[t.name];
        if (!nested) return;
        const fn = structWalk(this.st, t.name, start & 31);
        if (!opcode)
          return o.call(fn, [`c.nest(${head[1]}, ${nested.length})`, String(nested.length)]);
        const w = `w${this.loops++}`;
        o.line(`const ${w} = c.nestOpcode(${head[1]}, ${nested.length});`);
        return o.line(`if (${w}) ${fn}(${w}, ${nested.length});`);
      }
      default:
        return o.call(`c.${t.kind}`, [...head, value(), ...tail]);
    }
  }
}

/** An instruction's length from its header: its `DWord Length` read as the decoder does, + bias. */
function lengthFunction(g: DecoderGroup): { name: string; body: string } | undefined {
  const f = g.dwordLength;
  if (!f) return undefined;
  const k = f.start >> 5;
  const s = f.start & 31;
  const span = f.end - f.start;
  const w = k ? `d[b + ${k}]` : "d[b]";
  // Read with data end 1: a wide field has no high dword; the rest as any narrow field.
  let read: string;
  if (span > 32) {
    const e = s + span;
    const mask = ((M64 >> BigInt((63 - e + s) & 63)) << BigInt(s & 63)) & M64;
    read = `Number((u64(${w}, 0) & ${hex(mask)}n) >> ${s}n)`;
  } else {
    const e = (s + span) & 31;
    const width = e - s + 1;
    read =
      e < s || s + width === 32
        ? `(${w} >>> ${s})`
        : width === 32
          ? `(${w} >>> 0)`
          : s === 0
            ? `(${w} & ${hex(2 ** width - 1)})`
            : `((${w} >>> ${s}) & ${hex(2 ** width - 1)})`;
  }
  return {
    name: `lengthFrom_${f.start}_${f.end}_${g.bias}`.replace(/-/g, "m"),
    body: `${read} + ${g.bias}`,
  };
}

/** The instruction name for a header: a switch per opcode mask, the most specific mask first. */
function opcodeSwitches(
  spec: DecoderSpec,
): { mask: string; cases: { opcode: string; name: string }[] }[] {
  const byMask = new Map<number, Map<number, string>>();
  for (const g of Object.values(spec.instructions)) {
    if (g.opcodeMask === 0) continue;
    const m = byMask.get(g.opcodeMask) ?? new Map<number, string>();
    byMask.set(g.opcodeMask, m);
    if (!m.has(g.opcode)) m.set(g.opcode, g.name);
  }
  const bits = (m: number) => m.toString(2).replace(/0/g, "").length;
  return [...byMask.entries()]
    .sort(([a], [b]) => bits(b) - bits(a) || a - b)
    .map(([mask, byOpcode]) => ({
      mask: hex(mask),
      cases: [...byOpcode.entries()].map(([opcode, name]) => ({
        opcode: hex(opcode),
        name: stringLiteral(name),
      })),
    }));
}

/** A statement of a walk's top level that only reports fields: one that may move to a helper. */
const REPORT = /^ {2}(c\.|[sir]_)/;

/**
 * Runs of field reports that several walks write alike (the opcode fields of a command header,
 * mostly) become one helper each, called where they were: the modules are a fifth smaller.
 */
function shareRuns(functions: { fn: string; body: string }[]): { name: string; body: string }[] {
  // Each body as statements (a broken call is one), runs of reports between the others.
  const split = functions.map((f) => {
    const statements: string[] = [];
    for (const line of f.body === "" ? [] : f.body.split("\n"))
      if (/^ {2}\S/.test(line) && !/^ {2}[)}]/.test(line)) statements.push(line);
      else statements[statements.length - 1] += `\n${line}`;
    const parts: (string | string[])[] = [];
    let depth = 0;
    for (const st of statements) {
      const inLoop = depth > 0;
      depth += (st.match(/\{$/gm) ?? []).length - (st.match(/^ {2}\}/gm) ?? []).length;
      const last = parts[parts.length - 1];
      if (inLoop || depth > 0 || !REPORT.test(st)) parts.push(st);
      else if (Array.isArray(last)) last.push(st);
      else parts.push([st]);
    }
    return parts;
  });
  const counts = new Map<string, number>();
  for (const parts of split)
    for (const p of parts)
      if (Array.isArray(p) && p.length > 1) {
        const key = p.join("\n");
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
  const helpers = new Map<string, string>();
  functions.forEach((f, i) => {
    f.body = split[i]
      .map((p) => {
        if (!Array.isArray(p)) return p;
        const key = p.join("\n");
        if (p.length < 2 || counts.get(key)! < 2) return key;
        let name = helpers.get(key);
        if (!name) helpers.set(key, (name = `reports${helpers.size}`));
        return `  ${name}(c, d, b, n);`;
      })
      .join("\n");
  });
  return [...helpers.entries()].map(([body, name]) => ({ name, body }));
}

/** The decoder module's TypeScript source for `spec`, the decoder's view of document `file`. */
export function intelDecoderModule(spec: DecoderSpec, file: string): string {
  const st: ModuleState = {
    spec,
    wanted: new Map(),
    queue: [],
    usedNames: new Set(),
    tables: new Map(),
  };
  const items: { line: string }[] = [];
  const lengths = new Map<string, string>();
  const kinds: [DecoderGroup["kind"], Record<string, DecoderGroup>][] = [
    ["struct", spec.structs],
    ["instruction", spec.instructions],
    ["register", spec.registers],
  ];
  const walks = new Map<DecoderGroup, string>();
  for (const [kind, table] of kinds)
    for (const g of Object.values(table)) {
      const fn = kind === "struct" ? structWalk(st, g.name, 0) : fnName(st, kind, g.name, 0);
      walks.set(g, fn);
      let length = String(g.length);
      if (kind === "instruction") {
        const lf = lengthFunction(g);
        if (lf) lengths.set(lf.name, lf.body);
        length = lf?.name ?? "guessedLength";
      }
      const args = [stringLiteral(kind), stringLiteral(g.name), fn, length];
      const one = `  item(${args.join(", ")}),`;
      items.push({
        line:
          one.length <= WIDTH
            ? one
            : ["  item(", ...args.map((a) => `    ${a},`), "  ),"].join("\n"),
      });
    }
  const functions: { fn: string; body: string }[] = [];
  const write = (group: DecoderGroup, p: number, fn: string) => {
    const lines = new WalkWriter(st, group, p).write();
    const body = lines.join("\n");
    functions.push({
      fn,
      body,
    });
  };
  for (const [kind, table] of kinds)
    if (kind !== "struct") for (const g of Object.values(table)) write(g, 0, walks.get(g)!);
  // Structs, with every print offset a nested use asks for (the queue grows as they are written).
  for (let i = 0; i < st.queue.length; i++) write(st.queue[i].group, st.queue[i].p, st.queue[i].fn);
  const shared = shareRuns(functions);
  return renderTemplate("ts/genxml-intel/decoder.ts.hbs", {
    file,
    gen: stringLiteral(spec.gen),
    runtime: runtimeSource(),
    tables: [...st.tables.values()].map(tableLines),
    lengths: [...lengths.entries()].map(([name, body]) => ({ name, body })),
    shared,
    functions: functions.map((f) => ({
      signature: `function ${f.fn}(c: FieldSink, n: number): void {${f.body === "" ? "}" : ""}`,
      body: /\bd\[|\bb\b/.test(f.body) ? `  const { d, b } = c;\n${f.body}` : f.body,
      empty: f.body === "",
    })),
    items: items.map((i) => i.line),
    switches: opcodeSwitches(spec),
  });
}

/** The module of a document that decodes as `stem` does: that module, with its own `GEN`. */
export function intelDecoderReexport(file: string, gen: string, stem: string): string {
  return renderTemplate("ts/genxml-intel/reexport.ts.hbs", {
    file,
    stem,
    gen: stringLiteral(gen),
  });
}
