/**
 * The register decoder panel of a register database's page (templates/site/register-panel.html.hbs
 * and generator/runtime/site/registers.ts), its scripts, and what the search lists of the
 * database. The panel runs the register decoder module this build generates
 * (`ts/registers/<id>.ts`, emitRegisterDecoders.ts: generator/runtime's rnndec and registerCodec
 * with the database as data), compiled by esbuild into a classic script; the database itself comes
 * in a second script as one string literal, which the template writes in prettier's style (prettier
 * over a 1.7 MB string took the build 1.4 s). Each register links to its section of the manual: the
 * heading the manual registers for it (registerDatabaseOutline).
 */
import type { IsaModel, RnnBitfield, RnnElement } from "../../model/types";
import {
  registerDecoderModule,
  registerDecoderView,
  type RegisterDecoderView,
} from "../emitRegisterDecoders";
import { compileGeneratedCodec } from "../manual/loadGeneratedCodec";
import { intelHistories } from "../manual/genxmlIntelHistory";
import { manualOutline } from "../manual/outline";

/** Where the panel sits and what the page's table of contents calls it. */
export const REGISTER_HEADING = { id: "register-decoder", text: "Decode a register" };

export interface RegisterPanelView {
  id: string;
  title: string;
  /** The scripts the panel needs: the database, then the compiled decoder. */
  tableScript: string;
  script: string;
  domains: string[];
  /** The main varset (the decoder's `DEFAULT_VARSET`) and its variants, or null. */
  varset: string | null;
  variants: string[];
}

/** The decoder script (templates/site/register-decoder.js.hbs). */
export interface RegisterScriptView {
  id: string;
  /** The decoder module compiled to a CommonJS module body; its `DATABASE` is `TABLE`. */
  js: string;
  defaultVarset: string | null;
  variants: string[];
  domains: string[];
  /**
   * Each register's section where its anchor is not its name in lower case, keyed
   * `domain:offset (hex):name`; null for a register the manual has no section for.
   */
  sections: Record<string, string | null>;
}

/** The database script (templates/site/register-table.js.hbs): the table as JSON text. */
export interface RegisterTableView {
  id: string;
  json: string;
}

export function registerScriptFile(id: string): string {
  return `${id}-registers.js`;
}

export function registerTableFile(id: string): string {
  return `${id}-register-table.js`;
}

/** What the decoder module's `DATABASE` parses on the site's pages (the table script's string). */
export const TABLE_SOURCE = "TABLE";

/** The key of a register in `sections`. */
export function sectionKey(domain: string, absoluteOffset: number, name: string): string {
  return `${domain}:${absoluteOffset.toString(16)}:${name}`;
}

/** The anchor the panel assumes when `sections` names none: the trimmed name in lower case. */
export function defaultSectionAnchor(name: string): string {
  return name.trim().toLowerCase();
}

/** Every register's section in the manual, keyed as `sections`. */
function manualSections(model: IsaModel): Map<string, string> {
  const rdb = manualOutline(model).registerDatabase;
  const out = new Map<string, string>();
  if (!rdb) return out;
  rdb.db.domains.forEach((d, i) =>
    d.registers.forEach((r, j) => {
      const key = sectionKey(d.domain.name, r.absoluteOffset, r.fullName!);
      if (!out.has(key)) out.set(key, rdb.outline.domains[i].registers[j].anchor);
    }),
  );
  return out;
}

interface TableElement {
  kind: string;
  fullName?: string;
  absoluteOffset: number;
  dead?: boolean;
  elements: TableElement[];
}

function tableRegisters(list: TableElement[]): TableElement[] {
  return list.flatMap((e) =>
    e.dead
      ? []
      : [
          ...(e.kind === "reg" && e.fullName !== undefined ? [e] : []),
          ...tableRegisters(e.elements),
        ],
  );
}

function sections(model: IsaModel, view: RegisterDecoderView): Record<string, string | null> {
  const manual = manualSections(model);
  const out: Record<string, string | null> = {};
  for (const d of view.table.domains)
    for (const r of tableRegisters(d.elements as TableElement[])) {
      const key = sectionKey(d.name, r.absoluteOffset, r.fullName!);
      const anchor = manual.get(key);
      if (anchor === undefined) out[key] = null;
      else if (anchor !== defaultSectionAnchor(r.fullName!)) out[key] = anchor;
    }
  return out;
}

export interface RegisterSite {
  panel: RegisterPanelView;
  script: RegisterScriptView;
  table: RegisterTableView;
}

