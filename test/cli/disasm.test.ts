/** @needs-upstream mesa */
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
// Line parsing lives in every codec (generator/runtime/codec/codecLines.ts), shared by disasm and the site.
import { parseWords } from "../../out/ts/etnaviv";

let dir: string;
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "isaforge-disasm-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runFile(file: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli([...argv, file], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { status, out, err };
}

/** Run the CLI on `input` written to a file; messages name the file IN. */
async function run(input: string, ...argv: string[]) {
  const file = path.join(dir, `in-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, input);
  const r = await runFile(file, ...argv);
  return { ...r, err: r.err.map((l) => l.replace(file, "IN")) };
}

describe("parseWords", () => {
  test("hex words with or without 0x, separated by spaces or commas", () => {
    expect(parseWords("0x07811018 0x15001f20,00000000 0", false, 4)).toEqual({
      words: [0x07811018, 0x15001f20, 0, 0],
    });
  });
  test("bytes in little-endian order", () => {
    expect(parseWords("02 00 00 00 00 c1 91 00", true, 2)).toEqual({
      words: [0x00000002, 0x0091c100],
    });
  });
  test("one instruction in the forms people paste, as disasm reads them (the site's panel too)", () => {
    for (const line of [
      "0x2024400000000020",
      "20244000_00000020",
      ":1:0000:0000[20244000x_00000020x] mov",
    ])
      expect(parseWords(line, false, 2)).toEqual({ words: [0x00000020, 0x20244000] });
    expect(parseWords("0x2024400000000020", false, 4)).toEqual({
      error: "expected 4 words, found 2",
      column: 1,
    });
  });
  test("a bad token is reported at its column", () => {
    expect(parseWords("0x1 0xZZ", false, 2)).toEqual({
      error: "'0xZZ' is not a 32-bit word in hex",
      column: 5,
    });
    expect(parseWords("0x1", false, 2)).toEqual({ error: "expected 2 words, found 1", column: 1 });
    expect(parseWords("100 0 0 0 0 0 0 0", true, 2)).toEqual({
      error: "'100' is not a byte in hex",
      column: 1,
    });
  });
});

describe("isaforge disasm / asm", () => {
  test("any number of words per line, comments and blank lines: one output line per instruction", async () => {
    const r = await run(
      "# cat0\n0x00000003 0x00900000 0x0000000a // br, then a mov\n\n  0x20044005\n",
      "disasm",
      "--isa",
      "ir3",
    );
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.out).toEqual(["br !p0.x, #3", "mov.f32f32 r1.y, r2.z"]);
  });

  // Changed with issue 39: the whole instructions are printed, and the error only on stderr (it was
  // printed twice, there and as an `invalid:` line instead of the instructions).
  test("words left over after the last whole instruction are an error at the first of them", async () => {
    const r = await run("0x00000003 0x00900000\n0x0000000a\n", "disasm", "--isa", "ir3");
    expect(r.status).toBe(1);
    expect(r.out).toEqual(["br !p0.x, #3"]);
    expect(r.err).toEqual([
      "IN:2:1: error[bad-word]: 1 word left over: ir3 instructions are 2 words",
    ]);
  });

  // Changed with issue 39: the message names the instruction's size (it was the word's), and the
  // whole instruction is printed.
  test("--bytes: a byte left over is an error", async () => {
    const r = await run("02 00 00 00 00 c1 91 00 07\n", "disasm", "--isa", "valhall", "--bytes");
    expect(r.status).toBe(1);
    expect(r.out).toEqual(["MOV.i32 r1, r2"]);
    expect(r.err).toEqual([
      "IN:1:25: error[bad-word]: 1 byte left over: valhall instructions are 8 bytes",
    ]);
  });

  test("--binary reads a raw little-endian file", async () => {
    const file = path.join(dir, "program.bin");
    // br !p0.x, #3 then mov.f32f32 r1.y, r2.z (the words of the test above), little-endian.
    const words = Uint32Array.of(0x00000003, 0x00900000, 0x0000000a, 0x20044005);
    writeFileSync(file, Buffer.from(words.buffer));
    const r = await runFile(file, "disasm", "--isa", "ir3", "--binary");
    expect(r.status).toBe(0);
    expect(r.out).toEqual(["br !p0.x, #3", "mov.f32f32 r1.y, r2.z"]);
    writeFileSync(file, Buffer.from([1, 2, 3, 4, 5]));
    expect((await runFile(file, "disasm", "--isa", "ir3", "--binary")).err).toEqual([
      `${file}: error[bad-word]: 5 bytes left over at offset 0x0: ir3 instructions are 8 bytes`,
    ]);
    expect((await runFile(file, "disasm", "--isa", "ir3", "--binary", "--bytes")).err).toEqual([
      "isaforge: error[usage]: --binary and --bytes exclude each other",
    ]);
  });

  test("a file that does not exist, or is a directory: a usage error naming it", async () => {
    for (const command of ["disasm", "asm"]) {
      const missing = await runFile("missing.hex", command, "--isa", "ir3");
      expect(missing.status).toBe(2);
      expect(missing.err).toEqual(["isaforge: error[usage]: missing.hex: no such file"]);
      const folder = await runFile(dir, command, "--isa", "ir3");
      expect(folder.status).toBe(2);
      expect(folder.err).toEqual([`isaforge: error[usage]: ${dir}: is a directory, not a file`]);
    }
  });

  // Changed with issue 39: the instructions of the other lines are printed (none were), the error
  // once (it was also an `invalid:` line on stdout).
  test("a bad token is one error at its line and column; every other line's instruction is printed", async () => {
    const r = await run(
      "0x00000003 0x00900000\n0x1 0xZZ 0xYY\n0x0000000a 0x20044005\n",
      "disasm",
      "--isa",
      "ir3",
    );
    expect(r.status).toBe(1);
    expect(r.out).toEqual(["br !p0.x, #3", "mov.f32f32 r1.y, r2.z"]);
    expect(r.err).toEqual(["IN:2:5: error[bad-word]: '0xZZ' is not a 32-bit word in hex"]);
  });

  test("--binary: a file of 5 words prints its 2 whole ir3 instructions and one error", async () => {
    const file = path.join(dir, "five.bin");
    const words = Uint32Array.of(0x00000003, 0x00900000, 0x0000000a, 0x20044005, 0x0000000a);
    writeFileSync(file, Buffer.from(words.buffer));
    const r = await runFile(file, "disasm", "--isa", "ir3", "--binary");
    expect(r.status).toBe(1);
    expect(r.out).toEqual(["br !p0.x, #3", "mov.f32f32 r1.y, r2.z"]);
    expect(r.err).toEqual([
      `${file}: error[bad-word]: 1 word left over at offset 0x10: ir3 instructions are 2 words`,
    ]);
  });

  test("the forms people paste: 64-bit values, Mesa's HHHHHHHH_LLLLLLLL and its ir3 dump lines", async () => {
    // mov.f32f32 r1.y, r2.z is the words [0x0000000a, 0x20044005]; br !p0.x, #3 [0x3, 0x00900000].
    const r = await run(
      [
        "0x200440050000000a",
        "20044005_0000000a",
        "00900000_00000003 0x200440050000000a",
        ":1:0000:0000[20044005x_0000000ax] mov.f32f32 r1.y, r2.z",
        "; a comment of Mesa's dump",
        "\t:0:0001:0001[00900000x_00000003x] br !p0.x, #3 // Mesa's text is skipped",
        "",
      ].join("\n"),
      "disasm",
      "--isa",
      "ir3",
    );
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    const [mov, br] = ["mov.f32f32 r1.y, r2.z", "br !p0.x, #3"];
    expect(r.out).toEqual([mov, mov, br, mov, mov, br]);
  });

  test("a 64-bit value where an instruction is half read: the half is one error, the value is read", async () => {
    const r = await run("0x00000003\n0x200440050000000a\n", "disasm", "--isa", "ir3");
    expect(r.status).toBe(1);
    expect(r.out).toEqual(["mov.f32f32 r1.y, r2.z"]);
    expect(r.err).toEqual([
      "IN:1:1: error[bad-word]: 1 word left over: ir3 instructions are 2 words",
    ]);
  });

  test("--offsets and --raw: each instruction's byte offset and words before its text, as objdump", async () => {
    const input = "0x00000003 0x00900000\n0x200440050000000a\n";
    expect((await run(input, "disasm", "--isa", "ir3", "--offsets")).out).toEqual([
      "   0:\tbr !p0.x, #3",
      "   8:\tmov.f32f32 r1.y, r2.z",
    ]);
    expect((await run(input, "disasm", "--isa", "ir3", "--raw")).out).toEqual([
      "0x00000003 0x00900000\tbr !p0.x, #3",
      "0x0000000a 0x20044005\tmov.f32f32 r1.y, r2.z",
    ]);
    const both = await run(input, "disasm", "--isa", "ir3", "--offsets", "--raw");
    expect(both.out).toEqual([
      "   0:\t0x00000003 0x00900000\tbr !p0.x, #3",
      "   8:\t0x0000000a 0x20044005\tmov.f32f32 r1.y, r2.z",
    ]);
    // With --bytes the raw words are bytes, in memory order as read.
    const bytes = "03 00 00 00 00 00 90 00\n";
    expect((await run(bytes, "disasm", "--isa", "ir3", "--bytes", "--raw")).out).toEqual([
      "03 00 00 00 00 00 90 00\tbr !p0.x, #3",
    ]);
  });

  test("asm prints a failed line as a comment, so that its output pipes into disasm: one error, once", async () => {
    const asm = await run(
      "br !p0.x, #3\nfrobnicate r0, r1, r2\nmov.f32f32 r1.y, r2.z\n",
      "asm",
      "--isa",
      "ir3",
    );
    expect(asm.status).toBe(1);
    expect(asm.out).toEqual([
      "0x00000003 0x00900000",
      "# invalid: unknown mnemonic 'frobnicate'",
      "0x0000000a 0x20044005",
    ]);
    expect(asm.err).toEqual(["IN:2:1: error[asm]: unknown mnemonic 'frobnicate'"]);
    const back = await run(asm.out.join("\n") + "\n", "disasm", "--isa", "ir3");
    expect(back.err).toEqual([]);
    expect(back.status).toBe(0);
    expect(back.out).toEqual(["br !p0.x, #3", "mov.f32f32 r1.y, r2.z"]);
  });

  test("without --isa: a usage error naming the ISAs", async () => {
    for (const command of ["disasm", "asm"]) {
      const r = await run("0 0\n", command);
      expect(r.status).toBe(2);
      expect(r.err).toEqual([
        `isaforge: error[usage]: ${command} needs --isa, one of: bifrost, etnaviv, etnaviv-isa, ir3, ir3-cat0, r500, valhall`,
      ]);
    }
  });

  test("a usage error of disasm or asm names the ISAs", async () => {
    for (const command of ["disasm", "asm"]) {
      const r = await run("0 0\n", command, "--isa", "ir3", "--bogus");
      expect(r.status).toBe(2);
      expect(r.err).toEqual([
        "error: unknown option '--bogus'",
        `(ISAs: bifrost, etnaviv, etnaviv-isa, ir3, ir3-cat0, r500, valhall; run isaforge ${command} --help for usage)`,
      ]);
    }
  });

  test("--gpu is checked against the ISA's generations", async () => {
    for (const gpu of ["599", "99999", "600"]) {
      const r = await run("0 0\n", "disasm", "--isa", "valhall", "--gpu", gpu);
      expect(r.status).toBe(2);
      expect(r.err).toEqual([
        "isaforge: error[usage]: --gpu: valhall has no generations; its instructions are the same on every gpu",
      ]);
    }
    // ir3's <gen> bounds: min 300, 500, 600, 700 and max 499, 599, 699 (out/json/ir3.json).
    const r = await run("nop\n", "asm", "--isa", "ir3", "--gpu", "200");
    expect(r.status).toBe(2);
    expect(r.err).toEqual([
      "isaforge: error[usage]: --gpu 200 is in no ir3 generation (300..499, 500..599, 600..699, 700 and up)",
    ]);
    expect((await run("0 0\n", "disasm", "--isa", "ir3", "--gpu", "99999")).status).toBe(0);
    // Every etnaviv instruction is `<gen min="0"/>`: no gpu tells them apart.
    for (const command of ["disasm", "asm"]) {
      const r = await run("\n", command, "--isa", "etnaviv", "--gpu", "7000");
      expect(r.status).toBe(2);
      expect(r.err).toEqual([
        "isaforge: error[usage]: --gpu: etnaviv has no generations; its instructions are the same on every gpu",
      ]);
    }
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

  test("a file is one program: Mesa's conflict error comes with the next line", async () => {
    // Words stsc and stib.b both match at gen 700 (see test/codecs/disassembleProgram.test.ts),
    // then ir3's `mov.f32f32 r1.y, r2.z`: Mesa's isa_disasm keeps the conflict's error and prints
    // it after the next instruction's text.
    const input = "0x00e74000 0xc7600000\n0x0000000a 0x20044005\n";
    const shown = await run(input, "disasm", "--isa", "ir3", "--gpu", "700", "--show-errors");
    expect(shown.out).toEqual([
      "no match: c760000000e74000",
      "mov.f32f32 r1.y, r2.z\t; bitset conflict: stsc vs stib.b",
    ]);
    const strict = await run(input, "disasm", "--isa", "ir3", "--gpu", "700", "--strict");
    expect(strict.status).toBe(1);
  });

  test("an unknown --isa is a usage error", async () => {
    const r = await run("0 0\n", "disasm", "--isa", "z80");
    expect(r.status).toBe(2);
    expect(r.err[0]).toBe(
      "isaforge: error[usage]: --isa 'z80' has no codec (known: bifrost, etnaviv, etnaviv-isa, ir3, ir3-cat0, r500, valhall)",
    );
  });

  test("a word most ISAs' titles share names no family: no suggestion", async () => {
    const r = await run("\n", "disasm", "--isa", "shader");
    expect(r.err).toEqual([
      "isaforge: error[usage]: --isa 'shader' has no codec (known: bifrost, etnaviv, etnaviv-isa, ir3, ir3-cat0, r500, valhall)",
    ]);
  });

  test.each([
    // The id in another case first.
    ["IR3", "did you mean ir3?"],
    ["Etnaviv", "did you mean etnaviv?"],
    // A family or vendor name of the manifests' titles: every ISA it names.
    ["adreno", "did you mean ir3 or ir3-cat0?"],
    ["Mali", "did you mean bifrost or valhall?"],
    ["vivante", "did you mean etnaviv or etnaviv-isa?"],
    // Else the nearest id, within an edit a third of its length.
    ["valhal", "did you mean valhall?"],
    ["ir4", "did you mean ir3?"],
  ])("--isa %s: %s", async (isa, hint) => {
    for (const command of ["disasm", "asm"]) {
      const r = await run("\n", command, "--isa", isa);
      expect(r.status).toBe(2);
      expect(r.err).toEqual([
        `isaforge: error[usage]: --isa '${isa}' has no codec: ${hint} (known: bifrost, etnaviv, etnaviv-isa, ir3, ir3-cat0, r500, valhall)`,
      ]);
    }
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
    // Changed with issue 39: a failed line prints as a comment (it was `invalid: …`).
    expect(old.out).toEqual(["# invalid: unknown mnemonic 'getlast' for gpu 500"]);
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

describe("asm: etnaviv's errors teach write masks and swizzles", () => {
  // mov t0, void, void, t1.xyzw, and its error when each operand is written otherwise.
  test.each([
    [
      "mov t0.xyzw, void, void, t1.xyzw",
      "1:7: error[asm]: expected ',', found '.xyzw' (a full write mask is written as nothing: `t0`, not `t0.xyzw`)",
    ],
    [
      "mov t0, void, void, t1",
      "1:23: error[asm]: expected '.', found end of line (a source needs a swizzle: `t1.xyzw`)",
    ],
    [
      "add t0, t1, void, t2.xyzw",
      "1:11: error[asm]: expected '.', found ',' (a source needs a swizzle: `t1.xyzw`)",
    ],
    [
      "mov t0.xy, void, void, t1.xyzw",
      "1:7: error[asm]: expected ',', found '.xy' (a write mask has x, y, z, w in their places, `_` for each not written: `t0.xy__`)",
    ],
    [
      "mov t0.y___, void, void, t1.xyzw",
      "1:7: error[asm]: expected ',', found '.y___' (a write mask has x, y, z, w in their places, `_` for each not written: `t0._y__`)",
    ],
    // Mask 5 prints `.zx` (Mesa's etnaviv.xml), not `.x_z_`.
    [
      "mov t0.x_z_, void, void, t1.xyzw",
      "1:7: error[asm]: expected ',', found '.x_z_' (this write mask is spelled `t0.zx`, as Mesa's etnaviv.xml prints it)",
    ],
    [
      "mov t0, void, void, t1.xy",
      "1:26: error[asm]: expected SWIZ_Z (x, y, z or w), found end of line (a swizzle names a component for each of x, y, z and w: `t1.xyyy`, not `t1.xy`)",
    ],
  ])("%s", async (line, error) => {
    const r = await run(line + "\n", "asm", "--isa", "etnaviv");
    expect(r.status).toBe(1);
    expect(r.err).toEqual([`IN:${error}`]);
  });

  test("the spellings the hints give assemble", async () => {
    const r = await run(
      "mov t0, void, void, t1.xyzw\nmov t0.xy__, void, void, t1.xyyy\nmov t0.zx, void, void, t1.xyzw\n",
      "asm",
      "--isa",
      "etnaviv",
    );
    expect(r.err).toEqual([]);
    expect(r.out).toHaveLength(3);
  });
});

describe("asm: one input grammar for every ISA", () => {
  // `br !p0.x, #3` as the README gives it; `MOV.i32 r1, r2`: src0 r2 in byte 0, dest 0xc1 (r1, mask 3)
  // at bits 40..47, opcode 0x091 at 48..56 (../shared/docs/disassembly-syntax.md).
  const BR = "0x00000003 0x00900000";
  const MOV = "0x00000002 0x0091c100";

  test("free whitespace around an instruction, its operands and commas", async () => {
    expect((await run("   br   !p0.x ,  #3   \n", "asm", "--isa", "ir3")).out).toEqual([BR]);
    expect((await run("\tMOV.i32  r1 ,r2 \n", "asm", "--isa", "valhall")).out).toEqual([MOV]);
  });

  test("# and // comments on every ISA; ; where the upstream assembler reads it as one", async () => {
    const ir3 = await run(
      "# a program\nbr !p0.x, #3 // taken\nbr !p0.x, #3 ; taken\n",
      "asm",
      "--isa",
      "ir3",
    );
    expect(ir3.err).toEqual([]);
    expect(ir3.out).toEqual(["", BR, BR]);
    const va = await run("// a program\nMOV.i32 r1, r2 # copy\n", "asm", "--isa", "valhall");
    expect(va.err).toEqual([]);
    expect(va.out).toEqual(["", MOV]);
  });

  test("an instruction after a ; comment is an error, not dropped", async () => {
    const r = await run("br !p0.x, #3; mov.f32f32 r1.y, r2.z\n", "asm", "--isa", "ir3");
    expect(r.status).toBe(1);
    expect(r.err).toEqual([
      "IN:1:15: error[asm]: 'mov.f32f32 r1.y, r2.z' follows ';', which starts a comment in ir3 assembly: write it on a line of its own",
    ]);
  });

  test("; where the upstream assembler has neither comment nor separator is an error at it", async () => {
    const r = await run("MOV.i32 r1, r2 ; comment\n", "asm", "--isa", "valhall");
    expect(r.status).toBe(1);
    expect(r.err).toEqual([
      "IN:1:16: error[asm]: ';' is neither a comment nor a separator here: write one instruction per line, comments after # or //",
    ]);
  });

  test("the other case: the upstream assembler's error, with a hint", async () => {
    const ir3 = await run("BR !p0.x, #3\n", "asm", "--isa", "ir3");
    expect(ir3.status).toBe(1);
    expect(ir3.err).toEqual(["IN:1:1: error[asm]: unknown mnemonic 'BR' (did you mean br?)"]);
    const va = await run("  fadd.f32 r0, r1, r2\n", "asm", "--isa", "valhall");
    expect(va.err).toEqual([
      "IN:1:3: error[asm]: unknown instruction 'fadd' (did you mean FADD.f32?)",
    ]);
  });

  test("an error's column is the source line's, past the whitespace taken out", async () => {
    // `br` takes a predicate: the comma at column 7 of the line as written is where it fails.
    const r = await run("  br  ,    r1\n", "asm", "--isa", "ir3");
    expect(r.status).toBe(1);
    expect(r.err).toEqual(["IN:1:7: error[asm]: expected '!' or 'p0.', found ','"]);
  });
});
