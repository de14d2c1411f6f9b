/**
 * Reader for the `genxml-intel` format: a spec's Intel genxml documents (Mesa src/intel/genxml),
 * each read as written into the model's genxml section; imports must name documents of the spec.
 * The checks (types that name nothing, fields past their struct, …) run over each document's
 * import chain.
 */
import type { GenxmlIntelDocument } from "../../model/genxmlIntel";
import type { ModelPart, ReaderContext } from "../readerTypes";
import { checkGenxmlIntelChain } from "./check";
import { chainsOfDocuments } from "./loadChain";
import { readGenxmlIntelDocument } from "./readDocument";

export function readGenxmlIntel(ctx: ReaderContext): ModelPart {
  const docs: GenxmlIntelDocument[] = [];
  for (const d of ctx.documents) {
    const doc = readGenxmlIntelDocument(d.recovered, ctx.diags);
    if (doc) docs.push(doc);
  }
  // Every chain holds every document of the spec: checking one checks them all, once each. With
  // a broken import (already reported) the chains cannot be merged.
  const chains = chainsOfDocuments(docs, ctx.diags);
  const first = chains.values().next();
  if (chains.size === docs.length && !first.done) checkGenxmlIntelChain(first.value, ctx.diags);
  return { genxml: docs };
}
