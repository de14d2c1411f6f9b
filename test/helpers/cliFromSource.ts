/** The command line from the TypeScript sources in a fresh process (tsx), and the files it leaves. */
import { spawnSync } from "child_process";
import { readFileSync } from "fs";
import * as path from "path";
import { listFiles } from "../../generator/emit/writeOutput";

export const ROOT = path.join(__dirname, "..", "..");

/**
 * `isaforge ARGS` with `env` added to this process's environment (NODE_OPTIONS cleared), `input`
 * on its standard input.
 */
export function runCliFromSource(args: string[], env: Record<string, string> = {}, input = "") {
  // tsx's hook in the CLI's own process (no wrapper), so that a signal reaches the build itself.
  return spawnSync(
    process.execPath,
    ["--require", "tsx/cjs", path.join(ROOT, "generator", "cli.ts"), ...args],
    { cwd: ROOT, encoding: "utf8", input, env: { ...process.env, NODE_OPTIONS: "", ...env } },
  );
}

/** Every file under `dir` with its text, by path relative to `dir`. */
export function fileTree(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((p) => [p, readFileSync(path.join(dir, p), "utf8")]),
  );
}
