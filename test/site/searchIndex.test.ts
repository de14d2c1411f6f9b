/**
 * The search index the site's pages load (generator/emit/site/searchIndex.ts): a domain's
 * consecutive registers as one string of front-coded names, a register's fields and an enum's
 * values as one string. test/site/runtime/search.test.ts expands exactly this index.
 */
import { searchIndex } from "../../generator/emit/site/searchIndex";
import { REGISTER_RUNS } from "./runtime/registerRuns";

test("searchIndex writes runs of registers, fields and values, as search.ts expands them", () => {
  const spec = {
    isa: "nv-hw",
    isaTitle: "NVIDIA registers",
    page: "nv-hw.html",
    instructions: [],
    registers: {
      registers: [
        { domain: "NV_MMIO", name: "NV1_PMC_ID", anchor: "nv1_pmc_id", summary: "", fields: [] },
        {
          domain: "NV_MMIO",
          name: "NV1_PMC_ENDIAN",
          anchor: "nv1_pmc_endian",
          summary: "",
          // Names with spaces in one string split at `|`; one with a `|` as it is.
          fields: ["LOW", "A B", "HIGH", "E| F", "C D"],
        },
        // Sharing 1 character is no shorter: written as it is.
        { domain: "NV_MMIO", name: "NX", anchor: "nx", summary: "", fields: [] },
        // A summary, another anchor, another domain: each ends the run.
        { domain: "NV_MMIO", name: "NV1_PBUS", anchor: "nv1_pbus", summary: "Bus", fields: [] },
        { domain: "NV_MMIO", name: "NV1_PBUS_X", anchor: "nv1_pbus_x-2", summary: "", fields: [] },
        { domain: "SUBCHAN", name: "NV1_NOP", anchor: "nv1_nop", summary: "", fields: [] },
        { domain: "SUBCHAN", name: "NV1_NOTIFY", anchor: "nv1_notify", summary: "", fields: [] },
      ],
      enums: [{ name: "chipset", anchor: "chipset", values: ["NV1", "G80"] }],
    },
  };
  const index = searchIndex([spec]);
  expect({
    registers: index.registers,
    fields: index.fields,
    enums: index.enums,
    values: index.values,
  }).toEqual(REGISTER_RUNS);
});
