/**
 * Dispatch for a clause ISA's slots (Bifrost FMA and ADD): per slot, the decision tree of
 * buildDecisionTree over the slot states in Mesa's candidate order (mask as a number, largest
 * first), written out as nested `switch`es; a leaf tries its candidates in that order with the
 * full test (mask, exact, no reserved derived value), so the state found is the one Mesa decodes.
 */
import type { IsaModel, SlotState } from "../../model/types";
import { buildDecisionTree, type DecisionTree } from "./buildDecisionTree";
import { cStringLiteral } from "./dispatchView";

export interface SlotDispatchView {
  id: string;
  title: string;
  units: {
    name: string;
    /** The names of the slot's states, by id: the mnemonic, with ` #k` for encoding k of several. */
    names: string[];
    cNames: string[];
    ts: string[];
    c: string[];
  }[];
}

const hex = (n: number) => `0x${n.toString(16)}`;

function tests(state: SlotState, u: string): string[] {
  const t = [`(w & ${hex(state.mask)}${u}) === ${hex(state.exact)}${u}`];
  for (const d of state.derived) {
    const reserved = d.values.reduce((a, v, j) => a + (v.reserved ? 2 ** j : 0), 0);
    if (reserved === 0) continue;
    if (d.size > 5)
      throw new Error(`dispatch: a derived field of ${d.size} bits has reserved values`);
    t.push(
      `((${hex(reserved)}${u} >> ((w >> ${d.start}) & ${hex(2 ** d.size - 1)}${u})) & 1${u}) === 0`,
    );
  }
  return t;
}

/** The tree as statements returning the state id (or falling through), in TS or C. */
function render(tree: DecisionTree, states: SlotState[], c: boolean, indent: string): string[] {
  const eq = (s: string) => (c ? s.replace(/===/g, "==") : s.replace(/ >> /g, " >>> "));
  if (tree.kind === "leaf")
    return tree.candidates.map(
      (i) => `${indent}if (${eq(tests(states[i], c ? "u" : "").join(" && "))}) return ${i};`,
    );
  const lines = [
    `${indent}switch (${eq(`(w >> ${tree.low}) & ${hex(2 ** tree.width - 1)}${c ? "u" : ""}`)}) {`,
  ];
  tree.children.forEach((child, v) => {
    const body = render(child, states, c, `${indent}    `);
    if (body.length === 0) return;
    lines.push(`${indent}  case ${v}:`, ...body, `${indent}    break;`);
  });
  lines.push(`${indent}}`);
  return lines;
}

export function slotDispatchView(model: IsaModel): SlotDispatchView {
  const all = model.clauseIsa!.slotStates;
  return {
    id: model.isa.id,
    title: model.isa.title,
    units: (model.isa.units ?? []).map((u) => {
      const name = u.name.toLowerCase();
      const states = all.filter((s) => s.unit === name).sort((a, b) => b.mask - a.mask);
      const several = new Set(
        states
          .filter((s) => states.some((o) => o !== s && o.mnemonic === s.mnemonic))
          .map((s) => s.mnemonic),
      );
      const names = states.map((s) =>
        several.has(s.mnemonic) ? `${s.mnemonic} #${(s.encoding ?? 0) + 1}` : s.mnemonic,
      );
      const tree = buildDecisionTree(
        states.map((s) => ({ match: [s.exact], tested: [s.mask] })),
        1,
      );
      return {
        name,
        names,
        cNames: names.map(cStringLiteral),
        ts: render(tree, states, false, "  "),
        c: render(tree, states, true, "\t"),
      };
    }),
  };
}
