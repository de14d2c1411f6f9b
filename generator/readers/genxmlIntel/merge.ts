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

/**
 * Items in the order the generators emit them. `own` replaces the document's own items (the bits
 * generator drops some instructions before merging, so that imported ones of the name come back).
 */
export function mergedItems(
  chain: GenxmlIntelChain,
  doc = chain.root,
  own: GenxmlIntelItem[] = doc.items,
): GenxmlIntelItem[] {
  const local = new Set(own.map((i) => `${i.kind}\0${i.name}`));
  const items = [...own];
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

export function stableSortBy<T>(xs: readonly T[], cmp: (a: T, b: T) => number): T[] {
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

/** How §2.2's order sees an item, whatever represents it (the model, or XML as written). */
export interface OrderingView<I> {
  kind(item: I): string;
  name(item: I): string;
  /** Struct names used as field types inside the item, first use first. */
  dependencies(item: I, structNames: Set<string>): string[];
  /** The item with its children sorted (enum values by value, direct members by start). */
  withSortedChildren(item: I): I;
}

/**
 * §2.2: enums by name, structs in dependency order, instructions and registers by name (anything
 * else dropped); children sorted by `view.withSortedChildren`.
 */
export function orderItems<I>(items: I[], view: OrderingView<I>): I[] {
  const byName = (a: I, b: I) => byCodePoint(view.name(a), view.name(b));
  const sorted = (kind: string) =>
    stableSortBy(
      items.filter((i) => view.kind(i) === kind),
      byName,
    ).map((i) => view.withSortedChildren(i));
  const structs = sorted("struct");
  const names = new Set(structs.map(view.name));
  const first = new Map<string, I>();
  for (const s of structs) if (!first.has(view.name(s))) first.set(view.name(s), s);
  const emitted: I[] = [];
  const done = new Set<I>();
  const visiting = new Set<I>();
  const visit = (s: I) => {
    if (visiting.has(s)) return; // a cycle is reported by the checks; do not loop here
    visiting.add(s);
    for (const d of view.dependencies(s, names)) visit(first.get(d)!);
    visiting.delete(s);
    if (!done.has(s)) {
      done.add(s);
      emitted.push(s);
    }
  };
  for (const s of structs) visit(s);
  return [...sorted("enum"), ...emitted, ...sorted("instruction"), ...sorted("register")];
}

/** §2.2 over model items. */
export function canonicalOrder(items: GenxmlIntelItem[]): GenxmlIntelItem[] {
  return orderItems(items, {
    kind: (i) => i.kind,
    name: (i) => i.name,
    dependencies: (i, names) => (i.kind === "struct" ? structDependencies(i, names) : []),
    withSortedChildren: sortChildren,
  });
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
