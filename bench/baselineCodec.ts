/**
 * The codec of an ISA as it was when issue 27 ("codecs for real workloads") was filed, so that
 * `decode` and `encode` are measured against it side by side in one run: the issue asks them to be
 * at least as fast as they were. It comes from the repository's history (`git show REV:out/ts/<id>.ts`),
 * written to a temporary directory and loaded there; a clone without that history (shallow, or
 * not a git checkout) has no baseline, and says why.
 */
import { execFileSync } from "child_process";
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { ROOT } from "./childProcess";

/** main when issue 27 was filed: the codecs interpreted their model per word. */
export const BASELINE_REV = "f8d0209e";

export interface BaselineCodec {
  decode(words: ArrayLike<number>, options?: { gpu?: number }): unknown;
  encode(instruction: unknown): Uint32Array;
  dispose(): void;
}

/** The baseline codec of `id`, or why there is none. */
export function loadBaselineCodec(id: string): BaselineCodec | string {
  let source: string;
  try {
    source = execFileSync("git", ["show", `${BASELINE_REV}:out/ts/${id}.ts`], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (e) {
    const why = String((e as { stderr?: string }).stderr ?? (e as Error).message).trim();
    return `no ${id} codec at ${BASELINE_REV} in this checkout's history (${why.split("\n")[0]})`;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-baseline-"));
  const file = path.join(dir, `${id}.ts`);
  writeFileSync(file, source);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const codec = require(file) as Omit<BaselineCodec, "dispose">;
  return {
    decode: codec.decode,
    encode: codec.encode,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
