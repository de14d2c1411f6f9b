/**
 * Instruction formats: instructions with identical fields (names, bits, types, descriptions) and
 * the same fixed-bit positions share one encoding diagram and one field table in the manual; the
 * fixed bits whose values differ between them select the instruction (the opcode). An instruction
 * with an encoding of its own carries its diagram and field table in its own section.
 */
import type { Field, Instruction, IsaModel } from "../../model/types";
import { canonicalJson } from "../stableJson";

/** Everything about a field but where the source states it. */
function fieldKey(f: Field): string {
  const { source: _source, ...rest } = f;
  return canonicalJson(rest);
}

function formatKey(ins: Instruction): string {
  return `${ins.fields.map(fieldKey).join(";")}|${ins.encoding.mask.join(",")}|${ins.encoding.dontCare.join(",")}`;
}

/** Formats shared by two or more instructions, each a list of instructions, in order of their first instruction. */
export function sharedFormats(model: IsaModel): Instruction[][] {
  let formats = computed.get(model);
  if (!formats) {
    formats = groupFormats(model);
    computed.set(model, formats);
  }
  return formats;
}

/** Per model: the outline and the manual's view both need them. */
const computed = new WeakMap<IsaModel, Instruction[][]>();

function groupFormats(model: IsaModel): Instruction[][] {
  const groups = new Map<string, Instruction[]>();
  for (const ins of model.instructions) {
    const key = formatKey(ins);
    const group = groups.get(key);
    if (group) group.push(ins);
    else groups.set(key, [ins]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}
