/**
 * The test build's site (`.test-build/out/site`), read as the tests ask for its files: the same
 * bytes the emitters wrote, without rendering every manual again in each test file.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { listFiles } from "../../generator/emit/writeOutput";
import { TEST_OUT } from "./testOutput";

export interface BuiltFiles {
  /** Every file's path under the output, `site/…`, sorted. */
  paths: string[];
  /** A file's text, or undefined when the build wrote no such file. */
  get(file: string): string | undefined;
}

/** The files of the test build under `dir` (`site`, `docs`), by their paths in the output. */
export function builtFiles(dir: string): BuiltFiles {
  const paths = listFiles(path.join(TEST_OUT, dir)).map((f) => `${dir}/${f}`);
  const known = new Set(paths);
  return {
    paths,
    get: (file) => (known.has(file) ? readFileSync(path.join(TEST_OUT, file), "utf8") : undefined),
  };
}
