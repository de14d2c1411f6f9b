/**
 * The register panel of a register database's page (the site's `registers.js`): an address (and a
 * value) in, the register, its fields and their values out. The text is the decoder's
 * decodeRegister(…).text, the line `isaforge lookup -c` prints (both run rnndec's lookupLine). The
 * state lives in the URL (#lookup=DOMAIN:ADDRESS[:VALUE][&variant=NAME], hexadecimal without 0x),
 * so a decoded register can be linked. The exported functions the panel uses are
 * window.isaforgeRegisterPanel too. Nothing here touches the page until the script calls `start`.
 */
import { highlightFieldsOnHover } from "./fieldHighlight";
import type { DecodedField, DecodedRegister } from "../registerCodec";

export type { DecodedField, DecodedRegister };

/** The variants of one varset an element exists on (generator/runtime/rnndec.ts). */
export interface VariantSet {
  varset: string;
  variants: string[];
}

/** What the panel reads of the database's elements (registerCodec.ts's CodecElement). */
export interface PanelElement {
  kind: string;
  fullName?: string;
  absoluteOffset: number;
  width?: number;
  dead?: boolean;
  variantSets?: VariantSet[];
  elements: PanelElement[];
}

export interface PanelDatabase {
  domains: { name: string; variantSets?: VariantSet[]; elements: PanelElement[] }[];
}

/**
 * A database's decoder script (templates/site/register-decoder.js.hbs):
 * window.isaforgeRegisters[id].
 */
export interface RegisterApi {
  decodeRegister(
    address: bigint | number,
    value?: bigint | number,
    options?: { domain?: string; variant?: string },
  ): DecodedRegister;
  database: PanelDatabase;
  /** The main varset (the decoder's DEFAULT_VARSET) and its variants, or null and none. */
  defaultVarset: string | null;
  variants: string[];
  domains: string[];
  /** Sections whose anchor is not the register's name in lower case, keyed domain:offset:name. */
  sections: Record<string, string | null>;
}

/** A box of the layout: `[word, layer, high, low, kind, field]`. */
export type FieldBox = [
  word: number,
  layer: number,
  high: number,
  low: number,
  kind: "field" | "unused",
  field: string | null,
];

/** What the panel's URL state holds, as text. */
export interface PanelState {
  domain: string;
  address: string;
  value: string;
  variant: string;
}

export interface RegisterPanelFunctions {
  parseHex: typeof parseHex;
  sectionOf: typeof sectionOf;
  fieldBoxes: typeof fieldBoxes;
  stateHash: typeof stateHash;
  parseState: typeof parseState;
}

declare global {
  interface Window {
    isaforgeRegisters?: Record<string, RegisterApi>;
    isaforgeRegisterPanel?: RegisterPanelFunctions;
  }
}

/** "0x8400", "8400" → 0x8400n; "" → null; anything else → an error message. */
export function parseHex(text: string): { value: bigint } | { error: string } | null {
  const t = text.trim();
  if (t === "") return null;
  const m = /^(?:0x)?([0-9a-f]+)$/i.exec(t);
  if (!m) return { error: `'${t}' is not a hexadecimal number` };
  const value = BigInt(`0x${m[1]}`);
  if (value >= 1n << 64n) return { error: `0x${m[1]} does not fit in 64 bits` };
  return { value };
}

/** A register of a domain: the element, the variant sets it is declared for, its offset. */
interface Declared {
  element: PanelElement;
  sets: VariantSet[];
  absoluteOffset: number;
}

