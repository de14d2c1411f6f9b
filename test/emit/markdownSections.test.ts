/**
 * Markdown is formatted section by section (generator/emit/markdownSections.ts): the cuts fall only
 * where no block is open, the sections rejoin to the input, and prettier gives the same text as on
 * the whole document.
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { prettierFormat } from "../../generator/emit/formatOutput";
import { markdownSections } from "../../generator/emit/markdownSections";

jest.setTimeout(120_000);

const doc = (...lines: string[]) => lines.join("\n");

describe("markdownSections", () => {
  test("cuts before each heading that follows a blank line", () => {
    expect(
      markdownSections(doc("# A", "", "text", "", "## B", "", "- x", "", "### C", "done", "")),
    ).toEqual(["# A\n\ntext\n\n", "## B\n\n- x\n\n", "### C\ndone\n"]);
  });

  test("a heading right after a non-blank line is not a cut", () => {
    expect(markdownSections(doc("# A", "text", "## B", ""))).toEqual(["# A\ntext\n## B\n"]);
  });

  test("no cut inside fenced code, whatever the fence", () => {
    const fenced = (open: string, close: string) =>
      doc("# A", "", open, "", "# not a heading", close, "", "# B", "");
    expect(markdownSections(fenced("```", "```"))).toEqual([
      doc("# A", "", "```", "", "# not a heading", "```", "", ""),
      "# B\n",
    ]);
    expect(markdownSections(fenced("~~~~", "~~~~"))).toHaveLength(2);
    expect(markdownSections(fenced("   ```text", "```"))).toHaveLength(2);
    // A shorter fence or the other character does not close it: the rest is code.
    expect(markdownSections(fenced("````", "```"))).toHaveLength(1);
    expect(markdownSections(fenced("```", "~~~"))).toHaveLength(1);
  });

  test("no cut inside a $$ math block, blank lines and all", () => {
    expect(markdownSections(doc("# A", "", "$$", "x", "", "# y", "$$", "", "# B", ""))).toEqual([
      doc("# A", "", "$$", "x", "", "# y", "$$", "", ""),
      "# B\n",
    ]);
  });

  test("no cut inside a $$ math block after a $$ in a code span (the count of $$ is odd there)", () => {
    // The code span's `$$` makes the block's opening look like a closing: the cut before `# y` is
    // refused all the same (a `$$` before it, a `$$` after it, no `$` between).
    const codeSpan = doc("# A", "", "`$$` in code", "", "$$", "x", "", "# y", "$$", "", "# B", "");
    expect(markdownSections(codeSpan)).toEqual([codeSpan]);
    // Between two math blocks with no `$` in between, the rule cannot tell a gap from a block.
    const twoBlocks = doc("# A", "", "$$", "x", "$$", "", "# B", "", "$$", "y", "$$", "");
    expect(markdownSections(twoBlocks)).toEqual([twoBlocks]);
    expect(markdownSections(doc("# A", "", "$$", "x", "$$", "", "# B", "", "$y$", ""))).toEqual([
      doc("# A", "", "$$", "x", "$$", "", ""),
      doc("# B", "", "$y$", ""),
    ]);
  });

  test.each([
    "<!-- note",
    "<pre>",
    "<script>",
    "<style>",
    "<textarea>",
    "<?php",
    "<!DOCTYPE x>",
    "<![CDATA[",
  ])("a document with an HTML block a blank line does not end (%s) is not cut", (html) => {
    const text = doc("# A", "", html, "", "# B", "");
    expect(markdownSections(text)).toEqual([text]);
  });

  test("blank lines before the first heading stay with it", () => {
    expect(markdownSections("\n\n# A\n\n# B\n")).toEqual(["\n\n# A\n\n", "# B\n"]);
  });

  test("a document with no heading is one section; the empty document too", () => {
    expect(markdownSections("plain\n")).toEqual(["plain\n"]);
    expect(markdownSections("")).toEqual([""]);
  });
});

/** Blocks to build documents from: each in Markdown prettier rewrites, several spanning blank lines. */
const BLOCKS = [
  "# Title",
  "## Chapter *one*",
  "### `code` heading",
  "#### Deep",
  "Some  *emphasis* and __strong__ text that goes on for a while so that it is long enough to be wrapped maybe.",
  "* a\n* b\n\n* c",
  "1) one\n2) two",
  "| a | b |\n|---|:-:|\n| 1 | 22 |",
  "```\n# fenced\n\n## still fenced\n```",
  "~~~text\n\n# inside\n~~~",
  "$$\nx = 1\n\n# not a heading\n$$",
  "> quoted\n>\n> # quoted heading",
  "    indented code\n\n    # still code",
  "Setext title\n===",
  "a line\n# heading after a line",
  "Text with $a + b$ inline math.",
  "[link](#title) and <https://example.com>",
  "---",
];

describe("formatting by sections", () => {
  test("gives prettier's text for the whole document (random documents of blocks that prettier rewrites)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("", "\n", "\n\n"),
        fc.array(fc.tuple(fc.constantFrom(...BLOCKS), fc.constantFrom("\n\n", "\n", "\n\n\n")), {
          minLength: 1,
          maxLength: 14,
        }),
        async (lead, parts) => {
          const content = lead + parts.map(([block, gap]) => block + gap).join("");
          const whole = await prettier.format(content, {
            parser: "markdown",
            printWidth: 100,
            filepath: "x.md",
          });
          const bySections = await prettierFormat({ path: "docs/x.md", content });
          expect(bySections).toBe(whole);
        },
      ),
      { numRuns: 150, seed: 20261122 },
    );
  });
});
