/**
 * Where the Intel genxml tests find Mesa's documents and the outputs of Mesa's generators and
 * decoder (../shared/corpora/expected/genxml), read in place; and running an isaforge command on
 * them in-process.
 */
import * as path from "path";
import { runCli } from "../../generator/cli";
import { defaultRootDir } from "../../generator/load/upstreamRoots";
import { upstreamPath } from "./upstreamTrees";

export const MESA = upstreamPath("mesa");
export const EXPECTED_GENXML = path.join(defaultRootDir("expected"), "genxml");

/** One entry of expected/genxml/outputs.json. */
export interface ExpectedOutput {
  name: string;
  generator: string;
  documents: string[];
  arguments: string[];
  bytes: number;
  sha256: string;
}

/** Run the CLI, capturing what it writes to stdout (process.stdout) and its log lines. */
export async function runCaptured(
  argv: string[],
): Promise<{ status: number; stdout: string; err: string[] }> {
  const chunks: string[] = [];
  const err: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  }) as typeof process.stdout.write;
  let status: number;
  try {
    status = await runCli(argv, { out: (l) => chunks.push(l + "\n"), err: (l) => err.push(l) });
  } finally {
    process.stdout.write = write;
  }
  return { status, stdout: chunks.join(""), err };
}

/** An outputs.json argument list with document paths made absolute in the mesa tree. */
export function inMesa(args: string[]): string[] {
  return args.map((a) => (a.startsWith("src/") ? path.join(MESA, a) : a));
}
