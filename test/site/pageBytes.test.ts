/**
 * @needs-upstream mesa etna_viv envytools
 * docs/site.md's table of what each site page loads is what the built site (out/site) loads.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { SITE_DOC, pageBytes, pageBytesTable } from "../../scripts/pageBytes";
import { TEST_OUT } from "../helpers/testOutput";

const ROOT = path.join(__dirname, "..", "..");

test("docs/site.md's page-bytes table matches out/site (npx tsx scripts/pageBytes.ts --write writes it)", () => {
  const doc = readFileSync(path.join(ROOT, SITE_DOC), "utf8");
  const table = pageBytesTable(pageBytes(path.join(TEST_OUT, "site")));
  expect(doc).toContain(table);
});

test("every page with a decoder, clause decoder or register panel loads its codec or register decoder and the panel script", () => {
  const rows = pageBytes(path.join(TEST_OUT, "site"));
  const withPanel = rows.filter((r) => r.codec > 0);
  expect(withPanel.map((r) => r.page).sort()).toEqual([
    "adreno-hw.html",
    "bifrost.html",
    "etnaviv-hw.html",
    "etnaviv-isa.html",
    "etnaviv.html",
    "intel-genxml.html",
    "ir3-cat0.html",
    "ir3.html",
    "nv-hw.html",
    "panfrost-genxml.html",
    "r500.html",
    "valhall.html",
  ]);
  for (const r of withPanel) expect(r.panel).toBeGreaterThan(0);
});
