/**
 * `isaforge lookup` against envytools' lookup: test/fixtures/rules-ng/lookup/expected.jsonl holds,
 * for each case of cases.txt, what lookup (on envytools' rnn and rnndec; which envytools, the
 * fixture's README says) printed. stdout must be the same bytes, colours included; the exit status
 * the same success or failure; rnndec's own messages (a domain or variant that does not exist, a
 * varset no variant was chosen for) the same text.
 * isaforge's usage errors and database errors keep its own form (`error[usage]`, file:line:col).
 */
import { readFileSync } from "fs";
import * as path from "path";
import { FREEDRENO_REGISTERS } from "../helpers/upstreamTrees";
import { runCli } from "../../generator/cli";
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

async function lookup(args: string[], cwd: string, rnnPath: string) {
  const saved = { cwd: process.cwd(), rnn: process.env.RNN_PATH };
  process.chdir(cwd);
  process.env.RNN_PATH = rnnPath;
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

test("rnndec's messages are lookup's", async () => {
  const own = (c: Case) => /^(Not a domain|Variant|Enum|I don't know)/.test(c.stderr);
  const checked = cases.filter(own);
  expect(checked.length).toBeGreaterThan(10);
  for (const c of checked)
    expect({ args: c.args, stderr: (await lookup(c.args, FIXTURE, FIXTURE)).stderr }).toEqual({
      args: c.args,
      stderr: c.stderr,
    });
}, 300_000);

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
      "Variant NV99 doesn't exist in enum chipset!\n",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
