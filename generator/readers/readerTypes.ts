/**
 * The contract between the pipeline and the readers. A reader turns the recovered documents of one
 * format (plus the ISA's companion data) into parts of the model; it knows nothing of artifacts.
 */
import type { Diagnostics } from "../diagnostics";
import type {
  AssemblerText,
  BitsetDef,
  ClauseIsa,
  DocumentFormat,
  EnumDef,
  Instruction,
  IsaInfo,
  IsaModel,
  LookupTable,
  Note,
  Register,
  RegisterDatabase,
  SourceRef,
} from "../model/types";
import type { RecoveredDocument } from "../recover/recoverDocument";

/** A document named by the manifest, recovered and ready to read. */
export interface LoadedDocument {
  /** Path relative to the specs directory's parent, or `TREE:PATH`, as used in diagnostics. */
  path: string;
  /** Absolute path on disk (for resolving `<import>`s next to it). */
  absolutePath: string;
  format: DocumentFormat;
  /** `companion`: project-written data in the document's own format (e.g. ir3's isaspec roots). */
  role: "seed" | "upstream" | "companion";
  upstream?: string;
  /** rules-ng-database: the modification time the manifest records for the headers' banner. */
  mtime?: string;
  recovered: RecoveredDocument;
}

/** A companion JSON file, schema-checked, with positions for every JSON value. */
export interface LoadedCompanion {
  path: string;
  /** What the companion describes (`valhall-layout`, `r500-framing`, `bifrost-aliases`, …). */
  kind: string;
  /** The parsed JSON. */
  data: unknown;
  /** Where the value at a JSON path (e.g. `["modifiers", 3, "start"]`) is in the file. */
  locate(path: (string | number)[]): SourceRef;
}

export interface ReaderContext {
  isa: IsaInfo;
  diags: Diagnostics;
  /** The ISA's documents of this reader's format, in manifest order. */
  documents: LoadedDocument[];
  /** All companion files of the ISA that loaded. */
  companions: LoadedCompanion[];
  /** Kinds of companions the manifest names that failed to load (already reported). */
  failedCompanions?: string[];
}

/** What a reader contributes to the model. */
export interface ModelPart {
  enums?: EnumDef[];
  bitsets?: BitsetDef[];
  instructions?: Instruction[];
  registers?: Register[];
  lookupTables?: LookupTable[];
  notes?: Note[];
  /** rules-ng register databases (rules-ng-database documents). */
  registerDatabases?: RegisterDatabase[];
  /** Mesa genxml documents (genxml-intel and genxml-panfrost documents). */
  genxml?: IsaModel["genxml"];
  /** How the upstream assembler reads text (isaspec-assembler companion). */
  assemblerText?: AssemblerText;
  /** Slot states and clause framing of a clause ISA (bifrost-xml). */
  clauseIsa?: ClauseIsa;
}

export type Reader = (ctx: ReaderContext) => ModelPart;
