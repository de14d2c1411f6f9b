/**
 * What `lookup` adds on stderr after rnndec's variant messages: which option chooses a variant and
 * which variants there are. rnndec's own lines stay as envytools prints them; these follow them.
 */
import type { RegisterDatabase, RnnElement, RnnVariantInfo } from "./model/registerDatabase";

/** The enums the database's elements take variants of (their varsets), in declaration order. */
export function varsetsOf(db: RegisterDatabase): string[] {
  const used = new Set<string>();
  const note = (v: RnnVariantInfo) => {
    if (v.varset) used.add(v.varset);
    for (const s of v.variantSets ?? []) used.add(s.varset);
  };
  const walk = (elements: RnnElement[]) => {
    for (const e of elements) {
      note(e);
      walk(e.elements);
    }
  };
  for (const d of db.domains) {
    note(d);
    walk(d.elements);
  }
  db.enums.forEach(note);
  db.bitsets.forEach(note);
  return db.enums.filter((e) => used.has(e.name)).map((e) => e.name);
}

function variantList(db: RegisterDatabase, varset: string): string {
  const en = db.enums.find((e) => e.name === varset);
  return (en?.values ?? []).map((v) => v.name).join(", ");
}

/** The option that chooses a variant of `varset`: `-a` is lookup's own for `chipset`. */
function chooseOption(varset: string): string {
  const v = `-v ${varset} VARIANT`;
  return varset === "chipset" ? `-a VARIANT or ${v}` : v;
}

/** After `I don't know which VARSET variant to use!`. */
export function unchosenVarsetHint(db: RegisterDatabase, varset: string): string {
  return `(choose one with ${chooseOption(varset)}; ${varset}'s variants: ${variantList(db, varset)})`;
}

/** After `Variant X doesn't exist in enum VARSET!`. */
export function unknownVariantHint(db: RegisterDatabase, varset: string): string {
  return `(${varset}'s variants: ${variantList(db, varset)})`;
}

/** After `Enum VARSET doesn't exist in database!`; `byChipsetOption`: it came from `-a`. */
export function unknownVarsetHint(db: RegisterDatabase, byChipsetOption: boolean): string {
  const why = byChipsetOption
    ? "-a chooses a variant of enum chipset, which this database does not have"
    : "this database has no enum of that name";
  const varsets = varsetsOf(db);
  if (varsets.length === 0) return `(${why}, and no varsets)`;
  const each = varsets.map((v) => `${v} (${variantList(db, v)})`).join("; ");
  const first = varsets[0];
  const example = db.enums.find((e) => e.name === first)!.values.at(-1)?.name ?? "VARIANT";
  const how = varsets.length === 1 ? chooseOption(first) : "-v VARSET VARIANT";
  return `(${why}; its varsets: ${each}; choose a variant with ${how}, e.g. -v ${first} ${example})`;
}
