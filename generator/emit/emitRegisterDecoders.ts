/**
 * The register decoders: `ts/registers/<id>.ts` for every spec with register databases, exported
 * as `isaforge/registers/<id>` — generator/runtime/rnndec.ts and registerCodec.ts carried as they
 * are (a register lookup is a walk of the database, as rnndec's is), the database as data, and a
 * typed API (templates/ts/registers/registers.ts.hbs).
 */
import { readFileSync } from "fs";
import * as path from "path";
import type {
  IsaModel,
  RegisterDatabase,
  RnnBitfield,
  RnnDomain,
  RnnElement,
  RnnTypeInfo,
  RnnValue,
} from "../model/types";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";
import { joinedStringLines, stringLiteral } from "./jsLiterals";
import { registerFieldTypes } from "./registerFieldTypes";

/** The runtime's sources, as the package ships them (generator/runtime/*.ts). */
function runtimeSource(): string {
  const dir = path.join(__dirname, "..", "..", "..", "generator", "runtime");
  const here = path.join(__dirname, "..", "runtime");
  const read = (name: string) => {
    for (const d of [here, dir]) {
      try {
        return readFileSync(path.join(d, name), "utf8");
      } catch {
        // try the next
      }
    }
    throw new Error(`runtime source ${name} not found beside ${here} or in ${dir}`);
  };
  // One module: registerCodec's import of rnndec goes.
  const codec = read("registerCodec.ts").replace(/^import \{[^}]*\} from "\.\/rnndec";\n/m, "");
  return `${read("rnndec.ts")}\n${codec}`;
}

/** The database's domains, each once: a later database's domain replaces one with fewer elements. */
function mergedDomains(dbs: RegisterDatabase[]): RnnDomain[] {
  const byName = new Map<string, RnnDomain>();
  const count = (l: RnnElement[]): number => l.reduce((n, e) => n + 1 + count(e.elements), 0);
  for (const db of dbs)
    for (const d of db.domains) {
      const known = byName.get(d.name);
      if (!known || count(d.elements) > count(known.elements)) byName.set(d.name, d);
    }
  return [...byName.values()];
}

function firstByName<T extends { name: string }>(lists: T[][]): T[] {
  const byName = new Map<string, T>();
  for (const l of lists) for (const x of l) if (!byName.has(x.name)) byName.set(x.name, x);
  return [...byName.values()];
}

/** What the runtime reads of each kind of element, and nothing else (no sources, no docs). */
const variants = (x: { variantSets?: unknown; dead?: boolean }) => ({
  ...(x.variantSets ? { variantSets: x.variantSets } : {}),
  ...(x.dead ? { dead: true } : {}),
});
const value = (v: RnnValue) => ({
  name: v.name,
  ...(v.value !== undefined ? { value: v.value } : {}),
  ...variants(v),
});
const type = (t: RnnTypeInfo): object => ({
  kind: t.kind,
  ...(t.name !== undefined ? { name: t.name } : {}),
  ...(t.shr ? { shr: t.shr } : {}),
  ...(t.add ? { add: t.add } : {}),
  ...(t.radix !== undefined ? { radix: t.radix } : {}),
  values: t.values.map(value),
  fields: t.fields.map(field),
});
// Copies (of an inline bitset's fields, of a group's elements) decode without their radix, as rnn's.
const field = (f: RnnBitfield): object => ({
  name: f.name,
  low: f.low,
  high: f.high,
  type: type(f.type),
  ...(f.copiedFrom !== undefined ? { copiedFrom: f.copiedFrom } : {}),
  ...variants(f),
});
const element = (e: RnnElement): object => ({
  kind: e.kind,
  ...(e.name !== undefined ? { name: e.name } : {}),
  ...(e.useGroup !== undefined ? { useGroup: e.useGroup } : {}),
  ...(e.fullName !== undefined ? { fullName: e.fullName } : {}),
  ...(e.width !== undefined ? { width: e.width } : {}),
  offset: e.offset,
  absoluteOffset: e.absoluteOffset,
  length: e.length,
  stride: e.stride,
  strides: e.strides,
  type: type(e.type),
  elements: e.elements.map(element),
  ...variants(e),
});

