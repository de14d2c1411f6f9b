/** The IsaInfo of a Bifrost spec (two units: FMA 23 bits, ADD 20 bits), for reader tests. */
import type { IsaInfo } from "../../generator/model/types";

export const BIFROST_ISA: IsaInfo = {
  id: "bifrost",
  title: "test",
  vendor: "test",
  instructionWidth: 23,
  wordSize: 32,
  byteOrder: "little",
  wordCount: 1,
  units: [
    { name: "FMA", width: 23 },
    { name: "ADD", width: 20 },
  ],
  source: { file: "specs/bifrost/manifest.json", line: 1, column: 1 },
};
