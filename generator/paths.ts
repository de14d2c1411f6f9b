/**
 * Locating the package's own files (templates, schemas) whether running from `generator/` via
 * ts-jest/tsx or from the compiled `dist/generator/`.
 */
import { existsSync } from "fs";
import * as path from "path";

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "templates")))
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`isaforge: cannot find the package root above ${start}`);
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot(__dirname);

export function packagePath(...parts: string[]): string {
  return path.join(PACKAGE_ROOT, ...parts);
}
