/** etna_viv's rules-ng database (rnndb/ of the etna_viv tree, ../shared/corpora/etna_viv in CI), copied for a test. */
import { copyFileSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { upstreamRoots } from "../../generator/load/upstreamRoots";

export const CORPUS = path.join(upstreamRoots().get("etna_viv")?.dir ?? "etna_viv", "rnndb");

/** The corpus in a temporary directory, every file's mtime set to `mtimes[name]` (UTC) if given. */
export function copyCorpus(mtimes: Record<string, string> = {}): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-rnndb-"));
  for (const f of readdirSync(CORPUS).filter((n) => n.endsWith(".xml"))) {
    copyFileSync(path.join(CORPUS, f), path.join(dir, f));
    const t = mtimes[f];
    if (t) {
      const date = new Date(`${t.replace(" ", "T")}Z`);
      utimesSync(path.join(dir, f), date, date);
    }
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

