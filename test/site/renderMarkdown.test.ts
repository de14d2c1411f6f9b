/**
 * Markdown → HTML on a small hand-written sample (fixtures/): GitHub's heading anchors, links between
 * manuals pointed at pages, tables marked for scrolling, math as MathML, and clear errors.
 */
import { readFileSync } from "fs";
import * as path from "path";
import {
  BIT_LAYOUT_CLASS,
  renderMarkdown,
  TABLE_CLASS,
  type RenderContext,
} from "../../generator/emit/site/renderMarkdown";

const fixture = (name: string) => readFileSync(path.join(__dirname, "fixtures", name), "utf8");
const pages: Record<string, string> = { "README.md": "index.html", "demo.md": "demo.html" };
const ctx = (source: string): RenderContext => ({ source, pageOf: (f) => pages[f] });

describe("renderMarkdown on fixtures/demo.md", () => {
  const page = renderMarkdown(fixture("demo.md"), ctx("docs/demo.md"));

  test("heading ids are GitHub's anchors: lower case, punctuation dropped, repeats numbered", () => {
    // Derived by hand with GitHub's rules: "." is removed, spaces become "-", the second
    // "FADD.f32" heading gets "-1".
    expect(page.headings.map((h) => [h.level, h.id, h.text])).toEqual([
      [1, "demo-gpu-shader-isa", "Demo GPU shader ISA"],
      [2, "overview", "Overview"],
      [2, "instruction-index", "Instruction index"],
      [2, "instructions", "Instructions"],
      [3, "faddf32", "FADD.f32"],
      [3, "nop", "NOP"],
      [3, "faddf32-1", "FADD.f32"],
    ]);
    expect(page.title).toBe("Demo GPU shader ISA");
    expect(page.html).toContain('<h3 id="faddf32-1"><code>FADD.f32</code></h3>');
  });

  test("in-page links keep their anchors; README.md becomes index.html", () => {
    expect(page.html).toContain('<a href="#faddf32"><code>FADD.f32</code></a>');
    expect(page.html).toContain('<a href="#faddf32-1">FADD again</a>');
    expect(page.html).toContain('<a href="index.html">index</a>');
    expect(page.html).not.toMatch(/href="[^"]*\.md/);
  });

  test("every table carries the scrolling class; bit layouts (bit-numbered columns) one more", () => {
    // demo.md: the instruction index (Mnemonic | Summary), then two layouts headed 63…32 and 31, 30.
    expect(page.html.match(/<table[^>]*>/g)).toEqual([
      `<table class="${TABLE_CLASS}">`,
      `<table class="${TABLE_CLASS} ${BIT_LAYOUT_CLASS}">`,
      `<table class="${TABLE_CLASS} ${BIT_LAYOUT_CLASS}">`,
    ]);
    const ranges = renderMarkdown(
      "# T\n\n| 63 | 62:59 | 58:32 |\n| --- | --- | --- |\n| 0 | `flow` | x |\n",
      ctx("t.md"),
    );
    expect(ranges.html).toContain(`<table class="${TABLE_CLASS} ${BIT_LAYOUT_CLASS}">`);
    const fields = renderMarkdown(
      "# T\n\n| Field | 31:0 |\n| --- | --- |\n| a | b |\n",
      ctx("t.md"),
    );
    expect(fields.html).toContain(`<table class="${TABLE_CLASS}">`);
  });

  test("a bit layout's names may break after each `_` and `.` (<wbr>); the same code elsewhere may not", () => {
    const md =
      "# T\n\n`IGNORE_UNCOVERED` and [`A_OP`](#a)\n\n" +
      "| 31:29 | 28 | 7:6 | 5 | 4:0 |\n| --- | --- | --- | --- | --- |\n" +
      "| reserved | `IGNORE_UNCOVERED` | [`A_OP`](#a) | `cat5.type` | `OP` |\n\n" +
      "| Field | Bits |\n| --- | --- |\n| `IGNORE_UNCOVERED` | 28 |\n";
    const html = renderMarkdown(md, ctx("t.md")).html;
    expect(html).toContain(
      '<p><code>IGNORE_UNCOVERED</code> and <a href="#a"><code>A_OP</code></a></p>',
    );
    expect(html).toContain(
      "<td>reserved</td>\n<td><code>IGNORE_<wbr>UNCOVERED</code></td>\n" +
        '<td><a href="#a"><code>A_<wbr>OP</code></a></td>\n<td><code>cat5.<wbr>type</code></td>\n' +
        "<td><code>OP</code></td>",
    );
    expect(html).toContain("<td><code>IGNORE_UNCOVERED</code></td>\n<td>28</td>");
    expect(html.match(/<wbr>/g)).toHaveLength(3);
  });

  test("a digest is elided whole (its title and text are the full value); a long path breaks at its parts", () => {
    const sha = "62cfe6ed635ad6fde1218b6f93906fdb1860819073e126df7a048a955b9df6db";
    const commit = "8c8d2bcaed7dcd3463d15f307f488b77b1964f6e";
    const md =
      "# T\n\n| Upstream | SHA-256 |\n| --- | --- |\n" +
      `| etnaviv/etna\\_viv:rnndb/isa.xml@${commit} | \`${sha}\` |\n` +
      "| short text | `mesa:src/freedreno/registers/adreno/a6xx_gpu.xml` |\n" +
      "| `specs/r500/us_fc_inst.txt.page.txt` | `A6XX_GRAS_2D_BLIT_CNTL_COLOR_FORMAT` |\n";
    const html = renderMarkdown(md, ctx("t.md")).html;
    expect(html).toContain(
      `<td>etnaviv/<wbr>etna_<wbr>viv:<wbr>rnndb/<wbr>isa.<wbr>xml@<span class="digest" title="${commit}">${commit}</span></td>`,
    );
    expect(html).toContain(`<td><code class="digest" title="${sha}">${sha}</code></td>`);
    expect(html).toContain(
      '<td><code class="long-code">mesa:<wbr>src/<wbr>freedreno/<wbr>registers/<wbr>adreno/<wbr>a6xx_<wbr>gpu.<wbr>xml</code></td>',
    );
    expect(html).toContain("<td>short text</td>");
    // A path of more than 24 characters breaks too; a name of 35, which no `/` makes a path, not.
    expect(html).toContain(
      '<td><code class="long-code">specs/<wbr>r500/<wbr>us_<wbr>fc_<wbr>inst.<wbr>txt.<wbr>page.<wbr>txt</code></td>',
    );
    expect(html).toContain("<td><code>A6XX_GRAS_2D_BLIT_CNTL_COLOR_FORMAT</code></td>");
  });

  test("math becomes MathML that keeps its TeX source, with no HTML rendering beside it", () => {
    expect(page.html).toContain('<annotation encoding="application/x-tex">d = a + b</annotation>');
    expect(page.html).toMatch(
      /<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML" display="block">/,
    );
    // KaTeX's HTML output would need its fonts and CSS; only MathML is wanted.
    expect(page.html).not.toContain("katex-html");
    expect(page.html).not.toContain("$");
  });
});

