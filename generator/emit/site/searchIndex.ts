/**
 * The client-side search index: one entry per documented instruction, linking to its section of the
 * ISA's page. Embedded as a script (`search-index.js`) because browsers refuse to fetch JSON from
 * `file://` pages.
 */
import type { ManualInstruction } from "../manual/manualView";

export interface SearchEntry {
  /** ISA id, also the page name (`valhall` → `valhall.html`). */
  isa: string;
  /** ISA title shown beside each result. */
  isaTitle: string;
  name: string;
  mnemonic: string;
  summary: string;
  unit?: string;
  /** `<isa>.html#<anchor>`. */
  href: string;
}

export interface IsaInstructions {
  isa: string;
  isaTitle: string;
  /** The page the ISA's manual became. */
  page: string;
  instructions: ManualInstruction[];
}

/** Entries in ISA order, then in manual order, so the index (and the file) is deterministic. */
export function searchIndex(isas: IsaInstructions[]): SearchEntry[] {
  return isas.flatMap((isa) =>
    isa.instructions.map((ins): SearchEntry => {
      if (!ins.anchor) throw new Error(`search index: instruction '${ins.name}' of ${isa.isa} has no anchor`);
      return {
        isa: isa.isa,
        isaTitle: isa.isaTitle,
        name: ins.name,
        mnemonic: ins.mnemonic,
        ...(ins.unit !== undefined ? { unit: ins.unit } : {}),
        summary: ins.summary,
        href: `${isa.page}#${ins.anchor}`,
      };
    }),
  );
}
