/**
 * Panfrost genxml documents of our own, each broken in one way (test/fixtures/genxml-panfrost/):
 * every problem is an error at its file:line:col, panfrost-pack exits 1 and an existing -o file is
 * left as it was.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";

const FIXTURES = path.join(__dirname, "..", "fixtures", "genxml-panfrost");

/** Each broken document and exactly what is reported, at which line and column. */
const BROKEN: Record<string, string[]> = {
  "unknown-element.xml": [
    "4:5: error[unknown-element]: unknown element <bitfield> in <struct> (it holds <field>)",
  ],
  "unknown-attribute.xml": [
    "3:57: error[unknown-attribute]: unknown attribute 'defualt' on <field> (it takes name, start, size, type, default, modifier, prefix, element, count)",
  ],
  "bad-number.xml": [
    `3:33: error[bad-number]: 'start="0:x"' is neither a bit number nor WORD:BIT`,
    `4:25: error[bad-number]: 'size="four"' is not a number`,
  ],
  "bad-modifier.xml": [
    "3:58: error[bad-modifier]: unknown modifier 'shl(2)' (gen_pack.py knows shr(n), minus(n), align(n) and log2)",
    "4:64: error[bad-modifier]: align(24): 24 is not a power of two",
  ],
  "unknown-type.xml": [
    "3:45: error[unknown-type]: field 'Mode' has type 'Draw Mode', which is neither a built-in type nor an enum or struct defined before it",
  ],
  "unknown-value.xml": [
    "7:62: error[unknown-value]: default 'Lines' of field 'Mode' is not a value of enum 'Draw Mode'\n  F:2:3: note: enum 'Draw Mode' is here",
  ],
  "field-past-end.xml": [
    "6:5: error[field-past-end]: field 'Count' (bits 52-67) ends past struct 'Outer', which has 2 words (bits 0-63)\n  F:5:3: note: struct 'Outer' is here",
    "7:5: error[field-past-end]: field 'Inner' embeds struct 'Inner', whose fields reach bit 95, past struct 'Outer' (bits 0-63)\n  F:2:3: note: struct 'Inner' is here",
  ],
  "bad-field.xml": [
    "3:26: error[bad-field]: field 'Enable' is a bool of 2 bits; a bool has one",
    "4:5: error[field-past-end]: field 'Scale' (bits 36-67) ends past struct 'Job', which has 2 words (bits 0-63)\n  F:2:3: note: struct 'Job' is here",
    "4:35: error[bad-field]: float field 'Scale' must be a whole 32-bit word (gen_pack.py packs floats as bits 0-31 of their word)",
  ],
  "section-past-end.xml": [
    "5:25: error[section-past-end]: aggregate 'Job' is 32 bytes, but its sections reach byte 64",
    "8:38: error[unknown-type]: section 'Tail' has type 'Tail', which is not a struct defined before it",
  ],
  "duplicate-name.xml": [
    "4:5: error[duplicate-name]: value 'R' is defined twice\n  F:3:5: note: first defined here",
    "6:11: error[duplicate-name]: 'Channel' is already defined in this document\n  F:2:3: note: first defined here",
  ],
  "bad-struct.xml": [
    "2:3: error[bad-struct]: struct 'Empty' has neither fields nor a size: its length is unknown",
  ],
  "unexpected-text.xml": [
    "2:3: error[unexpected-text]: text 'On = 1' inside <enum>: Panfrost genxml has none",
  ],
  "missing-attribute.xml": ["3:5: error[missing-attribute]: <field> needs 'size'"],
  "xml-syntax.xml": [
    "4:3: error[xml-syntax]: Expected closing tag 'field' (opened in line 3, col 5) instead of closing tag 'struct'.",
  ],
  "wrong-root.xml": [
    "1:1: error[unknown-element]: the root element is <genxml>; a Panfrost genxml document has <panxml>",
  ],
};

describe("broken documents", () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "isaforge-panfrost-"))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.each(Object.keys(BROKEN))("%s: located errors, exit 1, -o left as it was", async (name) => {
    const file = path.join("test", "fixtures", "genxml-panfrost", name);
    expect(existsSync(path.join(FIXTURES, name))).toBe(true);
    const output = path.join(dir, `${name}.h`);
    writeFileSync(output, "previous\n");
    const err: string[] = [];
    const out: string[] = [];
    const status = await runCli(["panfrost-pack", file, "-o", output], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    expect({ status, out, err }).toEqual({
      status: 1,
      out: [],
      err: BROKEN[name].map((d) => `${file}:${d.replace(/\bF:/g, `${file}:`)}`),
    });
    expect(readFileSync(output, "utf8")).toBe("previous\n");
  });

  test("a file that is not there is a usage error", async () => {
    const err: string[] = [];
    const status = await runCli(["panfrost-pack", path.join(dir, "none.xml")], {
      out: () => undefined,
      err: (l) => err.push(l),
    });
    expect({ status, err }).toEqual({
      status: 2,
      err: [`isaforge: error[usage]: ${path.join(dir, "none.xml")}: no such file`],
    });
  });
});
