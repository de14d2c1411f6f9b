/** The index of the manuals, `docs/README.md`: one row per ISA linking its manual. */
import type { IsaModel } from "../../model/types";
import { manualFile } from "./manualLinks";
import { mergedDatabase } from "./registerDatabaseView";
import { escapeInline, link } from "./markdownText";

export interface ReadmeView {
  manuals: {
    link: string;
    title: string;
    vendor: string;
    instructions: string;
    /** Registers of the ISA and of its register databases. */
    registers: string;
    /** Enumerations of the ISA and of its register databases. */
    enums: string;
    notes: string;
  }[];
}

const count = (n: number) => n.toLocaleString("en-US");

export function readmeView(models: IsaModel[]): ReadmeView {
  return {
    manuals: models.map((m) => {
      const db = mergedDatabase(m.registerDatabases ?? []);
      return {
        link: link(escapeInline(m.isa.id), manualFile(m.isa.id)),
        title: escapeInline(m.isa.title),
        vendor: escapeInline(m.isa.vendor),
        instructions: count(m.instructions.length),
        registers: count(
          m.registers.length + db.domains.reduce((n, d) => n + d.registers.length, 0),
        ),
        enums: count(m.enums.length + db.enums.length),
        notes: count(m.notes.length),
      };
    }),
  };
}
