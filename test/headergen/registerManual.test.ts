/**
 * The register reference manual of etnaviv-hw (out/docs/etnaviv-hw.md, checked up to date by the
 * build test): facts read by hand from etna_viv:rnndb/state.xml and state_3d.xml.
 *
 * @needs-upstream etna_viv
 */
import { readFileSync } from "fs";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";

const MANUAL = readFileSync(path.join(TEST_OUT, "docs", "etnaviv-hw.md"), "utf8");

/** The lines of the section under `heading` up to the next heading of the same or a higher level. */
function section(heading: string): string[] {
  const lines = MANUAL.split("\n");
  const start = lines.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(" ");
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(" ") <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

test("one section per domain, in the order the databases declare them", () => {
  const domains = MANUAL.split("\n").filter((l) => l.startsWith("### Domain "));
  expect(domains).toEqual([
    "### Domain VIV\\_ISA",
    "### Domain VIVM",
    "### Domain VIVS",
    "### Domain VIV\\_FE",
    "### Domain TEXDESC",
  ]);
});

test("a register array: offset as a function of its index, length and stride, fields linked to their enums", () => {
  const s = section("#### VIVS\\_FE\\_VERTEX\\_ELEMENT\\_CONFIG");
  // state.xml:121: <reg32 offset="0x00600" name="VERTEX_ELEMENT_CONFIG" length="16" stride="4">
  expect(s).toContain("- Offset: `0x00600 + 0x4*i0` (16 × `0x4`)");
  expect(s).toContain("- Source: `etna_viv:rnndb/state.xml:121:9`");
  // <bitfield high="3" low="0" name="TYPE" type="FE_DATA_TYPE" brief="Data type"/>
  expect(s.find((l) => l.includes("`VIVS_FE_VERTEX_ELEMENT_CONFIG_TYPE`"))).toMatch(
    /^\| 3:0 +\| `VIVS_FE_VERTEX_ELEMENT_CONFIG_TYPE` +\| \[`FE_DATA_TYPE`\]\(#fe_data_type\) +\| Data type +\|$/,
  );
  // NORMALIZE 15:14 with inline values OFF, SIGN_EXTEND, ON
  expect(s.find((l) => l.includes("_NORMALIZE`"))).toContain(
    "values: 0 = OFF, 1 = SIGN\\_EXTEND, 2 = ON",
  );
  expect(MANUAL).toContain("### FE\\_DATA\\_TYPE");
});

test("the address map is sorted by offset and covers stripes and nested arrays", () => {
  const map = section("### Domain VIVS").filter((l) => /^\| `0x/.test(l));
  const offsets = map.map((l) => parseInt(/`0x([0-9A-F]+)/.exec(l)![1], 16));
  expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  // <stripe name="VERTEX_STREAMS" length="8" stride="4"> <reg32 offset="0x00680" name="BASE_ADDR">
  expect(
    map.some((l) =>
      /^\| `0x00680 \+ 0x4\*i0` +\| \[`VIVS_FE_VERTEX_STREAMS_BASE_ADDR`\]\(#vivs_fe_vertex_streams_base_addr\)/.test(
        l,
      ),
    ),
  ).toBe(true);
  // state_3d.xml:1011: <array offset="0x03200" name="ADDR_UNK03200" length="8" stride="0x20"> <reg32 offset="0" name="PPIPE" length="8"/>
  expect(
    map.some((l) =>
      l.startsWith("| `0x03200 + 0x20*i0 + 0x4*i1` | [`VIVS_CO_ADDR_UNK03200_PPIPE`]"),
    ),
  ).toBe(true);
});
