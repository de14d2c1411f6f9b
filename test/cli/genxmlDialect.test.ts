/** `genxml-decode` picks the dialect of its --doc by the root element (generator/genxmlDialect.ts). */
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { genxmlDialect } from "../../generator/genxmlDialect";

const dir = mkdtempSync(path.join(tmpdir(), "isaforge-dialect-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

test("a <panxml> root is Panfrost, after a prolog and comments that name other elements", () => {
  expect(
    genxmlDialect(
      doc(
        "v10.xml",
        '<?xml version="1.0"?>\n<!-- not <genxml> -->\n<panxml arch="10">\n</panxml>\n',
      ),
    ),
  ).toBe("panfrost");
});

test("a <genxml> root is Intel", () => {
  expect(genxmlDialect(doc("gen12.xml", '<genxml name="TGL" gen="12">\n</genxml>\n'))).toBe(
    "intel",
  );
});

test("a file that cannot be read goes to the Intel reader, whose error names it", () => {
  expect(genxmlDialect(path.join(dir, "missing.xml"))).toBe("intel");
});
