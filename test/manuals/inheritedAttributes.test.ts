/**
 * Shared attributes go to the outermost abstract encoding whose every instruction has the same value;
 * an instruction keeps only its own. Models are built by hand (test/helpers/modelFactory).
 */
import { inheritedAttributes } from "../../generator/emit/manual/inheritedAttributes";
import { instruction, model } from "../helpers/modelFactory";

const ins = (name: string, chain: string[], attributes: Record<string, string>, line: number) =>
  instruction(name, [0, line], [0, 0xffffffff], line, { extends: chain, attributes });

test("each attribute is credited to the outermost ancestor all of whose instructions share it", () => {
  const m = model({
    instructions: [
      // #cat0 and #cat1 both extend #root; `map.A` is the same everywhere, `map.B` only within #cat0.
      ins("a", ["#cat0", "#root"], { "map.A": "x", "map.B": "b0", own: "1" }, 1),
      ins("b", ["#cat0", "#root"], { "map.A": "x", "map.B": "b0" }, 2),
      ins("c", ["#cat1", "#root"], { "map.A": "x", "map.B": "b1" }, 3),
      ins("d", ["#cat1", "#root"], { "map.A": "x" }, 4),
    ],
  });
  const { groups, own } = inheritedAttributes(m);
  expect(groups.map((g) => [g.name, g.members.map((i) => i.name), g.attributes])).toEqual([
    ["#cat0", ["a", "b"], { "map.B": "b0" }],
    ["#root", ["a", "b", "c", "d"], { "map.A": "x" }],
  ]);
  // c's map.B differs from nothing in #cat1 but d lacks it: c keeps it.
  expect(Object.fromEntries(own)).toEqual({ a: { own: "1" }, c: { "map.B": "b1" } });
});

test("an ancestor of one instruction takes nothing, and instructions without extends keep all", () => {
  const m = model({
    instructions: [
      ins("a", ["#only"], { k: "v" }, 1),
      instruction("flat", [0, 9], [0, 0xffffffff], 9, { attributes: { k: "v" } }),
    ],
  });
  const { groups, own } = inheritedAttributes(m);
  expect(groups).toEqual([]);
  expect(Object.fromEntries(own)).toEqual({ a: { k: "v" }, flat: { k: "v" } });
});
