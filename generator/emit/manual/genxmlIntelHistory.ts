/**
 * Each Intel genxml item across a spec's documents: the documents whose merged view (what the
 * generators emit for it, imports resolved) has it, and its layouts per run of documents that
 * agree on it. The manual, its diagrams, the site's search and its decoder panel all read this.
 */
import { Diagnostics } from "../../diagnostics";
import type {
  GenxmlIntelDocument,
  GenxmlIntelEnum,
  GenxmlIntelField,
  GenxmlIntelItem,
  GenxmlIntelMember,
  GenxmlIntelStruct,
} from "../../model/genxmlIntel";
import type { IsaModel } from "../../model/types";
import { chainsOfDocuments } from "../../readers/genxmlIntel/loadChain";
import { byCodePoint, mergedItems, stableSortBy } from "../../readers/genxmlIntel/merge";

/** A run of documents (consecutive among those that have the item) with one layout. */
export interface ItemRun<T> {
  /** Document stems (`gen8`, `gen125_rt`). */
  docs: string[];
  item: T;
}

export interface ItemHistory<T> {
  kind: GenxmlIntelItem["kind"];
  name: string;
  /** Stems of the documents that have it, in the spec's order. */
  docs: string[];
  runs: ItemRun<T>[];
}

export interface IntelHistories {
  /** Every document's stem, in the spec's order. */
  stems: string[];
  instructions: ItemHistory<GenxmlIntelStruct>[];
  structs: ItemHistory<GenxmlIntelStruct>[];
  registers: ItemHistory<GenxmlIntelStruct>[];
  enums: ItemHistory<GenxmlIntelEnum>[];
}

/** `mesa:src/intel/genxml/gen125_rt.xml` → `gen125_rt`. */
export function intelDocumentStem(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.xml$/, "");
}

export function intelDocuments(model: IsaModel): GenxmlIntelDocument[] {
  return (model.genxml ?? []).filter((d): d is GenxmlIntelDocument => d.dialect === "intel");
}

/** The item without its source locations: equal keys, equal layouts. */
export function layoutKey(item: GenxmlIntelItem): string {
  return JSON.stringify(item, (k, v: unknown) => (k === "source" ? undefined : v));
}

const cache = new WeakMap<IsaModel, IntelHistories | null>();

/** The spec's items by kind, each kind by name (code-point order), or null without Intel documents. */
export function intelHistories(model: IsaModel): IntelHistories | null {
  if (cache.has(model)) return cache.get(model)!;
  const docs = intelDocuments(model);
  const histories = docs.length === 0 ? null : buildHistories(docs);
  cache.set(model, histories);
  return histories;
}

function buildHistories(docs: GenxmlIntelDocument[]): IntelHistories {
  // The model is valid: its chains are whole (the reader reported any broken import).
  const chains = chainsOfDocuments(docs, new Diagnostics());
  const byKey = new Map<string, ItemHistory<GenxmlIntelItem>>();
  const lastKey = new Map<ItemHistory<GenxmlIntelItem>, string>();
  for (const doc of docs) {
    const chain = chains.get(doc);
    if (!chain) continue;
    const stem = intelDocumentStem(doc.file);
    for (const item of mergedItems(chain)) {
      const id = `${item.kind}\0${item.name}`;
      let h = byKey.get(id);
      if (!h) {
        h = { kind: item.kind, name: item.name, docs: [], runs: [] };
        byKey.set(id, h);
      }
      // A document's merged view may hold two items of a name; the first is the one emitted first.
      if (h.docs[h.docs.length - 1] === stem) continue;
      h.docs.push(stem);
      const key = layoutKey(item);
      const run = h.runs[h.runs.length - 1];
      if (run && lastKey.get(h) === key) run.docs.push(stem);
      else h.runs.push({ docs: [stem], item });
      lastKey.set(h, key);
    }
  }
  const all = stableSortBy([...byKey.values()], (a, b) => byCodePoint(a.name, b.name));
  const of = <T extends GenxmlIntelItem>(kind: GenxmlIntelItem["kind"]) =>
    all.filter((h) => h.kind === kind) as unknown as ItemHistory<T>[];
  return {
    stems: docs.map((d) => intelDocumentStem(d.file)),
    instructions: of("instruction"),
    structs: of("struct"),
    registers: of("register"),
    enums: of("enum"),
  };
}

/** A field at its bits in the item (a group's member at its first copy). */
export interface PlacedField {
  field: GenxmlIntelField;
  start: number;
  end: number;
  /** The group it is in (`1`, `1.2` for a nested one), or null. */
  group: string | null;
}

/** A group at its first copy's bit in the item. */
export interface PlacedGroup {
  label: string;
  start: number;
  count: number;
  size: number;
}

/** The item's fields and groups in bit order, each group's members at their first copy. */
export function placedMembers(item: GenxmlIntelStruct): {
  fields: PlacedField[];
  groups: PlacedGroup[];
} {
  const fields: PlacedField[] = [];
  const groups: PlacedGroup[] = [];
  const walk = (members: GenxmlIntelMember[], base: number, prefix: string | null) => {
    let n = 0;
    for (const m of members) {
      if (m.kind === "field") {
        fields.push({ field: m, start: base + m.start, end: base + m.end, group: prefix });
        continue;
      }
      n++;
      const label = prefix === null ? `${n}` : `${prefix}.${n}`;
      groups.push({ label, start: base + m.start, count: m.count, size: m.size });
      walk(m.fields, base + m.start, label);
    }
  };
  walk(item.fields, 0, null);
  return {
    fields: stableSortBy(fields, (a, b) => b.end - a.end || b.start - a.start),
    groups,
  };
}

/** How many bits the item's diagram draws: its dwords, but only the first copy of each group. */
export function drawnBits(item: GenxmlIntelStruct): number {
  const { fields, groups } = placedMembers(item);
  let top = 0;
  for (const f of fields) top = Math.max(top, f.end + 1);
  for (const g of groups) top = Math.max(top, g.start + g.size);
  if (groups.length === 0 && item.length !== undefined) top = Math.max(top, item.length * 32);
  return Math.max(32, Math.ceil(top / 32) * 32);
}
