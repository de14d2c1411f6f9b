/**
 * Test files that read an upstream tree, or what the build makes of one (ir3's codec needs the mesa
 * tree), say so in their first comment: `@needs-upstream mesa` (several names may follow). Where a
 * named tree is absent (no --upstream default beside the checkout, nothing in $ISAFORGE_UPSTREAM),
 * jest leaves the file out, the typecheck leaves it out, and the run prints which files were left
 * out and why: never silently. Used by jest.config.js, the global setup and test/setup/typecheck.js.
 */
const { readdirSync, readFileSync, statSync } = require("fs");
const path = require("path");
const { require: tsxRequire } = require("tsx/cjs/api");

const ROOT = path.join(__dirname, "..", "..");
/** The folders whose TypeScript the typecheck reads (tsconfig.json's include). */
const FOLDERS = ["test", "scripts", "bench", "emulator"];
const TAG = /@needs-upstream((?:[ \t]+[A-Za-z0-9_-]+)+)/;

function tsFiles(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) return tsFiles(abs);
      return name.endsWith(".ts") ? [abs] : [];
    });
}

/** The trees a file needs, from the tag in its leading comment (before the first import). */
function treesNeeded(file) {
  const head = readFileSync(file, "utf8").split(/^import /m)[0];
  const tag = TAG.exec(head);
  return tag ? tag[1].trim().split(/\s+/) : [];
}

/**
 * The files that need an absent tree: `{ file (relative to the package), trees (absent ones) }`,
 * and the lines that say so.
 */
function filesLeftOut() {
  const { upstreamRoots, defaultRootDir, UPSTREAM_ENV } = tsxRequire(
    path.join(ROOT, "generator", "load", "upstreamRoots.ts"),
    __filename,
  );
  const roots = upstreamRoots();
  const files = FOLDERS.flatMap((f) => tsFiles(path.join(ROOT, f)))
    .map((abs) => ({
      file: path.relative(ROOT, abs),
      trees: treesNeeded(abs).filter((t) => roots.get(t) === undefined),
    }))
    .filter((f) => f.trees.length > 0);
  const absent = [...new Set(files.flatMap((f) => f.trees))].sort();
  const lines = files.length
    ? [
        `isaforge tests: ${files.length} file${files.length === 1 ? "" : "s"} left out: ` +
          `no upstream tree ${absent.map((t) => `${t} (not in $${UPSTREAM_ENV}, no ${defaultRootDir(t)})`).join(", ")}; ` +
          `to run them, set ${UPSTREAM_ENV}=${absent.map((t) => `${t}=DIR`).join(":")}`,
        ...files.map((f) => `  ${f.file} (needs ${f.trees.join(", ")})`),
      ]
    : [];
  return { files, lines };
}

module.exports = { filesLeftOut, treesNeeded };
