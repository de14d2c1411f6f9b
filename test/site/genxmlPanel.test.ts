/**
 * The genxml panels of the built site's intel-genxml.html and panfrost-genxml.html: each page
 * names its default document's script and genxml.js and offers every document with its script;
 * genxml.js run over a document's script (in a VM, as the page runs them) prints each of upstream's
 * decode vectors of that document as Mesa printed it (intel_print_group; Panfrost's generated print
 * functions), lists the fields with their values, and (Intel) walks a batch.
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import * as vm from "vm";
import type { GenxmlTable } from "../../generator/runtime/site/genxmlTable";
import { builtFiles } from "../helpers/builtSite";
import { EXPECTED_GENXML } from "../helpers/genxmlIntel";

const site = builtFiles("site");
const page = site.get("site/intel-genxml.html")!;

/** The documents a panel offers: [value, script, selected]. */
const offered = (html: string) =>
  [...html.matchAll(/<option value="(\w+)" data-script="([^"]+)"( selected)?>/g)].map((m) => [
    m[1],
    m[2],
    m[3] !== undefined,
  ]);

/** What a document's decoder gives (generator/runtime/site/genxml.ts, which needs the DOM's types). */
type Decoded =
  | { error: string }
  | {
      text: string;
      item: string | null;
      section: string | null;
      rows: { name: string; bits: string; value: string }[];
    };

interface Decoder {
  names: string[];
  decode(name: string, dwords: number[]): Decoded;
}

interface PanelApi {
  parseDwords(text: string): { dwords: number[] } | { error: string };
  intelDecoder(table: GenxmlTable): Decoder;
  panfrostDecoder(script: unknown): Decoder;
}

/** genxml.js and one document's script, run as the page runs them: the document's decoder. */
function loadDecoder(spec: string, doc: string): { api: PanelApi; decoder: Decoder } {
  const window: Record<string, unknown> = {};
  const context = vm.createContext({ window });
  vm.runInContext(site.get(`site/${spec}-genxml-${doc}.js`)!, context);
  vm.runInContext(site.get("site/genxml.js")!, context);
  const api = window.isaforgeGenxmlPanel as PanelApi;
  const key = `${spec}/${doc}`;
  const tables = (window.isaforgeGenxmlTables ?? {}) as Record<string, string>;
  const modules = (window.isaforgeGenxmlModules ?? {}) as Record<string, unknown>;
  const decoder =
    key in tables
      ? api.intelDecoder(JSON.parse(tables[key]) as GenxmlTable)
      : api.panfrostDecoder(modules[key]);
  return { api, decoder };
}

const loadPanel = (gen: string) => loadDecoder("intel-genxml", gen);

