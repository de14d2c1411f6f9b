/** The etna_viv rules-ng database corpus (../shared/corpora/etna_viv-rnndb), copied for a test. */
import { copyFileSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";

export const CORPUS = path.join(__dirname, "..", "..", "..", "shared", "corpora", "etna_viv-rnndb");

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

