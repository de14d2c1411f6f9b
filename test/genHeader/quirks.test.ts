/**
 * gen_header.py's quirks that `isaforge gen-header` replicates, on hand-made models (no reader):
 * each test names the quirk; the expected text is what gen_header prints for the same document.
 */
import { genHeader, GenHeaderError, type GenHeaderMode } from "../../generator/emit/genHeader";
import { pySetOrder, pyStrHash } from "../../generator/emit/genHeader/pySet";
import { tabTo } from "../../generator/emit/genHeader/views";
import { DbBuilder } from "./modelBuilder";

/** What gen_header prints after its prelude (the `__struct_cast` block), up to the closing guard. */
function body(b: DbBuilder, mode: GenHeaderMode = "c-defines"): string {
  const text = genHeader(b.db, {
    mode,
    xml: "root.xml",
    bannerFile: (name) => ({ path: `/db/${name}`, bytes: 1, mtime: "Thu Jan  1 00:00:00 2026" }),
    currentYear: 2026,
  });
  if (mode === "py-defines") return text;
  const start = text.indexOf("#define __struct_cast(X) (struct X)\n#endif\n\n");
  return text.slice(
    start + "#define __struct_cast(X) (struct X)\n#endif\n\n".length,
    text.lastIndexOf("\n#endif /*"),
  );
}

const NO_USAGES = "#ifdef __cplusplus\n#endif\n";

