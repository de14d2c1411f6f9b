/**
 * The data a TS codec template needs, derived from one model: TypeScript names for enums and field
 * groups, and compact instruction tables. Nothing here is text of the artifact; that is the
 * template's (templates/ts/codec/) and the runtime modules' it inlines (generator/runtime/codec/).
 */
import type { EnumDef, Field, FieldType, Instruction, IsaModel } from "../../model/types";
import { keyLiteral, stringLiteral } from "../jsLiterals";
import { compileDisplay, type IsaspecSyntax } from "./compileDisplay";
import { compileExpr } from "./compileExpr";
import { compileMatcher } from "./compileMatcher";
import { jsonLines } from "./jsonLines";
import { SYNTAX_RUNTIME, runtimeSource } from "./runtimeSource";
import { SYNTAX_DATA } from "./syntax";

/** Field kinds the runtime decodes as signed numbers. */
const SIGNED: ReadonlySet<FieldType> = new Set<FieldType>(["int", "offset", "branch"]);

export interface EnumView {
  /** TypeScript type name (`Flow`, `RptN`, `UsFcInstOp`). */
  typeName: string;
  /** Model name (`Flow`, `#rptN`). */
  name: string;
  /** Symbol per encoded value (index = value); null where the enum has no usable entry. */
  symbols: (string | null)[];
  /** Display text per value (index = value), for printers. */
  displays: (string | null)[];
  /** The members of its union type: every symbol's string literal, then `` `value${number}` ``. */
  union: string[];
}

export interface FieldView {
  name: string;
  /** Flat list of inclusive ranges, least significant first: [low0, high0, low1, high1, …]. */
  ranges: number[];
  width: number;
  kind: FieldType;
  signed: boolean;
  /** Index into the enum table, or -1. */
  enumIndex: number;
  default: number | null;
  alternatives: string[];
  display: string | null;
}

export interface InstructionView {
  name: string;
  mnemonic: string;
  match: number[];
  /** Bits tested by decode: fixed and not don't-care. */
  tested: number[];
  dontCare: number[];
  gen: [number, number] | null;
  /** Indexes into `CodecView.fields`. */
  fields: number[];
  display: string | null;
}

export interface FieldGroupView {
  /** The fields interface, named after the group's first instruction (`NopFields`). */
  typeName: string;
  /** The union of its instructions' names (`NopFieldsName`). */
  namesType: string;
  /** `key`: the name as a TS property key (quoted when it is no identifier, as `3D`). */
  members: { name: string; key: string; tsType: string; optional: boolean; doc: string | null }[];
  /** `"ADD"`, `"MUL"`: string literals of the instructions with exactly these fields. */
  names: string[];
}

export interface CodecView {
  id: string;
  title: string;
  sources: string[];
  wordCount: number;
  instructionWidth: number;
  defaultGpu: number | null;
  syntax: string;
  enums: EnumView[];
  /** Every distinct field spec, shared by the instructions that have it. */
  fields: FieldView[];
  groups: FieldGroupView[];
  instructions: InstructionView[];
  /**
   * Derived-field functions per instruction, keyed as prettier prints the keys; `body` is a TS
   * expression over `f`.
   */
  derived: { key: string; fns: { key: string; body: string; conditional: boolean }[] }[];
  /** The partial with what of this ISA's assembly text is generated (null: all is in `runtime`). */
  syntaxPartial: string | null;
  /** What that partial needs beyond the tables above (generator/emit/codec/syntax/). */
  syntaxData: object;
  /** syntaxData as a JS literal, broken over lines. */
  syntaxJson: string;
  /** The entries of ENUMS, FIELDS and INSTRUCTIONS as JS literals, broken over lines. */
  tables: { enums: string[]; fields: string[]; instructions: string[] };
  /** The runtime modules the codec carries (generator/runtime/codec/), inlined. */
  runtime: string;
  /** `instructionAt`: the instruction lookup as code. */
  matcher: string;
  /** isaspec: the compiled display functions, and each instruction's (null: interpreted). */
  display: { code: string; names: (string | null)[]; args: string; params: string } | null;
}

/** `#rptN` → `RptN`, `Swizzles (16-bit)` → `Swizzles16Bit`, `US_FC_INST.OP` → `UsFcInstOp`. */
export function typeNameOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const pascal = words
    .map((w) =>
      /^[A-Z0-9]+$/.test(w) ? w[0] + w.slice(1).toLowerCase() : w[0].toUpperCase() + w.slice(1),
    )
    .join("");
  return /^[A-Za-z]/.test(pascal) ? pascal : `E${pascal}`;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/**
 * The symbol of a value with no text of its own (`value3`), which is also how decode names a value
 * the enum lacks and how encode takes any raw value. The codec runtime spells it the same way.
 */
