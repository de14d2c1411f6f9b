/**
 * The Panfrost genxml corpus as the tests read it, in place: the documents in the mesa tree
 * (src/panfrost/lib/genxml/) and Mesa's outputs in ../shared/corpora/expected/genxml/.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { defaultRootDir } from "../../generator/load/upstreamRoots";
import type { GenxmlPanfrostDocument } from "../../generator/model/genxmlPanfrost";
import { readGenxmlPanfrost } from "../../generator/readers/genxmlPanfrost/readGenxmlPanfrost";
import { recoverDocument } from "../../generator/recover/recoverDocument";
import { upstreamPath } from "../helpers/upstreamTrees";

export const PANFROST_DOCUMENTS = ["common", "v4", "v5", "v6", "v7", "v9", "v10"];
export const EXPECTED_GENXML = path.join(defaultRootDir("expected"), "genxml");
/** Decode cases: `vN.jobs` (bytes in) and `vN.expected` (Mesa's text out). */
export const PANFROST_VECTORS = path.join(EXPECTED_GENXML, "vectors", "panfrost");

export function panfrostDocumentPath(name: string): string {
  return upstreamPath("mesa", "src", "panfrost", "lib", "genxml", `${name}.xml`);
}

/** Read a document file (named in diagnostics by `display`); the diagnostics as printed. */
export function readPanfrostFile(
  file: string,
  display = file,
): { doc?: GenxmlPanfrostDocument; diagnostics: string[] } {
  const diags = new Diagnostics();
  const recovered = recoverDocument(display, readFileSync(file), { xml: true }, diags);
  const doc = recovered ? readGenxmlPanfrost(recovered, diags) : undefined;
  return { doc, diagnostics: diags.sorted().map(formatDiagnostic) };
}

export interface ExpectedOutput {
  name: string;
  generator: string;
  arguments: string[];
  documents: string[];
  bytes: number;
  sha256: string;
}

/** outputs.json's entries made by Panfrost's gen_pack.py. */
export function panfrostOutputs(): ExpectedOutput[] {
  const all = JSON.parse(
    readFileSync(path.join(EXPECTED_GENXML, "outputs.json"), "utf8"),
  ) as ExpectedOutput[];
  return all.filter((o) => o.generator === "src/panfrost/lib/genxml/gen_pack.py");
}
