/**
 * The genxml panel of a genxml spec's page (the site's `genxml.js`): dwords in, the item's fields
 * out, with the text `isaforge genxml-decode` prints for it. Intel: Mesa's intel_print_group text
 * (generator/runtime/genxmlIntel, bundled in) from a gen's decoder table (JSON, one script per gen,
 * templates/site/genxml-table.js.hbs); with no item named, the dwords are walked as a batch.
 * Panfrost: the print functions' text from the document's generated decoder module (one script per
 * document, templates/site/genxml-module.js.hbs). The page loads the default document's script,
 * the others when chosen. The state lives in the URL (#genxml=DOC:NAME:DWORD,DWORD…) so a decode
 * can be linked. Nothing here touches the page until the script calls `start`.
 */
import {
  decodeGroup,
  findGroup,
  printCommands,
  printStruct,
  type DecodedField,
} from "../genxmlIntel/decode";
import type { DecoderGroup } from "../genxmlIntel/types";
import { highlightFieldsOnHover } from "./fieldHighlight";
import type { GenxmlTable } from "./genxmlTable";

export type { GenxmlTable };

/** One row of the field table: a field (a nested struct's as `Outer.Inner`), its bits, its value. */
export interface FieldRow {
  name: string;
  bits: string;
  value: string;
}

export interface PanelState {
  gen: string;
  name: string;
  dwords: string;
}

declare global {
  interface Window {
    /** Each Intel gen's table as JSON text, keyed `spec/gen`. */
    isaforgeGenxmlTables?: Record<string, string>;
    /** Each Panfrost document's decoder module, keyed `spec/document`. */
    isaforgeGenxmlModules?: Record<string, PanfrostScript>;
    isaforgeGenxmlPanel?: {
      parseDwords: typeof parseDwords;
      intelDecoder: typeof intelDecoder;
      panfrostDecoder: typeof panfrostDecoder;
      stateHash: typeof stateHash;
      parseState: typeof parseState;
    };
  }
}

/** Dwords from hex text (`0x` optional; spaces, commas or lines between), or what is wrong. */
export function parseDwords(text: string): { dwords: number[] } | { error: string } {
  const dwords: number[] = [];
  for (const token of text.split(/[\s,]+/)) {
    if (token === "") continue;
    if (!/^(0x)?[0-9a-f]{1,8}$/i.test(token))
      return { error: `'${token}' is not a 32-bit hexadecimal dword` };
    dwords.push(parseInt(token.replace(/^0x/i, ""), 16) >>> 0);
  }
  return { dwords };
}

const hex = (v: number | bigint) => `0x${v.toString(16)}`;

function valueText(f: DecodedField): string {
  const v = f.value;
  const text =
    typeof v === "bigint"
      ? hex(v)
      : typeof v === "boolean"
        ? String(v)
        : f.type === "address" || f.type === "offset"
          ? hex(v)
          : String(v);
  return f.enumName !== undefined ? `${text} (${f.enumName})` : text;
}

/** Decoded fields as table rows, a nested struct's fields after it at their bits in the item. */
export function fieldRows(fields: DecodedField[], prefix = "", offset = 0): FieldRow[] {
  // Highest bit first, as the manual's tables and diagrams list them (the decoder walks upwards).
  const inBitOrder = fields.slice().sort((a, b) => b.end - a.end || b.start - a.start);
  return inBitOrder.flatMap((f) => {
    const start = offset + f.start;
    const end = offset + f.end;
    const row = {
      name: `${prefix}${f.name}`,
      bits: start === end ? `${start}` : `${end}:${start}`,
      value: f.fields ? "" : valueText(f),
    };
    return [row, ...(f.fields ? fieldRows(f.fields, `${prefix}${f.name}.`, start) : [])];
  });
}

/** An item's section in the manual: its anchor, where it is not the name in lower case. */
export function sectionOf(table: GenxmlTable, group: DecoderGroup): string {
  return table.sections[`${group.kind}:${group.name}`] ?? group.name.toLowerCase();
}

/** A decode: the text, the item decoded (null for a batch) with its section, the field rows. */
export type Decoded =
  | { error: string }
  | { text: string; item: string | null; section: string | null; rows: FieldRow[] };

/** One document's decoder, whichever dialect. */
export interface GenxmlDecoder {
  /** The names the panel offers. */
  names: string[];
  decode(name: string, dwords: number[]): Decoded;
}

