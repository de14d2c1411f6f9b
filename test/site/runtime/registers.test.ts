/**
 * The register panel's logic (generator/runtime/site/registers.ts) without a page: hex input, the
 * boxes over a value's bits, the URL state, and which register's section a decode links to.
 * Expected values worked out by hand.
 */
import {
  fieldBoxes,
  hexWord,
  parseHex,
  parseState,
  sectionOf,
  stateHash,
  type DecodedRegister,
  type PanelElement,
  type RegisterApi,
} from "../../../generator/runtime/site/registers";

test("parseHex: with or without 0x, any case, up to 64 bits", () => {
  expect(parseHex("0x8400")).toEqual({ value: 0x8400n });
  expect(parseHex("  ABCdef ")).toEqual({ value: 0xabcdefn });
  expect(parseHex("0xffffffffffffffff")).toEqual({ value: 18446744073709551615n });
  expect(parseHex("")).toBeNull();
  expect(parseHex("   ")).toBeNull();
  expect(parseHex("0x")).toEqual({ error: "'0x' is not a hexadecimal number" });
  expect(parseHex(" 12g ")).toEqual({ error: "'12g' is not a hexadecimal number" });
  expect(parseHex("-1")).toEqual({ error: "'-1' is not a hexadecimal number" });
  expect(parseHex("0x10000000000000000")).toEqual({
    error: "0x10000000000000000 does not fit in 64 bits",
  });
});

test("fieldBoxes: overlapping fields on further layers, gaps of the first layer unused", () => {
  const fields = [
    { name: "A", low: 0, high: 3 },
    { name: "B", low: 8, high: 15 },
    { name: "C", low: 12, high: 19 },
  ];
  expect(fieldBoxes(fields, 32)).toEqual([
    [0, 0, 31, 20, "unused", null],
    [0, 0, 19, 12, "field", "C"],
    [0, 0, 11, 4, "unused", null],
    [0, 0, 3, 0, "field", "A"],
    [0, 1, 15, 8, "field", "B"],
  ]);
});

test("fieldBoxes: a field across two words is split at bit 32; no fields is one unused box", () => {
  expect(fieldBoxes([{ name: "ADDR", low: 16, high: 47 }], 64)).toEqual([
    [0, 0, 31, 16, "field", "ADDR"],
    [0, 0, 15, 0, "unused", null],
    [1, 0, 63, 48, "unused", null],
    [1, 0, 47, 32, "field", "ADDR"],
  ]);
  expect(fieldBoxes([], 8)).toEqual([[0, 0, 7, 0, "unused", null]]);
  // A field past the register's width is cut to it.
  expect(fieldBoxes([{ name: "X", low: 4, high: 11 }], 8)).toEqual([
    [0, 0, 7, 4, "field", "X"],
    [0, 0, 3, 0, "unused", null],
  ]);
});

test("stateHash and parseState: the URL's #lookup=DOMAIN:ADDRESS[:VALUE][&variant=NAME]", () => {
  expect(stateHash("A6XX", 0x8400n, 0x12345678n, "A7XX")).toBe(
    "#lookup=A6XX:8400:12345678&variant=A7XX",
  );
  expect(stateHash("VIVS", 0x8400n, undefined, "")).toBe("#lookup=VIVS:8400");
  expect(stateHash("A6XX", 0n, 0n, "a b")).toBe("#lookup=A6XX:0:0&variant=a%20b");
  expect(parseState("#lookup=A6XX:8400:ff&variant=A7XX")).toEqual({
    domain: "A6XX",
    address: "8400",
    value: "ff",
    variant: "A7XX",
  });
  expect(parseState("#lookup=VIVS")).toEqual({
    domain: "VIVS",
    address: "",
    value: "",
    variant: "",
  });
  expect(parseState("#lookup=A6XX:0:0&variant=a%20b")?.variant).toBe("a b");
  expect(parseState("#decode=0x1")).toBeNull();
  expect(parseState("#rb_cntl")).toBeNull();
});

test("hexWord: a 32-bit word of the value, eight digits", () => {
  expect(hexWord(0x1234567890abcdefn, 0)).toBe("0x90abcdef");
  expect(hexWord(0x1234567890abcdefn, 1)).toBe("0x12345678");
  expect(hexWord(5n, 0)).toBe("0x00000005");
  expect(hexWord(5n, 1)).toBe("0x00000000");
});

describe("sectionOf", () => {
  const reg = (fullName: string, absoluteOffset: number, more: Partial<PanelElement> = {}) => ({
    kind: "reg",
    fullName,
    absoluteOffset,
    elements: [],
    ...more,
  });
  const chip = (variant: string) => [{ varset: "chip", variants: [variant] }];
  const api: RegisterApi = {
    decodeRegister: () => {
      throw new Error("not used");
    },
    database: {
      domains: [
        {
          name: "A6XX",
          elements: [
            reg("REG_A", 0x10),
            reg("DEAD", 0x20, { dead: true }),
            reg("REG_C", 0x30),
            reg("REG_D", 0x40),
            // One name, one address, one register per variant (the second wider): the variants
            // are the arrays'.
            {
              kind: "array",
              absoluteOffset: 0x100,
              variantSets: chip("A6XX"),
              elements: [reg("REG_B", 0x100)],
            },
            {
              kind: "array",
              absoluteOffset: 0x100,
              variantSets: chip("A7XX"),
              elements: [reg("REG_B", 0x100, { width: 64 })],
            },
          ],
        },
      ],
    },
    defaultVarset: "chip",
    variants: ["A6XX", "A7XX"],
    domains: ["A6XX"],
    sections: { "A6XX:30:REG_C": "reg-c-section", "A6XX:40:REG_D": null },
  };
  const decoded = (register: string | undefined, address: bigint): DecodedRegister => ({
    domain: "A6XX",
    address,
    path: register ?? `0x${address.toString(16)}`,
    ...(register !== undefined ? { register } : {}),
    fields: [],
    text: "",
  });

  test("the anchor: the name in lower case unless sections names one (null: none)", () => {
    expect(sectionOf(api, decoded("REG_A", 0x10n))).toEqual({ anchor: "reg_a", width: 32 });
    expect(sectionOf(api, decoded("REG_C", 0x30n))).toEqual({ anchor: "reg-c-section", width: 32 });
    expect(sectionOf(api, decoded("REG_D", 0x40n))).toEqual({ anchor: null, width: 32 });
  });

  test("no register, or only a dead one: no section", () => {
    expect(sectionOf(api, decoded(undefined, 0x50n))).toBeNull();
    expect(sectionOf(api, decoded("DEAD", 0x20n))).toBeNull();
  });

  test("of one name's registers at one address, the one declared for the variant", () => {
    expect(sectionOf(api, decoded("REG_B", 0x100n), "A7XX")).toEqual({
      anchor: "reg_b",
      width: 64,
    });
    expect(sectionOf(api, decoded("REG_B", 0x104n), "A6XX")?.width).toBe(32);
    // Without a variant, the first.
    expect(sectionOf(api, decoded("REG_B", 0x100n))?.width).toBe(32);
    // An address before every one of them: the first.
    expect(sectionOf(api, decoded("REG_B", 0xf0n), "A7XX")?.width).toBe(32);
  });
});
