/**
 * Data the build writes in prettier's style (generator/emit/jsLiterals.ts) is exactly what prettier
 * prints: a property over random arrays of flat objects with strings of every awkward kind.
 */
import * as fc from "fast-check";
import * as prettier from "prettier";
import {
  callLines,
  joinedStringLines,
  keyLiteral,
  objectArrayLines,
  stringLiteral,
  stringPieces,
} from "../../generator/emit/jsLiterals";

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

// Long texts (megabytes of JSON in register decoders) as pieces: each literal fits, the pieces
// evaluate back to the text, and `[…].join("")` is as prettier prints it.
const LONG = fc
  .array(TEXT, { minLength: 3, maxLength: 12 })
  .map((parts) => parts.join(`😀${"x".repeat(60)}`));

test("string pieces: each at most `width` columns, and together exactly the text", () => {
  // eslint-disable-next-line no-eval
  const value = (literal: string): string => (0, eval)(literal);
  fc.assert(
    fc.property(LONG, fc.integer({ min: 8, max: 100 }), (text, width) => {
      const pieces = stringPieces(text, width);
      for (const p of pieces) expect(prettier.util.getStringWidth(p)).toBeLessThanOrEqual(width);
      expect(pieces.map(value).join("")).toBe(text);
      // No piece ends inside a surrogate pair.
      for (const p of pieces.slice(0, -1)) expect(value(p)).not.toMatch(/[\ud800-\udbff]$/);
    }),
    { numRuns: 300, seed: 20261127 },
  );
});

test("a joined long string is what prettier prints, in an assignment and as an argument", async () => {
  await fc.assert(
    fc.asyncProperty(LONG, async (text) => {
      const assignment = `window.x = ${joinedStringLines(text, "")};\n`;
      expect(assignment).toBe(await viaPrettier(assignment));
      const argument = `const d = JSON.parse(\n  ${joinedStringLines(text, "  ")},\n);\n`;
      expect(argument).toBe(await viaPrettier(argument));
    }),
    { numRuns: 100, seed: 20261127 },
  );
});

test("call statements: on one line where they fit, else an argument a line, as prettier", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 8 }),
      fc.array(TEXT, { minLength: 1, maxLength: 6 }),
      async (depth, texts) => {
        const indent = 2 * depth;
        const args = [...texts.map(stringLiteral), "d[b + 3] >>> 5", "32 * k0 + 7"];
        const body = callLines(indent, "c.uint", args).join("\n");
        // The statement inside nested blocks, so that prettier sees it at that indentation.
        const open = Array.from({ length: depth }, (_, i) => `${"  ".repeat(i)}{\n`).join("");
        const close = Array.from({ length: depth }, (_, i) => `\n${"  ".repeat(depth - 1 - i)}}`);
        const text = `${open}${body}${close.join("")}\n`;
        expect(await viaPrettier(text)).toBe(text);
      },
    ),
    { numRuns: 200, seed: 20261129 },
  );
});