export const unnamedValueSymbol = (value: number): string => `value${value}`;
const UNNAMED = /^value\d+$/;

const trimDots = (text: string) => text.replace(/^\.+|\.+$/g, "");

/**
 * Each value's symbol, from its entry's text: the display if that is a plain word (Valhall
 * `wait0`, ir3 `x`), else the name if that is (rules-ng `GT`, R500 `US_FC_OP_JUMP`), else the
 * display's letters, digits, `_` and inner dots if they make a word (`(rpt1)` → `rpt1`, ir3
 * `.unsigned` → `unsigned`), else the display without enclosing parentheses and dots (`(1/pi)` →
 * `1/pi`, Valhall `1d`, `16.32`), else the name without dots (etnaviv `.f32` → `f32`);
 * a value that displays as nothing (no modifier, ir3 `#rptN` 0) is `none`. A value without any of
 * these, or whose symbol is taken, is `value<n>`, so every value has exactly one symbol.
 */
function enumSymbols(e: EnumDef, width: number): (string | null)[] {
  const out: (string | null)[] = new Array(width).fill(null);
  const used = new Set<string>();
  const free = (c: string) => c !== "" && !used.has(c) && !UNNAMED.test(c);
  const take = (value: number, symbol: string | undefined) => {
    if (symbol === undefined) return;
    out[value] = symbol;
    used.add(symbol);
  };
  const values = e.values.filter((v) => v.value < width && !v.reserved);
  for (const v of values) {
    const display = v.display ?? "";
    const name = v.name ?? "";
    const word = trimDots(display.replace(/[^A-Za-z0-9_.]+/g, ""));
    const text = trimDots(display.replace(/^\((.*)\)$/, "$1"));
    const candidates: [string, RegExp][] = [
      [display, IDENT],
      [name, IDENT],
      [word, IDENT],
      [text, /^\S+$/],
      [trimDots(name), IDENT],
    ];
    take(v.value, candidates.find(([c, shape]) => shape.test(c) && free(c))?.[0]);
  }
  // Only after every value with text chose, so that no text loses its symbol to `none`.
  const silent = values.find((v) => v.display === "" && out[v.value] === null);
  if (silent && free("none")) take(silent.value, "none");
  return out;
}

function enumView(e: EnumDef, taken: Set<string>): EnumView {
  const size = e.values.reduce((m, v) => Math.max(m, v.value + 1), 0);
  const symbols = enumSymbols(e, size);
  const displays: (string | null)[] = new Array(size).fill(null);
  for (const v of e.values) if (!v.reserved) displays[v.value] = v.display ?? v.name ?? null;
  const typeName = uniqueTypeName(typeNameOf(e.name), taken, (t) => [t]);
  const union = [
    ...symbols.filter((s): s is string => s !== null).map(stringLiteral),
    "`value${number}`",
  ];
  return { typeName, name: e.name, symbols, displays, union };
}

/**
 * `base`, or with the first number from 2 that makes every name `names` derives from it free
 * (instructions `add` and `ADD` in two groups: `AddFields`, `AddFields2`); those names are taken.
 */
function uniqueTypeName(base: string, taken: Set<string>, names: (t: string) => string[]): string {
  let typeName = base;
  for (let n = 2; names(typeName).some((t) => taken.has(t)); n++) typeName = `${base}${n}`;
  for (const t of names(typeName)) taken.add(t);
  return typeName;
}

function tsTypeOf(f: Field, enums: Map<string, EnumView>): string {
  if (f.type === "bool" || f.type === "bool_inv") return "boolean";
  if (f.type === "enum" && f.enum && enums.has(f.enum)) return enums.get(f.enum)!.typeName;
  return "number";
}

