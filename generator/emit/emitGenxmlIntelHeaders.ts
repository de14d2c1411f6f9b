/**
 * The Intel genxml headers of a spec (`c/<id>/…`): each gen_pack_header.py and gen_bits_header.py
 * run its manifest lists, as Mesa's meson.build makes them, from the model's genxml documents.
 */
import * as path from "path";
import { Diagnostics } from "../diagnostics";
import type { GenxmlIntelDocument } from "../model/genxmlIntel";
import type { IsaModel } from "../model/types";
import { chainsOfDocuments, type GenxmlIntelChain } from "../readers/genxmlIntel/loadChain";
import { mergedItems } from "../readers/genxmlIntel/merge";
import { decoderSpec } from "../readers/genxmlIntel/runtimeView";
import { bitsHeader } from "./genxmlIntel/bitsHeader";
import { cDecoder } from "./genxmlIntel/cDecoder";
import { packHeader } from "./genxmlIntel/packHeader";
import type { OutputFile } from "./outputFile";

export function emitGenxmlIntelHeaders(models: IsaModel[]): OutputFile[] {
  return models.flatMap((m) => {
    const settings = m.isa.genxmlIntelHeaders;
    const docs = (m.genxml ?? []).filter((d): d is GenxmlIntelDocument => d.dialect === "intel");
    if (!settings || docs.length === 0) return [];
    // The model is valid: its chains are whole (the reader reported any broken import).
    const chains = chainsOfDocuments(docs, new Diagnostics());
    const chainOf = (name: string): GenxmlIntelChain => {
      const doc = docs.find((d) => path.posix.basename(d.file) === name);
      const chain = doc && chains.get(doc);
      if (!chain) throw new Error(`${m.isa.id}: no genxml document ${name}`);
      return chain;
    };
    const files: OutputFile[] = settings.pack.map((o) => {
      const chain = chainOf(o.document);
      return {
        path: `c/${m.isa.id}/${o.path}`,
        content: packHeader(chain.root, mergedItems(chain), {
          engines: new Set(o.engines ?? ["render"]),
          includeSymbols: o.includeSymbols ? new Set(o.includeSymbols) : undefined,
          opencl: !!o.opencl,
          repack: !!o.repack,
        }),
      };
    });
    for (const b of settings.bits ?? []) {
      const inputs = b.documents.map((name) => {
        const chain = chainOf(name);
        // gen_bits_header keeps only the document's own render instructions before merging.
        const own = chain.root.items.filter(
          (i) => i.kind !== "instruction" || !i.engines || i.engines.includes("render"),
        );
        return { doc: chain.root, items: mergedItems(chain, chain.root, own) };
      });
      const guard = path.posix.basename(b.path).toUpperCase().replace(/\./g, "_");
      files.push({
        path: `c/${m.isa.id}/${b.path}`,
        content: bitsHeader(inputs, b.includeSymbols, guard),
      });
    }
    for (const name of settings.decoders ?? []) {
      const chain = chainOf(name);
      files.push({
        path: `c/${m.isa.id}/${name.replace(/\.xml$/, "")}_decode.c`,
        content: cDecoder(decoderSpec(chain), chain.root.file),
      });
    }
    return files;
  });
}
