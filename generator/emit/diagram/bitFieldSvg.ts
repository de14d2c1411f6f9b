/**
 * SVG bit-field diagrams of encodings (`docs/svg/<id>/<anchor>.svg`, one per instruction, named by
 * its section's anchor; Bifrost's slot states and clause formats too): one row of boxes per 32-bit
 * word (a narrower value is as wide as its bits), most significant bit on the left, alternative
 * views of some bits on rows below. Field boxes are labelled with the
 * field's name and bit range, fixed bits show their values, don't-care bits are hatched. The view
 * here only places boxes; templates/docs/bit-field.svg.hbs draws them, in `currentColor` with a
 * colour for light and one for dark themes, so the picture reads on GitHub and on the site alike.
 */
import type { Instruction, IsaModel } from "../../model/types";
import { bitBoxes, type FixedBit, type LayoutItem, type BitBox } from "../manual/bitLayout";
import { instructionBoxes, rangeText } from "../manual/encodingView";

const BIT_WIDTH = 26;
const MARGIN = 8;
/** Height of a word's caption line. */
const CAPTION_HEIGHT = 18;
const BOX_HEIGHT = 64;
const WORD_GAP = 12;
/** Glyph advance of the 11px monospace labels, for deciding whether a label fits across a box. */
const CHAR_WIDTH = 6.7;

/** Where an instruction's diagram goes, relative to `docs/`. */
export function diagramPath(isa: string, anchor: string): string {
  return `svg/${isa}/${anchor}.svg`;
}

interface Label {
  x: number;
  y: number;
  text: string;
  /** Rotated to read upwards, for boxes too narrow to hold the label across. */
  vertical: boolean;
  /** Squeeze the text to this length when it is longer than the room it has. */
  fitLength: number | null;
}

export interface SvgBox {
  kind: string;
  /** `data-field` and `data-bits` for field boxes, so tests and scripts can find them. */
  field: string | null;
  bits: string;
  x: number;
  y: number;
  width: number;
  height: number;
  labels: Label[];
  /** Fixed bits: one glyph per bit at `xs` (centred in its column); don't-care runs hatched. */
  fixed: { xs: string; y: number; text: string; hatches: { x: number; width: number }[] } | null;
}

export interface BitFieldSvgView {
  title: string;
  width: number;
  height: number;
  /** One caption per word, above its row. */
  captions: { x: number; y: number; text: string }[];
  boxes: SvgBox[];
}

function fits(text: string, room: number): boolean {
  return text.length * CHAR_WIDTH <= room - 4;
}

function boxLabels(box: BitBox, x: number, y: number, width: number): Label[] {
  const range = rangeText(box);
  const text = box.kind === "field" || box.kind === "reserved" ? box.text : box.kind;
  const middle = x + width / 2;
  if (fits(text, width) && fits(range, width))
    return [
      { x: middle, y: y + BOX_HEIGHT / 2 - 3, text, vertical: false, fitLength: null },
      { x: middle, y: y + BOX_HEIGHT / 2 + 11, text: range, vertical: false, fitLength: null },
    ];
  const line = `${text} ${range}`;
  const room = BOX_HEIGHT - 6;
  return [
    {
      x: middle + 4,
      y: y + BOX_HEIGHT / 2,
      text: line,
      vertical: true,
      fitLength: fits(line, room) ? null : room - 4,
    },
  ];
}

/** Fixed bits: their values, one glyph centred in each bit's column, and the runs of don't-care bits. */
function fixedBits(box: BitBox, left: number, y: number): NonNullable<SvgBox["fixed"]> {
  const hatches: { x: number; width: number }[] = [];
  [...box.text].forEach((ch, i) => {
    if (ch !== "x") return;
    const x = left + i * BIT_WIDTH;
    const last = hatches[hatches.length - 1];
    if (last && last.x + last.width === x) last.width += BIT_WIDTH;
    else hatches.push({ x, width: BIT_WIDTH });
  });
  return {
    xs: [...box.text].map((_, i) => left + i * BIT_WIDTH + BIT_WIDTH / 2).join(" "),
    y: y + BOX_HEIGHT / 2 + 4,
    text: box.text,
    hatches,
  };
}

/** The diagram of one instruction as template data. */
export function bitFieldSvgView(model: IsaModel, ins: Instruction): BitFieldSvgView {
  const width = model.isa.instructionWidth;
  return boxesSvgView(
    `Encoding of ${ins.name}: ${width} bits, word 0 first, most significant bit on the left`,
    width,
    instructionBoxes(model, ins),
  );
}

/** The diagram of a `width`-bit value with these items and fixed bits, as template data. */
export function itemsSvgView(
  title: string,
  width: number,
  items: LayoutItem[],
  fixed: (bit: number) => FixedBit | undefined = () => undefined,
): BitFieldSvgView {
  return boxesSvgView(title, width, bitBoxes(width, items, fixed));
}

/** A diagram of `boxes` over `widthBits` bits (one row per 32-bit word and layer) as template data. */
export function boxesSvgView(title: string, widthBits: number, boxes: BitBox[]): BitFieldSvgView {
  const words = Math.ceil(widthBits / 32);
  // Columns: 32 bits, or fewer for a value narrower than a word.
  const columns = Math.min(32, widthBits);
  // Rows per word: its layers that have boxes, so a second view only adds rows where it has bits.
  const rowsOf = Array.from({ length: words }, () => new Set<number>());
  for (const b of boxes) rowsOf[b.word].add(b.layer);
  const rowIndex = rowsOf.map(
    (rows) => new Map([...rows].sort((a, b) => a - b).map((l, i) => [l, i])),
  );
  const tops: number[] = [];
  let y = MARGIN;
  for (let w = 0; w < words; w++) {
    tops.push(y);
    y += CAPTION_HEIGHT + rowsOf[w].size * BOX_HEIGHT + WORD_GAP;
  }
  const height = y - WORD_GAP + MARGIN;
  const width = MARGIN * 2 + columns * BIT_WIDTH;
  const columnX = (bit: number) => MARGIN + (columns - 1 - (bit % 32)) * BIT_WIDTH;
  const wordBits = (w: number) => ({ high: Math.min(widthBits, w * 32 + 32) - 1, low: w * 32 });

  return {
    title,
    width,
    height,
    captions: tops.map((top, w) => {
      const { high, low } = wordBits(w);
      return {
        x: MARGIN,
        y: top + 12,
        text: words > 1 ? `Word ${w}, bits ${high}:${low}` : `Bits ${high}:${low}`,
      };
    }),
    boxes: boxes.map((b): SvgBox => {
      const x = columnX(b.high);
      const boxWidth = (b.high - b.low + 1) * BIT_WIDTH;
      const top = tops[b.word] + CAPTION_HEIGHT + rowIndex[b.word].get(b.layer)! * BOX_HEIGHT;
      const fixed = b.kind === "fixed";
      return {
        kind: b.kind,
        field: b.kind === "field" ? (b.item ?? null) : null,
        bits: rangeText(b),
        x,
        y: top,
        width: boxWidth,
        height: BOX_HEIGHT,
        labels: fixed ? [] : boxLabels(b, x, top, boxWidth),
        fixed: fixed ? fixedBits(b, x, top) : null,
      };
    }),
  };
}
