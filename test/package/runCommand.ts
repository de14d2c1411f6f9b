/** A command the package tests run (npm, node, tsc): its stdout; a failure throws with its output. */
import { execFileSync } from "child_process";

export const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    // Not jest's --experimental-vm-modules: the packages run as users run them.
    env: { ...process.env, NODE_OPTIONS: "" },
  });
