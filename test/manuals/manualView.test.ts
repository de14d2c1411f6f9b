/**
 * manualView's `instructions` (name, mnemonic, anchor, summary, unit): what the static site links
 * to and searches. Anchors are worked out by hand from GitHub's rules and the manual's headings.
 */
import { manualView } from "../../generator/emit/manual/manualView";
import { at, enumDef, field, instruction, model } from "../helpers/modelFactory";

const m = model({
  enums: [enumDef("Mode", [0, 1], 20)],
  instructions: [
    instruction("ADD.f32", [0, 0], [0, 1], 2, {
      unit: "FMA",
      title: "Add",
      fields: [field("mode", 0, 1, 3, { type: "enum", enum: "Mode" })],
    }),
    // A name that is also a chapter heading: its heading (and anchor) get a qualifier.
    instruction("Overview", [0, 2], [0, 3], 4, {
      doc: "First sentence. Second one.",
      source: at(4),
    }),
  ],
});

test("each instruction's anchor is its section's GitHub anchor; summaries are plain text", () => {
  expect(manualView(m, [m]).instructions).toEqual([
    { name: "ADD.f32", mnemonic: "add.f32", anchor: "addf32", summary: "Add", unit: "FMA" },
    {
      name: "Overview",
      mnemonic: "overview",
      anchor: "overview-instruction",
      summary: "First sentence.",
    },
  ]);
});

test("the enum a field names is linked to its section", () => {
  const view = manualView(m, [m]);
  expect(view.enums!.items.map((e) => e.heading.anchor)).toEqual(["mode"]);
  const fields = view.instructionSections!.items[0].fields;
  expect(fields.map((f) => f.type)).toEqual(["enum [Mode](#mode)"]);
});

test("an instruction without text of its own is summed up by the encoding it extends, unless that is the outermost", () => {
  const shared = model({
    instructions: [
      instruction("sam", [0, 0], [0, 1], 2, {
        extends: ["#cat5", "#instruction"],
        extendsDoc: { encoding: "#cat5", doc: 'The "normal" case, ie. not s2en. More text.' },
      }),
      instruction("nop", [0, 2], [0, 3], 4, {
        extends: ["#cat0", "#instruction"],
        extendsDoc: { encoding: "#instruction", doc: "Encoding of an instruction." },
        source: at(4),
      }),
    ],
  });
  const view = manualView(shared, [shared]);
  // "ie." inside a sentence does not end it.
  expect(view.instructions.map((i) => i.summary)).toEqual(['The "normal" case, ie. not s2en.', ""]);
  expect(view.instructionSections!.items.map((i) => i.description)).toEqual([
    'From `#cat5`, which it extends:\n\nThe "normal" case, ie. not s2en. More text.',
    "",
  ]);
});
