/**
 * The time Mesa's own isaspec generators take on the whole ir3 ISA, for a same-run comparison with
 * `isaforge build`: `decode.py` (C decoder) and `encode.py` (C encoder) from a Mesa corpus folder
 * (`reference/*.py` beside `ir3/*.xml`, as in ../shared/corpora/mesa-isaspec), run by
 * /usr/bin/python3. Nothing of Mesa's is part of the project: the scripts are run where they lie,
 * on copies in a temporary folder.
 */
import { spawnSync } from "child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { performance } from "perf_hooks";

export const PYTHON = "/usr/bin/python3";

/** The Mesa isaspec corpus beside a checkout, as CI and this project's machines have it. */
export const MESA_CORPUS = path.join("..", "shared", "corpora", "mesa-isaspec");

/** Why Mesa's generators cannot run here, or null when they can. */
export function mesaUnavailable(corpus: string): string | null {
  if (!existsSync(PYTHON)) return `${PYTHON} is missing`;
  if (spawnSync(PYTHON, ["-c", "import mako"]).status !== 0)
    return `${PYTHON} has no mako (apt-get install python3-mako)`;
  for (const f of ["reference/decode.py", "reference/encode.py", "reference/isa.py", "ir3/ir3.xml"])
    if (!existsSync(path.join(corpus, f))) return `${path.join(corpus, f)} is missing`;
  return null;
}

/** Milliseconds for decode.py then encode.py on ir3.xml; throws if either fails. */
export function measureMesaIsaspec(corpus: string): number {
  const work = mkdtempSync(path.join(tmpdir(), "isaforge-mesa-"));
  try {
    for (const dir of ["reference", "ir3"])
      for (const f of readdirSync(path.join(corpus, dir)))
        if (f.endsWith(".py") || f.endsWith(".xml"))
          copyFileSync(path.join(corpus, dir, f), path.join(work, f));
    const runs = [
      ["decode.py", "--xml", "ir3.xml", "--out-c", "d.c", "--out-h", "d.h"],
      ["encode.py", "--xml", "ir3.xml", "--out-h", "e.h"],
    ];
    const start = performance.now();
    for (const args of runs) {
      const r = spawnSync(PYTHON, args, { cwd: work, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${PYTHON} ${args.join(" ")} failed:\n${r.stderr}`);
    }
    return performance.now() - start;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
