/**
 * Data the build writes in prettier's style (generator/emit/jsLiterals.ts) is exactly what prettier
 * prints: a property over random arrays of flat objects with strings of every awkward kind.
 */
import * as fc from "fast-check";
import * as prettier from "prettier";
import { keyLiteral, objectArrayLines, stringLiteral } from "../../generator/emit/jsLiterals";

const viaPrettier = (text: string) =>
  prettier.format(text, { parser: "babel", printWidth: 100, filepath: "x.js" });

test("string literals: double quotes unless the text has more of them than single quotes", () => {
  expect(stringLiteral('say "hi"')).toBe(`'say "hi"'`);
  expect(stringLiteral(`it's "x"`)).toBe(`'it\\'s "x"'`);
  expect(stringLiteral(`it's`)).toBe(`"it's"`);
  expect(stringLiteral("a\\b\n")).toBe('"a\\\\b\\n"');
});

const TEXT = fc
  .array(
    fc.constantFrom(
      "a",
      "Z",
      " ",
      '"',
      "'",
      "\\",
      "\n",
      "→",
      "中",
      "é",
      "`",
      "${",
      "0x1F",
      "word ",
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(""));
const KEY = fc.constantFrom("isa", "name", "summary", "href", "unit", "data-x", "2d");
const OBJECT = fc.dictionary(KEY, TEXT, { maxKeys: 5 });

test("arrays of objects are printed as prettier prints them", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(OBJECT, { maxLength: 5 }), async (objects) => {
      const text = objectArrayLines("window.x", objects).join("\n") + "\n";
      expect(text).toBe(await viaPrettier(text));
    }),
    { numRuns: 400, seed: 20261124 },
  );
});

test("object keys in TypeScript: bare where the key is an identifier (prettier's as-needed)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(
        fc.constantFrom(
          "ADD",
          "_x1",
          "$y",
          "ADD.f32",
          "3D",
          "a-b",
          "ok",
          "é",
          "中文",
          "a\u0301",
          "x٣",
          "1",
          "0x1",
          "1.5",
        ),
        {
          minLength: 1,
          maxLength: 5,
        },
      ),
      async (keys) => {
        const quoted = `x = { ${keys.map((k) => `${JSON.stringify(k)}: 1`).join(", ")} };\n`;
        const ours = `x = { ${keys
          .map(keyLiteral)
          .map((k) => `${k}: 1`)
          .join(", ")} };\n`;
        const formatted = await prettier.format(quoted, {
          parser: "typescript",
          printWidth: 100,
          filepath: "x.ts",
        });
        expect(formatted).toBe(ours);
      },
    ),
  );
});