describe("links between manuals", () => {
  test("other.md#x becomes other.html#x", () => {
    const index = renderMarkdown(fixture("README.md"), ctx("docs/README.md"));
    expect(index.html).toContain('<a href="demo.html">demo</a>');
    expect(index.html).toContain('<a href="demo.html#faddf32">add instruction</a>');
  });

  test("external, absolute and non-Markdown links are left alone", () => {
    const md =
      "# T\n\n[a](https://example.com/x.md) [b](../json/demo.json) [c](mailto:x@example.com)\n";
    const html = renderMarkdown(md, ctx("docs/t.md")).html;
    expect(html).toContain('href="https://example.com/x.md"');
    expect(html).toContain('href="../json/demo.json"');
    expect(html).toContain('href="mailto:x@example.com"');
  });

  test("a link to a Markdown file that is no page is an error naming the document and link", () => {
    expect(() => renderMarkdown("# T\n\n[x](missing.md#a)\n", ctx("docs/t.md"))).toThrow(
      "docs/t.md: link 'missing.md#a' names a Markdown file that is not a page of the site",
    );
  });
});

describe("repeated content", () => {
  test("an image or link met again, in the same or a later section, is rewritten once", () => {
    // Equal inline contents share their tokens, and sections render one at a time.
    const cell = "![bits](svg/t/a.svg) [a](demo.md#x)";
    const md = `# T\n\n${cell}\n\n${cell}\n\n## Later\n\n${cell}\n`;
    const html = renderMarkdown(md, {
      ...ctx("docs/t.md"),
      imageSrc: (src) => `../docs/${src}`,
    }).html;
    expect(html.match(/src="[^"]*"/g)).toEqual(Array(3).fill('src="../docs/svg/t/a.svg"'));
    expect(html.match(/href="[^"]*"/g)).toEqual(Array(3).fill('href="demo.html#x"'));
  });
});

describe("errors", () => {
  test("math KaTeX cannot parse fails the render, naming the document and formula", () => {
    expect(() => renderMarkdown("# T\n\nBad: $\\frac{a$ here.\n", ctx("docs/t.md"))).toThrow(
      /^docs\/t\.md: math KaTeX cannot render:\n {2}\$\\frac\{a\$: KaTeX parse error/,
    );
  });

  test("a page without a level-1 heading is an error", () => {
    expect(() => renderMarkdown("## Only a chapter\n", ctx("docs/t.md"))).toThrow(
      "docs/t.md: no level-1 heading to title the page",
    );
  });

  test("one slugger per page: a heading repeated on another page gets no suffix", () => {
    const a = renderMarkdown("# T\n\n## NOP\n", ctx("docs/a.md"));
    const b = renderMarkdown("# T\n\n## NOP\n", ctx("docs/b.md"));
    expect(a.headings[1].id).toBe("nop");
    expect(b.headings[1].id).toBe("nop");
  });
});
