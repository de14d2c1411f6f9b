/**
 * The genxml panel of the built site's intel-genxml.html: the page names its default gen's table
 * and genxml.js, offers every gen with its table's script, and genxml.js run over a table script
 * (in a VM, as the page runs them) prints each of upstream's decode vectors of that gen as Mesa's
 * intel_print_group printed it, lists the fields with their values, and walks a batch.
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import * as vm from "vm";
import type { DecoderGroup } from "../../generator/runtime/genxmlIntel/types";
import type { GenxmlTable } from "../../generator/runtime/site/genxmlTable";
import { builtFiles } from "../helpers/builtSite";
import { EXPECTED_GENXML } from "../helpers/genxmlIntel";

const site = builtFiles("site");
const page = site.get("site/intel-genxml.html")!;

/** What the panel's decodeItem gives (generator/runtime/site/genxml.ts, which needs the DOM's types). */
type Decoded =
  | { error: string }
  | {
      text: string;
      group: DecoderGroup | null;
      rows: { name: string; bits: string; value: string }[];
    };

interface PanelApi {
  parseDwords(text: string): { dwords: number[] } | { error: string };
  decodeItem(table: GenxmlTable, name: string, dwords: number[]): Decoded;
}

/** genxml.js and one gen's table script, run as the page runs them. */
function loadPanel(gen: string): { api: PanelApi; table: GenxmlTable } {
  const window: Record<string, unknown> = {};
  const context = vm.createContext({ window });
  vm.runInContext(site.get(`site/intel-genxml-genxml-${gen}.js`)!, context);
  vm.runInContext(site.get("site/genxml.js")!, context);
  const tables = window.isaforgeGenxmlTables as Record<string, string>;
  return {
    api: window.isaforgeGenxmlPanel as PanelApi,
    table: JSON.parse(tables[`intel-genxml/${gen}`]) as GenxmlTable,
  };
}

test("the page loads the default gen's table and the panel script, and offers every gen", () => {
  expect(page).toContain('<script src="intel-genxml-genxml-gen20.js" defer></script>');
  expect(page).toContain('<script src="genxml.js" defer></script>');
  const gens = [...page.matchAll(/<option value="([\w]+)" data-script="([^"]+)"( selected)?>/g)];
  expect(gens.map((g) => g[1])).toEqual([
    "gen4",
    "gen45",
    "gen5",
    "gen6",
    "gen7",
    "gen75",
    "gen8",
    "gen9",
    "gen11",
    "gen12",
    "gen125",
    "gen20",
    "gen125_rt",
    "gen20_rt",
  ]);
  expect(gens.filter((g) => g[3]).map((g) => g[1])).toEqual(["gen20"]);
  for (const g of gens) expect(site.paths).toContain(`site/${g[2]}`);
  expect(page).toContain('<a href="#genxml-decoder">Decode a command or structure</a>');
});

/** The cases of a gen's vectors: `kind\tname\tsample` → dwords and upstream's text. */
function vectors(gen: string): { key: string; name: string; dwords: number[]; text: string }[] {
  const dir = path.join(EXPECTED_GENXML, "vectors", "intel");
  const expected = new Map(
    readFileSync(path.join(dir, `${gen}.expected`), "utf8")
      .split(/^##### /m)
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf("\n")), c.slice(c.indexOf("\n") + 1)]),
  );
  return readFileSync(path.join(dir, `${gen}.jobs`), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split("\t"))
    .map(([kind, name, sample, hex]) => ({
      key: `${kind}\t${name}\t${sample}`,
      name,
      dwords:
        (hex ?? "").trim() === ""
          ? []
          : hex
              .trim()
              .split(/\s+/)
              .map((h) => parseInt(h, 16)),
      text: expected.get(`${kind}\t${name}\t${sample}`)!,
    }));
}

test.each(["gen4", "gen20"])(
  "%s: every decode vector prints as intel_print_group printed it",
  (gen) => {
    const { api, table } = loadPanel(gen);
    const cases = vectors(gen);
    // Upstream named surface formats from ISL's table, which the site does not carry: those lines
    // print the number alone (as `isaforge genxml-decode` without --isl-formats does).
    const surfaceFormat = /\(ISL_FORMAT_/;
    const compared = cases.filter((c) => !surfaceFormat.test(c.text));
    const wrong = compared.filter((c) => {
      const d = api.decodeItem(table, c.name, c.dwords);
      return "error" in d || d.text !== c.text;
    });
    expect(wrong.map((c) => c.key)).toEqual([]);
    expect(compared.length).toBeGreaterThan(cases.length * 0.95);
  },
);

test("the field table: values with their enum names, a nested struct's fields at their bits", () => {
  const { api, table } = loadPanel("gen20");
  const d = api.decodeItem(
    table,
    "3DSTATE_VERTEX_BUFFERS",
    [0x78089103, 0x8e1a907f, 0xcdb83caf, 0x32347ee7, 0xcf899b9f],
  );
  if ("error" in d) throw new Error(d.error);
  expect(d.group?.name).toBe("3DSTATE_VERTEX_BUFFERS");
  const rows = new Map(d.rows.map((r) => [r.name, r]));
  expect(rows.get("DWord Length")).toEqual({ name: "DWord Length", bits: "7:0", value: "3" });
  expect(rows.get("Vertex Buffer State[0]")!.value).toBe("");
  expect(rows.get("Vertex Buffer State[0].Buffer Pitch")).toEqual({
    name: "Vertex Buffer State[0].Buffer Pitch",
    bits: "43:32",
    value: "127",
  });
  expect(rows.get("Vertex Buffer State[0].Buffer Starting Address")!.value).toBe(
    "0x32347ee7cdb83caf",
  );
  const blend = api.decodeItem(table, "BLEND_STATE_ENTRY", [0x6304d929, 0xdade4d9e]);
  if ("error" in blend) throw new Error(blend.error);
  expect(blend.rows.find((r) => r.name === "Logic Op Function")!.value).toBe("11 (OR_INVERTED)");
});

test("no name walks the dwords as a batch; an unknown name and a bad dword are errors", () => {
  const { api, table } = loadPanel("gen20");
  const batch = api.parseDwords("0x10118c02, 0x9a48ed53 0x771e4179\n98459b99 05000000");
  if ("error" in batch) throw new Error(batch.error);
  const d = api.decodeItem(table, " ", batch.dwords);
  if ("error" in d) throw new Error(d.error);
  expect(d.group).toBeNull();
  expect(d.text.split("\n").filter((l) => /^0x\w{8}: {2}0x\w{8}: {2}/.test(l))).toEqual([
    "0x00000000:  0x10118c02:  MI_STORE_DATA_IMM",
    "0x00000010:  0x05000000:  MI_BATCH_BUFFER_END",
  ]);
  expect(api.decodeItem(table, "NO_SUCH_THING", [0])).toEqual({
    error: "gen 20 has no command, structure or register 'NO_SUCH_THING'",
  });
  expect(api.parseDwords("0x1 0x123456789")).toEqual({
    error: "'0x123456789' is not a 32-bit hexadecimal dword",
  });
});
