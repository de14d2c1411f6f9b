/**
 * isaforge as a library: read, validate and analyze specs into models, and render artifacts.
 * The generated codecs are separate entry points: `isaforge/codecs/<id>`.
 */
export { buildModels, readSpec } from "./pipeline";
export { build, checkSpecs, renderArtifacts, type BuildOptions } from "./build";
export { Diagnostics, formatDiagnostic, type Diagnostic } from "./diagnostics";
export type * from "./model/types";
