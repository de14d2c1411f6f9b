/**
 * The `bifrost-aliases` companion: each note, keyed by (notes name, unit), mapped to the Bifrost
 * ISA.xml instruction(s) it describes and their Valhall counterparts. Checks each entry's old opcode
 * against its ISA.xml `exact` and turns entries into note targets.
 */
import type { Diagnostics } from "../../diagnostics";
import type { IsaInfo, NoteTarget } from "../../model/types";
import type { LoadedCompanion } from "../readerTypes";

interface BifrostVariant {
  instruction: string;
  modifiers: string[];
  unit: "fma" | "add";
  oldOpcode?: string;
  oldOpcodeRange?: { first: string; last?: string };
  exact?: string;
  freeBits?: string;
  comment?: string;
}

interface ValhallTarget {
  instruction: string;
  modifiers: string[];
  comment?: string;
}

export interface AliasEntry {
  note: string;
  unit: "FMA" | "ADD";
  bifrost: BifrostVariant[];
  valhall: ValhallTarget[];
  comment?: string;
  upstream: string;
}

/** The companion's data, as its schema guarantees it. */
export interface AliasTable {
  aliases: AliasEntry[];
}

export function aliasKey(name: string, unit: string): string {
  return `${name}\0${unit}`;
}

function hex(value: string): number {
  return parseInt(value.slice(2), 16);
}

function show(value: number): string {
  return `0x${value.toString(16)}`;
}

/**
 * The alias entries by key. A key listed twice is an error (the second entry is ignored); every
 * entry's old opcode × 8, with its free bits cleared, must equal its `exact` and `exact` must fit its unit.
 */
export function checkAliases(
  companion: LoadedCompanion,
  isa: IsaInfo,
  diags: Diagnostics,
): Map<string, number> {
  const table = companion.data as AliasTable;
  const byKey = new Map<string, number>();
  const unitWidth = new Map((isa.units ?? []).map((u) => [u.name.toLowerCase(), u.width]));
  table.aliases.forEach((entry, i) => {
    const label = `alias '${entry.note}' (${entry.unit})`;
    const key = aliasKey(entry.note, entry.unit);
    const first = byKey.get(key);
    if (first !== undefined) {
      diags.error(
        "duplicate-name",
        `${label} is listed twice; this entry is ignored`,
        companion.locate(["aliases", i]),
        [{ at: companion.locate(["aliases", first]), message: "first entry" }],
      );
      return;
    }
    byKey.set(key, i);
    entry.bifrost.forEach((v, j) =>
      checkVariant(label, v, unitWidth, companion.locate(["aliases", i, "bifrost", j]), diags),
    );
  });
  return byKey;
}

function checkVariant(
  label: string,
  v: BifrostVariant,
  unitWidth: Map<string, number>,
  at: ReturnType<LoadedCompanion["locate"]>,
  diags: Diagnostics,
): void {
  if (v.oldOpcode !== undefined && v.oldOpcodeRange !== undefined)
    diags.error(
      "unknown-attribute",
      `${label}: Bifrost ${v.instruction} gives both oldOpcode and oldOpcodeRange`,
      at,
    );
  if (v.exact === undefined) return;
  const exact = hex(v.exact);
  const width = unitWidth.get(v.unit);
  if (width !== undefined && exact >= 2 ** width) {
    diags.error(
      "alias-mismatch",
      `${label}: Bifrost ${v.instruction} exact ${v.exact} does not fit the ${width}-bit ${v.unit.toUpperCase()} word`,
      at,
    );
    return;
  }
  const olds =
    v.oldOpcode !== undefined
      ? [v.oldOpcode]
      : v.oldOpcodeRange
        ? [
            v.oldOpcodeRange.first,
            ...(v.oldOpcodeRange.last !== undefined ? [v.oldOpcodeRange.last] : []),
          ]
        : [];
  const free = v.freeBits === undefined ? 0 : hex(v.freeBits);
  for (const old of olds) {
    const scaled = hex(old) * 8;
    // Values are at most 35 bits here (8 hex digits × 8): clear free bits word by word, exactly.
    const low = scaled % 2 ** 32;
    const cleared = scaled - low + ((low & ~free) >>> 0);
    if (cleared !== exact) {
      const ignoring =
        free !== 0 ? ` (${show(scaled)} without free bits ${v.freeBits} is ${show(cleared)})` : "";
      diags.error(
        "alias-mismatch",
        `${label}: old opcode ${old} × 8 = ${show(scaled)} does not match Bifrost ${v.instruction} exact ${v.exact}${ignoring}`,
        at,
      );
    }
  }
}

/** The note targets of an entry: its Bifrost instructions, then its Valhall counterparts (duplicates once). */
export function targetsOf(companion: LoadedCompanion, index: number): NoteTarget[] {
  const entry = (companion.data as AliasTable).aliases[index];
  const targets: NoteTarget[] = [];
  const seen = new Set<string>();
  const add = (
    isa: string,
    t: { instruction: string; modifiers: string[]; comment?: string },
    path: (string | number)[],
  ) => {
    const key = `${isa}\0${t.instruction}\0${t.modifiers.join(".")}`;
    if (seen.has(key)) return;
    seen.add(key);
    const comment = [entry.comment, t.comment].filter((c) => c !== undefined).join(" ");
    targets.push({
      isa,
      instruction: t.instruction,
      modifiers: [...t.modifiers],
      source: companion.locate(path),
      ...(comment !== "" ? { comment } : {}),
    });
  };
  entry.bifrost.forEach((v, j) => add("bifrost", v, ["aliases", index, "bifrost", j]));
  entry.valhall.forEach((v, j) => add("valhall", v, ["aliases", index, "valhall", j]));
  return targets;
}