/** The panel and scripts of a spec with register databases, or null for one without. */
export function registerSite(model: IsaModel): RegisterSite | null {
  const view = registerDecoderView(model);
  if (!view) return null;
  const id = model.isa.id;
  const module = registerDecoderModule(view, TABLE_SOURCE);
  return {
    panel: {
      id,
      title: model.isa.title,
      tableScript: registerTableFile(id),
      script: registerScriptFile(id),
      domains: view.domains,
      varset: view.varset,
      variants: view.variants,
    },
    script: {
      id,
      js: compileGeneratedCodec(module, `ts/registers/${id}.ts`),
      defaultVarset: view.varset,
      variants: view.variants,
      domains: view.domains,
      sections: sections(model, view),
    },
    table: { id, json: JSON.stringify(view.table) },
  };
}

/** What the search lists of a spec's register databases: registers, their fields, enums, values. */
export interface RegisterSearch {
  registers: { domain: string; name: string; anchor: string; summary: string; fields: string[] }[];
  enums: { name: string; anchor: string; values: string[] }[];
}

const plain = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const liveNames = (list: { name: string; dead?: boolean }[]) =>
  list.filter((x) => !x.dead).map((x) => x.name);

export function registerSearch(model: IsaModel): RegisterSearch | null {
  const rdb = manualOutline(model).registerDatabase;
  if (!rdb) return genxmlPanfrostSearch(model) ?? genxmlIntelSearch(model);
  const bitsets = new Map<string, RnnBitfield[]>();
  for (const db of model.registerDatabases ?? [])
    for (const b of db.bitsets) if (!bitsets.has(b.name)) bitsets.set(b.name, b.fields);
  const fieldsOf = (r: RnnElement) => [
    ...liveNames(r.type.fields),
    ...(r.type.kind === "bitset" && r.type.name !== undefined
      ? liveNames(bitsets.get(r.type.name) ?? [])
      : []),
  ];
  return {
    registers: rdb.db.domains.flatMap((d, i) =>
      d.registers.map((r, j) => ({
        domain: d.domain.name,
        name: r.fullName!.trim(),
        anchor: rdb.outline.domains[i].registers[j].anchor,
        summary: plain(r.brief),
        fields: [...new Set(fieldsOf(r))],
      })),
    ),
    enums: rdb.db.enums.map((e, i) => ({
      name: e.name,
      anchor: rdb.outline.enums[i].anchor,
      values: liveNames(e.values),
    })),
  };
}

/**
 * Panfrost genxml descriptors are searched as registers are: each descriptor (struct) with its
 * fields, under the "descriptor" domain, and each enum with its values, all across the documents.
 */
function genxmlPanfrostSearch(model: IsaModel): RegisterSearch | null {
  const outline = manualOutline(model).genxmlPanfrost;
  if (!outline) return null;
  const docs = (model.genxml ?? []).filter((d) => d.dialect === "panfrost");
  const namesIn = (kind: "struct" | "enum", name: string) => {
    const names = new Set<string>();
    for (const d of docs)
      for (const item of d.items)
        if (item.kind === kind && item.name === name)
          for (const n of item.kind === "struct"
            ? item.fields
            : item.kind === "enum"
              ? item.values
              : [])
            names.add(n.name);
    return [...names];
  };
  return {
    registers: (outline.structs?.names ?? []).map((name, i) => ({
      domain: "descriptor",
      name,
      anchor: outline.structs!.items[i].anchor,
      summary: "",
      fields: namesIn("struct", name),
    })),
    enums: (outline.enums?.names ?? []).map((name, i) => ({
      name,
      anchor: outline.enums!.items[i].anchor,
      values: namesIn("enum", name),
    })),
  };
}

/**
 * Intel genxml items are searched as registers are: each command, structure and register under the
 * domain saying which it is; each enum with its values. Not their fields: Intel's 7,000 field names
 * would take the index every page loads past its budget (test/site/registers.test.ts); a field is
 * a heading's table row, found on its item's page.
 */
function genxmlIntelSearch(model: IsaModel): RegisterSearch | null {
  const outline = manualOutline(model).genxmlIntel;
  const histories = intelHistories(model);
  if (!outline || !histories) return null;
  const domains = [
    ["instructions", "command"],
    ["structs", "structure"],
    ["registers", "register"],
  ] as const;
  return {
    registers: domains.flatMap(([kind, domain]) =>
      histories[kind].map((h, i) => ({
        domain,
        name: h.name,
        anchor: outline[kind]!.items[i].anchor,
        summary: "",
        fields: [],
      })),
    ),
    enums: histories.enums.map((h, i) => ({
      name: h.name,
      anchor: outline.enums!.items[i].anchor,
      values: [...new Set(h.runs.flatMap((r) => r.item.values.map((v) => v.name)))],
    })),
  };
}