export function codecView(model: IsaModel, banner: string[]): CodecView {
  const taken = new Set<string>(["Instruction", "InstructionName", "Decoded"]);
  const enumViews = model.enums.map((e) => enumView(e, taken));
  const enumsByName = new Map(model.enums.map((e, i) => [e.name, enumViews[i]]));
  const enumIndex = new Map(model.enums.map((e, i) => [e.name, i]));

  const fieldView = (f: Field): FieldView => ({
    name: f.name,
    ranges: f.ranges.flatMap((r) => [r.low, r.high]),
    width: f.width,
    kind: f.type,
    signed: SIGNED.has(f.type),
    enumIndex: f.type === "enum" && f.enum ? (enumIndex.get(f.enum) ?? -1) : -1,
    default: f.default ?? null,
    alternatives: f.alternativeTo ?? [],
    display: f.display ?? null,
  });

  const fields: FieldView[] = [];
  const fieldIndex = new Map<string, number>();
  const fieldRef = (f: Field): number => {
    const view = fieldView(f);
    const key = JSON.stringify(view);
    let i = fieldIndex.get(key);
    if (i === undefined) {
      i = fields.push(view) - 1;
      fieldIndex.set(key, i);
    }
    return i;
  };
  const instructions = model.instructions.map((i: Instruction): InstructionView => ({
    name: i.name,
    mnemonic: i.mnemonic,
    match: i.encoding.match,
    tested: i.encoding.mask.map((m, w) => (m & ~i.encoding.dontCare[w]) >>> 0),
    dontCare: i.encoding.dontCare,
    gen: i.gen ? [i.gen.min, i.gen.max] : null,
    fields: i.fields.map(fieldRef),
    display: i.display ?? null,
  }));

  // Instructions with identical field names and types share one fields interface.
  const groups = new Map<string, { members: FieldGroupView["members"]; names: string[] }>();
  for (const i of model.instructions) {
    const members = i.fields.map((f) => ({
      name: f.name,
      key: keyLiteral(f.name),
      tsType: tsTypeOf(f, enumsByName),
      optional: f.default !== undefined || (f.alternativeTo ?? []).length > 0,
      doc: f.brief ?? null,
    }));
    const key = JSON.stringify(members.map((m) => [m.name, m.tsType, m.optional]));
    const g = groups.get(key);
    if (g) g.names.push(i.name);
    else groups.set(key, { members, names: [i.name] });
  }
  const groupViews = [...groups.values()].map((g) => {
    const typeName = uniqueTypeName(`${typeNameOf(g.names[0])}Fields`, taken, (t) => [
      t,
      `${t}Name`,
    ]);
    return {
      typeName,
      namesType: `${typeName}Name`,
      members: g.members,
      names: g.names.map(stringLiteral),
    };
  });

  const derived = model.instructions
    .filter((i) => i.derived.length > 0)
    .map((i) => ({
      key: keyLiteral(i.name),
      fns: i.derived.map((d) => ({ key: keyLiteral(d.name), ...compileExpr(d.expr) })),
    }));

  const gens = model.instructions
    .map((i) => i.gen?.min)
    .filter((g): g is number => g !== undefined);
  const syntaxData = model.isa.assemblySyntax ? SYNTAX_DATA[model.isa.assemblySyntax](model) : {};
  let display: CodecView["display"] = null;
  if (model.isa.assemblySyntax === "isaspec") {
    const compiled = compileDisplay(
      instructions.map((i) => ({ ...i, fields: i.fields.map((n) => fields[n]) })),
      syntaxData as IsaspecSyntax,
      model.isa.wordCount,
      enumViews.flatMap((e) => e.displays),
    );
    const words = Array.from({ length: model.isa.wordCount }, (_, i) => `words[at + ${i}] >>> 0`);
    const params = words.map((_, i) => `w${i}: number`).join(", ");
    display = { code: compiled.code, names: compiled.names, args: words.join(", "), params };
  }
  return {
    id: model.isa.id,
    title: model.isa.title,
    sources: banner,
    wordCount: model.isa.wordCount,
    instructionWidth: model.isa.instructionWidth,
    defaultGpu: gens.length ? Math.max(...gens) : null,
    syntax: model.isa.assemblySyntax ?? "generic",
    syntaxPartial: model.isa.assemblySyntax === "isaspec" ? "ts/codec/syntax-isaspec.ts" : null,
    syntaxData,
    syntaxJson: jsonLines(syntaxData),
    matcher: compileMatcher(instructions, model.isa.wordCount),
    runtime: runtimeSource(SYNTAX_RUNTIME[model.isa.assemblySyntax ?? "generic"]),
    tables: {
      enums: enumViews.map((e) =>
        jsonLines({ name: e.name, symbols: e.symbols, displays: e.displays }, 100, "  "),
      ),
      fields: fields.map((f) => jsonLines(f, 100, "  ")),
      instructions: instructions.map((i) => jsonLines(i, 100, "  ")),
    },
    display,
    enums: enumViews,
    fields,
    groups: groupViews,
    instructions,
    derived,
  };
}
