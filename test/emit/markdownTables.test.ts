/**
 * The build's own Markdown table alignment gives exactly prettier's text: worked examples, and a
 * property over random documents of tables (alignments, wide and combining characters, escaped
 * pipes, code spans, empty cells, ragged rows) among paragraphs, fences and blank-line runs.
 */
import * as fc from "fast-check";
import * as prettier from "prettier";
import { formatMarkdown } from "../../generator/emit/markdownTables";

const viaPrettier = (text: string) =>
  prettier.format(text, { parser: "markdown", printWidth: 100, filepath: "x.md" });

test("columns are padded to the widest cell, at least 3; alignment from the delimiter row", () => {
  const doc = [
    "| a | long header | r | c |",
    "|---|:--|--:|:-:|",
    "| wide 中文 | x | 1 | ab |",
    "",
  ].join("\n");
  expect(formatMarkdown(doc)).toBe(
    [
      "| a         | long header |   r |  c  |",
      "| --------- | :---------- | --: | :-: |",
      "| wide 中文 | x           |   1 | ab  |",
      "",
    ].join("\n"),
  );
});

test("fenced code is left alone, and the document ends in one newline", () => {
  const doc = "```text\n| a | b |\n|---|---|\n```\n\n\n";
  expect(formatMarkdown(doc)).toBe("```text\n| a | b |\n|---|---|\n```\n");
});

const CELL_TEXT = fc
  .array(
    fc.constantFrom(
      "a",
      "Z",
      "0",
      " ",
      "→",
      "×",
      "—",
      "é",
      "e\u0301",
      "中",
      "文",
      "`x\\|y`",
      "\\|",
      "`a`",
      "1.5",
    ),
    { maxLength: 6 },
  )
  .map((parts) =>
    parts
      .join("")
      .trim()
      .replace(/^\\?\|/, ""),
  );

const TABLE = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 4 }))
  .chain(([columns, rows]) =>
    fc.tuple(
      fc.array(
        CELL_TEXT.filter((t) => t !== ""),
        { minLength: columns, maxLength: columns },
      ),
      fc.array(fc.constantFrom("---", ":--", "--:", ":-:", "-----"), {
        minLength: columns,
        maxLength: columns,
      }),
      fc.array(fc.array(CELL_TEXT, { minLength: 1, maxLength: columns + 1 }), {
        minLength: rows,
        maxLength: rows,
      }),
    ),
  )
  .map(([header, delimiter, body]) =>
    [header, delimiter, ...body].map((cells) => `| ${cells.join(" | ")} |`).join("\n"),
  );

const BLOCK = fc.oneof(
  TABLE,
  fc.constantFrom(
    "Some text.",
    "- a\n- b",
    "```\n| not | a table |\n|---|---|\n```",
    "### Heading",
  ),
);

test("gives prettier's text for random documents of tables", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(BLOCK, fc.constantFrom("\n\n", "\n\n\n")), { minLength: 1, maxLength: 6 }),
      async (parts) => {
        const doc = parts.map(([block, gap]) => block + gap).join("");
        expect(formatMarkdown(doc)).toBe(await viaPrettier(doc));
      },
    ),
    { numRuns: 300, seed: 20261124 },
  );
});
