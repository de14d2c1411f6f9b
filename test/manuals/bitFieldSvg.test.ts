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
import { needing } from "../helpers/builtSpecs";
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

/** `name hi:lo` per word a field's bits [low, high] (inclusive) cross. */
function wordBoxes(name: string, low: number, high: number): string[] {
  const out: string[] = [];
  for (let l = low; l <= high; l = (Math.floor(l / 32) + 1) * 32)
    out.push(`${name} ${rangeText(Math.min(high, Math.floor(l / 32) * 32 + 31), l)}`);
  return out;
}

/** Field boxes of a diagram as `name hi:lo`, sorted, and problems with where boxes are drawn. */
function drawnFields(file: string, columns: number): { fields: string[]; misplaced: string[] } {
  const boxes = boxesOf(file);
  const misplaced = boxes.flatMap((b) => {
    const [high, low] = [...b.bits.split(":").map(Number), Number(b.bits)].slice(0, 2);
    const lowBit = b.bits.includes(":") ? low : high;
    const x = MARGIN + (columns - 1 - (high % 32)) * BIT_WIDTH;
    return b.x === x && b.width === (high - lowBit + 1) * BIT_WIDTH
      ? []
      : [`${file}: box ${b.bits} at x=${b.x}, width ${b.width}`];
  });
  const fields = boxes
    .filter((b) => b.kind === "field")
    .map((b) => `${b.field} ${b.bits}`)
    .sort();
  return { fields, misplaced };
}

needing({ trees: ["mesa"] }).describe("bifrost: slot states and the clause format", () => {
  const model = shippedModel("bifrost");
  const clause = model.clauseIsa!;
  const manual = readManual("bifrost.md");
  const widthOf = (unit: string) =>
    model.isa.units!.find((u) => u.name.toLowerCase() === unit)!.width;

  test("each slot instruction shows one diagram per state, over its operand and fixed bits", () => {
    const problems: string[] = [];
    let states = 0;
    for (const heading of chapterItems(manual, "Slot instructions")) {
      const own = clause.slotStates.filter((s) => s.mnemonic === heading.text);
      const want = own.map(
        (s) => `svg/bifrost/${heading.anchor}${own.length > 1 ? `.${s.encoding! + 1}` : ""}.svg`,
      );
      const src = images(section(manual, heading).tokens);
      if (src.join() !== want.join()) problems.push(`${heading.text}: images ${src.join(", ")}`);
      own.forEach((s, k) => {
        states++;
        const width = widthOf(s.unit);
        const { fields, misplaced } = drawnFields(path.join(DOCS_DIR, want[k]), width);
        const expected = [
          ...s.sources.map((src, i) => `src${i} ${rangeText(src.start + 2, src.start)}`),
          ...s.modifiers.flatMap((m) =>
            m.start === undefined ? [] : [`${m.name} ${rangeText(m.start + m.size - 1, m.start)}`],
          ),
          ...s.derived.map(
            (d, i) =>
              `derived${s.derived.length > 1 ? i : ""} ${rangeText(d.start + d.size - 1, d.start)}`,
          ),
          ...s.immediates.map((m) => `${m.name} ${rangeText(m.start + m.size - 1, m.start)}`),
        ].sort();
        if (fields.join() !== expected.join())
          problems.push(`${s.mnemonic} ${k}: fields ${fields.join(", ")}`);
        problems.push(...misplaced);
        for (const b of boxesOf(path.join(DOCS_DIR, want[k])).filter((b) => b.kind === "fixed")) {
          const [high, low] = b.bits.includes(":")
            ? b.bits.split(":").map(Number)
            : [+b.bits, +b.bits];
          let bits = "";
          for (let i = high; i >= low; i--) bits += (s.mask >>> i) & 1 ? (s.exact >>> i) & 1 : "?";
          if (b.texts.join("") !== bits) problems.push(`${s.mnemonic} ${k}: fixed ${b.bits}`);
        }
      });
    }
    expect(problems).toEqual([]);
    expect(states).toBe(clause.slotStates.length);
  });

  test("the clause format shows a tuple, each kind of quadword with its fields, the header and a register block", () => {
    const format = clause.clauseFormat!;
    const chapter = chapterItems(manual, "Clause format");
    const shown = chapter.flatMap((h) => images(section(manual, h).tokens));
    const kinds = Object.keys(format.kindFields) as (keyof typeof format.kindFields)[];
    expect(shown.sort()).toEqual(
      ["tuple", "header", "register-block", ...kinds.map((k) => `quadword-${k}`)]
        .map((name) => `svg/bifrost/clause/${name}.svg`)
        .sort(),
    );
    const problems: string[] = [];
    const check = (name: string, columns: number, expected: string[]) => {
      const { fields, misplaced } = drawnFields(
        path.join(DOCS_DIR, "svg", "bifrost", "clause", `${name}.svg`),
        columns,
      );
      if (fields.join() !== [...expected].sort().join())
        problems.push(`${name}: ${fields.join(", ")}`);
      problems.push(...misplaced);
    };
    for (const kind of kinds)
      check(
        `quadword-${kind}`,
        32,
        format.kindFields[kind].flatMap((f) =>
          wordBoxes(f, format.quadwordFields[f].low, format.quadwordFields[f].high - 1),
        ),
      );
    check(
      "header",
      32,
      format.header
        .filter((h) => h.print !== "reserved")
        .flatMap((h) => wordBoxes(h.name, h.low, h.high - 1)),
    );
    check(
      "register-block",
      32,
      Object.entries(format.registerBlock).flatMap(([n, b]) => wordBoxes(n, b.low, b.high - 1)),
    );
    // Register block (35 bits), FMA word (23), ADD word (20): 78 bits.
    check("tuple", 32, [
      ...wordBoxes("regs", 0, 34),
      ...wordBoxes("fma", 35, 57),
      ...wordBoxes("add", 58, 77),
    ]);
    expect(problems).toEqual([]);
  });
});
