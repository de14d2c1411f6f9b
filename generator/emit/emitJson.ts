/**
 * The JSON model artifact: `json/<id>.json` per ISA (key-sorted, deterministic) and the schema it
 * validates against, `json/isa-model.schema.json`.
 */
import type { IsaModel } from "../model/types";
import { modelSchema } from "../model/validateModel";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";
import { stableJson } from "./stableJson";

export function emitJson(models: IsaModel[]): OutputFile[] {
  const files = models.map((m) => ({
    path: `json/${m.isa.id}.json`,
    content: renderTemplate("json/model.json.hbs", {
      json: stableJson({ $schema: "./isa-model.schema.json", ...m }),
    }),
  }));
  files.push({
    path: "json/isa-model.schema.json",
    content: renderTemplate("json/model.json.hbs", { json: stableJson(modelSchema()) }),
  });
  return files;
}
