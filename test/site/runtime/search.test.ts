/**
 * The site's search (generator/runtime/site/search.ts) without a page: the index's tuples
 * expanded into entries and links, and how a query ranks them. Expected values worked out by hand
 * from the index below.
 */
import {
  expandIndex,
  rank,
  searchEntries,
  searchItems,
  statusText,
  type SearchEntry,
  type SearchIndex,
} from "../../../generator/runtime/site/search";
import { REGISTER_RUNS } from "./registerRuns";

const INDEX: SearchIndex = {
  specs: [
    ["ir3", "Adreno ir3", "ir3.html"],
    ["adreno-hw", "Adreno registers", "adreno-hw.html"],
  ],
  instructions: [
    [0, "mov.f32f32", "mov", "Move", "mov#mov-f32f32", "cat1"],
    [0, "nop", 0, "No operation", "nop"],
    [0, "br", 0, "Branch", "#br"],
  ],
  registers: [
    [1, "A6XX", "RB_CNTL", 0, "Render control"],
    [1, "A6XX", "SP_MODE", "sp-mode-a6xx"],
  ],
  fields: [[0, "WIDTH"]],
  enums: [[1, "a6xx_format", 0]],
  values: [[0, "FMT6_NONE"]],
};

const ir3 = { isa: "ir3", isaTitle: "Adreno ir3" };
const hw = { isa: "adreno-hw", isaTitle: "Adreno registers" };

test("expandIndex: every kind of tuple as an entry, linked from the page's root", () => {
  expect(expandIndex(INDEX, "../")).toStrictEqual([
    {
      kind: "instruction",
      ...ir3,
      name: "mov.f32f32",
      mnemonic: "mov",
      summary: "Move",
      unit: "cat1",
      href: "../ir3/mov.html#mov-f32f32",
    },
    // Mnemonic 0 is the name; no unit, no key.
    {
      kind: "instruction",
      ...ir3,
      name: "nop",
      mnemonic: "nop",
      summary: "No operation",
      href: "../ir3/nop.html",
    },
    // An anchor on the spec's front page.
    {
      kind: "instruction",
      ...ir3,
      name: "br",
      mnemonic: "br",
      summary: "Branch",
      href: "../ir3.html#br",
    },
    // Anchor 0 is the name in lower case.
    {
      kind: "register",
      ...hw,
      name: "RB_CNTL",
      mnemonic: "",
      summary: "Render control",
      detail: "domain A6XX",
      href: "../adreno-hw/rb_cntl.html",
    },
    {
      kind: "register",
      ...hw,
      name: "SP_MODE",
      mnemonic: "",
      summary: "",
      detail: "domain A6XX",
      href: "../adreno-hw/sp-mode-a6xx.html",
    },
    // A field links to its register.
    {
      kind: "field",
      ...hw,
      name: "RB_CNTL.WIDTH",
      mnemonic: "",
      summary: "",
      detail: "domain A6XX",
      href: "../adreno-hw/rb_cntl.html",
    },
    {
      kind: "enum",
      ...hw,
      name: "a6xx_format",
      mnemonic: "",
      summary: "",
      href: "../adreno-hw/a6xx_format.html",
    },
    // A value links to its enum.
    {
      kind: "value",
      ...hw,
      name: "FMT6_NONE",
      mnemonic: "",
      summary: "",
      detail: "enum a6xx_format",
      href: "../adreno-hw/a6xx_format.html",
    },
  ]);
});

test("expandIndex without a page (no document) links from the site's root", () => {
  expect(expandIndex(INDEX).map((e) => e.href)[0]).toBe("ir3/mov.html#mov-f32f32");
  expect(expandIndex({ ...INDEX, instructions: [[0, "end", 0, "End", ""]] })[0].href).toBe(
    "ir3.html",
  );
});

const items = searchItems(expandIndex(INDEX, ""));
const names = (entries: SearchEntry[]) => entries.map((e) => e.name);