/**
 * An Intel gen's decoder: `name`'s fields over the dwords and the text intel_print_group prints for
 * it; with no name, the batch's commands as text (no rows: a batch holds several items).
 */
export function intelDecoder(table: GenxmlTable): GenxmlDecoder {
  const spec = table.spec;
  return {
    names: [
      ...Object.keys(spec.instructions),
      ...Object.keys(spec.structs),
      ...Object.keys(spec.registers),
    ].sort(),
    decode(name, dwords) {
      if (name.trim() === "")
        return { text: printCommands(spec, dwords), item: null, section: null, rows: [] };
      const group = findGroup(spec, name.trim());
      if (!group)
        return { error: `gen ${spec.gen} has no command, structure or register '${name}'` };
      return {
        text: printStruct(spec, group.name, dwords) ?? "",
        item: group.name,
        section: sectionOf(table, group),
        rows: fieldRows(decodeGroup(spec, group, dwords)),
      };
    },
  };
}

/** What a Panfrost document's decoder module exports (templates/ts/genxml-panfrost/decoder.ts.hbs). */
export interface PanfrostModule {
  STRUCT_NAMES: readonly string[];
  structLength(name: string): number;
  decodeStruct(name: string, bytes: Uint8Array): { struct: string; fields: PanfrostFields };
  printStruct(name: string, bytes: Uint8Array): string;
}

type PanfrostValue =
  number | bigint | boolean | { value: number; name: string | null } | PanfrostFields;
interface PanfrostFields {
  [field: string]: PanfrostValue;
}

/** What a Panfrost document's script registers: its module, and its descriptors' sections by name. */
export interface PanfrostScript {
  exports: PanfrostModule;
  sections: Record<string, string>;
}

const isNamedValue = (v: object): v is { value: number; name: string | null } =>
  "value" in v && "name" in v && typeof v.value === "number";

/** Decoded Panfrost fields as rows (no bits: the module gives values by field), nested ones after. */
export function panfrostRows(fields: PanfrostFields, prefix = ""): FieldRow[] {
  return Object.entries(fields).flatMap(([name, v]): FieldRow[] => {
    const full = `${prefix}${name}`;
    if (typeof v === "object" && !isNamedValue(v))
      return [{ name: full, bits: "", value: "" }, ...panfrostRows(v, `${full}.`)];
    const value =
      typeof v === "bigint"
        ? hex(v)
        : typeof v === "object"
          ? `${v.value} (${v.name ?? "not a value of the enum"})`
          : String(v);
    return [{ name: full, bits: "", value }];
  });
}

/** A Panfrost document's decoder: one descriptor at a time (its documents hold no command stream). */
export function panfrostDecoder(script: PanfrostScript): GenxmlDecoder {
  const m = script.exports;
  return {
    names: [...m.STRUCT_NAMES],
    decode(name, dwords) {
      const n = name.trim();
      if (n === "") return { error: "name a descriptor to decode" };
      let length: number;
      try {
        length = m.structLength(n);
      } catch {
        return { error: `no descriptor '${n}' to decode in this document` };
      }
      if (dwords.length * 4 > length)
        return { error: `${dwords.length * 4} bytes given; ${n} is ${length} bytes` };
      const bytes = new Uint8Array(dwords.length * 4);
      const view = new DataView(bytes.buffer);
      dwords.forEach((w, i) => view.setUint32(4 * i, w, true));
      const decoded = m.decodeStruct(n, bytes);
      return {
        text: m.printStruct(n, bytes),
        item: decoded.struct,
        section: script.sections[decoded.struct] ?? null,
        rows: panfrostRows(decoded.fields),
      };
    },
  };
}

/** #genxml=gen12:3DSTATE_VS:78100004,0 */
export function stateHash(gen: string, name: string, dwords: number[]): string {
  const words = dwords.map((d) => d.toString(16)).join(",");
  return `#genxml=${encodeURIComponent(gen)}:${encodeURIComponent(name)}:${words}`;
}

/** The panel's state in a URL's hash, or null where the hash is not a genxml decode. */
export function parseState(hash: string): PanelState | null {
  if (!hash.startsWith("#genxml=")) return null;
  const [gen = "", name = "", dwords = ""] = hash.slice("#genxml=".length).split(":");
  return {
    gen: decodeURIComponent(gen),
    name: decodeURIComponent(name),
    dwords: dwords
      .split(",")
      .filter((d) => d !== "")
      .map((d) => `0x${d}`)
      .join(" "),
  };
}

