/**
 * The inliner of the codecs' runtime modules (generator/emit/codec/runtimeSource.ts): the code a
 * codec carries has no imports (of any form the modules use), keeps `export` on the codec's API
 * only, drops the stand-in for the codec's own tables (codecTables.ts), and is still laid out as
 * prettier lays it out (the codecs are not formatted again).
 */
import { readdirSync } from "fs";
import * as path from "path";
import { SYNTAX_RUNTIME, runtimeSource } from "../../generator/emit/codec/runtimeSource";
import { prettierFormat } from "../../generator/emit/formatOutput";

const DIR = path.join(__dirname, "..", "..", "generator", "runtime", "codec");

test.each(Object.keys(SYNTAX_RUNTIME))("the %s runtime has no imports", (syntax) => {
  const code = runtimeSource(SYNTAX_RUNTIME[syntax]);
  expect(code).not.toMatch(/^import /m);
  expect(code).not.toMatch(/ from "\.\//);
});

test("export stays on the codec's API only", () => {
  const code = runtimeSource(["codecTypes.ts", "codecRuntime.ts"]);
  expect(code).toContain("\nexport function decode(words: Words");
  expect(code).toContain("\nexport type Words = ArrayLike<number>;");
  expect(code).toContain("\nfunction getRange(words: Words");
  expect(code).toContain("\ninterface FieldSpec {");
  expect(code).not.toContain("export function getRange");
  // Exported by a statement of its own in the module (isaspecScope.ts): that statement goes.
  const isaspec = runtimeSource(SYNTAX_RUNTIME.isaspec);
  expect(isaspec).toContain("\nfunction render(scope: Scope, tokens: readonly Token[]");
  expect(isaspec).not.toMatch(/^export \{/m);
});

test("every module but the tables' stand-in is carried by some codec", () => {
  const carried = new Set(Object.values(SYNTAX_RUNTIME).flat());
  const modules = readdirSync(DIR).filter((f) => f.endsWith(".ts"));
  expect(modules.filter((m) => !carried.has(m))).toEqual(["codecTables.ts"]);
});

test.each(Object.keys(SYNTAX_RUNTIME))(
  "prettier leaves the %s runtime, as inlined, unchanged",
  async (syntax) => {
    const code = runtimeSource(SYNTAX_RUNTIME[syntax]) + "\n";
    const formatted = await prettierFormat({ path: "runtime.ts", content: code });
    const a = code.split("\n");
    const b = formatted.split("\n");
    // The first differing line, not megabytes of diff.
    const i = a.findIndex((line, k) => line !== b[k]);
    expect(i < 0 ? null : `line ${i + 1}: ${a[i]}`).toBeNull();
  },
  120_000,
);
