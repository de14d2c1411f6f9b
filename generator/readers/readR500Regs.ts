/**
 * Reader for the r500-regs format (buhman/r500 `regs/*.txt` register-bits tables). Each document is
 * one register, named after its file (`us_fc_inst.txt` → US_FC_INST). The `r500-framing` companion
 * places the registers in the six dwords of an instruction and adds the registers and the
 * instruction the documents do not describe. The `r500-mesa-names` companion adds the names Mesa's
 * `r300_reg.h` gives the registers (for the C header).
 */
import * as path from "path";
import type { EnumDef, Instruction, Register } from "../model/types";
import { buildFramedInstruction, framingRegisters } from "./r500/framing";
import { attachMesaNames } from "./r500/mesaNames";
import { parseRegisterText } from "./r500/parseRegisterText";
import { buildRegister } from "./r500/registerModel";
import type { ModelPart, ReaderContext } from "./readerTypes";

/** `regs/us_fc_inst.txt` (or its scraped `us_fc_inst.txt.page.txt`) → `US_FC_INST`. */
export function registerNameOf(documentPath: string): string {
  const stem = path.posix.basename(documentPath.replace(/\\/g, "/")).split(".")[0];
  return stem.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
}

export function readR500Regs(ctx: ReaderContext): ModelPart {
  const enums: EnumDef[] = [];
  const registers: Register[] = [];
  for (const doc of ctx.documents) {
    const parsed = parseRegisterText(doc.recovered, ctx.diags);
    const built = buildRegister(registerNameOf(doc.path), parsed, ctx.diags);
    registers.push(built.register);
    enums.push(...built.enums);
  }
  const instructions: Instruction[] = [];
  const framing = ctx.companions.find((c) => c.kind === "r500-framing");
  if (framing) {
    registers.push(...framingRegisters(framing));
    instructions.push(buildFramedInstruction(framing, registers, ctx.isa, ctx.diags));
  }
  // After the framing: it sets the offsets, and the instruction's fields stay without these names.
  const mesaNames = ctx.companions.find((c) => c.kind === "r500-mesa-names");
  if (mesaNames) attachMesaNames(mesaNames, registers, enums, ctx.diags);
  return { enums, registers, instructions };
}
