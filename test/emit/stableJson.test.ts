/**
 * stableJson: on arbitrary values, JSON of the value with every object's keys sorted, in a layout
 * prettier (printWidth 100) leaves as it is; and the key order of an object whose keys include
 * array indices (JavaScript lists those first, in numeric order).
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { stableJson } from "../../generator/emit/stableJson";

/** A copy with keys inserted sorted (undefined members dropped). */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortedCopy(v);
    }
    return out;
  }
  return value;
}

test("index keys come first in numeric order, then the other keys sorted; undefined is left out", () => {
  const value = {
    b: 1,
    "10": "ten",
    a: undefined,
    "2": [1, 2],
    "01": true,
    z: { "3": null, y: {} },
  };
  expect(stableJson(value)).toBe(
    [
      "{",
      '  "2": [1, 2],',
      '  "10": "ten",',
      '  "01": true,',
      '  "b": 1,',
      '  "z": {',
      '    "3": null,',
      '    "y": {}',
      "  }",
      "}",
    ].join("\n"),
  );
});

test("long arrays: numbers filled line by line, other plain values one per line", () => {
  const numbers = Array.from({ length: 30 }, (_, i) => i * 1000);
  const strings = Array.from({ length: 12 }, (_, i) => `name-${i}`);
  expect(stableJson({ numbers, strings })).toBe(
    [
      "{",
      '  "numbers": [',
      // 95 columns; with " 15000," 102
      "    0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 13000, 14000,",
      "    15000, 16000, 17000, 18000, 19000, 20000, 21000, 22000, 23000, 24000, 25000, 26000, 27000,",
      "    28000, 29000",
      "  ],",
      '  "strings": [',
      ...strings.map((s, i) => `    "${s}"${i < strings.length - 1 ? "," : ""}`),
      "  ]",
      "}",
    ].join("\n"),
  );
});

test("the key-sorted value, in prettier's layout", async () => {
  const key = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.nat(40).map(String),
    fc.constantFrom("0", "01", "-1"),
  );
  const leaf = fc.oneof(
    fc.integer(),
    // Within ±1e15: prettier rewrites exponents (1e+21 as 1e21), which the models never hold.
    fc.double({ min: -1e15, max: 1e15, noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 30 }),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      tie("array"),
      tie("object"),
    ),
    // Arrays hold plain values or non-empty objects, as in the models: an array of arrays or of
    // empty objects, which prettier may keep on one line, stableJson always breaks.
    array: fc.array(fc.oneof(leaf, tie("filledObject")), { maxLength: 30 }),
    object: fc.dictionary(key, fc.option(tie("tree"), { nil: undefined }), { maxKeys: 8 }),
    filledObject: fc.dictionary(key, tie("tree"), { minKeys: 1, maxKeys: 4 }),
  }));
  await fc.assert(
    fc.asyncProperty(tree, async (value) => {
      const text = stableJson(value);
      expect(JSON.parse(text)).toEqual(sortedCopy(value));
      expect(Object.keys(JSON.parse(text) ?? {})).toEqual(Object.keys(sortedCopy(value) ?? {}));
      // prettier's JSON ends with a newline; the artifacts' template adds none.
      expect(await prettier.format(text, { parser: "json", printWidth: 100 })).toBe(text + "\n");
    }),
    { numRuns: 300, seed: 20261124 },
  );
});
