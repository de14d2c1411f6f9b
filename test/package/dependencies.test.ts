/**
 * What `isaforge` installs with it: exactly the packages the generator and CLI load at run time.
 * Anything only the build, the tests or the benchmarks use is a devDependency, so a user does not
 * download it.
 */
import { readFileSync } from "fs";
import { builtinModules } from "module";
import * as path from "path";
import { listFiles } from "../../generator/emit/writeOutput";

const ROOT = path.join(__dirname, "..", "..");

/** The package a bare specifier names: `ajv/dist/standalone` → `ajv`, `@a/b/c` → `@a/b`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Bare specifiers a TypeScript source loads at run time (type-only imports are erased). */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const staticImport = /^import\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)"/gm;
  for (const [, typeOnly, clause, specifier] of source.matchAll(staticImport)) {
    const names = /^\{([^}]*)\}$/.exec(clause.trim());
    const allTypes =
      names !== null &&
      names[1].split(",").every((n) => n.trim() === "" || n.trim().startsWith("type "));
    if (!typeOnly && !allTypes) found.push(specifier);
  }
  for (const [, specifier] of source.matchAll(
    /(?:\bimport|\brequire|\bcreateRequire\([^)]*\))\("([^"]+)"\)/g,
  ))
    found.push(specifier);
  return found.filter((s) => !s.startsWith(".") && !s.startsWith("node:"));
}

test("runtimeImports sees values, not types", () => {
  const source = [
    'import type A from "a";',
    'import { type B, type C } from "b";',
    'import { d, type E } from "d";',
    'import * as path from "path";',
    'import x from "./local";',
    'const p = await import("prettier");',
    'const s = createRequire(__filename)("github-slugger");',
  ].join("\n");
  expect(runtimeImports(source)).toEqual(["d", "path", "prettier", "github-slugger"]);
});

test("the dependencies are what the generator loads at run time, and nothing else", () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const sources = listFiles(path.join(ROOT, "generator")).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".d.ts"),
  );
  const loaded = new Set<string>();
  for (const file of sources)
    for (const specifier of runtimeImports(
      readFileSync(path.join(ROOT, "generator", file), "utf8"),
    ))
      if (!builtinModules.includes(packageOf(specifier))) loaded.add(packageOf(specifier));
  expect([...loaded].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  expect(manifest.devDependencies).toHaveProperty("typescript");
});

/** A Node 20 of the last years (March 2025): `npm ci` there must print no EBADENGINE warning. */
const NODE_20 = "20.19.0";

test("every package npm ci installs runs on Node 20; those isaforge installs, on the oldest its engines field admits", () => {
  const semver = require("semver") as {
    satisfies(version: string, range: string): boolean;
    minVersion(range: string): { version: string } | null;
  };
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const oldest = semver.minVersion(manifest.engines.node)!.version;
  expect(oldest).toBe("20.0.0");
  const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { dev?: boolean; engines?: { node?: string } }>;
  };
  const refused = Object.entries(lock.packages)
    .filter(([, p]) => p.engines?.node !== undefined)
    .filter(([, p]) => !semver.satisfies(p.dev ? NODE_20 : oldest, p.engines!.node!))
    .map(([where, p]) => `${where}: node ${p.engines!.node}`);
  // katex 0.18 and later bring commander 15 (Node >= 22.12) for katex's own command line.
  expect(refused).toEqual([]);
});
