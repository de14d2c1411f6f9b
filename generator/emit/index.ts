/** One emitter per artifact; each turns models into files rendered from its templates. */
import type { IsaModel } from "../model/types";
import { emitCHeader } from "./emitCHeader";
import { emitDispatch } from "./emitDispatch";
import { emitRegisterHeaders } from "./emitRegisterHeaders";
import { emitJson } from "./emitJson";
import { emitManuals } from "./emitManuals";
import { emitSite } from "./emitSite";
import { emitTsCodec } from "./emitTsCodec";
import type { OutputFile } from "./outputFile";

export type Emitter = (models: IsaModel[]) => OutputFile[];

export const EMITTERS: { name: string; emit: Emitter }[] = [
  { name: "json", emit: emitJson },
  { name: "ts-codec", emit: emitTsCodec },
  { name: "c-header", emit: emitCHeader },
  { name: "register-headers", emit: emitRegisterHeaders },
  { name: "manuals", emit: emitManuals },
  { name: "dispatch", emit: emitDispatch },
  { name: "site", emit: emitSite },
];
