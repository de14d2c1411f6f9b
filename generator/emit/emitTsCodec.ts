/**
 * The TS codec artifact: `ts/<id>.ts` for every ISA with instructions — decode, encode,
 * disassemble, assemble — self-contained, from templates/ts/codec/. The templates write prettier's
 * style (test/emit/prettierJudge checks it), so the build does not format the codecs again.
 */
import type { IsaModel } from "../model/types";
import { codecView } from "./codec/codecView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

export function emitTsCodec(models: IsaModel[]): OutputFile[] {
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
