/**
 * The generators' merged view of an Intel genxml document (genxml.md §2, intel_genxml.py): imports
 * merged by name less their excludes, the document's own items winning, then — only if an import
 * added something — the canonical order (§2.2).
 */
import * as path from "path";
import type {
  GenxmlIntelDocument,
  GenxmlIntelItem,
  GenxmlIntelMember,
  GenxmlIntelStruct,
} from "../../model/genxmlIntel";
import type { GenxmlIntelChain } from "./loadChain";

/** Items in the order the generators emit them. */
export function mergedItems(chain: GenxmlIntelChain, doc = chain.root): GenxmlIntelItem[] {
  const local = new Set(doc.items.map((i) => `${i.kind}\0${i.name}`));
  const items = [...doc.items];
  let added = false;
  const dir = path.dirname(chain.pathOf.get(doc)!);
  for (const imp of doc.imports) {
    const excluded = new Set(imp.excludes.map((e) => e.name));
    const sub = chain.byPath.get(path.join(dir, imp.name))!;
    for (const item of mergedItems(chain, sub)) {
      if (excluded.has(item.name) || local.has(`${item.kind}\0${item.name}`)) continue;
      items.push(item);
      added = true;
    }
  }
  return added ? canonicalOrder(items) : items;
}

/** Code-point order, as Python compares strings. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function stableSortBy<T>(xs: readonly T[], cmp: (a: T, b: T) => number): T[] {
  return xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => cmp(a.x, b.x) || a.i - b.i)
    .map((e) => e.x);
}

/** Struct names used as field types inside `s` (groups included), first use first. */
export function structDependencies(s: GenxmlIntelStruct, structNames: Set<string>): string[] {
  const deps: string[] = [];
  const walk = (members: GenxmlIntelMember[]) => {
    for (const m of members) {
      if (m.kind === "group") walk(m.fields);
      else if (m.type !== undefined && structNames.has(m.type) && !deps.includes(m.type))
        deps.push(m.type);
    }
  };
  walk(s.fields);
  return deps;
}

/**
 * §2.2: enums by name, structs in dependency order, instructions and registers by name; enum values
 * by value, the direct members of each struct by start (groups' contents and field values as written).
 */
export function canonicalOrder(items: GenxmlIntelItem[]): GenxmlIntelItem[] {
  const byName = (a: GenxmlIntelItem, b: GenxmlIntelItem) => byCodePoint(a.name, b.name);
  const sorted = (kind: GenxmlIntelItem["kind"]) =>
    stableSortBy(
      items.filter((i) => i.kind === kind),
      byName,
    ).map(sortChildren);
  const structs = sorted("struct") as GenxmlIntelStruct[];
  const names = new Set(structs.map((s) => s.name));
  const first = new Map<string, GenxmlIntelStruct>();
  for (const s of structs) if (!first.has(s.name)) first.set(s.name, s);
  const emitted: GenxmlIntelStruct[] = [];
  const done = new Set<GenxmlIntelStruct>();
  const visiting = new Set<GenxmlIntelStruct>();
  const visit = (s: GenxmlIntelStruct) => {
    if (visiting.has(s)) return; // a cycle is reported by the checks; do not loop here
    visiting.add(s);
    for (const d of structDependencies(s, names)) visit(first.get(d)!);
    visiting.delete(s);
    if (!done.has(s)) {
      done.add(s);
      emitted.push(s);
    }
  };
  for (const s of structs) visit(s);
  return [...sorted("enum"), ...emitted, ...sorted("instruction"), ...sorted("register")];
}

function sortChildren(item: GenxmlIntelItem): GenxmlIntelItem {
  if (item.kind === "enum")
    return { ...item, values: stableSortBy(item.values, (a, b) => a.value - b.value) };
  return { ...item, fields: stableSortBy(item.fields, (a, b) => a.start - b.start) };
}

/** The document's gen tag for C names: the `gen` attribute without its dot (`12.5` → `125`). */
export function genTag(doc: GenxmlIntelDocument): string {
  return doc.gen.replace(".", "");
}
