/**
 * `isaforge disasm --isa bifrost`: one clause stream in (hex words, `--bytes`, `--binary`), the text
 * Mesa printed for it out (../shared/corpora/expected/bifrost), `--verbose` for Mesa's verbose form;
 * a stream Mesa rejects is one error on stderr and exit status 1.
 *
 * @needs-upstream mesa
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { defaultRootDir } from "../../generator/load/upstreamRoots";

interface Vector {
  id: string;
  hex: string;
  kind?: string;
  text?: string;
  text_verbose?: string;
}

const vectors = (file: string): Map<string, Vector> =>
  new Map(
    readFileSync(path.join(defaultRootDir("expected"), "bifrost", file), "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as Vector)
      .map((v) => [v.id, v]),
  );
const shown = vectors("shown.jsonl");
const rejected = vectors("rejected-shown.jsonl");

let dir: string;
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "isaforge-bifrost-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(input: string | Buffer, ...argv: string[]) {
  return runCommand("disasm", input, ...argv);
}

async function runCommand(command: string, input: string | Buffer, ...argv: string[]) {
  const file = path.join(dir, `in-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, input);
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli([command, "--isa", "bifrost", ...argv, file], {
    out: (l) => out.push(l),
    err: (l) => err.push(l.replace(file, "IN")),
  });
  return { status, out: out.map((l) => l + "\n").join(""), err };
}

/** The stream's bytes as little-endian 32-bit words, `0x%08x` each. */
const wordsOf = (hex: string) =>
  Buffer.from(hex, "hex")
    .reduce<string[]>((words, _, i, b) => {
      if (i % 4 === 0) words.push(`0x${b.readUInt32LE(i).toString(16).padStart(8, "0")}`);
      return words;
    }, [])
    .join(" ");

describe("disasm --isa bifrost", () => {
  const v = shown.get("valid-4242-48")!;

  test("--bytes: the stream's hex bytes run together, as the expected files hold them", async () => {
    expect(await run(v.hex, "--bytes")).toEqual({ status: 0, out: v.text, err: [] });
  });

  test("--bytes --verbose: Mesa's verbose text", async () => {
    expect(await run(v.hex, "--bytes", "--verbose")).toEqual({
      status: 0,
      out: v.text_verbose,
      err: [],
    });
  });

  test("hex words (word 0 first) and --binary read the same stream", async () => {
    expect((await run(wordsOf(v.hex))).out).toBe(v.text);
    expect((await run(Buffer.from(v.hex, "hex"), "--binary")).out).toBe(v.text);
  });

  test("a rejected stream: stderr names the byte offset and kind, exit 1, nothing printed", async () => {
    const bad = rejected.get("rejected-5160-0")!;
    const r = await run(bad.hex, "--bytes");
    expect(r.status).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(new RegExp(`^IN: error\\[clause-stream\\]: byte \\d+: ${bad.kind}: `));
  });

  test("word-listing options are refused for a stream of clauses", async () => {
    const r = await run(v.hex, "--bytes", "--offsets");
    expect(r.status).toBe(2);
    expect(r.err).toEqual([
      "isaforge: error[usage]: --offsets is for ISAs of single instructions; bifrost disassembles a stream of clauses",
    ]);
  });
});

describe("asm --isa bifrost", () => {
  const v = shown.get("valid-4242-106")!;

  test("reads disasm's text and prints the stream a quadword a line, which disasm reads back", async () => {
    const words = await runCommand("asm", v.text!);
    expect(words.status).toBe(0);
    // One quadword: four words (the registers and ports the text leaves open are asm's choice).
    expect(words.out).toMatch(/^(0x[0-9a-f]{8} ){3}0x[0-9a-f]{8}\n$/);
    expect((await run(words.out)).out).toBe(v.text);
    const bytes = await runCommand("asm", v.text!, "--bytes");
    expect(bytes.out).toMatch(/^([0-9a-f]{2} ){15}[0-9a-f]{2}\n$/);
    expect((await run(bytes.out, "--bytes")).out).toBe(v.text);
  });

  test("a line no instruction prints: file:line, exit 1", async () => {
    const r = await runCommand("asm", v.text!.replace("+IADD.v2s16.sat", "+IADD.v2s16.bogus"));
    expect(r.status).toBe(1);
    expect(r.err).toEqual([
      "IN:5: error[asm]: '+IADD.v2s16.bogus t1, r23, t.h00' is no ADD instruction's text",
    ]);
  });
});
