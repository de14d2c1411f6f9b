/**
 * One emitter per artifact; each turns models into files rendered from its templates. Each is
 * loaded on first use: the build's worker thread renders only some of them.
 */
import { compareDiagnostics, type Diagnostic } from "../diagnostics";
import type { IsaModel } from "../model/types";
import type { OutputFile } from "./outputFile";

export type Emitter = (models: IsaModel[]) => OutputFile[];

/** Start compiling the generated codecs of `models` on another thread (see emitManuals.ts). */
export function compileCodecsAhead(models: IsaModel[]): Promise<void> {
  return (require("./emitManuals") as typeof import("./emitManuals")).compileCodecsAhead(models);
}

/** Warnings found while rendering `models` (after `EMITTERS` ran on them). */
export function renderWarnings(models: IsaModel[]): Diagnostic[] {
  const { renderManuals } = require("./emitManuals") as typeof import("./emitManuals");
  return [...renderManuals(models).warnings].sort(compareDiagnostics);
}

/**
 * In the order a build renders them: those that run the generated codecs (`usesCodecs`: the
 * manuals' examples, the site's decoder) last, so that the codecs can compile meanwhile
 * (`compileCodecsAhead` in emitManuals.ts).
 */
export const EMITTERS: { name: string; emit: Emitter; usesCodecs?: boolean }[] = [
  { name: "json", emit: (m) => (require("./emitJson") as typeof import("./emitJson")).emitJson(m) },
  {
    name: "ts-codec",
    emit: (m) => (require("./emitTsCodec") as typeof import("./emitTsCodec")).emitTsCodec(m),
  },
  {
    name: "c-header",
    emit: (m) => (require("./emitCHeader") as typeof import("./emitCHeader")).emitCHeader(m),
  },
  {
    name: "c-disassembler",
    emit: (m) =>
      (require("./emitCDisassembler") as typeof import("./emitCDisassembler")).emitCDisassembler(m),
  },
  {
    name: "register-headers",
    emit: (m) =>
      (
        require("./emitRegisterHeaders") as typeof import("./emitRegisterHeaders")
      ).emitRegisterHeaders(m),
  },
  {
    name: "genxml-intel-headers",
    emit: (m) =>
      (
        require("./emitGenxmlIntelHeaders") as typeof import("./emitGenxmlIntelHeaders")
      ).emitGenxmlIntelHeaders(m),
  },
  {
    name: "register-decoders",
    emit: (m) =>
      (
        require("./emitRegisterDecoders") as typeof import("./emitRegisterDecoders")
      ).emitRegisterDecoders(m),
  },
  {
    name: "genxml-panfrost",
    emit: (m) =>
      (require("./emitGenxmlPanfrost") as typeof import("./emitGenxmlPanfrost")).emitGenxmlPanfrost(
        m,
      ),
  },
  {
    name: "genxml-decoders",
    emit: (m) =>
      (require("./emitGenxmlDecoders") as typeof import("./emitGenxmlDecoders")).emitGenxmlDecoders(
        m,
      ),
  },
  {
    name: "package-index",
    emit: (m) =>
      (require("./emitPackageIndex") as typeof import("./emitPackageIndex")).emitPackageIndex(m),
  },
  {
    name: "diagrams",
    emit: (m) => (require("./emitDiagrams") as typeof import("./emitDiagrams")).emitDiagrams(m),
  },
  {
    name: "dispatch",
    emit: (m) => (require("./emitDispatch") as typeof import("./emitDispatch")).emitDispatch(m),
  },
  {
    name: "manuals",
    emit: (m) => (require("./emitManuals") as typeof import("./emitManuals")).emitManuals(m),
    usesCodecs: true,
  },
  {
    name: "site",
    emit: (m) => (require("./emitSite") as typeof import("./emitSite")).emitSite(m),
    usesCodecs: true,
  },
];
