/**
 * How etnaviv assembles instructions from its rules-ng words. The document describes the four
 * words and the opcode table, but how they combine lives only in comments and in the upstream
 * (dis)assemblers; these tables are that knowledge (source-formats.md §D.2, §D.3). Names that a
 * document lacks are skipped, so a document with fewer fields yields fewer derived values/operands.
 */
import type { Operand } from "../../model/types";

/** A field holding bits `shift…` of a value assembled from several fields. */
export interface ValuePart {
  field: string;
  shift: number;
}

/** The opcode: `OPCODE | OPCODE_BIT6 << 6` (etna_viv disasm.py; Mesa matches bits 0–5 and 80). */
export const OPCODE_PARTS: ValuePart[] = [
  { field: "OPCODE", shift: 0 },
  { field: "OPCODE_BIT6", shift: 6 },
];

export interface DerivedSpec {
  name: string;
  parts: ValuePart[];
  /** Enum typing the value, when the document declares it. */
  enum?: string;
}

/** Values split over several fields (D.2 "Assembly of derived values"). */
export const DERIVED: DerivedSpec[] = [
  // The seed's comment header `1_21 2_31 2_30`: word1 bit 21 is the top bit of the type.
  {
    name: "TYPE",
    parts: [
      { field: "TYPE_BIT2", shift: 2 },
      { field: "TYPE_BIT01", shift: 0 },
    ],
    enum: "INST_TYPE",
  },
  // Dual-16 thread select; Mesa's isaspec calls it THREAD.
  {
    name: "THREAD",
    parts: [
      { field: "SEL_BIT1", shift: 1 },
      { field: "SEL_BIT0", shift: 0 },
    ],
  },
];

export interface OperandSpec {
  name: string;
  kind: Operand["kind"];
  /** Register/slot field first, then its modifiers. */
  fields: string[];
  /** Instructions (opcode value names) the operand belongs to; all when absent. */
  only?: (instruction: string) => boolean;
}

/** Texture sampling instructions: TEXLD, TEXLDB, TEXLDD, TEXLDL, TEXLDPCF, TEXLDLPCF, TEXLDGPCF. */
const isTexture = (name: string) => name.startsWith("TEXLD");
/** CALL/BRANCH use SRC2_IMM, the target instruction index, in place of src2 (D.2, D.3). */
const isBranch = (name: string) => name === "CALL" || name === "BRANCH";

const source = (n: number): OperandSpec => ({
  name: `src${n}`,
  kind: "src",
  fields: [
    `SRC${n}_REG`,
    `SRC${n}_USE`,
    `SRC${n}_RGROUP`,
    `SRC${n}_AMODE`,
    `SRC${n}_SWIZ`,
    `SRC${n}_NEG`,
    `SRC${n}_ABS`,
  ],
});

/** In assembly order: `texld t3, tex0, th1.xyyy, void, void` (seed `<doc>`). */
export const OPERANDS: OperandSpec[] = [
  { name: "dst", kind: "dest", fields: ["DST_REG", "DST_USE", "DST_AMODE", "DST_COMPS"] },
  { name: "tex", kind: "texture", fields: ["TEX_ID", "TEX_AMODE", "TEX_SWIZ"], only: isTexture },
  source(0),
  source(1),
  { ...source(2), only: (name) => !isBranch(name) },
  { name: "target", kind: "target", fields: ["SRC2_IMM"], only: isBranch },
];
