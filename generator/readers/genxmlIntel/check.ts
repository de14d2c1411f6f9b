/**
 * Checks an Intel genxml document chain once read: what Mesa's decoder refuses to load (a field
 * type that names nothing) and what no document may say (a field past its item's length, a bool
 * wider than a bit, structs embedding each other, two fields on the same bits). Each is a located
 * error.
 */
import type { Diagnostics } from "../../diagnostics";
import type {
  GenxmlIntelDocument,
  GenxmlIntelField,
  GenxmlIntelMember,
  GenxmlIntelStruct,
} from "../../model/genxmlIntel";
import type { GenxmlIntelChain } from "./loadChain";
import { mergedItems, structDependencies } from "./merge";
import { BUILTIN_TYPES, FIXED_POINT } from "./vocabulary";

export function checkGenxmlIntelChain(chain: GenxmlIntelChain, diags: Diagnostics): void {
  for (const doc of chain.byPath.values()) checkDocument(chain, doc, diags);
}

function checkDocument(
  chain: GenxmlIntelChain,
  doc: GenxmlIntelDocument,
  diags: Diagnostics,
): void {
  const merged = mergedItems(chain, doc);
  const enums = new Set(merged.filter((i) => i.kind === "enum").map((i) => i.name));
  const structs = merged.filter((i): i is GenxmlIntelStruct => i.kind === "struct");
  const structNames = new Set(structs.map((s) => s.name));
  for (const item of doc.items) {
    if (item.kind === "enum") continue;
    for (const f of fieldsOf(item.fields)) {
      const t = f.type;
      if (t === undefined || BUILTIN_TYPES.has(t) || FIXED_POINT.test(t)) continue;
      if (!enums.has(t) && !structNames.has(t))
        diags.error(
          "unknown-type",
          `field '${f.name ?? ""}' of ${item.kind} ${item.name} has type '${t}', which is no built-in type and no enum or struct of ${doc.file} or its imports`,
          f.source,
        );
    }
    for (const f of fieldsOf(item.fields))
      if (f.type === "bool" && f.end !== f.start)
        diags.error(
          "bad-range",
          `bool field '${f.name ?? ""}' is ${f.end - f.start + 1} bits wide`,
          f.source,
        );
    checkPlacement(item, diags);
  }
  checkStructCycles(
    structs.filter((s) => doc.items.includes(s)),
    structs,
    structNames,
    diags,
  );
}

function fieldsOf(members: GenxmlIntelMember[]): GenxmlIntelField[] {
  return members.flatMap((m) => (m.kind === "field" ? [m] : fieldsOf(m.fields)));
}

/** Field copies at absolute bits (variable groups have no fixed place: left out). */
function placed(
  members: GenxmlIntelMember[],
  base: number,
  out: { f: GenxmlIntelField; start: number; end: number }[],
) {
  for (const m of members) {
    if (m.kind === "field") out.push({ f: m, start: base + m.start, end: base + m.end });
    else for (let i = 0; i < m.count; i++) placed(m.fields, base + m.start + i * m.size, out);
  }
  return out;
}

function checkPlacement(item: GenxmlIntelStruct, diags: Diagnostics): void {
  const fields = placed(item.fields, 0, []);
  // An instruction's length is its shortest form (upstream documents put optional dwords past it);
  // structs and registers are fixed.
  if (item.kind !== "instruction" && item.length)
    for (const { f, end } of fields)
      if (end >= item.length * 32) {
        diags.error(
          "field-past-end",
          `field '${f.name ?? ""}' ends at bit ${end}, past the ${item.length} dwords of ${item.kind} ${item.name}`,
          f.source,
        );
        return;
      }
}

function checkStructCycles(
  own: GenxmlIntelStruct[],
  all: GenxmlIntelStruct[],
  names: Set<string>,
  diags: Diagnostics,
): void {
  const byName = new Map(all.map((s) => [s.name, s]));
  for (const s of own) {
    const seen = new Set<string>();
    const walk = (t: GenxmlIntelStruct): boolean => {
      for (const d of structDependencies(t, names)) {
        if (d === s.name) return true;
        if (seen.has(d)) continue;
        seen.add(d);
        if (walk(byName.get(d)!)) return true;
      }
      return false;
    };
    if (walk(s))
      diags.error(
        "struct-cycle",
        `struct ${s.name} contains itself (through the struct types of its fields)`,
        s.source,
      );
  }
}
