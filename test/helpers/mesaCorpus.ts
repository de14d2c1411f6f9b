/**
 * Mesa's own isaspec documents (../shared/corpora/mesa-isaspec, beside the clone in CI) as a specs
 * directory: one ISA per document set, each manifest listing the documents as given.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";

export const MESA_CORPUS = path.join(
  __dirname,
  "..",
  "..",
  "..",
  "shared",
  "corpora",
  "mesa-isaspec",
);

export const haveMesaCorpus = existsSync(MESA_CORPUS);

/** A fresh temporary specs directory with ISAs `ir3` (ir3.xml and what it imports) and `etnaviv`. */
export function mesaCorpusSpecs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-mesa-"));
  const isas: Record<string, { width: number; files: string[] }> = {
    ir3: {
      width: 64,
      files: readdirSync(path.join(MESA_CORPUS, "ir3"))
        .filter((f) => f.endsWith(".xml"))
        .sort(),
    },
    etnaviv: { width: 128, files: ["etnaviv.xml"] },
  };
  for (const [id, { width, files }] of Object.entries(isas)) {
    mkdirSync(path.join(dir, id), { recursive: true });
    for (const f of files) cpSync(path.join(MESA_CORPUS, id, f), path.join(dir, id, f));
    const manifest = {
      id,
      title: `Mesa ${id}`,
      vendor: "Mesa",
      instructionWidth: width,
      wordSize: 32,
      byteOrder: "little",
      assemblySyntax: "isaspec",
      documents: files.map((f) => ({ path: f, format: "isaspec", upstream: `Mesa ${f}` })),
      companions: [],
    };
    writeFileSync(path.join(dir, id, "manifest.json"), JSON.stringify(manifest, null, 2));
  }
  return dir;
}
