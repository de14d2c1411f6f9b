/**
 * The `valhall-layout` companion (specs/valhall/layout.json): the encoding facts Mesa keeps in code.
 * These types mirror generator/model/companions/valhall-layout.schema.json, which the loader has
 * already checked the file against.
 */
import type { Diagnostics } from "../../diagnostics";
import type { LoadedCompanion, ReaderContext } from "../readerTypes";

export const LAYOUT_KIND = "valhall-layout";

export interface LayoutRange {
  low: number;
  high: number;
  upstream: string;
}

export interface LayoutNamedField extends LayoutRange {
  field: string;
  enum?: string;
  default?: number;
}

export interface LayoutFixedBits extends LayoutRange {
  value: number;
}

export interface Opcode2Condition {
  hasOpcode2?: boolean;
  hasModifier?: string;
  lacksModifier?: string;
  sourceCount?: number;
  sourceAttribute?: { source: number; anyOf: string[] };
  opcode?: number;
  namePrefixes?: string[];
}

export interface Opcode2Rule {
  when: Opcode2Condition;
  shift?: number;
  shiftFromSources?: { perSource: number; minimum: number };
  mask?: number;
  maskSet?: number;
  maskClear?: number;
  note?: string;
  upstream: string;
}

/** Low bit for source i: `slots[i]` if given, else `base + step * i`. */
export interface SlotPosition {
  base: number;
  step?: number;
  slots?: Record<string, number>;
}

export interface SourceModifierField {
  suffix: string;
  position: SlotPosition;
  positionFromValue?: boolean;
  width?: number;
  widthBySourceSize?: Record<string, number>;
  /** Enum key; `{size}` stands for the source size. */
  enum?: string;
  enumBySourceSize?: Record<string, string>;
  enumPrefix?: boolean;
}

export interface SourceModifier {
  attribute: string;
  fields: SourceModifierField[];
  upstream: string;
}

/**
 * Attributes of one `<src>` that Mesa's newer ISA.xml states differently from the document read:
 * `remove` drops attributes, `set` adds or replaces them, before the source's fields are built.
 */
export interface SourceOverride {
  instruction: string;
  /** The source's position among the instruction's `<src>` elements, from 0. */
  source: number;
  remove?: string[];
  set?: Record<string, string>;
  note: string;
  upstream: string;
}

export interface LayoutModifier {
  element: string;
  name: string;
  upstreamName?: string;
  start: number;
  size: number;
  enum?: string;
  implied?: boolean;
  note?: string;
  upstream: string;
}

export interface ValhallLayout {
  kind: typeof LAYOUT_KIND;
  description?: string;
  instruction: {
    opcode: LayoutRange;
    fauPage: LayoutNamedField;
    flow: LayoutNamedField;
    reserved: LayoutFixedBits[];
    /** Bits no field or fixed bit claims: don't-care when given, otherwise left uncovered. */
    unclaimed?: { as: "dontCare"; upstream: string };
  };
  sources: {
    slotWidth: number;
    slotCount: number;
    wideSize: number;
    wideSlots: number;
    lutEntries: number;
    upstream: string;
  };
  destination: { register: LayoutNamedField; writeMask: LayoutNamedField; upstream: string };
  noDestination: LayoutFixedBits;
  staging: {
    register: LayoutRange;
    flags: { low: number; high: number; read: number; write: number; rw: number; upstream: string };
    unflaggedWrite: LayoutRange;
    upstream: string;
  };
  opcode2: { rules: Opcode2Rule[]; upstream: string };
  sourceModifiers: { indexBy: "slot" | "ordinal"; attributes: SourceModifier[]; upstream: string };
  sourceOverrides?: SourceOverride[];
  modifiers: LayoutModifier[];
  vaMod: { enumMinSize: number; notEncodedStart: number; upstream: string };
}

/** The ISA's layout companion; its absence is reported at the first Valhall document. */
export function findLayout(ctx: ReaderContext, diags: Diagnostics): LoadedCompanion | undefined {
  const found = ctx.companions.find((c) => c.kind === LAYOUT_KIND);
  if (!found && ctx.documents.length > 0 && !ctx.failedCompanions?.includes(LAYOUT_KIND)) {
    diags.error(
      "missing-companion",
      `reading Valhall ISA.xml needs a '${LAYOUT_KIND}' companion (specs/<isa>/layout.json), which the manifest does not name or which failed to load`,
      ctx.documents[0].recovered.locate(0),
    );
  }
  return found;
}

/** The low bit a source-modifier position gives for source index `i`. */
export function slotPosition(p: SlotPosition, i: number): number {
  return p.slots?.[String(i)] ?? p.base + (p.step ?? 0) * i;
}
