/**
 * The SVG bit-field diagrams (out/docs/svg/<id>/<anchor>.svg) read back as XML and compared with
 * the model (out/json): every instruction's section shows its diagram, and the diagram has one box
 * per field and word the field occupies, labelled with the field's name and bit range, placed over
 * exactly those bits; every bit no field claims is a fixed box showing the bit's value (`x` where
 * the model says don't-care). Expectations come from the model's ranges and match/mask words.
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import { XMLParser } from "fast-xml-parser";
import type { Instruction } from "../../generator/model/types";
import {
  DOCS_DIR,
  chapterItems,
  images,
  readManual,
  section,
  shippedIds,
  shippedModel,
} from "./manualFiles";

const BIT_WIDTH = 26;
const MARGIN = 8;

interface Box {
  kind: string;
  field?: string;
  bits: string;
  x: number;
  width: number;
  texts: string[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "g" || name === "text" || name === "rect",
});

type Node = Record<string, unknown>;
const textOf = (t: unknown): string =>
  typeof t === "object" && t !== null ? String((t as Node)["#text"] ?? "") : String(t);

function boxesOf(file: string): Box[] {
  const svg = (parser.parse(readFileSync(file, "utf8")) as { svg: { g?: Node[] } }).svg;
  return (svg.g ?? []).map((g) => {
    const rects = (g.rect as Node[]).filter((r) => r.class !== "dontcare");
    if (rects.length !== 1) throw new Error(`${file}: a box with ${rects.length} outlines`);
    return {
      kind: String(g.class),
      ...(g["data-field"] !== undefined ? { field: String(g["data-field"]) } : {}),
      bits: String(g["data-bits"]),
      x: Number(rects[0].x),
      width: Number(rects[0].width),
      texts: ((g.text as unknown[]) ?? []).map(textOf),
    };
  });
}

const rangeText = (high: number, low: number) => (high === low ? `${high}` : `${high}:${low}`);

/** A field's bits cut at word boundaries, as `hi:lo` text. */
function expectedFieldBoxes(ins: Instruction): string[] {
  return ins.fields.flatMap((f) =>
    f.ranges.flatMap((r) => {
      const out: string[] = [];
      for (let low = r.low; low <= r.high; low = (Math.floor(low / 32) + 1) * 32)
        out.push(`${f.name} ${rangeText(Math.min(r.high, Math.floor(low / 32) * 32 + 31), low)}`);
      return out;
    }),
  );
}

const bit = (words: number[], b: number) => ((words[b >>> 5] ?? 0) >>> (b & 31)) & 1;

test("diagrams draw in currentColor, with a colour for light and one for dark themes", () => {
  const svg = readFileSync(path.join(DOCS_DIR, "svg", "ir3-cat0", "br.svg"), "utf8");
  const style = /<style>([\s\S]*)<\/style>/.exec(svg)?.[1] ?? "";
  expect(style).toMatch(/\.isaforge-bitfield \{ color: #[0-9a-f]{6};/);
  expect(style).toMatch(
    /@media \(prefers-color-scheme: dark\) \{ \.isaforge-bitfield \{ color: #[0-9a-f]{6}; \} \}/,
  );
  // Outside the style, nothing names a colour: every stroke and fill follows currentColor.
  const drawing = svg.replace(/<style>[\s\S]*<\/style>/, "");
  expect(drawing).not.toMatch(/#[0-9a-fA-F]{3,6}\b|rgb\(/);
  expect(drawing).toContain('stroke="currentColor"');
});

const ids = shippedIds().filter((id) => shippedModel(id).instructions.length > 0);

describe.each(ids)("%s", (id) => {
  const model = shippedModel(id);
  const manual = readManual(`${id}.md`);
  const sections = chapterItems(manual, "Instructions");

  test(`each of the ${model.instructions.length} instruction sections shows its diagram`, () => {
    const problems: string[] = [];
    model.instructions.forEach((ins, i) => {
      const src = images(section(manual, sections[i]).tokens);
      const want = `svg/${id}/${sections[i].anchor}.svg`;
      if (src.length !== 1 || src[0] !== want)
        problems.push(`${ins.name}: images ${src.join(", ")}, want ${want}`);
      else if (!existsSync(path.join(DOCS_DIR, want)))
        problems.push(`${ins.name}: no file ${want}`);
    });
    expect(problems).toEqual([]);
  });

  test("every diagram has one box per field and word, over its bits, and the fixed bits' values", () => {
    const problems: string[] = [];
    let fieldBoxes = 0;
    model.instructions.forEach((ins, i) => {
      const boxes = boxesOf(path.join(DOCS_DIR, "svg", id, `${sections[i].anchor}.svg`));
      // Field boxes: name and bit range in the attributes and in the label, placed over the bits.
      const got = boxes.filter((b) => b.kind === "field").map((b) => `${b.field} ${b.bits}`);
      const want = expectedFieldBoxes(ins);
      if ([...got].sort().join("|") !== [...want].sort().join("|"))
        problems.push(`${ins.name}: field boxes ${got.join(", ")}; want ${want.join(", ")}`);
      for (const b of boxes) {
        const [high, low] = b.bits
          .split(":")
          .map(Number)
          .concat(Number(b.bits.split(":")[0]))
          .slice(0, 2);
        if (
          b.x !== MARGIN + (31 - (high % 32)) * BIT_WIDTH ||
          b.width !== (high - low + 1) * BIT_WIDTH
        )
          problems.push(`${ins.name}: box ${b.bits} drawn at x=${b.x}, width ${b.width}`);
        if (b.kind === "field") {
          fieldBoxes++;
          const label = b.texts.join(" ");
          if (!label.includes(b.bits) || !new RegExp(`\\b${b.field}\\b`).test(label))
            problems.push(`${ins.name}: box ${b.field} ${b.bits} is labelled '${label}'`);
        }
        if (b.kind === "fixed") {
          const { match, mask, dontCare } = ins.encoding;
          let want = "";
          for (let k = high; k >= low; k--)
            want += !bit(mask, k) ? "?" : bit(dontCare, k) ? "x" : String(bit(match, k));
          if (b.texts.join("") !== want)
            problems.push(
              `${ins.name}: fixed ${b.bits} shows '${b.texts.join("")}', want '${want}'`,
            );
        }
      }
    });
    expect(problems).toEqual([]);
    expect(fieldBoxes).toBeGreaterThanOrEqual(
      model.instructions.reduce((n, ins) => n + ins.fields.length, 0),
    );
  });
});
