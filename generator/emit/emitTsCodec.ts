/**
 * The TS codec artifact: `ts/<id>.ts` for every ISA with instructions — decode, encode,
 * disassemble, assemble — self-contained, from templates/ts/codec/. The templates write prettier's
 * style (test/emit/prettierJudge checks it), so the build does not format the codecs again.
 */
import type { IsaModel } from "../model/types";
import { codecView } from "./codec/codecView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

/** Per models array: the manuals load the same codecs the artifact writes. */
const rendered = new WeakMap<IsaModel[], OutputFile[]>();

export function emitTsCodec(models: IsaModel[]): OutputFile[] {
  let files = rendered.get(models);
  if (!files) {
    files = renderCodecs(models);
    rendered.set(models, files);
  }
  return files.map((f) => ({ ...f }));
}

function renderCodecs(models: IsaModel[]): OutputFile[] {
  return models
    .filter((m) => m.instructions.length > 0)
    .map((m) => {
      const sources = m.documents.map((d) => `${d.path}${d.upstream ? ` (${d.upstream})` : ""}`);
      return {
        path: `ts/${m.isa.id}.ts`,
        content: renderTemplate("ts/codec/codec.ts.hbs", codecView(m, sources)),
        preformatted: true,
      };
    });
}
