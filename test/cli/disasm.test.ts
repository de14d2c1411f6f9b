import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
// Line parsing lives in every codec (templates/ts/codec/lines.ts.hbs), shared by disasm and the site.
import { parseWords } from "../../out/ts/etnaviv";

let dir: string;
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "isaforge-disasm-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(input: string, ...argv: string[]) {
  const file = path.join(dir, `in-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, input);
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli([...argv, file], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { status, out, err: err.map((l) => l.replace(file, "IN")) };
}

describe("parseWords", () => {
  test("hex words with or without 0x, separated by spaces or commas", () => {
    expect(parseWords("0x07811018 0x15001f20,00000000 0", false, 4)).toEqual({ words: [0x07811018, 0x15001f20, 0, 0] });
  });
  test("bytes in little-endian order", () => {
    expect(parseWords("02 00 00 00 00 c1 91 00", true, 2)).toEqual({ words: [0x00000002, 0x0091c100] });
  });
  test("a bad token is reported at its column", () => {
    expect(parseWords("0x1 0xZZ", false, 2)).toEqual({ error: "'0xZZ' is not a 32-bit word in hex", column: 5 });
    expect(parseWords("0x1", false, 2)).toEqual({ error: "expected 2 words, found 1", column: 1 });
    expect(parseWords("100 0 0 0 0 0 0 0", true, 2)).toEqual({ error: "'100' is not a byte in hex", column: 1 });
  });
});

describe("isaforge disasm / asm", () => {
  test("one output line per input line; blank lines stay blank", async () => {
    const r = await run(
      "0x00000003 0x00900000\n\n0x00000000 0x03000000\n",
      "disasm",
      "--isa",
      "ir3",
    );
    expect(r.status).toBe(0);
    expect(r.out).toHaveLength(3);
    expect(r.out[1]).toBe("");
  });

  test("a malformed line is an error at its line and column, and still one output line", async () => {
    const r = await run("0x00000003 0x00900000\n0x1 0xZZ\n", "disasm", "--isa", "ir3");
    expect(r.status).toBe(1);
    expect(r.out).toHaveLength(2);
    expect(r.err).toEqual(["IN:2:5: error[bad-word]: '0xZZ' is not a 32-bit word in hex"]);
  });

  test("a word matching no instruction exits 1 only with --strict", async () => {
    // Bits 61..63 = 7 are no cat0 instruction.
    const input = "0x00000000 0xe0000000\n";
    const lax = await run(input, "disasm", "--isa", "ir3");
    expect(lax.status).toBe(0);
    expect(lax.out[0]).toMatch(/unknown|no match/);
    expect((await run(input, "disasm", "--isa", "ir3", "--strict")).status).toBe(1);
  });

  test("--show-errors appends Mesa's show_errors comment; codecs without one print the same", async () => {
    // ret (cat0 OPC 4) with don't-care bits 32–36, 43 set: Mesa's `dontcare bits in ret: …`.
    const ret = "0x00000000 0x0200081f\n";
    expect((await run(ret, "disasm", "--isa", "ir3")).out).toEqual(["ret"]);
    const shown = await run(ret, "disasm", "--isa", "ir3", "--show-errors");
    expect(shown.status).toBe(0);
    expect(shown.out).toEqual(["ret\t; dontcare bits in ret: 0000081f00000000"]);
    // Valhall and R500: Mesa's disassemblers have no show_errors mode.
    const mov = "02 00 00 00 00 c1 91 00\n";
    const flag = ["disasm", "--isa", "valhall", "--bytes"];
    expect((await run(mov, ...flag, "--show-errors")).out).toEqual((await run(mov, ...flag)).out);
  });

  test("an unknown --isa is a usage error", async () => {
    const r = await run("0 0\n", "disasm", "--isa", "z80");
    expect(r.status).toBe(2);
    expect(r.err[0]).toBe(
      "isaforge: error[usage]: --isa 'z80' has no codec (known: etnaviv, ir3, r500, valhall)",
    );
  });

  test.each([
    ["ir3", "0x00000003 0x00900000"],
    ["valhall", "0x00000201 0x00a4c032"],
    ["etnaviv", "0x01821009 0x00000000 0x00000000 0x00150028"],
    ["r500", "0x00000402 0x00000000 0x12000f00 0x00050000 0x00000000 0x00000000"],
  ])("%s: disasm then asm gives the words back", async (isa, words) => {
    const text = await run(words + "\n", "disasm", "--isa", isa);
    expect(text.status).toBe(0);
    const back = await run(text.out.join("\n") + "\n", "asm", "--isa", isa);
    expect(back.err).toEqual([]);
    expect(back.out).toEqual([words]);
  });

  // getlast is <gen min="600"/> in ir3-cat0.xml. Its words, from the document: IMMED (bits 0..31) = 2;
  // OPC_HI bit 49 and OPC 0100 at 55..58 (bit 57); W at 52..54 = 2 since CLUSTER_SIZE = 2 << W = 8.
  const GETLAST = "0x00000002 0x02220000";

  test("asm --gpu: only that generation's instructions are candidates", async () => {
    expect((await run("getlast.w8 #2\n", "asm", "--isa", "ir3", "--gpu", "600")).out).toEqual([
      GETLAST,
    ]);
    const old = await run("getlast.w8 #2\n", "asm", "--isa", "ir3", "--gpu", "500");
    expect(old.status).toBe(1);
    expect(old.err).toEqual(["IN:1:1: error[asm]: unknown mnemonic 'getlast' for gpu 500"]);
    expect(old.out).toEqual(["invalid: unknown mnemonic 'getlast' for gpu 500"]);
    const none = await run("nop\n", "asm", "--isa", "ir3", "--gpu", "200");
    expect(none.err).toEqual(["IN:1:1: error[asm]: no instruction exists for gpu 200"]);
  });

  test("asm --gpu takes a whole number", async () => {
    const r = await run("nop\n", "asm", "--isa", "ir3", "--gpu", "6xx");
    expect(r.status).toBe(2);
    expect(r.err).toEqual(["isaforge: error[usage]: --gpu takes a whole number, not '6xx'"]);
  });

  test("asm --bytes prints little-endian bytes that disasm --bytes reads back", async () => {
    const bytes = await run("getlast.w8 #2\n", "asm", "--isa", "ir3", "--gpu", "600", "--bytes");
    expect(bytes.out).toEqual(["02 00 00 00 00 00 22 02"]);
    const text = await run(
      bytes.out[0] + "\n",
      "disasm",
      "--isa",
      "ir3",
      "--gpu",
      "600",
      "--bytes",
    );
    expect(text.out).toEqual(["getlast.w8 #2"]);
    const valhall = await run("NOP.end\n", "asm", "--isa", "valhall", "--bytes");
    // NOP.end: word 1 = 0xc000 | flow 15 << 27 (Valhall's worked example in test/codecs/valhall.test.ts).
    expect(valhall.out).toEqual(["00 00 00 00 00 c0 00 78"]);
  });

  test("asm reports the line and column of a bad token", async () => {
    const r = await run("\nfrobnicate r0\n", "asm", "--isa", "ir3");
    expect(r.status).toBe(1);
    expect(r.out).toHaveLength(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^IN:2:1: error\[asm\]: /);
  });
});