// Per database and domain: registers by headergen name (each with the variants it is declared
// for, its own or those of the array or stripe around it).
const registerIndex = new WeakMap<RegisterApi, Map<string, Map<string, Declared[]>>>();
function registersOf(api: RegisterApi, domain: string): Map<string, Declared[]> {
  let byDomain = registerIndex.get(api);
  if (!byDomain) {
    byDomain = new Map();
    registerIndex.set(api, byDomain);
  }
  let byName = byDomain.get(domain);
  if (!byName) {
    const names = new Map<string, Declared[]>();
    const walk = (list: PanelElement[], inherited: VariantSet[]) => {
      for (const e of list) {
        if (e.dead) continue;
        const sets = e.variantSets || inherited;
        if (e.kind === "reg" && e.fullName !== undefined) {
          const known = names.get(e.fullName) || [];
          known.push({ element: e, sets, absoluteOffset: e.absoluteOffset });
          names.set(e.fullName, known);
        }
        walk(e.elements, sets);
      }
    };
    const d = api.database.domains.find((x) => x.name === domain);
    if (d) walk(d.elements, d.variantSets || []);
    byDomain.set(domain, names);
    byName = names;
  }
  return byName;
}

// Whether a register is declared for `variant` of the main varset (or for every variant).
function declaredFor(api: RegisterApi, e: Declared, variant: string | undefined): boolean {
  const sets = e.sets.filter((s) => s.varset === api.defaultVarset);
  return !variant || sets.every((s) => s.variants.includes(variant));
}

/**
 * The register a decode matched: its section's anchor (null if the manual has none) and width.
 * A name can be several registers (one per variant): the one at or last before the address,
 * declared for the variant chosen.
 */
export function sectionOf(
  api: RegisterApi,
  decoded: DecodedRegister,
  variant?: string,
): { anchor: string | null; width: number } | null {
  if (decoded.register === undefined) return null;
  const candidates = registersOf(api, decoded.domain).get(decoded.register) || [];
  const better = (e: Declared, best: Declared | null) =>
    !best ||
    e.absoluteOffset > best.absoluteOffset ||
    (e.absoluteOffset === best.absoluteOffset &&
      declaredFor(api, e, variant) &&
      !declaredFor(api, best, variant));
  let best: Declared | null = null;
  for (const e of candidates)
    if (BigInt(e.absoluteOffset) <= decoded.address && better(e, best)) best = e;
  if (!best) best = candidates[0];
  if (!best) return null;
  const key = `${decoded.domain}:${best.absoluteOffset.toString(16)}:${decoded.register}`;
  const anchor = key in api.sections ? api.sections[key] : decoded.register.trim().toLowerCase();
  return { anchor, width: best.element.width || 32 };
}

/**
 * The fields as boxes, per 32-bit word of the register: [word, layer, high, low, kind, field].
 * Overlapping fields go to further layers; bits no field has are "unused" boxes.
 */
export function fieldBoxes(
  fields: readonly { name: string; low: number; high: number }[],
  width: number,
): FieldBox[] {
  const boxes: FieldBox[] = [];
  for (let word = 0; word * 32 < width; word++) {
    const low = word * 32;
    const high = Math.min(width, low + 32) - 1;
    const layers: { high: number; low: number }[][] = [];
    const parts = fields
      .filter((f) => f.low <= high && f.high >= low)
      .map((f) => ({ name: f.name, high: Math.min(f.high, high), low: Math.max(f.low, low) }))
      .sort((a, b) => b.high - a.high || b.low - a.low);
    for (const p of parts) {
      let layer = layers.findIndex((l) => l.every((q) => q.low > p.high || q.high < p.low));
      if (layer < 0) layer = layers.push([]) - 1;
      layers[layer].push(p);
      boxes.push([word, layer, p.high, p.low, "field", p.name]);
    }
    // Gaps of the first layer.
    const taken = (layers[0] || []).slice().sort((a, b) => b.high - a.high);
    let next = high;
    for (const p of taken) {
      if (p.high < next) boxes.push([word, 0, next, p.high + 1, "unused", null]);
      next = Math.min(next, p.low - 1);
    }
    if (next >= low) boxes.push([word, 0, next, low, "unused", null]);
  }
  return boxes.sort((a, b) => a[0] - b[0] || a[1] - b[1] || b[2] - a[2]);
}

