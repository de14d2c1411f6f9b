/**
 * Data the r500-fc assembly syntax needs beyond the codec tables (embedded in the generated codec as
 * `SYNTAX`): Mesa's `r500FragmentProgramDump()` text for a flow-control instruction. Mesa's printer
 * hard-codes which bits fill each slot of its text; here each slot is tied to the model field that
 * holds those bits, and everything positional (words, slices, value names) is taken from the model,
 * so a model that no longer fits Mesa's layout fails the build instead of printing other text.
 */
import type { EnumDef, Field, Instruction, IsaModel } from "../../../model/types";

/** Mesa's slots, in print order, and the model field whose value each prints. */
const SLOT_FIELDS = {
  texWait: "TEX_SEM_WAIT",
  last: "LAST",
  nop: "NOP",
  aluWait: "ALU_WAIT",
  jumpFunc: "JUMP_FUNC",
  jumpAny: "JUMP_ANY",
  op: "OP",
  aOp: "A_OP",
  bOp0: "B_OP0",
  bOp1: "B_OP1",
  popCnt: "B_POP_CNT",
  bElse: "B_ELSE",
  ignUnc: "IGNORE_UNCOVERED",
  boolAddr: "BOOL_ADDR",
  intAddr: "INT_ADDR",
  jumpAddr: "JUMP_ADDR",
  jumpGlobal: "JUMP_GLOBAL",
} as const;

/** Mesa prints a write/output mask as one 4-bit slice: the RGB field with the alpha bit above it. */
const MASK_FIELDS = {
  wmask: ["RGB_WMASK", "ALPHA_WMASK"],
  omask: ["RGB_OMASK", "ALPHA_OMASK"],
} as const;

/** Enum fields Mesa prints by name (its `switch` prints nothing for a value it has no case for). */
const NAMED = ["op", "aOp", "bOp0", "bOp1"] as const;

type Slot = keyof typeof SLOT_FIELDS;

function fieldOf(fc: Instruction, name: string): Field {
  const f = fc.fields.find((x) => x.name === name);
  if (!f) throw new Error(`r500-fc syntax: instruction ${fc.name} has no field ${name}`);
  return f;
}

/** The word a single-range field lies in. */
function wordOf(f: Field): number {
  const r = f.ranges;
  if (r.length !== 1 || r[0].low >>> 5 !== r[0].high >>> 5)
    throw new Error(`r500-fc syntax: field ${f.name} must lie in one word`);
  return r[0].low >>> 5;
}

/**
 * Mesa's name per raw value (index = value): the enum's value names without their shared
 * `US_FC_…_` prefix (`US_FC_OP_JUMP` → `JUMP`), "" for values the enum lacks.
 */
function valueNames(e: EnumDef, width: number): string[] {
  const named = e.values.filter((v) => v.name && !v.reserved);
  let prefix = named[0]?.name ?? "";
  for (const v of named) while (!v.name!.startsWith(prefix)) prefix = prefix.slice(0, -1);
  prefix = prefix.slice(0, prefix.lastIndexOf("_") + 1);
  const out = new Array<string>(2 ** width).fill("");
  for (const v of named) if (v.value < out.length) out[v.value] = v.name!.slice(prefix.length);
  return out;
}

export function r500FcSyntaxData(model: IsaModel): object {
  const fcs = model.instructions.filter((i) => i.fields.some((f) => f.name === SLOT_FIELDS.op));
  if (fcs.length !== 1)
    throw new Error(`r500-fc syntax: expected one flow-control instruction, found ${fcs.length}`);
  const fc = fcs[0];
  const fields = Object.fromEntries(
    Object.entries(SLOT_FIELDS).map(([slot, name]) => [slot, fieldOf(fc, name).name]),
  ) as Record<Slot, string>;

  const masks = Object.fromEntries(
    Object.entries(MASK_FIELDS).map(([slot, [rgbName, alphaName]]) => {
      const rgb = fieldOf(fc, rgbName);
      const alpha = fieldOf(fc, alphaName);
      if (
        wordOf(rgb) !== wordOf(alpha) ||
        alpha.ranges[0].low !== rgb.ranges[0].high + 1 ||
        rgb.width + alpha.width !== 4
      )
        throw new Error(`r500-fc syntax: ${rgbName} and ${alphaName} must form one 4-bit slice`);
      return [slot, [rgb.ranges[0].low, alpha.ranges[0].high]];
    }),
  ) as Record<keyof typeof MASK_FIELDS, [number, number]>;

  const names = Object.fromEntries(
    NAMED.map((slot) => {
      const f = fieldOf(fc, SLOT_FIELDS[slot]);
      const e = model.enums.find((x) => x.name === f.enum);
      if (!e) throw new Error(`r500-fc syntax: field ${f.name} has no enum`);
      return [slot, valueNames(e, f.width)];
    }),
  ) as Record<(typeof NAMED)[number], string[]>;

  // Mesa's FC_INST line prints the jump address as `inst3 >> 16`: the JUMP_ADDR slice up to the end
  // of its word, so the reserved bits and JUMP_GLOBAL above it show there too.
  const jumpAddr = fieldOf(fc, SLOT_FIELDS.jumpAddr);
  const jumpWord = wordOf(jumpAddr);
  const jumpSlice: [number, number] = [jumpAddr.ranges[0].low, jumpWord * 32 + 31];

  return {
    instruction: fc.name,
    /** The words Mesa prints, in its order: US_CMN_INST, US_FC_INST, US_FC_ADDR. */
    words: {
      cmn: wordOf(fieldOf(fc, SLOT_FIELDS.texWait)),
      inst: wordOf(fieldOf(fc, SLOT_FIELDS.op)),
      addr: wordOf(fieldOf(fc, SLOT_FIELDS.boolAddr)),
    },
    fields,
    masks,
    names,
    jumpSlice,
  };
}
