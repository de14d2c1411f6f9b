/**
 * The one-direction pipeline: load (manifest + recover) → read → link → validate → analyze.
 * Emitters receive only the resulting models.
 */
import type { Diagnostics } from "./diagnostics";
import { acceptWarnings, type AcceptedWarning } from "./analyze/acceptedWarnings";
import { analyzeModel } from "./analyze/analyzeModel";
import { linkNotes } from "./analyze/linkNotes";
import { listSpecIds, loadSpec, type LoadedSpec } from "./load/loadSpecs";
import { upstreamRoots, type UpstreamRoots } from "./load/upstreamRoots";
import { validateModel } from "./model/validateModel";
import { MODEL_SCHEMA_VERSION, type DocumentFormat, type IsaModel } from "./model/types";
import { READERS } from "./readers";
import type { ModelPart } from "./readers/readerTypes";

/** Read one loaded ISA into its model (not yet linked, validated or analyzed). */
export function readSpec(spec: LoadedSpec, diags: Diagnostics): IsaModel {
  const model: IsaModel = {
    schemaVersion: MODEL_SCHEMA_VERSION,
    isa: spec.isa,
    documents: spec.documentInfo,
    enums: [],
    bitsets: [],
    instructions: [],
    registers: [],
    lookupTables: [],
    notes: [],
  };
  const formats = [...new Set(spec.documents.map((d) => d.format))] as Exclude<
    DocumentFormat,
    "companion-json"
  >[];
  for (const format of formats) {
    const part: ModelPart = READERS[format]({
      isa: spec.isa,
      diags,
      documents: spec.documents.filter((d) => d.format === format),
      companions: spec.companions,
      failedCompanions: spec.failedCompanions,
    });
    model.enums.push(...(part.enums ?? []));
    model.bitsets.push(...(part.bitsets ?? []));
    model.instructions.push(...(part.instructions ?? []));
    model.registers.push(...(part.registers ?? []));
    model.lookupTables.push(...(part.lookupTables ?? []));
    model.notes.push(...(part.notes ?? []));
    if (part.registerDatabases) model.registerDatabases = part.registerDatabases;
    if (part.assemblerText) model.assemblerText = part.assemblerText;
    if (part.clauseIsa) model.clauseIsa = part.clauseIsa;
    if (part.genxml) model.genxml = [...(model.genxml ?? []), ...part.genxml];
  }
  return model;
}

/**
 * Read, link, validate and analyze every ISA of a specs directory whose upstream trees `roots`
 * has (the others are skipped with a note). A build reads all ISAs (notes in one link to
 * instructions of another; `only` is applied by the caller when emitting); `ids` reads some of
 * them, with the notes of those linked among themselves alone.
 */
export function buildModels(
  specsDir: string,
  diags: Diagnostics,
  roots: UpstreamRoots = upstreamRoots(),
  ids: readonly string[] = listSpecIds(specsDir, diags),
): IsaModel[] {
  const models: IsaModel[] = [];
  const accepted: AcceptedWarning[] = [];
  for (const id of ids) {
    const spec = loadSpec(specsDir, id, diags, roots);
    if (!spec) continue;
    models.push(readSpec(spec, diags));
    accepted.push(...spec.acceptedWarnings);
  }
  linkNotes(models, diags);
  for (const model of models) {
    if (validateModel(model, diags)) analyzeModel(model, diags);
  }
  acceptWarnings(accepted, diags);
  return models;
}
