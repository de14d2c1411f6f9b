/**
 * @needs-upstream mesa
 * The generated Panfrost decoders against Mesa's: every decode case of
 * expected/genxml/vectors/panfrost/ (bytes in, the text the generated unpack + print functions
 * wrote out, warnings first) is printed the same by printStruct of the module the build writes
 * (out/ts/genxml/panfrost/vN.ts, read from the test output), which is the one genxml-decode runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { panfrostDecoderModule } from "../../generator/emit/genxmlPanfrost/decoderModule";
import { loadPanfrostDecoder, type PanfrostDecoder } from "../../generator/genxmlPanfrost";
import { loadTestOutputModule, TEST_OUT } from "../helpers/testOutput";
import {
  PANFROST_DOCUMENTS,
  PANFROST_VECTORS as VECTORS,
  panfrostDocumentPath,
  readPanfrostFile,
} from "./corpus";

interface Case {
  struct: string;
  sample: string;
  bytes: Uint8Array;
  expected: string;
}

/** The cases of one document: `.jobs` lines with their `.expected` text, matched by heading. */
function cases(name: string): Case[] {
  const expected = new Map<string, string>();
  const text = readFileSync(path.join(VECTORS, `${name}.expected`), "utf8");
  for (const block of text.split(/^##### /m).slice(1)) {
    const nl = block.indexOf("\n");
    expected.set(block.slice(0, nl), block.slice(nl + 1));
  }
  return readFileSync(path.join(VECTORS, `${name}.jobs`), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((line) => {
      const [struct, sample, hex] = line.split("\t");
      const heading = `${struct}\t${sample}`;
      if (!expected.has(heading)) throw new Error(`${name}.expected has no case ${heading}`);
      return {
        struct,
        sample,
        bytes: Uint8Array.from(Buffer.from(hex, "hex")),
        expected: expected.get(heading)!,
      };
    });
}

describe.each(PANFROST_DOCUMENTS)("%s", (name) => {
  const built = `ts/genxml/panfrost/${name}.ts`;
  let decoder: PanfrostDecoder;
  beforeAll(() => {
    decoder = loadTestOutputModule<PanfrostDecoder>(built);
  });

  test("the built module is the decoder genxml-decode generates for the document", () => {
    const { doc, diagnostics } = readPanfrostFile(panfrostDocumentPath(name));
    expect(diagnostics).toEqual([]);
    expect(readFileSync(path.join(TEST_OUT, built), "utf8")).toBe(
      panfrostDecoderModule(doc!, `${name}.xml`),
    );
  });

  test("printStruct = the generated print functions, on every decode vector", () => {
    const all = cases(name);
    expect(all.length).toBeGreaterThan(0);
    const wrong = all
      .filter((c) => decoder.printStruct(c.struct, c.bytes) !== c.expected)
      .map((c) => `${c.struct} ${c.sample}`);
    expect(wrong).toEqual([]);
    for (const c of all) expect(c.bytes.length).toBe(decoder.structLength(c.struct));
  });
});

describe("decodeStruct and genxml-decode", () => {
  const v10 = panfrostDocumentPath("v10");
  // genxml.md §10.1: v10 CS MOVE32, bytes 98fb51fe1a221351.
  const MOVE32 = Uint8Array.from(Buffer.from("98fb51fe1a221351", "hex"));
  const MOVE32_TEXT = [
    "XXX: Invalid field of CS MOVE32 unpacked at word 1",
    "Immediate: 0xfe51fb98",
    "Destination: 19",
    "Opcode: XXX: INVALID",
  ];

  async function cli(args: string[], input?: string) {
    const out: string[] = [];
    const err: string[] = [];
    let file: string | undefined;
    if (input !== undefined) {
      file = path.join(tmp, `input-${args.length}-${input.length}`);
      writeFileSync(file, input);
    }
    const status = await runCli(["genxml-decode", "--doc", v10, ...args, ...(file ? [file] : [])], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return {
      status,
      out: out
        .join("\n")
        .split("\n")
        .filter((l) => l !== ""),
      err,
      file,
    };
  }

  let tmp: string;
  beforeAll(() => (tmp = mkdtempSync(path.join(tmpdir(), "isaforge-panfrost-decode-"))));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  test("decodeStruct: typed fields, an enum's value with its name (null: none)", () => {
    const decoder = loadPanfrostDecoder(readPanfrostFile(v10).doc!);
    expect(decoder.decodeStruct("MALI_CS_MOVE32", MOVE32)).toEqual({
      struct: "CS MOVE32",
      warnings: [MOVE32_TEXT[0]],
      fields: { Immediate: 0xfe51fb98, Destination: 19, Opcode: { value: 0x51, name: null } },
    });
  });

  test("hex words, by C name or as written", async () => {
    for (const struct of ["MALI_CS_MOVE32", "CS MOVE32"])
      expect(await cli(["--struct", struct], "0xfe51fb98 0x5113221a\n")).toMatchObject({
        status: 0,
        out: MOVE32_TEXT,
        err: [],
      });
  });

  test("--binary: raw bytes; missing bytes read as 0", async () => {
    const bin = path.join(tmp, "move32.bin");
    writeFileSync(bin, MOVE32);
    const out: string[] = [];
    const status = await runCli(
      ["genxml-decode", "--doc", v10, "--struct", "CS MOVE32", "--binary", bin],
      {
        out: (l) => out.push(l),
        err: () => undefined,
      },
    );
    expect({ status, out: out.join("\n").split("\n") }).toEqual({ status: 0, out: MOVE32_TEXT });
    const short = await cli(["--struct", "CS MOVE32"], "fe51fb98");
    expect(short.out).toEqual(["Immediate: 0xfe51fb98", "Destination: 0", "Opcode: NOP"]);
  });

  test("bad input: located, exit 1; unknown struct or no --struct: usage, exit 2", async () => {
    const bad = await cli(["--struct", "CS MOVE32"], "0xfe51fb98\n  0x51zz\n");
    expect(bad).toMatchObject({
      status: 1,
      out: [],
      err: [`${bad.file}:2:3: error[bad-word]: '0x51zz' is not a 32-bit hex word`],
    });
    const long = await cli(["--struct", "CS MOVE32"], "1 2 3");
    expect(long).toMatchObject({
      status: 1,
      err: [
        `${long.file}: error[too-long]: 12 bytes given; CS MOVE32 is 8 bytes (missing bytes read as 0, extra ones are refused)`,
      ],
    });
    const unknown = await cli(["--struct", "CS MOVE33"], "1");
    expect(unknown.status).toBe(2);
    expect(unknown.err[0]).toMatch(
      /^isaforge: error\[usage\]: .*v10\.xml has no struct 'CS MOVE33'/,
    );
    expect((await cli([], "1")).status).toBe(2);
  });
});
