/**
 * The genxml panel's logic (generator/runtime/site/genxml.ts) without a page: dwords from text,
 * the URL state, decoded fields as rows (a nested struct's at their bits in the item; Panfrost's
 * enum values with their names). Expected values worked out by hand.
 */
import {
  fieldRows,
  panfrostDecoder,
  panfrostRows,
  parseDwords,
  parseState,
  stateHash,
} from "../../../generator/runtime/site/genxml";

test("parseDwords: hex with or without 0x, separated by spaces, commas or lines", () => {
  expect(parseDwords(" 0x78100007,0\n  FFFFFFFF ")).toEqual({
    dwords: [0x78100007, 0, 0xffffffff],
  });
  expect(parseDwords("")).toEqual({ dwords: [] });
  expect(parseDwords("0x1g")).toEqual({ error: "'0x1g' is not a 32-bit hexadecimal dword" });
});

test("stateHash and parseState: a decode in the URL and back", () => {
  const hash = stateHash("gen12", "3DSTATE_VS", [0x78100007, 0]);
  expect(hash).toBe("#genxml=gen12:3DSTATE_VS:78100007,0");
  expect(parseState(hash)).toEqual({ gen: "gen12", name: "3DSTATE_VS", dwords: "0x78100007 0x0" });
  // A Panfrost name as written, with spaces; an empty name (a batch).
  expect(parseState(stateHash("v6", "CS MOVE32", [1]))).toEqual({
    gen: "v6",
    name: "CS MOVE32",
    dwords: "0x1",
  });
  expect(parseState("#genxml=gen4::")).toEqual({ gen: "gen4", name: "", dwords: "" });
  expect(parseState("#lookup=A6XX:8400")).toBeNull();
});

test("fieldRows: highest bit first, values by type, a nested struct's fields at their bits in the item", () => {
  const rows = fieldRows([
    { name: "Enable", start: 0, end: 0, type: "bool", value: true },
    { name: "Mode", start: 1, end: 2, type: "uint", value: 2, enumName: "FAST" },
    { name: "Base", start: 38, end: 63, type: "address", value: 0x1000 },
    {
      name: "Inner",
      start: 64,
      end: 127,
      type: "struct",
      value: 0,
      fields: [{ name: "Pointer", start: 32, end: 63, type: "uint", value: 0x123456789abcdefn }],
    },
  ]);
  // Highest bit first, as the manual lists them.
  expect(rows).toEqual([
    { name: "Inner", bits: "127:64", value: "" },
    { name: "Inner.Pointer", bits: "127:96", value: "0x123456789abcdef" },
    { name: "Base", bits: "63:38", value: "0x1000" },
    { name: "Mode", bits: "2:1", value: "2 (FAST)" },
    { name: "Enable", bits: "0", value: "true" },
  ]);
});

test("panfrostRows and panfrostDecoder: named values, 64-bit values, nested fields; bytes checked", () => {
  expect(
    panfrostRows({
      Count: 3,
      Mode: { value: 1, name: "Triangles" },
      Bad: { value: 9, name: null },
      Address: 0x1234567890n,
      Shader: { PC: 16, Enable: false },
    }),
  ).toEqual([
    { name: "Count", bits: "", value: "3" },
    { name: "Mode", bits: "", value: "1 (Triangles)" },
    { name: "Bad", bits: "", value: "9 (not a value of the enum)" },
    { name: "Address", bits: "", value: "0x1234567890" },
    { name: "Shader", bits: "", value: "" },
    { name: "Shader.PC", bits: "", value: "16" },
    { name: "Shader.Enable", bits: "", value: "false" },
  ]);
  // A module of one 4-byte descriptor that reads its first byte.
  const decoder = panfrostDecoder({
    exports: {
      STRUCT_NAMES: ["MALI_ONE"],
      structLength: (n) => {
        if (n !== "MALI_ONE" && n !== "One") throw new RangeError(n);
        return 4;
      },
      decodeStruct: (_n, bytes) => ({ struct: "One", fields: { Low: bytes[0] } }),
      printStruct: (_n, bytes) => `Low: ${bytes[0]}\n`,
    },
    sections: { One: "one" },
  });
  expect(decoder.names).toEqual(["MALI_ONE"]);
  expect(decoder.decode("One", [0x1ff])).toEqual({
    text: "Low: 255\n",
    item: "One",
    section: "one",
    rows: [{ name: "Low", bits: "", value: "255" }],
  });
  expect(decoder.decode("MALI_ONE", [0, 0])).toEqual({
    error: "8 bytes given; MALI_ONE is 4 bytes",
  });
  expect(decoder.decode("MALI_TWO", [0])).toEqual({
    error: "no descriptor 'MALI_TWO' to decode in this document",
  });
});
