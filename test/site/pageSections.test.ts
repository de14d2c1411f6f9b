/**
 * The site renders a manual section by section (generator/emit/site/pageSections.ts): the cuts are
 * markdownSections', except where a link reference definition or a `$$` math block could reach
 * across one.
 */
import { markdownSections } from "../../generator/emit/markdownSections";
import { pageSections } from "../../generator/emit/site/pageSections";

const doc = (...lines: string[]) => lines.join("\n");

test("cuts where markdownSections cuts, and the pieces rejoin to the input", () => {
  const md = doc("# A", "", "text with $x$ math", "", "## B", "", "- x", "", "## C", "");
  expect(pageSections(md)).toEqual(markdownSections(md));
  expect(pageSections(md)).toHaveLength(3);
  expect(pageSections(md).join("")).toBe(md);
});

test("a document that could define a link reference is one piece", () => {
  expect(
    pageSections(doc("# A", "", "[x]", "", "## B", "", "[x]: https://example.com", "")),
  ).toHaveLength(1);
});

test("no cut inside a $$ math block, even where a $$ in a code span makes the count of $$ odd", () => {
  const md = doc("# A", "", "`$$` in code", "", "$$", "x", "", "# y", "$$", "", "# B", "");
  expect(pageSections(md)).toEqual([md]);
});

test("a heading between two inline formulas is still a cut", () => {
  expect(pageSections(doc("# A", "", "$a$", "", "# B", "", "$b$", ""))).toHaveLength(2);
});
