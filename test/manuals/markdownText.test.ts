/**
 * Source text to Markdown: the expected Markdown is written out by hand from CommonMark/GFM rules
 * (what must be escaped, what GitHub needs to render math), not taken from the function's output.
 */
import {
  blockText,
  codeSpan,
  escapeInline,
  inlineText,
} from "../../generator/emit/manual/markdownText";

describe("plain text inline", () => {
  test("escapes every character Markdown would act on", () => {
    expect(escapeInline("a_b *c* [d] <e> f|g `h` $i$ ~j~ \\k")).toBe(
      "a\\_b \\*c\\* \\[d\\] \\<e\\> f\\|g \\`h\\` \\$i\\$ \\~j\\~ \\\\k",
    );
  });

  test("an & that would start an entity is escaped, a lone & is not", () => {
    expect(escapeInline("A & B &amp; &#60;")).toBe("A & B \\&amp; \\&#60;");
  });

  test("URLs become autolinks, trailing punctuation stays outside", () => {
    expect(escapeInline("see http://example.com/a_b.aspx. Then")).toBe(
      "see <http://example.com/a_b.aspx>. Then",
    );
  });

  test("line breaks become spaces", () => {
    expect(escapeInline("one\n  two")).toBe("one two");
  });

  test("runs of spaces and tabs become one space, as prettier writes them (ir3-cat5.xml getinfo)", () => {
    expect(escapeInline("8_SNORM:\t     0 (CLK_SNORM_INT8)")).toBe(
      "8\\_SNORM: 0 (CLK\\_SNORM\\_INT8)",
    );
    expect(escapeInline("a:\tb  c \t d")).toBe("a: b c d");
  });
});

describe("Markdown-flavour text (Valhall)", () => {
  test("code spans and inline math pass through verbatim; a table cell escapes their |", () => {
    const src = "Calculates $A | (B \\ll 16)$ as `(A & m) | b` for *next* x_y";
    expect(inlineText(src, "markdown", false)).toBe(
      "Calculates $A | (B \\ll 16)$ as `(A & m) | b` for _next_ x\\_y",
    );
    expect(inlineText(src, "markdown", true)).toBe(
      "Calculates $A \\| (B \\ll 16)$ as `(A & m) \\| b` for _next_ x\\_y",
    );
  });

  test("emphasis is written _x_ as prettier writes it, but keeps its * where a word touches it", () => {
    expect(inlineText("the *next* one, *a*.", "markdown")).toBe("the _next_ one, _a_.");
    expect(inlineText("1*2*3 and x*y*", "markdown")).toBe("1*2*3 and x*y*");
    expect(inlineText("**strong** stays", "markdown")).toBe("**strong** stays");
  });

  test("paragraph lines are joined, so a wrapped line cannot start a list", () => {
    expect(blockText("If $A\n= 0$ or\n- 1 then\n\nnext paragraph", "markdown")).toBe(
      "If $A = 0$ or - 1 then\n\nnext paragraph",
    );
  });

  test("display math becomes a $$ block on its own lines, its body untouched", () => {
    const body = "PC := \\begin{cases} PC + 8 & \\text{if} \\;\n\\text{src} = 0 \\end{cases}";
    expect(blockText(`operates as:\n\n$$${body}$$\n\nUsed with`, "markdown")).toBe(
      `operates as:\n\n$$\n${body}\n$$\n\nUsed with`,
    );
  });

  test("a bare LaTeX environment is wrapped in a $$ block", () => {
    const env = "\\begin{align*}\nx & = +0.0 \\\\\n& \\\\\n\\end{align*}";
    expect(blockText(`hold:\n\n${env}\n\nThis`, "markdown")).toBe(
      `hold:\n\n$$\n${env}\n$$\n\nThis`,
    );
  });

  test("unbalanced $ and * are escaped", () => {
    expect(inlineText("costs $5 or 2 * 3", "markdown")).toBe("costs \\$5 or 2 \\* 3");
  });
});

describe("plain-flavour blocks (rules-ng, isaspec, notes)", () => {
  test("lines stay lines with hard breaks; a wrapped sentence is rejoined", () => {
    const src =
      "dst := src0 * src1\n" +
      "src0 is multiplied with src1 and the result is put into temporary register of\n" +
      "the destination.\n" +
      "short line\n" +
      "next";
    expect(blockText(src, "plain")).toBe(
      "dst := src0 \\* src1\\\n" +
        "src0 is multiplied with src1 and the result is put into temporary register of the destination.\\\n" +
        "short line\\\n" +
        "next",
    );
  });

  test("a long `LABEL: value` line is not joined to the next such line (ir3-cat5.xml getinfo)", () => {
    const src =
      "10_10_10_2_UNORM: 6 (CLK_UNORM_INT_101010, CLK_UNORM_SHORT_101010)\n" +
      "8_SINT:\t     7 (CLK_SIGNED_INT8)";
    expect(blockText(src, "plain")).toBe(
      "10\\_10\\_10\\_2\\_UNORM: 6 (CLK\\_UNORM\\_INT\\_101010, CLK\\_UNORM\\_SHORT\\_101010)\\\n" +
        "8\\_SINT: 7 (CLK\\_SIGNED\\_INT8)",
    );
    // A wrapped sentence whose next line merely has a colon later on is still rejoined.
    expect(
      blockText(
        "The result goes into the temporary register named by the destination and the\nsource: x",
        "plain",
      ),
    ).toBe(
      "The result goes into the temporary register named by the destination and the source: x",
    );
  });

  test("`- ` lines become a list; line starts that would open blocks are escaped", () => {
    expect(blockText("Cases:\n- MIN(a,b): x\n- MAX(a,b): y\nafter", "plain")).toBe(
      "Cases:\n\n- MIN(a,b): x\n- MAX(a,b): y\n\nafter",
    );
    expect(blockText("# not a heading\n1) not a list\n+ no", "plain")).toBe(
      "\\# not a heading\\\n1\\) not a list\\\n\\+ no",
    );
  });

  test("ASCII tables go into a text code block, verbatim", () => {
    const art = "AMODE | Type| Value\n------+-----+------\n000 | f32 | i.x";
    expect(blockText(`way:\n${art}\nafter`, "plain")).toBe(
      `way:\n\n\`\`\`text\n${art}\n\`\`\`\n\nafter`,
    );
  });

  test("an underlined line becomes a bold title, not a heading", () => {
    expect(blockText("intro.\nImmediate values\n-----------------\nOn GC3000", "plain")).toBe(
      "intro.\\\n**Immediate values**\\\nOn GC3000",
    );
  });

  test("blank lines separate paragraphs", () => {
    expect(blockText("one\n\ntwo", "plain")).toBe("one\n\ntwo");
  });
});

describe("codeSpan", () => {
  test("escapes | only in table cells, and fences a backquote with a longer run", () => {
    expect(codeSpan("a|b")).toBe("`a\\|b`");
    expect(codeSpan("a|b", false)).toBe("`a|b`");
    expect(codeSpan("don`t", false)).toBe("`` don`t ``");
    expect(codeSpan("  ")).toBe("");
  });
});
