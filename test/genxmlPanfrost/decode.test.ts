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

  test("bad input: located, exit 1; unknown struct, or no --struct for a document without a stream: usage, exit 2", async () => {
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
    const v7 = await runCli(["genxml-decode", "--doc", panfrostDocumentPath("v7")], {
      out: () => undefined,
      err: (l) => unknown.err.push(l),
    });
    expect([v7, unknown.err[1]]).toEqual([
      2,
      `isaforge: error[usage]: ${panfrostDocumentPath("v7")} has descriptors, not a stream of instructions tagged by an opcode to walk: name one with --struct`,
    ]);
  });

  /**
   * A v10 command stream of one instruction per `CS Opcode` value that names a struct
   * (MOVE32: MALI_CS_MOVE32), its bytes a fixed pattern but for the opcode (bits 56–63), then
   * one opcode no struct has.
   */
  function commandStream() {
    const { doc } = readPanfrostFile(v10);
    const structs = loadPanfrostDecoder(doc!).STRUCT_NAMES;
    const opcodes = doc!.items.find((i) => i.kind === "enum" && i.name === "CS Opcode");
    if (opcodes?.kind !== "enum") throw new Error("v10.xml has no CS Opcode enum");
    const instructions = opcodes.values
      .filter((v) => structs.includes(`MALI_CS_${v.name}`))
      .map((v, k) => ({
        struct: `MALI_CS_${v.name}`,
        bytes: Uint8Array.from({ length: 8 }, (_, i) =>
          i === 7 ? v.value : (k * 37 + i * 11) & 0xff,
        ),
      }));
    const unknown = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 0xfe]);
    const stream = Buffer.concat([...instructions.map((i) => i.bytes), unknown]);
    return { instructions, stream: Uint8Array.from(stream) };
  }

  test("walkCommands: a v10 command stream, instruction by instruction, by opcode", () => {
    const decoder = loadPanfrostDecoder(readPanfrostFile(v10).doc!);
    const { instructions, stream } = commandStream();
    // Every value of the enum has its struct (genxml.md §8: v10 adds the CSF command stream).
    expect(instructions.length).toBe(39);
    expect(decoder.walkCommands!(stream).map((c) => [c.offset, c.struct])).toEqual([
      ...instructions.map((i, k) => [8 * k, i.struct]),
      [8 * instructions.length, undefined],
    ]);
    expect(() => decoder.walkCommands!(stream.subarray(0, stream.length - 3))).toThrow(
      new RangeError(
        `5 bytes at offset ${8 * instructions.length} are not a whole instruction (8 bytes)`,
      ),
    );
  });

  test("genxml-decode without --struct walks the stream: each instruction's offset and name, then its fields", async () => {
    const decoder = loadPanfrostDecoder(readPanfrostFile(v10).doc!);
    const { instructions, stream } = commandStream();
    const words = Array.from({ length: stream.length / 4 }, (_, i) =>
      Buffer.from(stream).readUInt32LE(4 * i),
    );
    const walked = await cli([], words.map((w) => w.toString(16)).join("\n"));
    const expected = instructions.flatMap(({ struct, bytes }, k) => [
      `0x${(8 * k).toString(16).padStart(8, "0")}: ${struct.slice("MALI_".length).replace(/_/, " ")}`,
      ...decoder
        .printStruct(struct, bytes)
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => (l.startsWith("XXX") ? l : `  ${l}`)),
    ]);
    expect(walked).toMatchObject({ status: 0, err: [] });
    expect(walked.out).toEqual([
      ...expected,
      `0x${(8 * instructions.length).toString(16).padStart(8, "0")}: unknown opcode 254`,
    ]);
    const truncated = await cli(
      [],
      words
        .slice(0, -1)
        .map((w) => w.toString(16))
        .join(" "),
    );
    expect(truncated).toMatchObject({
      status: 1,
      out: [],
      err: [
        `${truncated.file}: error[truncated]: 4 bytes at offset ${8 * instructions.length} are not a whole instruction (8 bytes)`,
      ],
    });
  });
});
