/**
 * A manual's HTML cut into pages (splitPages) and the links between them (pageLinks), on small
 * hand-written pages whose pages and links are worked out by hand.
 */
import {
  anchorHref,
  relativeHref,
  rewriteLinks,
  type AnchorPages,
} from "../../generator/emit/site/pageLinks";
import { splitPages } from "../../generator/emit/site/splitPages";

const MANUAL = [
  '<h1 id="toy">Toy ISA</h1><p>Intro.</p>',
  '<h2 id="contents">Contents</h2><ul><li><a href="#instructions">Instructions</a></li></ul>',
  '<h2 id="overview">Overview</h2><p>Facts.</p>',
  '<h3 id="source-documents">Source documents</h3><p>Docs.</p>',
  '<h2 id="instructions">Instructions</h2>',
  '<h3 id="add">add</h3><p>Adds; see <a href="#mov">mov</a>.</p>',
  '<h3 id="mov"><code>mov</code></h3><p>Moves.</p>',
  '<h2 id="registers">Registers</h2><p>Two domains.</p>',
  '<h3 id="domain-a">Domain A</h3><p>Map: <a href="#a_x">A_X</a>.</p>',
  '<h4 id="a_x">A_X</h4><p>' + "x".repeat(200) + "</p>",
  '<h5 id="a_x-fields">Fields</h5><p>Bits.</p>',
  '<h3 id="domain-b">Domain B</h3>',
  '<h4 id="b_y">B_Y</h4><p>Y.</p>',
].join("\n");

const OPTIONS = { front: new Set(["contents", "overview"]), budget: 150 };

test("the title and front chapters stay on the front page; chapters, sections and, past the budget, subsections get pages", () => {
  const pages = splitPages(MANUAL, "docs/toy.md", OPTIONS);
  expect(pages.map((p) => [p.id, p.parent, p.children, p.anchors])).toEqual([
    ["", null, ["instructions", "registers"], ["toy", "contents", "overview", "source-documents"]],
    ["instructions", "", ["add", "mov"], ["instructions"]],
    ["add", "instructions", [], ["add"]],
    ["mov", "instructions", [], ["mov"]],
    ["registers", "", ["domain-a", "domain-b"], ["registers"]],
    // Domain A is over the budget: every domain's registers get pages, Domain B's too.
    ["domain-a", "registers", ["a_x"], ["domain-a"]],
    ["a_x", "domain-a", [], ["a_x", "a_x-fields"]],
    ["domain-b", "registers", ["b_y"], ["domain-b"]],
    ["b_y", "domain-b", [], ["b_y"]],
  ]);
  const mov = pages.find((p) => p.id === "mov")!;
  expect([mov.title, mov.titleHtml, mov.html]).toEqual([
    "mov",
    "<code>mov</code>",
    '<h3 id="mov"><code>mov</code></h3><p>Moves.</p>\n',
  ]);
  expect(pages[0].sections).toEqual([
    { id: "contents", title: "Contents" },
    { id: "overview", title: "Overview" },
  ]);
  // The pages hold the whole manual, each piece once.
  expect(pages.map((p) => p.html.length).reduce((a, b) => a + b)).toBe(MANUAL.length);
});

test("under the budget a section keeps its subsections", () => {
  const pages = splitPages(MANUAL, "docs/toy.md", { ...OPTIONS, budget: 10_000 });
  expect(pages.find((p) => p.id === "domain-a")!.anchors).toEqual([
    "domain-a",
    "a_x",
    "a_x-fields",
  ]);
  expect(pages.some((p) => p.id === "a_x")).toBe(false);
});

test("subsections of a subsection over the budget get pages, in the whole chapter", () => {
  // A domain whose address map is in parts, each part with its registers one level down.
  const manual = [
    '<h1 id="toy">Toy</h1>',
    '<h2 id="registers">Registers</h2>',
    '<h3 id="domain-a">Domain A</h3><p>Parts: <a href="#map-1">1</a>, <a href="#map-2">2</a>.</p>',
    '<h4 id="map-1">Map of A, part 1</h4><table>r</table>',
    '<h5 id="a_x">A_X</h5><p>' + "x".repeat(200) + "</p>",
    '<h4 id="map-2">Map of A, part 2</h4><table>r</table>',
    '<h5 id="a_y">A_Y</h5><p>Y.</p>',
    '<h3 id="domain-b">Domain B</h3>',
    '<h4 id="b_z">B_Z</h4><p>Z.</p>',
  ].join("\n");
  const pages = splitPages(manual, "docs/toy.md", OPTIONS);
  expect(pages.map((p) => [p.id, p.parent, p.children, p.anchors])).toEqual([
    ["", null, ["registers"], ["toy"]],
    ["registers", "", ["domain-a", "domain-b"], ["registers"]],
    ["domain-a", "registers", ["map-1", "map-2"], ["domain-a"]],
    ["map-1", "domain-a", ["a_x"], ["map-1"]],
    ["a_x", "map-1", [], ["a_x"]],
    // Part 2 is light, but the chapter's level-5 sections all get pages.
    ["map-2", "domain-a", ["a_y"], ["map-2"]],
    ["a_y", "map-2", [], ["a_y"]],
    ["domain-b", "registers", ["b_z"], ["domain-b"]],
    ["b_z", "domain-b", [], ["b_z"]],
  ]);
  expect(pages.map((p) => p.html.length).reduce((a, b) => a + b)).toBe(manual.length);
});

test("a page without a title is an error naming the manual", () => {
  expect(() => splitPages('<h2 id="x">X</h2>', "docs/toy.md", OPTIONS)).toThrow(
    "docs/toy.md: the page does not start with its <h1>",
  );
});

test("links go to the page holding their anchor, relative to the page linking", () => {
  expect(relativeHref("toy.html", "toy/add.html")).toBe("toy/add.html");
  expect(relativeHref("toy/add.html", "toy/mov.html")).toBe("mov.html");
  expect(relativeHref("toy/add.html", "toy.html#overview")).toBe("../toy.html#overview");
  expect(anchorHref("toy/add.html", "toy/mov.html", "mov")).toBe("mov.html");
  expect(anchorHref("toy/add.html", "toy/a_x.html", "a_x-fields")).toBe("a_x.html#a_x-fields");
  expect(anchorHref("toy/add.html", "toy/add.html", "add")).toBe("#add");

  const anchors: AnchorPages = new Map([
    [
      "toy.html",
      new Map([
        ["overview", "toy.html"],
        ["mov", "toy/mov.html"],
        ["a_x-fields", "toy/a_x.html"],
      ]),
    ],
  ]);
  const html =
    '<a href="#mov">m</a> <a href="toy.html#a_x-fields">f</a> <a href="index.html">i</a> <a href="https://x.org/#mov">x</a> <img src="../docs/svg/toy/add.svg">';
  expect(rewriteLinks(html, "toy/add.html", "toy.html", anchors, "docs/toy.md")).toBe(
    '<a href="mov.html">m</a> <a href="a_x.html#a_x-fields">f</a> <a href="../index.html">i</a> <a href="https://x.org/#mov">x</a> <img src="../../docs/svg/toy/add.svg">',
  );
  expect(() =>
    rewriteLinks('<a href="#nowhere">n</a>', "toy.html", "toy.html", anchors, "docs/toy.md"),
  ).toThrow("docs/toy.md: link '#nowhere' names an anchor no page of the site has");
});
