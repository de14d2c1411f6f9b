/**
 * What one gen's table script of the genxml panel holds (written by generator/emit/site/genxmlView.ts,
 * read by genxml.ts): apart from the panel so the emitter's typecheck needs no DOM.
 */
import type { DecoderSpec } from "../genxmlIntel/types";

export interface GenxmlTable {
  /** The decoder's view of the document (generator/readers/genxmlIntel/runtimeView.ts). */
  spec: DecoderSpec;
  /**
   * Sections whose anchor is not the item's name in lower case, keyed `kind:name`
   * (`struct:VERTEX_BUFFER_STATE`).
   */
  sections: Record<string, string>;
}
