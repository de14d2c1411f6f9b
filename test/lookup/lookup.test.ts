/**
 * `isaforge lookup` against envytools' lookup: test/fixtures/rules-ng/lookup/expected.jsonl holds,
 * for each case of cases.txt, what lookup (on envytools' rnn and rnndec; which envytools, the
 * fixture's README says) printed. stdout must be the same bytes, colours included; the exit status
 * the same success or failure; rnndec's own messages (a domain or variant that does not exist, a
 * varset no variant was chosen for) the same text.
 * isaforge's usage errors and database errors keep its own form (`error[usage]`, file:line:col).
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import { FREEDRENO_REGISTERS } from "../helpers/upstreamTrees";
import { needing } from "../helpers/builtSpecs";
import { runCli } from "../../generator/cli";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import * as adreno from "../../out/ts/registers/adreno-hw";

// Whole databases read and walked: sized for a machine several times slower than a quiet one.
jest.setTimeout(60_000);
// The two tests over every case of the fixture get 300 s each (45 s for the slower with the
// machine shared by five jest runs).

const FIXTURE = path.join(__dirname, "..", "fixtures", "rules-ng", "lookup");

interface Case {
  args: string[];
  stdout: string;
  stderr: string;
  status: number;
}

const cases: Case[] = readFileSync(path.join(FIXTURE, "expected.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Case);

/** `isaforge lookup ARGS` in `cwd` with `RNN_PATH` set to `rnnPath`, or unset when undefined. */
async function lookup(args: string[], cwd: string, rnnPath: string | undefined) {
  const saved = { cwd: process.cwd(), rnn: process.env.RNN_PATH };
  process.chdir(cwd);
  if (rnnPath === undefined) delete process.env.RNN_PATH;
  else process.env.RNN_PATH = rnnPath;
  const out: string[] = [];
  const err: string[] = [];
  try {
    const status = await runCli(["lookup", ...args], {
      out: (l) => out.push(`${l}\n`),
      err: (l) => err.push(`${l}\n`),
    });
    return { status, stdout: out.join(""), stderr: err.join("") };
  } finally {
    process.chdir(saved.cwd);
    if (saved.rnn === undefined) delete process.env.RNN_PATH;
    else process.env.RNN_PATH = saved.rnn;
  }
}

test("the fixture has hundreds of cases, with and without colours and values, and errors", () => {
  expect(cases.length).toBeGreaterThan(300);
  expect(cases.filter((c) => !c.args.includes("-c")).length).toBeGreaterThan(20);
  expect(cases.filter((c) => c.status !== 0).length).toBeGreaterThan(5);
});

test("every case prints lookup's stdout byte for byte, and succeeds or fails as it does", async () => {
  const wrong: string[] = [];
  for (const c of cases) {
    const r = await lookup(c.args, FIXTURE, FIXTURE);
    if (r.stdout !== c.stdout || (r.status === 0) !== (c.status === 0))
      wrong.push(
        `${c.args.join(" ")}: ${JSON.stringify(r.stdout)} (${r.status}), lookup: ${JSON.stringify(c.stdout)} (${c.status})`,
      );
  }
  expect(wrong).toEqual([]);
}, 300_000);