/** #lookup=A6XX:8400:12345678&variant=A7XX */
export function stateHash(
  domain: string,
  address: bigint,
  value: bigint | undefined,
  variant: string,
): string {
  let hash = `#lookup=${domain}:${address.toString(16)}`;
  if (value !== undefined) hash += `:${value.toString(16)}`;
  if (variant) hash += `&variant=${encodeURIComponent(variant)}`;
  return hash;
}

/** The panel's state in a URL's hash, or null where the hash is not a lookup. */
export function parseState(hash: string): PanelState | null {
  if (!hash.startsWith("#lookup=")) return null;
  const params = new URLSearchParams(hash.slice(1));
  const parts = (params.get("lookup") || "").split(":");
  return {
    domain: parts[0] || "",
    address: parts[1] || "",
    value: parts[2] || "",
    variant: params.get("variant") || "",
  };
}

/** `0x` and the 32-bit word `word` of a value, in eight hexadecimal digits. */
export function hexWord(value: bigint, word: number): string {
  return `0x${((value >> BigInt(word * 32)) & 0xffffffffn).toString(16).padStart(8, "0")}`;
}

/** `high:low`, or one number for a single bit. */
export function rangeText(high: number, low: number): string {
  return high === low ? `${high}` : `${high}:${low}`;
}

/**
 * Offer the functions above as window.isaforgeRegisterPanel and, on a page with the register panel
 * and its database's decoder loaded, wire it up. The compiled script calls this; without a document
 * (a test's VM context) only the first happens.
 */
export function start(): void {
  window.isaforgeRegisterPanel = { parseHex, sectionOf, fieldBoxes, stateHash, parseState };
  if (typeof document === "undefined") return;
  const panel = document.getElementById("register-panel");
  const spec = panel?.dataset.spec;
  const api = panel && spec !== undefined ? (window.isaforgeRegisters || {})[spec] : undefined;
  if (panel && api) wirePanel(panel, api);
}

