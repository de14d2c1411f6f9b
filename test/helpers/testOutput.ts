/**
 * The output the tests read: built from specs/ once per run into `.test-build/out/` (gitignored) by
 * test/setup/buildTestOutput.js, never the user's `out/`. Static imports of `../../out/…` resolve
 * there too (jest's moduleNameMapper, tsconfig's rootDirs).
 */
import { readFileSync } from "fs";
import * as path from "path";
import * as vm from "vm";
import { compileGeneratedCodec } from "../../generator/emit/manual/loadGeneratedCodec";

export const TEST_OUT = path.join(__dirname, "..", "..", ".test-build", "out");

/**
 * A generated TypeScript module of the test output (`ts/genxml/intel/gen12.ts`), compiled by
 * esbuild and run; what it requires of its siblings (`./gen125_rt`) is loaded the same way.
 */
export function loadTestOutputModule<T>(file: string): T {
  const loaded = new Map<string, Record<string, unknown>>();
  const load = (rel: string): Record<string, unknown> => {
    const known = loaded.get(rel);
    if (known) return known;
    const js = compileGeneratedCodec(readFileSync(path.join(TEST_OUT, rel), "utf8"), rel);
    const module = { exports: {} as Record<string, unknown> };
    const run = vm.runInThisContext(`(function (exports, module, require) {\n${js}\n})`, {
      filename: rel,
    }) as (exports: object, module: object, require: (id: string) => unknown) => void;
    run(module.exports, module, (id) => load(path.posix.join(path.posix.dirname(rel), `${id}.ts`)));
    loaded.set(rel, module.exports);
    return module.exports;
  };
  return load(file) as T;
}