test("the page loads the default gen's table and the panel script, and offers every gen", () => {
  expect(page).toContain('<script src="intel-genxml-genxml-gen20.js" defer></script>');
  expect(page).toContain('<script src="genxml.js" defer></script>');
  const gens = offered(page);
  expect(gens.map((g) => g[0])).toEqual([
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
  expect(gens.filter((g) => g[2]).map((g) => g[0])).toEqual(["gen20"]);
  for (const g of gens) expect(site.paths).toContain(`site/${g[1]}`);
  expect(page).toContain('<a href="#genxml-decoder">Decode a command or structure</a>');
});

/** A document's decode vectors (expected/genxml/vectors): its jobs' columns, and texts by case. */
function vectorFiles(
  dialect: string,
  doc: string,
): { jobs: string[][]; texts: Map<string, string> } {
  const dir = path.join(EXPECTED_GENXML, "vectors", dialect);
  const read = (ext: string) => readFileSync(path.join(dir, `${doc}.${ext}`), "utf8");
  const cases = read("expected")
    .split(/^##### /m)
    .filter(Boolean);
  return {
    jobs: read("jobs")
      .trim()
      .split("\n")
      .map((l) => l.split("\t")),
    texts: new Map(cases.map((c) => [c.slice(0, c.indexOf("\n")), c.slice(c.indexOf("\n") + 1)])),
  };
}

/** The cases of a gen's vectors: `kind\tname\tsample` → dwords and upstream's text. */
function vectors(gen: string): { key: string; name: string; dwords: number[]; text: string }[] {
  const { jobs, texts: expected } = vectorFiles("intel", gen);
  return jobs.map(([kind, name, sample, hex]) => ({
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
    const { decoder } = loadPanel(gen);
    const cases = vectors(gen);
    // Upstream named surface formats from ISL's table, which the site does not carry: the panel
    // prints the number alone (as `isaforge genxml-decode` without --isl-formats does).
    const withoutFormatNames = (text: string) => text.replace(/ \(ISL_FORMAT_[A-Z0-9_]+\)/g, "");
    const wrong = cases.filter((c) => {
      const d = decoder.decode(c.name, c.dwords);
      return "error" in d || d.text !== withoutFormatNames(c.text);
    });
    expect(wrong.map((c) => c.key)).toEqual([]);
    expect(cases.some((c) => c.text !== withoutFormatNames(c.text))).toBe(gen === "gen20");
  },
);

test("the field table: values with their enum names, a nested struct's fields at their bits", () => {
  const { api, decoder } = loadPanel("gen20");
  const d = decoder.decode(
    "3DSTATE_VERTEX_BUFFERS",
    [0x78089103, 0x8e1a907f, 0xcdb83caf, 0x32347ee7, 0xcf899b9f],
  );
  if ("error" in d) throw new Error(d.error);
  expect([d.item, d.section]).toEqual(["3DSTATE_VERTEX_BUFFERS", "3dstate_vertex_buffers"]);
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
  const blend = decoder.decode("BLEND_STATE_ENTRY", [0x6304d929, 0xdade4d9e]);
  if ("error" in blend) throw new Error(blend.error);
  expect(blend.rows.find((r) => r.name === "Logic Op Function")!.value).toBe("11 (OR_INVERTED)");
});

test("no name walks the dwords as a batch; an unknown name and a bad dword are errors", () => {
  const { api, decoder } = loadPanel("gen20");
  const batch = api.parseDwords("0x10118c02, 0x9a48ed53 0x771e4179\n98459b99 05000000");
  if ("error" in batch) throw new Error(batch.error);
  const d = decoder.decode(" ", batch.dwords);
  if ("error" in d) throw new Error(d.error);
  expect(d.item).toBeNull();
  expect(d.text.split("\n").filter((l) => /^0x\w{8}: {2}0x\w{8}: {2}/.test(l))).toEqual([
    "0x00000000:  0x10118c02:  MI_STORE_DATA_IMM",
    "0x00000010:  0x05000000:  MI_BATCH_BUFFER_END",
  ]);
  expect(decoder.decode("NO_SUCH_THING", [0])).toEqual({
    error: "gen 20 has no command, structure or register 'NO_SUCH_THING'",
  });
  expect(api.parseDwords("0x1 0x123456789")).toEqual({
    error: "'0x123456789' is not a 32-bit hexadecimal dword",
  });
});

describe("panfrost-genxml.html", () => {
  const panfrost = site.get("site/panfrost-genxml.html")!;

  test("loads v10's decoder and the panel script, and offers every document with descriptors", () => {
    expect(panfrost).toContain('<script src="panfrost-genxml-genxml-v10.js" defer></script>');
    const docs = offered(panfrost);
    expect(docs.map((d) => d[0])).toEqual(["common", "v4", "v5", "v6", "v7", "v9", "v10"]);
    expect(docs.filter((d) => d[2]).map((d) => d[0])).toEqual(["v10"]);
    for (const d of docs) expect(site.paths).toContain(`site/${d[1]}`);
  });

  test.each(["v4", "v10"])(
    "%s: every decode vector prints as Mesa's print functions printed it",
    (doc) => {
      const { decoder } = loadDecoder("panfrost-genxml", doc);
      const { jobs, texts: expected } = vectorFiles("panfrost", doc);
      const wrong = jobs.filter(([name, sample, hex]) => {
        const bytes = Buffer.from(hex, "hex");
        const dwords = Array.from({ length: bytes.length / 4 }, (_, i) =>
          bytes.readUInt32LE(4 * i),
        );
        const d = decoder.decode(name, dwords);
        return "error" in d || d.text !== expected.get(`${name}\t${sample}`);
      });
      expect(wrong).toEqual([]);
      expect(jobs.length).toBe(expected.size);
    },
  );

  test("the field rows and the section of a descriptor; a name is needed", () => {
    const { decoder } = loadDecoder("panfrost-genxml", "v10");
    // genxml.md §10.1's CS MOVE32 example.
    const d = decoder.decode("MALI_CS_MOVE32", [0xfe51fb98, 0x5113221a]);
    if ("error" in d) throw new Error(d.error);
    expect(d.text).toBe(
      "XXX: Invalid field of CS MOVE32 unpacked at word 1\nImmediate: 0xfe51fb98\nDestination: 19\nOpcode: XXX: INVALID\n",
    );
    expect([d.item, d.section]).toEqual(["CS MOVE32", "cs-move32"]);
    expect(d.rows.map((r) => [r.name, r.value])).toEqual([
      ["Immediate", "4266785688"],
      ["Destination", "19"],
      ["Opcode", "81 (not a value of the enum)"],
    ]);
    expect(decoder.decode("", [0])).toEqual({ error: "name a descriptor to decode" });
    expect(decoder.decode("MALI_CS_MOVE32", [0, 0, 0])).toEqual({
      error: "12 bytes given; MALI_CS_MOVE32 is 8 bytes",
    });
  });
});
