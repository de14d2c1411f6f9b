/**
 * The C header artifact: `c/<id>.h` for every ISA with instructions — enumerations, registers and
 * bitsets in the rules-ng header dialect, field accessors, match/mask constants and packers per
 * instruction — from templates/c/.
 */
import type { IsaModel } from "../model/types";
import { headerView } from "./cheader/headerView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

export function emitCHeader(models: IsaModel[]): OutputFile[] {
  return models
    .filter((m) => m.instructions.length > 0)
    .map((m) => ({
      path: `c/${m.isa.id}.h`,
      content: renderTemplate("c/header.h.hbs", headerView(m)),
    }));
}
