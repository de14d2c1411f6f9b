/** markdownlint-cli2, with the repository's .markdownlint-cli2.jsonc, reports nothing in out/docs. */
import { execFileSync } from "child_process";
import { readdirSync } from "fs";
import * as path from "path";
import { DOCS_DIR, ROOT } from "./manualFiles";

// markdownlint over every manual: 78 s with the machine shared by five jest runs.
jest.setTimeout(480_000);

const files = readdirSync(DOCS_DIR).filter((f) => f.endsWith(".md"));

test(`markdownlint-cli2 reports 0 problems in out/docs (${files.length} files)`, () => {
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules", "markdownlint-cli2", "markdownlint-cli2-bin.mjs"),
        path.join(path.relative(ROOT, DOCS_DIR), "*.md"),
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        stdio: "pipe",
      },
    );
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    throw new Error(`markdownlint-cli2 failed:\n${err.stdout ?? ""}${err.stderr ?? ""}`);
  }
  expect(output).toContain(`Linting: ${files.length} file(s)`);
  expect(output).toContain("Summary: 0 error(s)");
});