test("searchItems: the compared texts in lower case, in index order", () => {
  expect(items[0]).toStrictEqual({
    entry: items[0].entry,
    order: 0,
    name: "mov.f32f32",
    mnemonic: "mov",
    text: "mov.f32f32 mov  move",
  });
  expect(items[3].text).toBe("rb_cntl  domain a6xx render control");
  expect(items.map((i) => i.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
});

test("rank: exact name or mnemonic, prefix, substring, every word anywhere, no match", () => {
  const mov = items[0];
  expect(rank(mov, "mov", ["mov"])).toBe(0);
  expect(rank(mov, "mov.f32f32", ["mov.f32f32"])).toBe(0);
  expect(rank(mov, "mov.f", ["mov.f"])).toBe(1);
  expect(rank(mov, "f32", ["f32"])).toBe(2);
  expect(rank(mov, "move", ["move"])).toBe(3);
  expect(rank(mov, "move cat1", ["move", "cat1"])).toBe(-1); // the unit is not searched
  expect(rank(mov, "zzz", ["zzz"])).toBe(-1);
  // A register has no mnemonic: only its name counts as a name.
  expect(rank(items[3], "rb_", ["rb_"])).toBe(1);
  expect(rank(items[3], "domain", ["domain"])).toBe(3);
});

test("searchEntries: best rank first, ties in index order, case and blanks ignored", () => {
  expect(names(searchEntries(items, "MOV"))).toEqual(["mov.f32f32"]);
  expect(names(searchEntries(items, "rb_cntl"))).toEqual(["RB_CNTL", "RB_CNTL.WIDTH"]);
  expect(names(searchEntries(items, "width"))).toEqual(["RB_CNTL.WIDTH"]);
  expect(names(searchEntries(items, "a6xx"))).toEqual([
    "a6xx_format",
    "RB_CNTL",
    "SP_MODE",
    "RB_CNTL.WIDTH",
    "FMT6_NONE",
  ]);
  expect(names(searchEntries(items, "  render   control "))).toEqual(["RB_CNTL"]);
  expect(searchEntries(items, "   ")).toEqual([]);
});

test("statusText: none, one, several, more than are shown", () => {
  expect(statusText("xyz", 0, 0)).toBe("Nothing matches “xyz”.");
  expect(statusText("nop", 1, 1)).toBe("1 result.");
  expect(statusText("a6xx", 5, 5)).toBe("5 results.");
  expect(statusText("a", 120, 50)).toBe("Showing the first 50 of 120 results.");
});

test("expandIndex: runs of registers, front-coded names, fields and values in one string or literal", () => {
  const index: SearchIndex = {
    specs: [["nv-hw", "NVIDIA registers", "nv-hw.html"]],
    instructions: [],
    registers: [
      // NV1_PMC_ID, then NV1_PMC_ENDIAN (its first 8 characters, then ENDIAN), then G80_X as it is.
      [0, "NV_MMIO", "NV1_PMC_ID 8~ENDIAN G80_X"],
      [0, "NV_MMIO", "ODD NAME", "odd-name"],
    ],
    fields: [
      [1, "LOW HIGH"],
      [3, "A B", 0],
      [3, "C D|E F", "|"],
    ],
    enums: [[0, "chipset", 0]],
    values: [[0, "NV1 G80"]],
  };
  const brief = (e: SearchEntry) => [e.kind, e.name, e.detail, e.href];
  expect(expandIndex(index, "").map(brief)).toEqual([
    ["register", "NV1_PMC_ID", "domain NV_MMIO", "nv-hw/nv1_pmc_id.html"],
    ["register", "NV1_PMC_ENDIAN", "domain NV_MMIO", "nv-hw/nv1_pmc_endian.html"],
    ["register", "G80_X", "domain NV_MMIO", "nv-hw/g80_x.html"],
    ["register", "ODD NAME", "domain NV_MMIO", "nv-hw/odd-name.html"],
    ["field", "NV1_PMC_ENDIAN.LOW", "domain NV_MMIO", "nv-hw/nv1_pmc_endian.html"],
    ["field", "NV1_PMC_ENDIAN.HIGH", "domain NV_MMIO", "nv-hw/nv1_pmc_endian.html"],
    ["field", "ODD NAME.A B", "domain NV_MMIO", "nv-hw/odd-name.html"],
    ["field", "ODD NAME.C D", "domain NV_MMIO", "nv-hw/odd-name.html"],
    ["field", "ODD NAME.E F", "domain NV_MMIO", "nv-hw/odd-name.html"],
    ["enum", "chipset", undefined, "nv-hw/chipset.html"],
    ["value", "NV1", "enum chipset", "nv-hw/chipset.html"],
    ["value", "G80", "enum chipset", "nv-hw/chipset.html"],
  ]);
});

test("expandIndex gives back every register, field and value of the runs searchIndex writes (test/site/searchIndex.test.ts)", () => {
  const index = {
    specs: [["nv-hw", "NVIDIA registers", "nv-hw.html"]],
    instructions: [],
    ...REGISTER_RUNS,
  } as unknown as SearchIndex;
  const entries = expandIndex(index, "");
  expect(entries.filter((e) => e.kind === "register").map((e) => [e.name, e.href])).toEqual([
    ["NV1_PMC_ID", "nv-hw/nv1_pmc_id.html"],
    ["NV1_PMC_ENDIAN", "nv-hw/nv1_pmc_endian.html"],
    ["NX", "nv-hw/nx.html"],
    ["NV1_PBUS", "nv-hw/nv1_pbus.html"],
    ["NV1_PBUS_X", "nv-hw/nv1_pbus_x-2.html"],
    ["NV1_NOP", "nv-hw/nv1_nop.html"],
    ["NV1_NOTIFY", "nv-hw/nv1_notify.html"],
  ]);
  expect(entries.filter((e) => e.kind === "field").map((e) => e.name)).toEqual([
    "NV1_PMC_ENDIAN.LOW",
    "NV1_PMC_ENDIAN.HIGH",
    "NV1_PMC_ENDIAN.A B",
    "NV1_PMC_ENDIAN.C D",
    "NV1_PMC_ENDIAN.E| F",
  ]);
});
