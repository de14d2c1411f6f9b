/**
 * Every diagnostic code the generator can emit has a negative test that expects it with its exact
 * text (`error[code]` / `warning[code]` in a test file).
 */
import { readdirSync, readFileSync, statSync } from "fs";
import * as path from "path";

const ROOT = path.join(__dirname, "..", "..");

function sources(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p, ext));
    else if (ext.test(name)) out.push(p);
  }
  return out;
}

function emittedCodes(): Set<string> {
  const codes = new Set<string>();
  const call = /\.(?:error|warning)\(\s*"([a-z0-9-]+)"/g;
  const literal = /severity: "(?:error|warning)",\s*code: "([a-z0-9-]+)"/g;
  for (const file of sources(path.join(ROOT, "generator"), /\.ts$/)) {
    const text = readFileSync(file, "utf8");
    for (const re of [call, literal]) for (const m of text.matchAll(re)) codes.add(m[1]);
  }
  return codes;
}

function testedCodes(): Set<string> {
  const codes = new Set<string>();
  const files = [...sources(path.join(ROOT, "test"), /\.(ts|txt|json)$/)];
  for (const file of files)
    for (const m of readFileSync(file, "utf8").matchAll(/(?:error|warning)\[([a-z0-9-]+)\]/g))
      codes.add(m[1]);
  return codes;
}

test("every diagnostic code has a test expecting its exact text", () => {
  const emitted = emittedCodes();
  expect(emitted.size).toBeGreaterThan(10);
  const tested = testedCodes();
  expect([...emitted].filter((c) => !tested.has(c)).sort()).toEqual([]);
});
