/**
 * What each package of the workspace weighs: `npm pack`'s packed and unpacked sizes, and what an
 * empty project holds after `npm install <tarball>` (the package and everything it pulls in, as
 * bytes of files under node_modules). Installing `isaforge` fetches its dependencies from the
 * registry or npm's cache. Prints the table, or with `--write FILE` writes the page the README
 * points to (docs/package-sizes.md), at release: figures written by hand go stale.
 *
 *   npm run sizes                    # writes docs/package-sizes.md
 *   npx tsx scripts/packageSizes.ts  # prints the table
 */
import { execFileSync } from "child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "fs";
import { tmpdir } from "os";
import * as path from "path";

const ROOT = path.join(__dirname, "..");
const WORKSPACES: { name: string; args: string[] }[] = [
  { name: "isaforge", args: [] },
  { name: "@isaforge/codecs", args: ["--workspace", "packages/codecs"] },
];

const npm = (args: string[], cwd: string) =>
  execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** Bytes of the files under dir. */
function bytesUnder(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += bytesUnder(p);
    else if (entry.isFile()) bytes += statSync(p).size;
  }
  return bytes;
}

const mb = (n: number) => (n / 1e6).toFixed(1) + " MB";

const TABLE_HEAD = [
  "| Package | packed | unpacked | installed with its dependencies |",
  "| --- | ---: | ---: | ---: |",
];

/** The page `--write` writes: what the figures are, then the table. */
function page(version: string, rows: string[]): string {
  return [
    "# Package sizes",
    "",
    `Written by \`npm run sizes\` (scripts/packageSizes.ts) for version ${version}; do not edit. The`,
    "packed and unpacked sizes are `npm pack`'s; the last column is the bytes under `node_modules`",
    "of an empty project after `npm install <tarball>` (the package and everything it pulls in).",
    "",
    ...TABLE_HEAD,
    ...rows,
    "",
  ].join("\n");
}

const writeTo = process.argv[2] === "--write" ? process.argv[3] : undefined;
const rows: string[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "isaforge-sizes-"));
try {
  for (const { name, args } of WORKSPACES) {
    const output = npm(["pack", ...args, "--json", "--pack-destination", dir], ROOT);
    // The prepack build prints on stdout too, before the JSON.
    const [packed] = JSON.parse(output.slice(output.search(/^\[$/m)));
    const project = path.join(dir, packed.name.replace("/", "-"));
    mkdirSync(project);
    writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({ name: "consumer", private: true }),
    );
    npm(
      ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(dir, packed.filename)],
      project,
    );
    const bytes = bytesUnder(path.join(project, "node_modules"));
    // Every installed package, one path a line, the project first.
    const others = npm(["ls", "--all", "--parseable"], project).trim().split("\n").length - 2;
    const deps = others === 0 ? "no other package" : `${others} other packages`;
    rows.push(
      `| \`${name}\` | ${mb(packed.size)} | ${mb(packed.unpackedSize)} | ${mb(bytes)} (${deps}) |`,
    );
  }
  if (writeTo) {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    writeFileSync(path.resolve(ROOT, writeTo), page(version, rows));
  } else console.log([...TABLE_HEAD, ...rows].join("\n"));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
