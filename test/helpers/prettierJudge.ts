/**
 * Prettier as the judge of generated files, run in a Node process of its own: inside jest's module
 * sandbox prettier ran several times slower (its JSON printer 3.4 times: 120 s of CPU for the test
 * build's JSON, against 35 s in plain Node), for the same verdicts.
 */
import { execFile } from "child_process";
import * as path from "path";

const ROOT = path.join(__dirname, "..", "..");

/**
 * For each of `files` (paths under `dir`): null when prettier leaves it unchanged, else the first
 * line prettier would change, as `line N differs:` with both versions of the line.
 */
export function judgeWithPrettier(
  dir: string,
  files: string[],
): Promise<Record<string, string | null>> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["--require", "tsx/cjs", path.join(__dirname, "prettierJudgeProcess.ts")],
      {
        cwd: ROOT,
        encoding: "utf8",
        maxBuffer: 1 << 30,
        env: { ...process.env, NODE_OPTIONS: "" },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the prettier judge failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as Record<string, string | null>);
      },
    );
    child.stdin!.end(JSON.stringify({ dir, files }));
  });
}