/** The varset a plain variant name means: `chipset` if the database has it, else the one most used. */
export function defaultVarset(dbs: RegisterDatabase[]): string | null {
  const uses = new Map<string, number>();
  const walk = (x: { variantSets?: { varset: string }[]; elements?: RnnElement[] }) => {
    for (const s of x.variantSets ?? []) uses.set(s.varset, (uses.get(s.varset) ?? 0) + 1);
    for (const e of x.elements ?? []) walk(e);
  };
  for (const db of dbs) for (const d of db.domains) walk(d);
  if (uses.has("chipset") || dbs.some((db) => db.enums.some((e) => e.name === "chipset")))
    return "chipset";
  return [...uses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

function registerNames(list: RnnElement[]): string[] {
  return list.flatMap((e) =>
    e.dead
      ? []
      : [
          ...(e.kind === "reg" && e.fullName !== undefined ? [e.fullName] : []),
          ...registerNames(e.elements),
        ],
  );
}

/** prettier's width: the module is written in its style, so the build need not run it (2 MB). */
const WIDTH = 100;

/** `export type NAME = "a" | "b";`, one member a line when that is too wide, as prettier prints it. */
function unionDeclaration(name: string, members: string[]): string {
  const literals = [...new Set(members)].map((n) => JSON.stringify(n));
  if (literals.length === 0) return `export type ${name} = never;`;
  const line = `export type ${name} = ${literals.join(" | ")};`;
  return line.length <= WIDTH
    ? line
    : `export type ${name} =\n${literals.map((l) => `  | ${l}`).join("\n")};`;
}

/** Text for a ` * ` doc comment, broken between words into lines of at most WIDTH columns. */
function commentWrap(text: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && 3 + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join("\n * ");
}

/**
 * `const DATABASE: CodecDatabase = JSON.parse(ARG);` as prettier prints it: the argument on a line
 * of its own when long, and the table's text in short pieces joined when longer still. `table` is
 * the JSON text, or `expression` an expression to parse instead.
 */
function databaseDeclaration(source: { table: string } | { expression: string }): string {
  const argument = "table" in source ? stringLiteral(source.table) : source.expression;
  const line = `const DATABASE: CodecDatabase = JSON.parse(${argument});`;
  if (line.length <= WIDTH) return line;
  if (!("table" in source) || `  ${argument},`.length <= WIDTH)
    return `const DATABASE: CodecDatabase = JSON.parse(\n  ${argument},\n);`;
  return `const DATABASE: CodecDatabase = JSON.parse(\n  ${joinedStringLines(source.table, "  ")},\n);`;
}

/** What a register decoder module is made of: the database as data and its names. */
export interface RegisterDecoderView {
  id: string;
  title: string;
  /** The domains, in the table's order (the first is the default). */
  domains: string[];
  /** The main varset (the module's `DEFAULT_VARSET`), or null. */
  varset: string | null;
  /** The variants of `varset`. */
  variants: string[];
  /** The database as the runtime reads it (the module's `DATABASE`). */
  table: {
    enums: { name: string; values: { name: string }[] }[];
    bitsets: object[];
    spectypes: object[];
    domains: { name: string; width: number; elements: object[] }[];
  };
  /** The registers' headergen names, per domain. */
  registers: string[];
  /** The declarations of what each register's fields take (registerFieldTypes.ts). */
  fieldTypes: string;
}

/** The decoder of a spec with register databases (null without any). */
export function registerDecoderView(m: IsaModel): RegisterDecoderView | null {
  const dbs = m.registerDatabases ?? [];
  if (dbs.length === 0) return null;
  const domains = mergedDomains(dbs);
  const table = {
    enums: firstByName(dbs.map((d) => d.enums)).map((e) => ({
      name: e.name,
      values: e.values.map(value),
      ...variants(e),
    })),
    bitsets: firstByName(dbs.map((d) => d.bitsets)).map((b) => ({
      name: b.name,
      fields: b.fields.map(field),
      ...variants(b),
    })),
    spectypes: firstByName(dbs.map((d) => d.spectypes)).map((s) => ({
      name: s.name,
      type: type(s.type),
    })),
    domains: domains.map((d) => ({
      name: d.name,
      width: d.width,
      elements: d.elements.map(element),
      ...variants(d),
    })),
  };
  const varset = defaultVarset(dbs);
  const variantNames = varset
    ? (table.enums.find((e) => e.name === varset)?.values.map((v) => v.name) ?? [])
    : [];
  return {
    id: m.isa.id,
    title: m.isa.title,
    domains: domains.map((d) => d.name),
    varset,
    variants: variantNames,
    table,
    registers: domains.flatMap((d) => registerNames(d.elements)),
    fieldTypes: registerFieldTypes(dbs, table.enums, domains),
  };
}

/**
 * The module `ts/registers/<id>.ts`. `tableSource` is the expression its `DATABASE` parses
 * (default: the table's JSON text, parsed); the site's pages load the table beside the module.
 */
export function registerDecoderModule(
  view: RegisterDecoderView,
  tableSource?: string,
  runtime = runtimeSource(),
): string {
  return renderTemplate("ts/registers/registers.ts.hbs", {
    id: view.id,
    title: view.title,
    varset: view.varset,
    introduction: commentWrap(
      `Register decoder for ${view.title} (${view.id}), generated by isaforge from its register ` +
        "database: do not edit. Addresses and values to register paths, fields and enum names, " +
        "exactly as envytools' `lookup` prints them, and back from names and field values to " +
        `addresses and values. No dependencies: copy the file, or import it as ` +
        `\`isaforge/registers/${view.id}\`.`,
    ),
    domainsAndVariants: commentWrap(
      `Domains: ${view.domains.join(", ")}. Variants` +
        (view.varset ? ` (\`variant\`: a \`${view.varset}\` name)` : "") +
        `: ${view.variants.join(", ") || "none"}.`,
    ),
    firstDomain: view.domains[0] ?? "",
    runtime: runtime.trimEnd(),
    database: databaseDeclaration(
      tableSource === undefined
        ? { table: JSON.stringify(view.table) }
        : { expression: tableSource },
    ),
    domainType: unionDeclaration("Domain", view.domains),
    registerType: unionDeclaration("RegisterName", view.registers),
    fieldTypes: view.fieldTypes,
    defaultVarset: JSON.stringify(view.varset),
  });
}

export function emitRegisterDecoders(models: IsaModel[]): OutputFile[] {
  const runtime = models.some((m) => (m.registerDatabases ?? []).length > 0) ? runtimeSource() : "";
  return models.flatMap((m) => {
    const view = registerDecoderView(m);
    if (!view) return [];
    return [
      {
        path: `ts/registers/${m.isa.id}.ts`,
        content: registerDecoderModule(view, undefined, runtime),
        preformatted: true,
      },
    ];
  });
}
