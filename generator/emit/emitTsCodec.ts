/**
 * The TS codec artifact: `ts/<id>.ts` for every ISA with instructions — decode, encode,
 * disassemble, assemble — self-contained, from templates/ts/codec/. The templates write prettier's
 * style (test/emit/prettierJudge checks it), so the build does not format the codecs again.
 */
import type { IsaModel } from "../model/types";
import { bifrostCodecView } from "./codec/bifrost/bifrostCodecView";
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
    .filter((m) => m.instructions.length > 0 || m.clauseIsa?.clauseFormat !== undefined)
    .map((m) => {
      const sources = m.documents.map((d) => `${d.path}${d.upstream ? ` (${d.upstream})` : ""}`);
      if (m.clauseIsa)
        // Prettier lays it out (the build's pass): its printers are long sums of texts.
        return {
          path: `ts/${m.isa.id}.ts`,
          content: renderTemplate("ts/codec/bifrost.ts.hbs", bifrostCodecView(m, sources)),
        };
      return {
        path: `ts/${m.isa.id}.ts`,
        content: renderTemplate("ts/codec/codec.ts.hbs", codecView(m, sources)),
        preformatted: true,
      };
    });
}
