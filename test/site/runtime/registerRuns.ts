/**
 * The register part of a search index as searchIndex writes it for the registers of
 * test/site/searchIndex.test.ts, and as test/site/runtime/search.test.ts expands it: the contract
 * between the emitter and the page's script, written once.
 */
export const REGISTER_RUNS = {
  registers: [
    [0, "NV_MMIO", "NV1_PMC_ID 8~ENDIAN NX"],
    [0, "NV_MMIO", "NV1_PBUS", 0, "Bus"],
    [0, "NV_MMIO", "NV1_PBUS_X", "nv1_pbus_x-2"],
    [0, "SUBCHAN", "NV1_NOP 6~TIFY"],
  ],
  fields: [
    [1, "LOW HIGH"],
    [1, "A B|C D", "|"],
    [1, "E| F", 0],
  ],
  enums: [[0, "chipset", 0]],
  values: [[0, "NV1 G80"]],
};
