/** The genxml-panfrost reader of a spec: each document of the manifest, in its order. */
import type { ModelPart, ReaderContext } from "../readerTypes";
import { readGenxmlPanfrost } from "./readGenxmlPanfrost";

export function readGenxmlPanfrostDocuments(ctx: ReaderContext): ModelPart {
  const genxml = [];
  for (const d of ctx.documents) {
    const doc = readGenxmlPanfrost(d.recovered, ctx.diags);
    if (doc) genxml.push(doc);
  }
  return { genxml };
}
