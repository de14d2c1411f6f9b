/** markdownlint-cli2, with the repository's .markdownlint-cli2.jsonc, reports nothing in out/docs. */
import { execFileSync } from "child_process";
import { readdirSync } from "fs";
import * as path from "path";
import { DOCS_DIR, ROOT } from "./manualFiles";

// markdownlint over every manual: 130 s of CPU on a quiet machine (nv-hw.md alone 64 s).
// It took 355 s in CI beside two busy loops: twenty minutes allows for a slower machine.
jest.setTimeout(1_200_000);

const files = readdirSync(DOCS_DIR).filter((f) => f.endsWith(".md"));

test(`markdownlint-cli2 reports 0 problems in out/docs (${files.length} files)`, () => {
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [
        // A larger young generation: markdownlint allocates tokens by the million, and collecting
        // them less often took 6–10% less CPU (adreno-hw.md and etnaviv-hw.md, two runs each:
        // 21.6–21.8 s → 19.6–20.4 s).
        "--max-semi-space-size=32",
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
