/**
 * Mesa Panfrost genxml outputs of a build: for a spec with Panfrost genxml documents, each
 * document's `vN_pack.h` as gen_pack.py writes it (Mesa's meson builds one per document), under
 * `c/<id>/`.
 */
import type { IsaModel } from "../model/types";
import { panfrostPackHeader } from "./genxmlPanfrost/packHeader";
import type { OutputFile } from "./outputFile";

/** `mesa:src/panfrost/lib/genxml/v6.xml` → `v6`. */
export function genxmlDocumentStem(file: string): string {
  return file.replace(/^.*[/:]/, "").replace(/\.xml$/, "");
}

export function emitGenxmlPanfrost(models: IsaModel[]): OutputFile[] {
  return models.flatMap((m) =>
    (m.genxml ?? [])
      .filter((d) => d.dialect === "panfrost")
      .map((d) => ({
        path: `c/${m.isa.id}/${genxmlDocumentStem(d.file)}_pack.h`,
        content: panfrostPackHeader(d),
      })),
  );
}
