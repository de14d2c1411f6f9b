/** The build's prettier pass leaves every generated manual (out/docs) as it is. */
import { readdirSync, readFileSync } from "fs";
import * as path from "path";
import { formatOutput } from "../../generator/emit/formatOutput";
import { DOCS_DIR } from "./manualFiles";

jest.setTimeout(120_000);

const files = readdirSync(DOCS_DIR)
  .filter((f) => f.endsWith(".md"))
  .sort();

test.each(files)("prettier leaves out/docs/%s unchanged", async (file) => {
  const content = readFileSync(path.join(DOCS_DIR, file), "utf8");
  const [formatted] = await formatOutput([{ path: `docs/${file}`, content }]);
  expect(formatted.content === content).toBe(true);
});