/**
 * Offer the functions above as window.isaforgeGenxmlPanel and, on a page with the panel, wire it
 * up. Without a document (a test's VM context) only the first happens.
 */
export function start(): void {
  window.isaforgeGenxmlPanel = {
    parseDwords,
    intelDecoder,
    panfrostDecoder,
    stateHash,
    parseState,
  };
  if (typeof document === "undefined") return;
  const panel = document.getElementById("genxml-panel");
  if (panel) wirePanel(panel, panel.dataset.spec ?? "");
}

function wirePanel(panel: HTMLElement, spec: string): void {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const genSelect = $<HTMLSelectElement>("genxml-gen");
  const nameInput = $<HTMLInputElement>("genxml-name");
  const names = $<HTMLDataListElement>("genxml-names");
  const dwordsInput = $<HTMLTextAreaElement>("genxml-dwords");
  const textOut = $("genxml-text");
  const errorOut = $("genxml-error");
  const link = $<HTMLAnchorElement>("genxml-link");
  const fieldsTable = $<HTMLTableElement>("genxml-fields");
  const decoders = new Map<string, GenxmlDecoder>();

  // The document's decoder, made once; its script is added to the page the first time it is asked for.
  function decoderOf(gen: string, then: () => void): GenxmlDecoder | null {
    const key = `${spec}/${gen}`;
    const cached = decoders.get(key);
    if (cached) return cached;
    const text = (window.isaforgeGenxmlTables || {})[key];
    const module = (window.isaforgeGenxmlModules || {})[key];
    if (text !== undefined || module !== undefined) {
      const decoder =
        text !== undefined
          ? intelDecoder(JSON.parse(text) as GenxmlTable)
          : panfrostDecoder(module!);
      decoders.set(key, decoder);
      return decoder;
    }
    const option = genSelect.selectedOptions[0];
    const script = document.createElement("script");
    script.src = option?.dataset.script ?? "";
    script.onload = then;
    script.onerror = () => (errorOut.textContent = `the table of ${gen} could not be loaded`);
    document.head.append(script);
    return null;
  }

  function element(tag: string, text?: string): HTMLElement {
    const el = document.createElement(tag);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function listNames(decoder: GenxmlDecoder): void {
    names.replaceChildren(
      ...decoder.names.map((n) => {
        const option = document.createElement("option");
        option.value = n;
        return option;
      }),
    );
  }

  function clear(): void {
    textOut.textContent = "";
    link.hidden = true;
    fieldsTable.hidden = true;
  }

  highlightFieldsOnHover(panel);

  function update(save: boolean): void {
    const gen = genSelect.value;
    const decoder = decoderOf(gen, () => update(save));
    if (!decoder) return;
    if (names.dataset.gen !== gen) {
      listNames(decoder);
      names.dataset.gen = gen;
    }
    const words = parseDwords(dwordsInput.value);
    errorOut.textContent = "error" in words ? words.error : "";
    if ("error" in words || (words.dwords.length === 0 && nameInput.value.trim() === "")) {
      clear();
      return;
    }
    const decoded = decoder.decode(nameInput.value, words.dwords);
    if ("error" in decoded) {
      errorOut.textContent = decoded.error;
      clear();
      return;
    }
    textOut.textContent = decoded.text;
    if (decoded.item !== null && decoded.section !== null) {
      link.href = `#${decoded.section}`;
      link.textContent = `${decoded.item}: its section of this manual`;
      link.hidden = false;
    } else link.hidden = true;
    fieldsTable.tBodies[0].replaceChildren(
      ...decoded.rows.map((r) => {
        const row = element("tr");
        row.dataset.field = r.name;
        row.append(element("th", r.name), element("td", r.bits), element("td", r.value));
        return row;
      }),
    );
    fieldsTable.hidden = decoded.rows.length === 0;
    if (save) {
      const hash = stateHash(gen, nameInput.value.trim(), words.dwords);
      if (hash !== location.hash) history.replaceState(null, "", hash);
    }
  }

  function loadState(): boolean {
    const state = parseState(location.hash);
    if (!state) return false;
    if ([...genSelect.options].some((o) => o.value === state.gen)) genSelect.value = state.gen;
    nameInput.value = state.name;
    dwordsInput.value = state.dwords;
    update(false);
    return true;
  }

  for (const input of [nameInput, dwordsInput]) input.addEventListener("input", () => update(true));
  genSelect.addEventListener("change", () => update(true));
  window.addEventListener("hashchange", loadState);
  if (loadState()) panel.scrollIntoView();
  else update(false);
}
