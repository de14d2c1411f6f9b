/**
 * The `rules-ng-instructions` companion: how a rules-ng document's registers form instructions.
 * rules-ng describes registers, not instructions, so which registers are the instruction words,
 * how the opcode and other values are assembled, the operands and the overlapping fields all live
 * in this project-written data (schema: generator/model/companions/rules-ng-instructions.schema.json).
 */
import type { Diagnostics } from "../../diagnostics";
import type { Operand } from "../../model/types";
import type { LoadedCompanion } from "../readerTypes";
import { singleCompanion } from "../singleCompanion";

export const INSTRUCTIONS_KIND = "rules-ng-instructions";

/** A field holding bits `shift…` of a value assembled from several fields. */
export interface ValuePart {
  field: string;
  shift: number;
}

/** Instructions chosen by opcode value name. */
export interface Selector {
  names?: string[];
  namePrefix?: string[];
}

export interface InstructionsFile {
  /** false: another document gives the instructions; the words are only laid out. */
  buildInstructions?: boolean;
  words: { domain: string; registers: string[]; upstream: string };
  opcode: { enum: string; parts: ValuePart[]; upstream: string };
  derived?: { name: string; parts: ValuePart[]; enum?: string; upstream: string }[];
  operands?: {
    name: string;
    kind: Operand["kind"];
    fields: string[];
    only?: Selector;
    except?: Selector;
    upstream: string;
  }[];
  alternatives?: {
    register: string;
    fields: string[];
    over: string[];
    reason: string;
    upstream: string;
  }[];
}

/** The companion with its data typed (already checked against the schema by the loader). */
export interface InstructionsCompanion {
  data: InstructionsFile;
  locate: LoadedCompanion["locate"];
  path: string;
}

/** The ISA's instructions companion; a second one is an error and is ignored. */
export function findInstructionsCompanion(
  companions: LoadedCompanion[],
  diags: Diagnostics,
): InstructionsCompanion | undefined {
  const first = singleCompanion(companions, INSTRUCTIONS_KIND, diags);
  return first
    ? { data: first.data as InstructionsFile, locate: first.locate, path: first.path }
    : undefined;
}

/** Whether an instruction (opcode value name) is selected. */
export function selects(selector: Selector, instruction: string): boolean {
  return (
    (selector.names ?? []).includes(instruction) ||
    (selector.namePrefix ?? []).some((p) => instruction.startsWith(p))
  );
}
