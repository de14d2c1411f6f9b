import { readFileSync } from "fs";
import * as path from "path";
import { XMLValidator } from "fast-xml-parser";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { recoverDocument, recoverText } from "../../generator/recover/recoverDocument";

const SPECS = path.join(__dirname, "..", "..", "specs");
const seed = (rel: string) => readFileSync(path.join(SPECS, rel));

function recover(file: string, bytes: Uint8Array, xml: boolean) {
  const diags = new Diagnostics();
  const doc = recoverDocument(file, bytes, { xml }, diags);
  return { doc, messages: diags.sorted().map(formatDiagnostic) };
}

describe("recovery of the scraped seeds", () => {
  test("000 (GitHub page): chrome removed, figures compared, XML parses", () => {
    const { doc, messages } = recover("isa.xml.page.txt", seed("etnaviv/isa.xml.page.txt"), true);
    expect(messages).toEqual([
      "isa.xml.page.txt:8:1: warning[page-figures]: the page states 802 lines (695 non-blank) but 695 lines, 695 non-blank were recovered: the scrape dropped the blank lines",
    ]);
    expect(doc!.text.split("\n")[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(doc!.text.trimEnd().endsWith("</database>")).toBe(true);
    expect(doc!.actions).toEqual(["removed GitHub page chrome (8 header lines, 1 footer line)"]);
    expect(XMLValidator.validate(doc!.text)).toBe(true);
    // The page's line 9 is the document's first line.
    expect(doc!.locate(0)).toEqual({ file: "isa.xml.page.txt", line: 9, column: 1 });
  });

  test("001 (Android code search): 180 lines without blame prefixes", () => {
    const { doc, messages } = recover("Notes.txt", seed("bifrost/Notes.txt.page.txt"), false);
    expect(messages).toEqual([]);
    const lines = doc!.text.split("\n");
    expect(doc!.lineCount).toBe(180);
    expect(lines[0]).toBe("# Notes on opcodes");
    expect(lines[4]).toBe("LOG_FREXPM:");
    expect(lines[179]).toBe(
      " // regular argument, in addition to the vec4 color in the special register.",
    );
    expect(doc!.text.endsWith("\n")).toBe(true);
    expect(doc!.text).not.toContain("Coastguard");
    expect(doc!.actions).toEqual(["removed Android code-search blame prefixes from 180 lines"]);
  });

  test("002 (code viewer): line numbers un-glued, decoded entities re-escaped", () => {
    const page = seed("ir3-cat0/ir3-cat0.xml.page.txt");
    const { doc, messages } = recover("cat0.txt", page, true);
    expect(messages).toEqual([]);
    const lines = doc!.text.split("\n");
    expect(doc!.lineCount).toBe(328);
    expect(lines[24]).toBe("<isa>");
    expect(doc!.text).toContain("!!(src-&gt;flags &amp; IR3_INSTR_EQ)".replace("&gt;", ">"));
    expect(doc!.text).toContain("2ULL &lt;&lt; {W}");
    expect(doc!.actions).toEqual([
      "un-glued line numbers 1..329",
      "re-escaped 3 '&' and '<' characters the scrape had decoded",
    ]);
    expect(XMLValidator.validate(doc!.text)).toBe(true);
    // `<isa>` on recovered line 25 is on the page's only line, right after its glued number.
    const col = page.toString("utf8").indexOf(" 25<isa>") + 1 + " 25".length;
    expect(doc!.locateLine(25)).toEqual({ file: "cat0.txt", line: 1, column: col });
  });

  test("003 (code viewer): 2835 lines of well-formed XML", () => {
    const { doc, messages } = recover("ISA.xml.txt", seed("valhall/ISA.xml.page.txt"), true);
    expect(messages).toEqual([]);
    expect(doc!.lineCount).toBe(2835);
    expect(doc!.text).toContain("$-0 &lt; +0$");
    expect(XMLValidator.validate(doc!.text)).toBe(true);
  });

  test("004 (Forgejo page): header removed, stated line count compared", () => {
    const { doc, messages } = recover(
      "us_fc_inst.txt",
      seed("r500/us_fc_inst.txt.page.txt"),
      false,
    );
    expect(messages).toEqual([
      "us_fc_inst.txt:4:1: warning[page-figures]: the page states 52 lines but 51 lines were recovered: blank lines were probably lost in the scrape",
    ]);
    expect(doc!.text.split("\n")[0]).toBe("Field Name Bits Default Description");
    expect(doc!.locateLine(1)).toEqual({ file: "us_fc_inst.txt", line: 8, column: 1 });
  });
});

describe("clean files pass through byte-identical", () => {
  test.each([
    ["etnaviv/isa.xml.page.txt", true],
    ["ir3-cat0/ir3-cat0.xml.page.txt", true],
    ["valhall/ISA.xml.page.txt", true],
    ["bifrost/Notes.txt.page.txt", false],
    ["r500/us_fc_inst.txt.page.txt", false],
  ])("the recovered %s is clean", (rel, xml) => {
    const once = recover("a", seed(rel), xml).doc!.text;
    const diags = new Diagnostics();
    const twice = recoverText("b", once, { xml }, diags);
    expect(diags.items).toEqual([]);
    expect(twice!.text).toBe(once);
    expect(twice!.actions).toEqual([]);
    expect(twice!.locateLine(1, 2)).toEqual({ file: "b", line: 1, column: 2 });
  });

  test("XML comments may contain '<' and '&' unescaped", () => {
    const text = '<a><!-- x < y && z --><![CDATA[ 1 < 2 ]]><b c="&amp;"/></a>\n';
    const doc = recoverText("c.xml", text, { xml: true }, new Diagnostics());
    expect(doc!.text).toBe(text);
  });
});

describe("damaged pages are errors at the user's position", () => {
  const errors = (text: string | Uint8Array, xml = true) => {
    const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
    const r = recover("p.txt", bytes, xml);
    expect(r.doc).toBeUndefined();
    return r.messages;
  };

  test("a gap in glued line numbers", () => {
    expect(errors("1<a> 2<b/> 4</a> 5")).toEqual([
      "p.txt:1:12: error[line-numbering]: line number 3 is missing: numbering jumps from 2 to 4",
    ]);
  });

  test("a duplicated glued line number", () => {
    expect(errors("1<a> 2<b/> 2<c/> 3</a> 4")).toEqual([
      "p.txt:1:12: error[line-numbering]: line number 2 appears twice (also at column 6); cannot tell where line 2 starts",
    ]);
  });

  test("a gap in blame records", () => {
    const w = "*61046927SAndroid Build Coastguard Worker";
    expect(errors(`1${w}x 2${w}y 4${w}z 5`, false)).toEqual([
      "p.txt:1:89: error[line-numbering]: line number 3 is missing: numbering jumps from 2 to 4",
    ]);
  });

  test("a GitHub page cut off before its footer", () => {
    const page = seed("etnaviv/isa.xml.page.txt").toString("utf8");
    const cut = page.slice(0, page.indexOf('<enum name="INST_CONDITION"'));
    const lines = cut.split("\n");
    expect(errors(cut)).toEqual([
      `p.txt:${lines.length}:${lines[lines.length - 1].length + 1}: error[truncated-page]: the page ends without GitHub's footer line: the scrape was cut off`,
    ]);
  });

  test("UTF-16, binary, empty and invalid UTF-8 documents", () => {
    expect(errors(Buffer.from("\ufeff<a/>", "utf16le"))).toEqual([
      "p.txt:1:1: error[encoding]: the document is UTF-16 (byte-order mark found); save it as UTF-8",
    ]);
    expect(errors(Buffer.from([0x3c, 0x61, 0x0a, 0x62, 0x00, 0x63]))).toEqual([
      "p.txt:2:2: error[binary]: the document contains a NUL byte: it is binary, not text",
    ]);
    expect(errors(Buffer.alloc(0))).toEqual([
      "p.txt:1:1: error[empty-document]: the document is empty",
    ]);
    expect(errors(Buffer.from([0x3c, 0x61, 0xff, 0x3e]))).toEqual([
      "p.txt:1:3: error[encoding]: the document is not valid UTF-8 (byte 0xff at offset 2)",
    ]);
  });
});

describe("malformed XML after recovery", () => {
  test("is reported at the position in the page as given, citing positions there too", () => {
    const { parseXml } =
      require("../../generator/readers/xml") as typeof import("../../generator/readers/xml");
    const page = '1<?xml version="1.0"?> 2<a> 3  <b>text</c> 4</a> 5';
    const diags = new Diagnostics();
    const doc = recoverText("p.txt", page, { xml: true }, diags)!;
    expect(parseXml(doc, diags)).toBeUndefined();
    expect(diags.sorted().map(formatDiagnostic)).toEqual([
      "p.txt:1:39: error[xml-syntax]: Expected closing tag 'b' (opened in line 1, col 32) instead of closing tag 'c'.",
    ]);
  });

  test("an unclosed processing instruction the validator lets through (found by the fuzzer)", () => {
    const { parseXml } = require("../../generator/readers/xml") as typeof import("../../generator/readers/xml");
    const diags = new Diagnostics();
    const doc = recoverText("p.xml", "<a/>\n<?x", { xml: true }, diags)!;
    expect(parseXml(doc, diags)).toBeUndefined();
    expect(diags.sorted().map(formatDiagnostic)).toEqual(["p.xml:2:1: error[xml-syntax]: Pi Tag is not closed."]);
  });

  test("a document parsed again (a rules-ng import of several databases) reports its error again, as its own", () => {
    const { parseXml } = require("../../generator/readers/xml") as typeof import("../../generator/readers/xml");
    const doc = recoverText("p.xml", "<a><b></a>", { xml: true }, new Diagnostics())!;
    const first = new Diagnostics();
    const again = new Diagnostics();
    expect(parseXml(doc, first)).toBeUndefined();
    expect(parseXml(doc, again)).toBeUndefined();
    const message = "p.xml:1:7: error[xml-syntax]: Expected closing tag 'b' (opened in line 1, col 4) instead of closing tag 'a'.";
    expect(again.sorted().map(formatDiagnostic)).toEqual([message]);
    // Each caller gets its own copy: promoting one's warnings changes nothing of the other's.
    expect(again.items[0]).not.toBe(first.items[0]);
    expect(first.sorted().map(formatDiagnostic)).toEqual([message]);
  });

  test("a well-formed document parsed again gives the same tree", () => {
    const { parseXml } = require("../../generator/readers/xml") as typeof import("../../generator/readers/xml");
    const doc = recoverText("q.xml", '<a x="1"><b/></a>', { xml: true }, new Diagnostics())!;
    const diags = new Diagnostics();
    const tree = parseXml(doc, diags);
    expect(tree?.name).toBe("a");
    expect(parseXml(doc, diags)).toBe(tree);
    expect(diags.items).toEqual([]);
  });
});
