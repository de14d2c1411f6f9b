/**
 * Where an instruction's secondary opcode sits (§B.5): the layout's rules, applied in order to
 * shift 0 / mask 0, decide `secondary_shift` and `secondary_mask`.
 */
import type { Opcode2Condition, Opcode2Rule } from "./layout";
import { hasFlag } from "./vocabulary";

/** What the rules may test about an instruction. */
export interface Opcode2Subject {
  name: string;
  opcode: number;
  hasOpcode2: boolean;
  /** Names of all its modifiers, encoded or not. */
  modifiers: ReadonlySet<string>;
  /** Attributes of each (non-pseudo) source, in document order. */
  sources: Record<string, string>[];
}

export interface Opcode2Position {
  shift: number;
  mask: number;
}

function holds(c: Opcode2Condition, x: Opcode2Subject): boolean {
  if (c.hasOpcode2 !== undefined && c.hasOpcode2 !== x.hasOpcode2) return false;
  if (c.hasModifier !== undefined && !x.modifiers.has(c.hasModifier)) return false;
  if (c.lacksModifier !== undefined && x.modifiers.has(c.lacksModifier)) return false;
  if (c.sourceCount !== undefined && c.sourceCount !== x.sources.length) return false;
  if (c.sourceAttribute !== undefined) {
    const attrs = x.sources[c.sourceAttribute.source];
    if (!attrs || !c.sourceAttribute.anyOf.some((a) => hasFlag(attrs, a))) return false;
  }
  if (c.opcode !== undefined && c.opcode !== x.opcode) return false;
  if (c.namePrefixes !== undefined && !c.namePrefixes.some((p) => x.name.startsWith(p)))
    return false;
  return true;
}

export function opcode2Position(rules: Opcode2Rule[], x: Opcode2Subject): Opcode2Position {
  let shift = 0;
  let mask = 0;
  for (const r of rules) {
    if (!holds(r.when, x)) continue;
    if (r.shiftFromSources)
      shift = Math.max(r.shiftFromSources.perSource * x.sources.length, r.shiftFromSources.minimum);
    if (r.shift !== undefined) shift = r.shift;
    if (r.mask !== undefined) mask = r.mask;
    if (r.maskSet !== undefined) mask |= r.maskSet;
    if (r.maskClear !== undefined) mask &= ~r.maskClear;
  }
  return { shift, mask };
}
