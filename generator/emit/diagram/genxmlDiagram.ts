/**
 * Bit diagrams of Mesa genxml layouts (Intel commands, structures and registers; Panfrost
 * descriptors): one per layout the manual shows, drawn by the same template as the instruction
 * diagrams. Fields are boxes; a group's members are drawn at its first copy; bits no field has are
 * "unused" (genxml has no fixed bits: opcodes are fields with defaults).
 */
import type { GenxmlIntelStruct } from "../../model/genxmlIntel";
import type { GenxmlPanfrostStruct } from "../../model/genxmlPanfrost";
import { structBytes } from "../../model/genxmlPanfrostLayout";
import { bitBoxes, type LayoutItem } from "../manual/bitLayout";
import { drawnBits, placedMembers } from "../manual/genxmlIntelHistory";
import { boxesSvgView, diagramPath, type BitFieldSvgView } from "./bitFieldSvg";

/**
 * The name of layout `run` (0 first) of the section at `anchor`: the anchor, `.N` after it for the
 * Nth layout (GitHub's anchors have no dots, so no two names meet).
 */
export function layoutDiagramName(anchor: string, run: number): string {
  return run === 0 ? anchor : `${anchor}.${run + 1}`;
}

/** The Markdown image of a layout's diagram (`docs/svg/<isa>/<name>.svg`). */
export function genxmlLayoutDiagram(
  isa: string,
  name: string,
  itemName: string,
): { src: string; alt: string } {
  return { src: diagramPath(isa, name), alt: `Bit layout of ${itemName}` };
}

function svgView(title: string, width: number, items: LayoutItem[]): BitFieldSvgView {
  return boxesSvgView(
    title,
    width,
    bitBoxes(width, items, () => undefined),
  );
}

/** An Intel item's layout: dwords from 0, each group's members at its first copy. */
export function intelLayoutSvgView(item: GenxmlIntelStruct): BitFieldSvgView {
  const width = drawnBits(item);
  const items = placedMembers(item).fields.map((f): LayoutItem => ({
    label: f.field.name ?? (f.field.type ?? "").toUpperCase(),
    kind: f.field.name === undefined ? "reserved" : "field",
    ranges: [{ low: f.start, high: Math.min(f.end, width - 1) }],
  }));
  return svgView(
    `Bit layout of ${item.name}: dword 0 first, most significant bit on the left`,
    width,
    items,
  );
}

/** A Panfrost descriptor's layout over its words. */
export function panfrostLayoutSvgView(s: GenxmlPanfrostStruct): BitFieldSvgView {
  const width = Math.max(32, Math.ceil(structBytes(s) / 4) * 32);
  const items = s.fields.map((f): LayoutItem => ({
    label: f.name,
    kind: "field",
    ranges: [{ low: f.start, high: f.end }],
  }));
  return svgView(
    `Bit layout of ${s.name}: word 0 first, most significant bit on the left`,
    width,
    items,
  );
}
