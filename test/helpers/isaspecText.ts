/** Test helpers: run the isaspec reader on documents given as text, for a 64-bit test ISA. */
import * as path from "path";
import { Diagnostics } from "../../generator/diagnostics";
import type { IsaInfo } from "../../generator/model/types";
import { readIsaspec } from "../../generator/readers/readIsaspec";
import type { LoadedDocument, ModelPart } from "../../generator/readers/readerTypes";
import { recoverText } from "../../generator/recover/recoverDocument";

export const ISASPEC_FIXTURES = path.join(__dirname, "..", "fixtures", "isaspec");

export const TEST_ISA_64: IsaInfo = {
  id: "t",
  title: "test",
  vendor: "test",
  instructionWidth: 64,
  wordSize: 32,
  byteOrder: "little",
  wordCount: 2,
  source: { file: "manifest.json", line: 1, column: 1 },
};

/** One isaspec document given as text (its imports resolve beside `absolutePath`). */
export function loadedIsaspec(
  file: string,
  text: string,
  diags: Diagnostics,
  absolutePath = path.join(ISASPEC_FIXTURES, file),
): LoadedDocument {
  const recovered = recoverText(file, text, { xml: true }, diags);
  if (!recovered) throw new Error(`could not recover ${file}`);
  return { path: file, absolutePath, format: "isaspec", role: "seed", recovered };
}

export function readIsaspecDocuments(documents: (diags: Diagnostics) => LoadedDocument[]): {
  part: ModelPart;
  diags: Diagnostics;
} {
  const diags = new Diagnostics();
  const part = readIsaspec({
    isa: TEST_ISA_64,
    diags,
    documents: documents(diags),
    companions: [],
  });
  return { part, diags };
}
