/** One reader per source format; the pipeline picks by the format the manifest names. */
import type { DocumentFormat } from "../model/types";
import { readBifrostIsa } from "./readBifrostIsa";
import { readGenxmlPanfrostDocuments } from "./genxmlPanfrost";
import { readBifrostNotes } from "./readBifrostNotes";
import { readIsaspec } from "./readIsaspec";
import { readR500Regs } from "./readR500Regs";
import { readRulesNg } from "./readRulesNg";
import { readRulesNgDatabases } from "./readRulesNgDatabase";
import { readValhallXml } from "./readValhallXml";
import { readGenxmlIntel } from "./genxmlIntel/readSpec";
import type { Reader } from "./readerTypes";

export const READERS: Record<Exclude<DocumentFormat, "companion-json">, Reader> = {
  "rules-ng": readRulesNg,
  "rules-ng-database": readRulesNgDatabases,
  "genxml-intel": readGenxmlIntel,
  isaspec: readIsaspec,
  "valhall-xml": readValhallXml,
  "r500-regs": readR500Regs,
  "bifrost-notes": readBifrostNotes,
  "bifrost-xml": readBifrostIsa,
  "genxml-panfrost": readGenxmlPanfrostDocuments,
};
