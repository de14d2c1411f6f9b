/**
 * The TypeScript decoders of the genxml documents: `ts/genxml/intel/<doc>.ts` for each Intel
 * document (genxmlIntel/tsDecoder.ts) and `ts/genxml/panfrost/<doc>.ts` for each Panfrost one
 * (genxmlPanfrost/decoderModule.ts), exported as `isaforge/genxml/intel/<doc>` and so on. A
 * document whose items decode as an earlier one's (gen20_rt imports all of gen125_rt) re-exports
 * that module.
 */
import * as path from "path";
import { Diagnostics } from "../diagnostics";
import type { GenxmlIntelDocument } from "../model/genxmlIntel";
import type { GenxmlPanfrostDocument } from "../model/genxmlPanfrost";
import type { IsaModel } from "../model/types";
import { chainsOfDocuments } from "../readers/genxmlIntel/loadChain";
import { decoderSpec } from "../readers/genxmlIntel/runtimeView";
import { genxmlDocumentStem } from "./emitGenxmlPanfrost";
import { intelDecoderModule, intelDecoderReexport } from "./genxmlIntel/tsDecoder";
import { panfrostDecoderModule } from "./genxmlPanfrost/decoderModule";
import type { OutputFile } from "./outputFile";

export function emitGenxmlDecoders(models: IsaModel[]): OutputFile[] {
  const files: OutputFile[] = [];
  for (const m of models) {
    const docs = m.genxml ?? [];
    const intel = docs.filter((d): d is GenxmlIntelDocument => d.dialect === "intel");
    if (intel.length) {
      // The model is valid: its chains are whole (the reader reported any broken import).
      const chains = chainsOfDocuments(intel, new Diagnostics());
      const written = new Map<string, string>();
      for (const doc of intel) {
        const stem = genxmlDocumentStem(doc.file);
        const spec = decoderSpec(chains.get(doc)!);
        // The decoder's view less the document's gen: equal for documents that decode alike.
        const layout = JSON.stringify({ ...spec, gen: "" });
        const same = written.get(layout);
        files.push({
          path: `ts/genxml/intel/${stem}.ts`,
          content: same
            ? intelDecoderReexport(path.posix.basename(doc.file), spec.gen, same)
            : intelDecoderModule(spec, path.posix.basename(doc.file)),
          preformatted: true,
        });
        if (!same) written.set(layout, stem);
      }
    }
    for (const doc of docs)
      if (doc.dialect === "panfrost")
        files.push({
          path: `ts/genxml/panfrost/${genxmlDocumentStem(doc.file)}.ts`,
          content: panfrostDecoderModule(
            doc as GenxmlPanfrostDocument,
            path.posix.basename(doc.file),
          ),
          preformatted: true,
        });
  }
  return files;
}
