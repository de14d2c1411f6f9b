/**
 * `genX_bits.h` as Mesa's gen_bits_header.py writes it (genxml.md §4): per generation, the length
 * of chosen items and the width and start of chosen fields, as macros and as functions switching
 * on `devinfo->verx10`. Layout: templates/c/genxml-intel/bits.h.hbs.
 */
import type { GenxmlIntelDocument, GenxmlIntelItem } from "../../model/genxmlIntel";
import { byCodePoint } from "../../readers/genxmlIntel/merge";
import { renderTemplate } from "../renderTemplate";
import { cName, strippedName } from "./names";

/** The generations every function has a `case` for, newest first. */
const GEN_KEYS = [200, 125, 120, 110, 90, 80, 75, 70, 60, 50, 45, 40];

/** One document's merged items (its own instructions filtered by engine before merging). */
export interface BitsInput {
  doc: GenxmlIntelDocument;
  items: GenxmlIntelItem[];
}

type ByGen = Map<number, string>;

interface Container {
  name: string;
  length: ByGen;
  fields: Map<string, { name: string; bits: ByGen; start: ByGen }>;
}

export class BitsSymbolError extends Error {}

/** `int(float(gen) * 10)`: 12.5 → 125, 4.5 → 45, 20 → 200. */
function genKey(doc: GenxmlIntelDocument): number {
  return Math.trunc(parseFloat(doc.gen) * 10);
}

/** Containers (one per item name across the documents) with what each generation says. */
function collect(inputs: BitsInput[]): Map<string, Container> {
  const containers = new Map<string, Container>();
  for (const { doc, items } of inputs) {
    const t = genKey(doc);
    for (const item of items) {
      if (item.kind === "enum") continue;
      let c = containers.get(item.name);
      if (!c)
        containers.set(item.name, (c = { name: item.name, length: new Map(), fields: new Map() }));
      if (item.length !== undefined) c.length.set(t, `${item.length}`);
      for (const f of item.fields) {
        if (f.kind !== "field" || !f.name) continue;
        const key = strippedName(f.name);
        let field = c.fields.get(key);
        if (!field)
          c.fields.set(key, (field = { name: f.name, bits: new Map(), start: new Map() }));
        field.start.set(t, `${f.start}`);
        field.bits.set(t, `${f.end - f.start + 1}`);
      }
    }
  }
  return containers;
}

/** `GFX12_`, `GFX125_`, `GFX45_` */
function genPrefix(t: number): string {
  return `GFX${t % 10 === 0 ? t / 10 : t}_`;
}

function prop(token: string, p: string, values: ByGen, isProtected: boolean) {
  if (values.size === 0) return null;
  const gens = [...values.keys()].sort((a, b) => b - a);
  return {
    protected: isProtected,
    macros: gens.map((t) => ({
      name: `${genPrefix(t)}${token.replace(/^_/, "")}_${p}`,
      value: values.get(t)!,
    })),
    fn: `${token}_${p}`,
    cases: GEN_KEYS.map((t) => ({ gen: t, value: values.get(t) ?? "0" })),
  };
}

/**
 * The header for `symbols` (`ITEM` or `ITEM::FIELD`); throws BitsSymbolError naming a symbol that
 * no document has, as gen_bits_header fails on it.
 */
export function bitsHeader(inputs: BitsInput[], symbols: string[], guard: string): string {
  const containers = collect(inputs);
  const wanted = new Map<string, Set<string>>();
  for (const sym of symbols) {
    const [item, field] = sym.split("::");
    const c = containers.get(item);
    if (!c) throw new BitsSymbolError(`${item}: no instruction, struct or register of that name`);
    const fields = wanted.get(item) ?? new Set<string>();
    wanted.set(item, fields);
    if (field !== undefined) {
      const key = strippedName(field);
      if (!c.fields.has(key))
        throw new BitsSymbolError(`${item}::${field}: ${item} has no such field`);
      fields.add(key);
    }
  }
  const blocks = [...wanted.keys()].sort(byCodePoint).map((name) => {
    const c = containers.get(name)!;
    return {
      name,
      length: prop(cName(name), "length", c.length, true),
      fields: [...wanted.get(name)!].sort(byCodePoint).map((key) => {
        const f = c.fields.get(key)!;
        const token = cName(`${name}_${f.name}`);
        return {
          name: f.name,
          bits: prop(token, "bits", f.bits, false),
          start: prop(token, "start", f.start, false),
        };
      }),
    };
  });
  return renderTemplate("c/genxml-intel/bits.h.hbs", { guard, containers: blocks });
}
