/** One emitter per artifact; each turns models into files rendered from its templates. */
import { compareDiagnostics, type Diagnostic } from "../diagnostics";
import type { IsaModel } from "../model/types";
import { emitCHeader } from "./emitCHeader";
import { emitDispatch } from "./emitDispatch";
import { emitRegisterHeaders } from "./emitRegisterHeaders";
import { emitJson } from "./emitJson";
import { emitDiagrams, emitManuals, renderManuals } from "./emitManuals";
import { emitSite } from "./emitSite";
import { emitTsCodec } from "./emitTsCodec";
import type { OutputFile } from "./outputFile";

export type Emitter = (models: IsaModel[]) => OutputFile[];

/** Warnings found while rendering `models` (after `EMITTERS` ran on them). */
export function renderWarnings(models: IsaModel[]): Diagnostic[] {
  return [...renderManuals(models).warnings].sort(compareDiagnostics);
}

export const EMITTERS: { name: string; emit: Emitter }[] = [
  { name: "json", emit: emitJson },
  { name: "ts-codec", emit: emitTsCodec },
  { name: "c-header", emit: emitCHeader },
  { name: "register-headers", emit: emitRegisterHeaders },
  { name: "manuals", emit: emitManuals },
  { name: "diagrams", emit: emitDiagrams },
  { name: "dispatch", emit: emitDispatch },
  { name: "site", emit: emitSite },
];
