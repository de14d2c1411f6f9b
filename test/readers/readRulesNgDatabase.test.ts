/**
 * The register-database reader's model: rnn's resolution (varsets inherited from where an inline
 * bitset is used, prefix enums, dead elements kept) and the dialects of the other databases
 * (freedreno's single-field registers, usage, addvariant, arrays at offsets; etna_viv's attributes),
 * with what rnn rejects reported at file:line:column.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import type { RegisterDatabase, RnnElement } from "../../generator/model/types";
import { displayRelativeTo, readRulesNgDatabase } from "../../generator/readers/rulesNg/database";

function read(
  files: Record<string, string>,
  root = "root.xml",
): { db: RegisterDatabase | undefined; diags: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-rnndb-"));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const diags = new Diagnostics();
    const db = readRulesNgDatabase(
      {
        file: path.join(dir, root),
        displayOf: displayRelativeTo(dir),
        rnnPath: [dir],
        mtimeOf: () => "2024-01-01 00:00:00",
      },
      diags,
    );
    return { db, diags: diags.sorted().map(formatDiagnostic) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const db = (body: string) =>
  `<?xml version="1.0"?>\n<database xmlns="http://nouveau.freedesktop.org/">\n${body}\n</database>\n`;

const CHIP = `<enum name="chip" bare="yes"><value name="A5XX" value="5"/><value name="A6XX" value="6"/><value name="A7XX" value="7"/></enum>`;

function reg(d: RegisterDatabase, name: string): RnnElement {
  const walk = (l: RnnElement[]): RnnElement | undefined => {
    for (const e of l) {
      if (e.name === name) return e;
      const f = walk(e.elements);
      if (f) return f;
    }
    return undefined;
  };
  for (const dom of d.domains) {
    const f = walk(dom.elements);
    if (f) return f;
  }
  throw new Error(`no element ${name}`);
}

test("an inline bitset's field variants are resolved where the bitset is used, under the user's name", () => {
  const { db: d, diags } = read({
    "root.xml": db(`${CHIP}
<bitset name="cntl" inline="yes"><bitfield name="NEW" pos="3" type="boolean" variants="A7XX-"/></bitset>
<domain name="A6XX" width="32" varset="chip">
  <reg32 offset="0x10" name="CNTL" type="cntl"/>
  <reg32 offset="0x11" name="OLD_CNTL" type="cntl" variants="A6XX"/>
</domain>`),
  });
  expect(diags).toEqual([]);
  const used = reg(d!, "CNTL").type.fields[0];
  expect(used).toMatchObject({
    fullName: "A6XX_CNTL_NEW",
    copiedFrom: "cntl",
    variantSets: [{ varset: "chip", variants: ["A7XX"] }],
  });
  expect(used.dead).toBeUndefined();
  // On a register of A6XX alone the A7XX field exists nowhere: kept, marked dead.
  expect(reg(d!, "OLD_CNTL").type.fields[0]).toMatchObject({ name: "NEW", dead: true });
  // The template itself is never resolved (rnn prepares inline bitsets only where used).
  expect(d!.bitsets[0].fields[0].fullName).toBe("NEW");
});

test("a prefix enum names elements by their first variant; an unknown prefix is none, as rnn has it", () => {
  const { db: d, diags } = read({
    "root.xml": db(`${CHIP}
<domain name="CP_X" width="32" varset="chip" prefix="chip" variants="A6XX-">
  <reg32 offset="0" name="0"/>
  <stripe variants="A7XX"><reg32 offset="1" name="1"/></stripe>
</domain>
<enum name="mode" prefix="chipset"><value name="ON" value="1"/></enum>`),
  });
  expect(diags).toEqual([]);
  expect(d!.domains[0].fullName).toBe("A6XX_CP_X");
  expect(reg(d!, "0").fullName).toBe("A6XX_CP_X_0");
  expect(reg(d!, "1").fullName).toBe("A7XX_CP_X_1");
  expect(d!.enums.find((e) => e.name === "mode")!.values[0].fullName).toBe("mode_ON");
});

test("freedreno's dialect: a register as one field, usage, addvariant, nameless arrays at offsets", () => {
  const { db: d, diags } = read({
    "root.xml": db(`${CHIP}
<domain name="A6XX" width="32" varset="chip">
  <reg32 offset="0x88db" name="PITCH" low="0" high="28" shr="6" type="uint" usage="rp_blit,cmd"/>
  <reg32 offset="0x88dc" name="FLAG" pos="3" type="boolean"/>
  <array offsets="0x100,0x180" stride="4" length="2" index="chip" usage="cmd">
    <reg32 offset="0" name="ELEM"><bitfield name="OP" low="0" high="3" type="chip" addvariant="yes"/></reg32>
  </array>
</domain>`),
  });
  expect(diags).toEqual([]);
  expect(reg(d!, "PITCH")).toMatchObject({
    usage: ["rp_blit", "cmd"],
    type: { kind: "uint", low: 0, high: 28, shr: 6 },
  });
  expect(reg(d!, "FLAG").type).toMatchObject({ kind: "boolean", low: 3, high: 3 });
  const array = d!.domains[0].elements[2];
  expect(array).toMatchObject({
    kind: "array",
    offsets: [0x100, 0x180],
    index: "chip",
    usage: ["cmd"],
  });
  expect(array.name).toBeUndefined();
  expect(reg(d!, "ELEM").fullName).toBe("A6XX_ELEM");
  expect(reg(d!, "ELEM").type.fields[0].type).toMatchObject({ kind: "enum", addvariant: true });
});

test("files are named as the database names them, with their imports", () => {
  const { db: d, diags } = read({
    "root.xml": db(`<import file="bus/pbus.xml"/><import file="chips.xml"/>`),
    "bus/pbus.xml": db(
      `<import file="chips.xml"/><domain name="NV_MMIO"><reg32 offset="0x1100" name="PBUS_INTR"/></domain>`,
    ),
    "chips.xml": db(CHIP),
  });
  expect(diags).toEqual([]);
  expect(d!.files.map((f) => [f.name, f.imports.map((i) => i.file)])).toEqual([
    ["root.xml", ["bus/pbus.xml", "chips.xml"]],
    ["bus/pbus.xml", ["chips.xml"]],
    ["chips.xml", []],
  ]);
  expect(reg(d!, "PBUS_INTR").file).toBe("bus/pbus.xml");
});

test("64-bit values are kept exactly", () => {
  const { db: d } = read({
    "root.xml": db(
      `<enum name="big"><value name="ALL" value="0xffffffffffffffff"/><value name="SMALL" value="12"/></enum>`,
    ),
  });
  expect(d!.enums[0].values.map((v) => v.value)).toEqual(["0xffffffffffffffff", 12]);
});

test("what rnn rejects is an error at its place", () => {
  const { diags } = read({
    "root.xml": db(`<domain name="D" width="32">
  <reg32 offset="0" name="A" colour="red"/>
  <reg32 offset="1" name="B"><bitfield name="F" low="4" high="2"/></reg32>
  <reg32 offset="2" name="C" variants="X"/>
  <stripe><frob/></stripe>
  <reg32 offset="zz" name="E"/>
</domain>`),
  });
  expect(diags).toEqual([
    "root.xml:4:30: error[unknown-attribute]: unknown attribute 'colour' on <reg32 'A'>",
    "root.xml:5:30: error[bit-range]: bitfield 'F': high bit 2 is below low bit 4",
    "root.xml:6:3: error[unknown-variant]: register 'D_C': variants given without an active varset",
    "root.xml:7:11: error[unknown-element]: <frob> is not allowed inside <stripe>",
    "root.xml:8:10: error[bad-number]: attribute 'offset' of <reg32 'E'>: 'zz' is not a number (decimal, or hexadecimal with 0x)",
  ]);
});
