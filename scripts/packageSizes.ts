/**
 * What each package of the workspace weighs: `npm pack`'s packed and unpacked sizes, and what an
 * empty project holds after `npm install <tarball>` (the package and everything it pulls in, as
 * bytes of files under node_modules). Installing `isaforge` fetches its dependencies from the
 * registry or npm's cache. Prints the README's table.
 *
 *   npx tsx scripts/packageSizes.ts
 */
import { execFileSync } from "child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "fs";
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

const dir = mkdtempSync(path.join(tmpdir(), "isaforge-sizes-"));
try {
  console.log("| Package | packed | unpacked | installed with its dependencies |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const { name, args } of WORKSPACES) {
    const [packed] = JSON.parse(npm(["pack", ...args, "--json", "--pack-destination", dir], ROOT));
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
    console.log(
      `| \`${name}\` | ${mb(packed.size)} | ${mb(packed.unpackedSize)} | ${mb(bytes)} (${deps}) |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