// An address no register holds: the address (`0`, `0x20`), or the element and the offset into it
// (`ARR[0]+0x8`, an array element whose address falls in a gap), alone, with a VALUE or without:
// rnndec gives such an address no type, and envytools' lookup prints the value only through a
// register's type. (The fixture's oracle, a re-implementation of lookup.c, printed ` => VALUE`
// there; its 11 such lines in expected.jsonl and 791 of the fuzz cases were corrected to the name
// alone, the fixture README says so.)
test("an address no register holds prints alone, value or not", async () => {
  const out = async (...args: string[]) =>
    (await lookup(["-f", "lookup.xml", ...args], FIXTURE, FIXTURE)).stdout;
  expect(await out("-c", "-d", "LK_EMPTY", "0x10")).toBe("0x10\n");
  expect(await out("-c", "-d", "LK_EMPTY", "0x10", "0x5")).toBe("0x10\n");
  expect(await out("-c", "0x20", "0")).toBe("0x20\n");
  expect(await out("-c", "0x0", "0x0")).toBe("0\n");
  expect(await out("-c", "-a", "NV50", "0x1008")).toBe("ARR[0]+0x8\n");
  expect(await out("-c", "-a", "NV50", "0x1008", "5")).toBe("ARR[0]+0x8\n");
  expect(await out("-d", "LK_EMPTY", "0x10", "0x5")).toBe("\x1b[0;1;31m0x10\x1b[0m\n");
  // A register of the same domain still prints its value.
  expect(await out("-c", "-a", "NV50", "0x1000", "5")).toMatch(/^\S+ => /);
  // The fixture has no bare address followed by a value any more.
  const plain = (t: string) => t.replace(/\x1b\[[0-9;]*m/g, "");
  expect(cases.map((c) => plain(c.stdout)).filter((t) => /^(0x[0-9a-f]+|0) => /.test(t))).toEqual(
    [],
  );
});

// Deliberately not envytools' stderr to the byte (issue 39): its `I don't know which VARSET variant
// to use!` comes once per varset instead of once per element scanned (136 times for one A6XX
// register), and every variant message is followed by a hint line in parentheses. The messages
// themselves keep lookup's text and order.
test("rnndec's messages are lookup's, each variant message once and followed by its hint", async () => {
  const own = (c: Case) => /^(Not a domain|Variant|Enum|I don't know)/.test(c.stderr);
  const checked = cases.filter(own);
  expect(checked.length).toBeGreaterThan(10);
  const isHint = (l: string) => l.startsWith("(");
  const variantMessage = /^(Variant|Enum|I don't know)/;
  for (const c of checked) {
    const ours = (await lookup(c.args, FIXTURE, FIXTURE)).stderr.split("\n").slice(0, -1);
    const theirs = [...new Set(c.stderr.split("\n").slice(0, -1))];
    const hinted = ours.every((l, i) => !variantMessage.test(l) || isHint(ours[i + 1] ?? ""));
    expect({ args: c.args, messages: ours.filter((l) => !isHint(l)), hinted }).toEqual({
      args: c.args,
      messages: theirs,
      hinted: true,
    });
  }
}, 300_000);

test("the variant hints name the option that chooses a variant, and the variants", async () => {
  const run = (...args: string[]) => lookup(["-f", "lookup.xml", "-c", ...args], FIXTURE, FIXTURE);
  const CHIPSETS = "NV04, NV10, NV17, NV20, NV30, NV40, NV50, NV84, NVA0, NVC0";
  expect(await run("0x0")).toEqual({
    status: 0,
    stdout: "0\n",
    stderr:
      "I don't know which chipset variant to use!\n" +
      `(choose one with -a VARIANT or -v chipset VARIANT; chipset's variants: ${CHIPSETS})\n` +
      "I don't know which lk_mode variant to use!\n" +
      "(choose one with -v lk_mode VARIANT; lk_mode's variants: MODE_A, MODE_B, MODE_C)\n",
  });
  expect(await run("-a", "99", "0x0")).toEqual({
    status: 1,
    stdout: "",
    stderr: `Variant NV99 doesn't exist in enum chipset!\n(chipset's variants: ${CHIPSETS})\n`,
  });
  expect(await run("-v", "lk_mode", "MODE_Z", "0x0")).toEqual({
    status: 1,
    stdout: "",
    stderr:
      "Variant MODE_Z doesn't exist in enum lk_mode!\n(lk_mode's variants: MODE_A, MODE_B, MODE_C)\n",
  });
  expect(await run("-v", "chip", "A6XX", "0x0")).toEqual({
    status: 1,
    stdout: "",
    stderr:
      "Enum chip doesn't exist in database!\n" +
      `(this database has no enum of that name; its varsets: chipset (${CHIPSETS}); lk_mode (MODE_A, MODE_B, MODE_C); choose a variant with -v VARSET VARIANT, e.g. -v chipset NVC0)\n`,
  });
});

test("adreno: one variant message for a whole register; -a, which needs enum chipset, says to use -v chip", async () => {
  const specs = FREEDRENO_REGISTERS;
  const run = (...args: string[]) =>
    lookup(["-c", "-f", "adreno.xml", "-d", "A6XX", ...args, "8400", "0x9"], specs, specs);
  const line =
    "GRAS_2D_BLIT_CNTL => { ROTATE = ROTATE_90 | OVERWRITEEN | UNK4 = 0 | COLOR_FORMAT = 0 | UNK17 = 0 | MASK = 0 | IFMT = R2D_RAW | RASTER_MODE = TYPE_TILED }\n";
  const CHIPS = "A2XX, A3XX, A4XX, A5XX, A6XX, A7XX";
  expect(await run()).toEqual({
    status: 0,
    stdout: line,
    stderr: `I don't know which chip variant to use!\n(choose one with -v chip VARIANT; chip's variants: ${CHIPS})\n`,
  });
  expect(await run("-v", "chip", "A6XX")).toEqual({ status: 0, stdout: line, stderr: "" });
  const a630 = await run("-a", "A630");
  expect([a630.status, a630.stdout]).toEqual([1, ""]);
  expect(a630.stderr).toBe(
    "Enum chipset doesn't exist in database!\n" +
      `(-a chooses a variant of enum chipset, which this database does not have; its varsets: chip (${CHIPS}); ` +
      "a6xx_draw_indirect_opcode (INDIRECT_OP_NORMAL, INDIRECT_OP_INDEXED, INDIRECT_OP_INDIRECT_COUNT, INDIRECT_OP_INDIRECT_COUNT_INDEXED); " +
      "event_write_dst (EV_DST_RAM, EV_DST_ONCHIP); compare_mode (PRED_TEST, REG_COMPARE, RENDER_MODE, REG_COMPARE_IMM, THREAD_MODE); " +
      "ts_wait_type (TS_WAIT_RAM, TS_WAIT_ONCHIP); choose a variant with -v VARSET VARIANT, e.g. -v chip A7XX)\n",
  );
});

test("the generated register decoder prints what the command prints (one function)", async () => {
  const specs = FREEDRENO_REGISTERS;
  for (const [domain, address, value] of [
    ["A6XX", 0x8400, 0x12345678],
    ["A6XX", 0x8e00, 0xffffffff],
    ["A5XX", 0xe000, 0x1],
    ["CP_DRAW_INDX_OFFSET", 0, 0xdeadbeef],
  ] as const) {
    const r = await lookup(
      [
        "-d",
        domain,
        "-v",
        "chip",
        "A6XX",
        "-f",
        "adreno.xml",
        address.toString(16),
        value.toString(16),
      ],
      specs,
      specs,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      `${adreno.lookup(address, value, { domain, variant: "A6XX", colors: true })}\n`,
    );
  }
});

test("-a takes a chipset by name or by number: nouveau names the chipset 0x50 G80", async () => {
  const { mkdtempSync, rmSync, writeFileSync } = await import("fs");
  const { tmpdir } = await import("os");
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-lookup-"));
  try {
    writeFileSync(
      path.join(dir, "root.xml"),
      `<?xml version="1.0"?>
<database xmlns="http://nouveau.freedesktop.org/">
<enum name="chipset"><value name="NV04" value="0x04"/><value name="G80" value="0x50"/><value name="NVA0"/></enum>
<domain name="NV_MMIO" bare="yes" prefix="chipset">
  <reg32 offset="0x1100" name="OLD_INTR" variants="NV04"/>
  <reg32 offset="0x1100" name="INTR" variants="G80-"/>
</domain>
</database>
`,
    );
    for (const [a, line] of [
      ["G80", "INTR\n"],
      ["g80", "INTR\n"],
      ["50", "INTR\n"],
      ["NV50", "INTR\n"],
      ["4", "OLD_INTR\n"],
      ["a0", "INTR\n"],
    ])
      expect({ a, out: (await lookup(["-c", "-a", a, "1100"], dir, dir)).stdout }).toEqual({
        a,
        out: line,
      });
    const missing = await lookup(["-c", "-a", "99", "1100"], dir, dir);
    expect([missing.status, missing.stdout, missing.stderr]).toEqual([
      1,
      "",
      "Variant NV99 doesn't exist in enum chipset!\n(chipset's variants: NV04, G80, NVA0)\n",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Nouveau's database where isaforge finds the envytools tree (--upstream, $ISAFORGE_UPSTREAM,
// ../shared/corpora/envytools).
const envytools = upstreamRoots().get("envytools");

/**
 * Lines envytools' lookup prints for nouveau's rnndb (root.xml), worked out by hand from the XML:
 * - 0x1100 is PBUS (bus/pbus.xml:13, array at 0x1000 of length 1, so no index) + INTR (:51, type
 *   nv_pbus_intr, the inline bitset at :31-46). `-a NV50`/`50` is the chipset whose value is 0x50,
 *   G80 (nvchipsets.xml:44); variant ranges count in nvchipsets.xml's order (NV43 :31, G80 :44,
 *   GT215 :54, GF100 :58). On G80 the flags are MMIO_FAULT (bit 3, NV41-), PEEPHOLE_W_PAIR_MISMATCH
 *   (12, NV30:GF100), THERM_ALARM (16, NV43:GT215) and USER (26, G80-): mask 0x04011008, so
 *   0xffffffff leaves 0xfbfeeff7, and bit 31 alone is only leftover bits. On GF100: bits 1, 2, 3, 7,
 *   8, 26, 28 (MMIO_DISABLED_ENG, MMIO_IBUS_ERR, MMIO_FAULT, HOST_MEM_TIMEOUT, HOST_MEM_ZOMBIE,
 *   USER, USER2), mask 0x1400018e, leftover 0xebfffe71.
 * - 0 is PMC (bus/pmc.xml:10) + ID, the NV10- one on G80 (:39-49): STEPPING bits 0-7 (hex),
 *   DEVICE_ID 16-19 (NV10:G92), CHIPSET 20-28 of enum chipset (0x050 = G80), FOUNDRY 29-31
 *   (0 = TSMC).
 * - 0x1104 is INTR_GPIO (bus/pbus.xml:52) on NV31:G80 only: on G80 no register holds it, and lookup
 *   prints PBUS plus its offset alone, VALUE or not.
 */
const NOUVEAU_LINES: [string[], string][] = [
  [["-c", "-a", "NV50", "1100", "0x80000000"], "PBUS.INTR => { 0x80000000 }"],
  [
    ["-c", "-a", "NV50", "1100", "ffffffff"],
    "PBUS.INTR => { MMIO_FAULT | PEEPHOLE_W_PAIR_MISMATCH | THERM_ALARM | USER | 0xfbfeeff7 }",
  ],
  [
    ["-c", "-a", "GF100", "1100", "ffffffff"],
    "PBUS.INTR => { MMIO_DISABLED_ENG | MMIO_IBUS_ERR | MMIO_FAULT | HOST_MEM_TIMEOUT | HOST_MEM_ZOMBIE | USER | USER2 | 0xebfffe71 }",
  ],
  [
    ["-c", "-a", "50", "0", "050000a2"],
    "PMC.ID => { STEPPING = 0xa2 | DEVICE_ID = 0 | CHIPSET = G80 | FOUNDRY = TSMC }",
  ],
  [["-c", "-a", "NV50", "1100"], "PBUS.INTR"],
  [["-c", "-a", "G80", "1104", "1"], "PBUS+0x104"],
];

(envytools ? describe : describe.skip)(
  "with no -f and RNN_PATH unset, lookup reads nouveau's root.xml from the envytools tree (needs the envytools tree)",
  () => {
    const { tmpdir } = require("os") as typeof import("os");
    // Not a folder with a root.xml: the database comes from the tree, not the working directory.
    const cwd = tmpdir();

    test("the lines envytools' lookup prints, worked out from the XML", async () => {
      for (const [args, line] of NOUVEAU_LINES)
        expect({ args, ...(await lookup(args, cwd, undefined)) }).toEqual({
          args,
          status: 0,
          stdout: `${line}\n`,
          stderr: "",
        });
    });

    test("--upstream envytools=DIR names the tree; RNN_PATH, when set, is used instead", async () => {
      const saved = process.env.ISAFORGE_CORPORA;
      process.env.ISAFORGE_CORPORA = path.join(cwd, "no-corpora-here");
      try {
        const args = ["-c", "-a", "NV50", "1100", "0x80000000"];
        const viaOption = await lookup(
          ["--upstream", `envytools=${envytools!.dir}`, ...args],
          cwd,
          undefined,
        );
        expect([viaOption.status, viaOption.stdout]).toEqual([0, "PBUS.INTR => { 0x80000000 }\n"]);
      } finally {
        if (saved === undefined) delete process.env.ISAFORGE_CORPORA;
        else process.env.ISAFORGE_CORPORA = saved;
      }
      const rnnPathSet = await lookup(["-c", "1100"], cwd, cwd);
      expect([rnnPathSet.status, rnnPathSet.stdout, rnnPathSet.stderr]).toEqual([
        1,
        "",
        "root.xml: couldn't find database file. Please set the env var RNN_PATH.\n",
      ]);
    });

    needing({ specs: ["nv-hw"] }).test(
      "the nv-hw register decoder prints what the command prints, on a set of addresses",
      async () => {
        // Built only where the envytools tree is, so not imported by name (typecheck without it).
        const decoder = "../../out/ts/registers/nv-hw";
        const nv = (await import(decoder)) as {
          lookup(
            address: number | bigint,
            value?: number | bigint,
            options?: { domain?: string; variant?: string },
          ): string;
        };
        for (const [args, line] of NOUVEAU_LINES) {
          const [, , chipset, address, value] = args;
          const variant = chipset === "NV50" || chipset === "50" ? "G80" : chipset;
          const hex = (t: string | undefined) =>
            t === undefined ? undefined : BigInt(`0x${t.replace(/^0x/, "")}`);
          expect(nv.lookup(hex(address)!, hex(value), { variant })).toBe(line);
        }
        // Further addresses and values, in NV_MMIO and other domains, on several chipsets.
        for (const [domain, chipset, address, value] of [
          ["NV_MMIO", "G80", 0x1100, 0xffffffff],
          ["NV_MMIO", "GF100", 0x200, 0x12345678],
          ["NV_MMIO", "NV40", 0x2140, 0xffffffff],
          ["NV_MMIO", "GK104", 0x610000, 0xdeadbeef],
          ["NV_MMIO", "G84", 0x9000, 0x1],
          ["NV_MMIO", "NV4", 0x101000, 0x0],
          ["NV_PCI", "G80", 0x4, 0x100007],
          ["G80_DMAOBJ", "G80", 0x0, 0x7fc0002],
        ] as const) {
          const r = await lookup(
            ["-c", "-d", domain, "-a", chipset, address.toString(16), value.toString(16)],
            cwd,
            undefined,
          );
          expect({ domain, chipset, address, status: r.status, out: r.stdout }).toEqual({
            domain,
            chipset,
            address,
            status: 0,
            out: `${nv.lookup(address, value, { domain, variant: chipset })}\n`,
          });
        }
      },
      300_000,
    );
  },
);

test("with RNN_PATH unset and no envytools tree, lookup says where it looked", async () => {
  const saved = { corpora: process.env.ISAFORGE_CORPORA, up: process.env.ISAFORGE_UPSTREAM };
  const { tmpdir } = await import("os");
  process.env.ISAFORGE_CORPORA = path.join(tmpdir(), "no-corpora-here");
  delete process.env.ISAFORGE_UPSTREAM;
  try {
    const r = await lookup(["-c", "1100"], tmpdir(), undefined);
    expect([r.status, r.stdout, r.stderr]).toEqual([
      1,
      "",
      "root.xml: couldn't find database file. Please set the env var RNN_PATH.\n" +
        "(with RNN_PATH unset, isaforge looks in the envytools tree's rnndb/: --upstream envytools=DIR or ISAFORGE_UPSTREAM=envytools=DIR)\n",
    ]);
  } finally {
    for (const [k, v] of [
      ["ISAFORGE_CORPORA", saved.corpora],
      ["ISAFORGE_UPSTREAM", saved.up],
    ] as const)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
});
