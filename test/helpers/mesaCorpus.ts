/**
 * Mesa's own isaspec documents (src/freedreno/isa/ and src/etnaviv/isa/ of the mesa tree: the
 * upstream root isaforge finds, ../shared/corpora/mesa beside the clone in CI) as a specs
 * directory: one ISA per document set, each manifest listing the documents as given.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { upstreamRoots } from "../../generator/load/upstreamRoots";

const MESA = upstreamRoots().get("mesa")?.dir;
/** The folders of the two ISAs' documents in the mesa tree (under a root that may be absent). */
export const MESA_ISA_DIRS = {
  ir3: path.join(MESA ?? "mesa", "src", "freedreno", "isa"),
  etnaviv: path.join(MESA ?? "mesa", "src", "etnaviv", "isa"),
};
export const MESA_CORPUS = MESA ?? "the mesa tree";

export const haveMesaCorpus = MESA !== undefined && existsSync(MESA_ISA_DIRS.ir3);

/** A fresh temporary specs directory with ISAs `ir3` (ir3.xml and what it imports) and `etnaviv`. */
export function mesaCorpusSpecs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-mesa-"));
  const isas: Record<string, { width: number; files: string[] }> = {
    ir3: {
      width: 64,
      files: readdirSync(MESA_ISA_DIRS.ir3)
        .filter((f) => f.endsWith(".xml"))
        .sort(),
    },
    etnaviv: { width: 128, files: ["etnaviv.xml"] },
  };
  for (const [id, { width, files }] of Object.entries(isas)) {
    mkdirSync(path.join(dir, id), { recursive: true });
    const from = MESA_ISA_DIRS[id as keyof typeof MESA_ISA_DIRS];
    for (const f of files) cpSync(path.join(from, f), path.join(dir, id, f));
    const manifest = {
      id,
      title: `Mesa ${id}`,
      vendor: "Mesa",
      instructionWidth: width,
      wordSize: 32,
      byteOrder: "little",
      assemblySyntax: "isaspec",
      documents: files.map((f) => ({ path: f, format: "isaspec", origin: `Mesa ${f}` })),
      companions: [],
    };
    writeFileSync(path.join(dir, id, "manifest.json"), JSON.stringify(manifest, null, 2));
  }
  return dir;
}
