/** Which ISA a generated file belongs to (what `build --only` selects), by name or by folder. */
import { outputIsa } from "../../generator/emit/outputFile";

const ids = ["etnaviv", "ir3", "r500", "valhall"];

test.each([
  ["ts/ir3.ts", "ir3"],
  ["dispatch/ir3-handlers.c", "ir3"],
  ["site/valhall-codec.js", "valhall"],
  // A diagram belongs to the ISA of its folder, whatever its instruction is called.
  ["docs/svg/valhall/r500-like.svg", "valhall"],
  ["docs/svg/ir3/br.svg", "ir3"],
  ["docs/README.md", undefined],
  ["site/decoder.js", undefined],
  ["site/search-index.js", undefined],
])("%s → %s", (file, isa) => {
  expect(outputIsa(file, ids)).toBe(isa);
});
