/** Running a bench script in a fresh Node process (TypeScript through tsx) and reading its JSON. */
import { spawnSync } from "child_process";
import * as path from "path";

export const ROOT = path.join(__dirname, "..");

/**
 * Run `bench/<script>` with `args` and return the JSON object its last stdout line holds. A failure
 * (non-zero exit, signal, no JSON) throws with the child's stderr.
 */
export function runBenchScript<T>(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): T {
  const r = spawnSync(
    process.execPath,
    ["--require", "tsx/cjs", path.join(__dirname, script), ...args],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      // The parent's NODE_OPTIONS (jest's --experimental-vm-modules) is not for the child.
      env: { ...process.env, NODE_OPTIONS: "", ...env },
    },
  );
  const lines = (r.stdout ?? "").trim().split("\n");
  const last = lines[lines.length - 1];
  if (r.status !== 0 || !last)
    throw new Error(
      `bench/${script} ${args.join(" ")} failed (${r.signal ?? `exit ${r.status}`}):\n${r.stderr ?? ""}${r.error ? String(r.error) : ""}`,
    );
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(
      `bench/${script} ${args.join(" ")} printed no JSON result:\n${r.stdout}\n${r.stderr}`,
    );
  }
}