describe("gen_header quirks", () => {
  test("a value without `value` is 0 (gen_header never counts up), hex once a value exceeds 0x1000", () => {
    const b = new DbBuilder();
    b.enum("e", [
      ["A", 5],
      ["B", undefined],
    ]);
    b.enum("h", [
      ["H", 0x1001],
      ["L", 1],
    ]);
    expect(body(b)).toBe(
      "enum e {\n\tA = 5,\n\tB = 0,\n};\n\nenum h {\n\tH = 0x00001001,\n\tL = 0x00000001,\n};\n\n" +
        NO_USAGES,
    );
  });

  test("each declaration of a same-name enum is dumped with its own values (the model merges them)", () => {
    const b = new DbBuilder();
    b.enum("e", [["A", 1]]);
    b.enum("other", [["O", 2]]);
    b.enum("e", [["B", 3]]);
    expect(body(b)).toBe(
      "enum e {\n\tA = 1,\n};\n\nenum other {\n\tO = 2,\n};\n\nenum e {\n\tB = 3,\n};\n\n" +
        NO_USAGES,
    );
  });

  test("tab_to: tabs up to column 68 by whole tab stops, at least one", () => {
    expect(tabTo("#define REG_T_R", "0x1").tabs).toBe("\t".repeat(7));
    expect(tabTo("x".repeat(63), "v").tabs).toBe("\t".repeat(1));
    expect(tabTo("x".repeat(80), "v").tabs).toBe("\t");
  });

  test("a register's bitset is the inline type's fields first, then its own; the model's copies are not used twice", () => {
    const b = new DbBuilder();
    b.bitset("tmpl", true, [() => b.field("T", 0, 3, "uint")]);
    b.domain("D", {}, [
      () => {
        const reg = b.reg("R", 0x10, { type: b.type("tmpl", { kind: "inline-bitset" }) }, [
          () => b.field("OWN", 8, 8, "boolean"),
        ])();
        reg.type.fields.push({ ...b.field("T", 0, 3, "uint"), copiedFrom: "tmpl" });
        return reg;
      },
    ]);
    expect(body(b)).toBe(
      [
        "#define REG_D_R\t\t\t\t\t\t\t0x00000010",
        "#define D_R_T__MASK\t\t\t\t\t\t0x0000000f",
        "#define D_R_T__SHIFT\t\t\t\t\t\t0",
        "static inline uint32_t D_R_T(uint32_t val)",
        "{",
        "\treturn ((val) << D_R_T__SHIFT) & D_R_T__MASK;",
        "}",
        "#define D_R_OWN\t\t\t\t\t\t\t0x00000100",
        "",
        "",
        NO_USAGES,
      ].join("\n"),
    );
  });

  test("a register typed with a named bitset adds its own bitfields to that shared bitset", () => {
    const b = new DbBuilder();
    b.bitset("shared", false, [() => b.field("LO", 0, 0, "boolean")]);
    b.domain("D", {}, [
      b.reg("R", 1, { type: b.type("shared", { kind: "bitset" }) }, [
        () => b.field("HI", 1, 1, "boolean"),
      ]),
    ]);
    expect(body(b)).toBe(
      "#define shared_LO\t\t\t\t\t\t0x00000001\n#define shared_HI\t\t\t\t\t\t0x00000002\n\n#define REG_D_R\t\t\t\t\t\t\t0x00000001\n\n" +
        NO_USAGES,
    );
  });

  test("variants: the first one names the register under prefix=variant; dead elements are kept; a stride must be written", () => {
    const b = new DbBuilder();
    b.enum("chip", [
      ["A6XX", 6],
      ["A7XX", 7],
    ]);
    b.domain("D", { prefix: "variant", varset: "chip" }, [
      b.reg("R", 0x10, { variants: "A6XX" }),
      b.reg("R", 0x20, { variants: "A7XX-", dead: true }),
      b.reg("L", 0x30, { length: 4, stride: 1, strideImplied: true }),
      b.reg("S", 0x40, { length: 4, stride: 2 }),
    ]);
    const c = body(b);
    expect(c).toContain("#define REG_A6XX_R\t\t\t\t\t\t0x00000010\n");
    expect(c).toContain("#define REG_A7XX_R\t\t\t\t\t\t0x00000020\n");
    expect(c).toContain("#define REG_D_L\t\t\t\t\t\t\t0x00000030\n");
    expect(c).toContain(
      "static inline uint32_t REG_D_S(uint32_t i0) { return 0x00000040 + 0x2*i0; }\n",
    );
    const pack = body(b, "c-pack-structs");
    expect(pack).toContain(
      "static inline __attribute__((deprecated)) struct fd_reg_pair\npack_A6XX_R(struct A6XX_R fields)",
    );
    expect(pack).toContain("  if (CHIP == A6XX) {");
    expect(pack).toContain(
      "#define R(VARIANT, ...) __R<VARIANT>({__VA_ARGS__})\n#endif /* __cplusplus */\n",
    );
    expect(body(b, "py-defines")).toBe(
      "from enum import IntEnum\nclass ROOTRegs(IntEnum):\n\tREG_A6XX_R = 0x00000010\n\tREG_A7XX_R = 0x00000020\n\tREG_D_L = 0x00000030\n\tREG_D_S = 0x00000040\n",
    );
  });

  test("a domain merged from two files: only the root's registers are dumped, but variants span every file", () => {
    const b = new DbBuilder();
    b.file("other.xml");
    b.enum("chip", [
      ["A6XX", 6],
      ["A7XX", 7],
    ]);
    b.domain("D", { prefix: "variant", varset: "chip" }, [b.reg("R", 0x10, { variants: "A6XX" })]);
    b.import("root.xml", "other.xml");
    const other = b.at("other.xml");
    const d = b.db.domains[0];
    (d.mergedFrom ??= []).push(other);
    d.elements.push(b.reg("R", 0x20, { variants: "A7XX" }, [], "other.xml")());
    expect(body(b)).not.toContain("A7XX_R");
    expect(body(b, "c-pack-structs")).toContain("  if (CHIP == A7XX) {\n#ifndef NDEBUG\n");
  });

  test("the usage lists of registers without variants follow Python's set order (PYTHONHASHSEED=0)", () => {
    // hash('A6XX'), hash('A7XX') with PYTHONHASHSEED=0, as Python 3.11 prints them (signed).
    const signed = (h: bigint) => (h >= 1n << 63n ? h - (1n << 64n) : h);
    expect(signed(pyStrHash("A6XX"))).toBe(2684747333208490722n);
    expect(signed(pyStrHash("A7XX"))).toBe(-5219155527628695418n);
    // list({"A7XX", "A6XX"}) and list(set(["w0x", "w7x", …, "w77x"])) (a set grown past its first table).
    expect(pySetOrder(["A7XX", "A6XX"])).toEqual(["A6XX", "A7XX"]);
    expect(pySetOrder(Array.from({ length: 12 }, (_, i) => `w${i * 7}x`))).toEqual([
      "w21x",
      "w0x",
      "w49x",
      "w63x",
      "w42x",
      "w70x",
      "w56x",
      "w14x",
      "w7x",
      "w28x",
      "w77x",
      "w35x",
    ]);
  });

  test("errors are raised where gen_header raises them, at the element", () => {
    const b = new DbBuilder();
    b.domain("D", {}, [b.reg("R", 1, {}, [() => b.field("F", 0, 3, "nope")])]);
    const field = b.db.domains[0].elements[0].type.fields[0];
    expect(() => body(b)).toThrow(GenHeaderError);
    try {
      body(b);
    } catch (e) {
      expect((e as GenHeaderError).message).toBe("unknown type 'nope'");
      expect((e as GenHeaderError).at).toEqual(field.source);
    }
  });

  test("a bitset's fields are checked against the size of the last register met", () => {
    const after = (width: number) => {
      const b = new DbBuilder();
      b.domain("D", {}, [b.reg("R", 1, { width })]);
      b.bitset("late", false, [() => b.field("WIDE", 0, 40, "uint")]);
      return () => body(b);
    };
    expect(after(64)).not.toThrow();
    expect(after(32)).toThrow("high attribute out of range: 40");
  });
});