function wirePanel(panel: HTMLElement, api: RegisterApi): void {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const domainSelect = $<HTMLSelectElement>("register-domain");
  const variantSelect = document.getElementById("register-variant") as HTMLSelectElement | null;
  const addressInput = $<HTMLInputElement>("register-address");
  const valueInput = $<HTMLInputElement>("register-value");
  const textOut = $("register-text");
  const errorOut = $("register-error");
  const link = $<HTMLAnchorElement>("register-link");
  const layoutOut = $("register-layout");
  const fieldsTable = $<HTMLTableElement>("register-fields");

  function element(tag: string, className?: string, text?: string): HTMLElement {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  // The boxes over the value's own bits: one grid of 32 bit columns per word and layer.
  function drawLayout(fields: DecodedField[], width: number, value: bigint): void {
    const boxes = fieldBoxes(fields, width);
    const shown: HTMLElement[] = [];
    for (let word = 0; word * 32 < width; word++) {
      const block = element("div", "decoder-word");
      const top = Math.min(width, word * 32 + 32) - 1;
      block.append(
        element(
          "p",
          "decoder-word-caption",
          `Bits ${rangeText(top, word * 32)}: ${hexWord(value, word)}`,
        ),
      );
      const mine = boxes.filter((b) => b[0] === word);
      const layers = [...new Set(mine.map((b) => b[1]))];
      for (const layer of layers) {
        const row = element("div", "decoder-bits");
        for (const [, boxLayer, high, low, kind, field] of mine) {
          if (boxLayer !== layer) continue;
          const box = element("div", `decoder-box decoder-${kind}`);
          box.style.gridColumn = `${32 - (high % 32)} / span ${high - low + 1}`;
          box.title = `${field || kind} (bits ${rangeText(high, low)})`;
          box.dataset.bits = rangeText(high, low);
          if (field) box.dataset.field = field;
          box.append(element("span", "decoder-box-label", field || ""));
          const bits = element("span", "decoder-box-bits");
          for (let bit = high; bit >= low; bit--)
            bits.append(element("span", "", String((value >> BigInt(bit)) & 1n)));
          box.append(bits);
          row.append(box);
        }
        block.append(row);
      }
      shown.push(block);
    }
    layoutOut.replaceChildren(...shown);
  }

  // Listed as the boxes above are drawn, highest bit first (the decoder keeps the database's order).
  function drawFields(fields: DecodedField[]): void {
    const inBitOrder = fields.slice().sort((a, b) => b.high - a.high || b.low - a.low);
    fieldsTable.tBodies[0].replaceChildren(
      ...inBitOrder.map((f) => {
        const row = element("tr");
        row.dataset.field = f.name;
        row.append(
          element("th", "", f.name),
          element("td", "", rangeText(f.high, f.low)),
          element("td", "", f.text),
        );
        return row;
      }),
    );
    fieldsTable.hidden = fields.length === 0;
  }

  function clearRegister(): void {
    link.hidden = true;
    layoutOut.replaceChildren();
    fieldsTable.hidden = true;
  }

  highlightFieldsOnHover(panel);

  function saveState(hash: string): void {
    // Without an address, only a panel state is cleared: a section anchor in the URL stays.
    if (!hash && !location.hash.startsWith("#lookup=")) return;
    if (hash !== location.hash)
      history.replaceState(null, "", hash || location.pathname + location.search);
  }

  function update(save: boolean): void {
    const address = parseHex(addressInput.value);
    const value = parseHex(valueInput.value);
    const problem =
      (address && "error" in address && address.error) ||
      (value && "error" in value && value.error) ||
      "";
    errorOut.textContent = problem;
    if (!address || problem || !("value" in address)) {
      textOut.textContent = "";
      clearRegister();
      if (save && !address) saveState("");
      return;
    }
    const given = value && "value" in value ? value.value : undefined;
    const variant = variantSelect ? variantSelect.value : "";
    const options = { domain: domainSelect.value, ...(variant ? { variant } : {}) };
    let decoded: DecodedRegister;
    try {
      decoded = api.decodeRegister(address.value, given, options);
    } catch (e) {
      textOut.textContent = "";
      errorOut.textContent = (e as Error).message;
      clearRegister();
      return;
    }
    textOut.textContent = decoded.text;
    const section = sectionOf(api, decoded, variant);
    if (section && section.anchor !== null) {
      link.href = `#${section.anchor}`;
      link.textContent = `${decoded.register!.trim()}: its section of this manual`;
      link.hidden = false;
    } else link.hidden = true;
    if (section && given !== undefined) {
      drawLayout(decoded.fields, Math.max(section.width, 1), given);
      drawFields(decoded.fields);
    } else {
      layoutOut.replaceChildren();
      fieldsTable.hidden = true;
    }
    if (save) saveState(stateHash(domainSelect.value, address.value, given, variant));
  }

  // #lookup=DOMAIN:ADDRESS[:VALUE][&variant=NAME]: fill the panel from the URL.
  function loadState(): boolean {
    const state = parseState(location.hash);
    if (!state) return false;
    if (api.domains.includes(state.domain)) domainSelect.value = state.domain;
    if (variantSelect) {
      const known = api.variants.find((v) => v.toLowerCase() === state.variant.toLowerCase());
      variantSelect.value = known || "";
    }
    addressInput.value = state.address && `0x${state.address}`;
    valueInput.value = state.value && `0x${state.value}`;
    update(false);
    return true;
  }

  addressInput.addEventListener("input", () => update(true));
  valueInput.addEventListener("input", () => update(true));
  domainSelect.addEventListener("change", () => update(true));
  if (variantSelect) variantSelect.addEventListener("change", () => update(true));
  window.addEventListener("hashchange", loadState);
  if (loadState()) panel.scrollIntoView();
}
