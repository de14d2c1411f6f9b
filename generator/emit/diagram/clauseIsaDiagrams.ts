/**
 * Bifrost's SVG diagrams (templates/docs/bit-field.svg.hbs, like every ISA's): one per slot state,
 * named by its instruction's section anchor (`<anchor>.svg`, or `<anchor>.<k>.svg` for encoding k of
 * several: anchors have no dots), and the clause format's under `clause/` (a tuple, each kind of
 * quadword, the header, a register block), each placed in the clause-format section it belongs to.
 */
import type { ClauseFormat, IsaModel, SlotState } from "../../model/types";
import {
  headerLayout,
  quadwordLayout,
  registerBlockLayout,
  slotStateFixed,
  slotStateItems,
  tupleLayout,
  type ClauseLayout,
} from "../manual/clauseLayouts";
import { diagramPath, itemsSvgView, type BitFieldSvgView } from "./bitFieldSvg";

/** Where a slot state's diagram goes, relative to `docs/`. */
export function slotStateDiagramPath(
  isa: string,
  anchor: string,
  state: SlotState,
  states: number,
) {
  return diagramPath(isa, states > 1 ? `${anchor}.${state.encoding! + 1}` : anchor);
}

/** A slot state's diagram. */
export function slotStateSvgView(state: SlotState, width: number): BitFieldSvgView {
  return itemsSvgView(
    `Encoding of ${state.mnemonic}${state.encoding !== undefined ? ` (encoding ${state.encoding + 1})` : ""}: ${width}-bit ${state.unit.toUpperCase()} word, most significant bit on the left`,
    width,
    slotStateItems(state),
    slotStateFixed(state),
  );
}

/** A diagram of the clause format: which section shows it, its file and its description. */
export interface ClauseFormatDiagram {
  /** 0: quadwords and tuples, 1: header, 2: register block, 3: constants (clauseIsaView's order). */
  section: number;
  path: string;
  alt: string;
  layout: ClauseLayout;
}

export function clauseFormatDiagrams(model: IsaModel, format: ClauseFormat): ClauseFormatDiagram[] {
  const path = (name: string) => diagramPath(model.isa.id, `clause/${name}`);
  const kinds = Object.keys(format.kindFields) as (keyof ClauseFormat["kindFields"])[];
  return [
    {
      section: 0,
      path: path("tuple"),
      alt: "A tuple: register block, FMA word, ADD word",
      layout: tupleLayout(model, format),
    },
    ...kinds.map((kind) => ({
      section: kind === "constants" ? 3 : 0,
      path: path(`quadword-${kind}`),
      alt: `Fields of a ${kind} quadword`,
      layout: quadwordLayout(format, kind),
    })),
    {
      section: 1,
      path: path("header"),
      alt: "Fields of the clause header",
      layout: headerLayout(format),
    },
    {
      section: 2,
      path: path("register-block"),
      alt: "Fields of a register block",
      layout: registerBlockLayout(format),
    },
  ];
}

/** A clause-format diagram as template data. */
export function clauseFormatSvgView(d: ClauseFormatDiagram): BitFieldSvgView {
  return itemsSvgView(
    `${d.alt}: ${d.layout.width} bits, word 0 first, most significant bit on the left`,
    d.layout.width,
    d.layout.items,
  );
}
