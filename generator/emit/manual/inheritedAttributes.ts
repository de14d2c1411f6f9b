/**
 * Attributes that instructions share through the abstract encodings they extend. isaspec declares
 * an `<encode>` map once on a parent bitset and the model flattens it into every instruction; the
 * manual prints each such attribute once, under the farthest ancestor whose every descendant has the
 * same value, and keeps in an instruction's section only the attributes that are its own.
 *
 * Linear in instructions × ancestors × attributes: each ancestor's common values are computed in one
 * pass over its descendants.
 */
import type { Instruction, IsaModel } from "../../model/types";

export interface InheritedGroup {
  /** The abstract encoding (an `extends` entry). */
  name: string;
  /** Every instruction that extends it, in model order. */
  members: Instruction[];
  /** The attributes credited to it, by key. */
  attributes: Record<string, string>;
}

export interface InheritedAttributes {
  /** Ancestors credited with at least one attribute, in order of first appearance. */
  groups: InheritedGroup[];
  /** Per instruction name: the attributes no ancestor is credited with (absent when none). */
  own: Map<string, Record<string, string>>;
}

/** Per key, the value every member has, or null when one lacks it or differs. */
function commonValues(members: Instruction[]): Map<string, string | null> {
  const common = new Map<string, string | null>(Object.entries(members[0].attributes ?? {}));
  for (const m of members.slice(1)) {
    for (const [key, value] of common) {
      if (value !== null && m.attributes?.[key] !== value) common.set(key, null);
    }
  }
  return common;
}

export function inheritedAttributes(model: IsaModel): InheritedAttributes {
  const descendants = new Map<string, Instruction[]>();
  for (const ins of model.instructions)
    for (const parent of ins.extends ?? []) {
      const list = descendants.get(parent);
      if (list) list.push(ins);
      else descendants.set(parent, [ins]);
    }
  // Only an ancestor of two or more instructions says something once instead of several times.
  const common = new Map<string, Map<string, string | null>>();
  for (const [parent, members] of descendants)
    if (members.length > 1) common.set(parent, commonValues(members));

  const credited = new Map<string, Record<string, string>>();
  const own = new Map<string, Record<string, string>>();
  for (const ins of model.instructions) {
    const mine: Record<string, string> = {};
    for (const [key, value] of Object.entries(ins.attributes ?? {})) {
      // `extends` lists the nearest ancestor first: look from the root down.
      const parent = [...(ins.extends ?? [])]
        .reverse()
        .find((p) => common.get(p)?.get(key) === value);
      if (parent === undefined) mine[key] = value;
      else {
        const attrs = credited.get(parent) ?? {};
        attrs[key] = value;
        credited.set(parent, attrs);
      }
    }
    if (Object.keys(mine).length > 0) own.set(ins.name, mine);
  }
  const groups = [...descendants.keys()]
    .filter((name) => credited.has(name))
    .map((name) => ({ name, members: descendants.get(name)!, attributes: credited.get(name)! }));
  return { groups, own };
}
