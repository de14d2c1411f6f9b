/**
 * `index.ts`: the index of the generated modules, the root export of `@isaforge/codecs`
 * (its `codecs.ir3` is the ir3 codec): one lazy getter per codec, dispatch table, register
 * decoder and genxml decoder, so that requiring the index loads none of them. Not in `ts/`, where every
 * module is a codec (generator/codecs.ts lists them from there).
 */
import type { IsaModel } from "../model/types";
import type { OutputFile } from "./outputFile";
import { genxmlDocumentStem } from "./emitGenxmlPanfrost";
import { renderTemplate } from "./renderTemplate";

/** An id as a property key: bare where it is an identifier (`ir3`), else quoted (`"adreno-hw"`). */
const entry = (id: string) => ({
  id,
  key: /^[A-Za-z_$][\w$]*$/.test(id) ? id : JSON.stringify(id),
});

export function emitPackageIndex(models: IsaModel[]): OutputFile[] {
  // The ISAs emitTsCodec and emitDispatch write modules for, and those emitRegisterDecoders does.
  const withInstructions = models.filter((m) => m.instructions.length > 0).map((m) => m.isa.id);
  // A clause ISA (Bifrost) has a codec of its slot states but no instructions to dispatch.
  const withCodecs = models
    .filter((m) => m.instructions.length > 0 || m.clauseIsa?.clauseFormat !== undefined)
    .map((m) => m.isa.id);
  const withRegisters = models
    .filter((m) => (m.registerDatabases ?? []).length > 0)
    .map((m) => m.isa.id);
  // The genxml decoders (emitGenxmlDecoders.ts), by dialect and document: `intel/gen12`.
  const genxml = models.flatMap((m) =>
    (m.genxml ?? []).map((d) => `${d.dialect}/${genxmlDocumentStem(d.file)}`),
  );
  if (withCodecs.length === 0 && withRegisters.length === 0 && genxml.length === 0) return [];
  const view = {
    codecs: withCodecs.map(entry),
    // A clause ISA's dispatch tables are of its slot words (dispatch/slotDispatch.ts).
    dispatchTables: models
      .filter((m) => m.instructions.length > 0 || (m.clauseIsa?.slotStates.length ?? 0) > 0)
      .map((m) => entry(m.isa.id)),
    registerDecoders: withRegisters.map(entry),
    genxmlDecoders: genxml.map(entry),
  };
  return [{ path: "index.ts", content: renderTemplate("ts/index/index.ts.hbs", view) }];
}
