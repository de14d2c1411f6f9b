/** Compiling and running C/C++ from the C header tests: gcc and g++ in a temporary directory. */
import { spawnSync } from "child_process";
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";

export const ROOT = path.join(__dirname, "..", "..");
export const HEADERS = path.join(TEST_OUT, "c");
export const ISAS = ["etnaviv", "ir3", "valhall", "r500"] as const;

/** The strict modes every header must pass. */
export const C99 = ["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"];
export const CXX17 = ["g++", "-std=c++17", "-Wall", "-Wextra", "-Werror"];

export interface Result {
  status: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

export function sh(argv: string[], cwd?: string): Result {
  const r = spawnSync(argv[0], argv.slice(1), {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(): {
  dir: string;
  write(name: string, text: string): string;
  cleanup(): void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-c-"));
  return {
    dir,
    write(name, text) {
      const p = path.join(dir, name);
      writeFileSync(p, text);
      return p;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Compile (and link, when `out` is given); throws with the compiler's messages on failure. */
export function compile(
  compiler: string[],
  source: string,
  out?: string,
  extra: string[] = [],
): void {
  const r = sh([...compiler, ...extra, ...(out ? ["-o", out] : ["-c", "-o", "/dev/null"]), source]);
  if (r.status !== 0)
    throw new Error(
      `${compiler.join(" ")} ${extra.join(" ")} ${source} failed:\n${r.stderr.slice(0, 4000)}`,
    );
}
