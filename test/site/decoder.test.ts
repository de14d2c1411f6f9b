/**
 * The decoder panel of the built site (out/site) in a real Chromium through playwright-core, pages
 * opened from file://: paste one instruction's words per ISA and see exactly the text `isaforge
 * disasm` prints (the expectation comes from running the CLI's disasm in this test, and a golden
 * line written by hand from test/codecs pins each ISA), type assembly and see `isaforge asm`'s
 * words, bad input gives the CLI's messages and columns, and the URL carries the state. Rebuild
 * out/ first (npx tsx generator/cli.ts build).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { pathToFileURL } from "url";
import * as vm from "vm";
import type { Browser, Page } from "playwright-core";
import { asm, disasm, type DisasmOptions } from "../../generator/disasm";
import { chooseChromium, launchChromium, openRecordingErrors } from "../helpers/browser";
import { generatedCodec, needing } from "../helpers/builtSpecs";
import { TEST_OUT } from "../helpers/testOutput";

const ROOT = path.join(__dirname, "..", "..");
const SITE = path.join(TEST_OUT, "site");

jest.setTimeout(120_000);

let browser: Browser | undefined;
let dir: string;

beforeAll(async () => {
  if (!existsSync(path.join(SITE, "index.html")))
    throw new Error(
      `${SITE}/index.html is missing: build the site first (npx tsx generator/cli.ts build)`,
    );
  dir = mkdtempSync(path.join(tmpdir(), "isaforge-decoder-"));
  browser = await launchChromium(await chooseChromium());
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * What the CLI prints for one input line: its line of standard output and its errors (disasm
 * prints no line for words it cannot read: the error alone, on stderr).
 */
function cli(
  command: "disasm" | "asm",
  line: string,
  options: Omit<DisasmOptions, "isa"> & { isa: string },
): { out: string; err: string[] } {
  const file = path.join(dir, "in.txt");
  writeFileSync(file, `${line}\n`);
  const out: string[] = [];
  const err: string[] = [];
  const log = {
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l.replace(file, "IN")),
  };
  if (command === "disasm") disasm(file, options, log);
  else asm(file, { isa: options.isa }, log);
  expect(out).toHaveLength(command === "disasm" && err.length > 0 ? 0 : 1);
  return { out: out[0] ?? "", err };
}

/** `IN:1:12: error[asm]: message` → the column and the message, as the panel shows them. */
function panelError(cliError: string): string {
  const m = /^IN:1:(\d+): error\[[\w-]+\]: (.*)$/.exec(cliError);
  if (!m) throw new Error(`unexpected CLI error line '${cliError}'`);
  return `column ${m[1]}: ${m[2]}`;
}

/** Open `file` of the site (with `hash`, e.g. `#decode=…`, if given). */
async function openPage(file: string, hash = ""): Promise<{ page: Page; errors: string[] }> {
  if (!browser) throw new Error("the browser did not start (see the beforeAll failure)");
  return openRecordingErrors(browser, pathToFileURL(path.join(SITE, file)).href + hash);
}

/**
 * The page's own `location.hash`: history.replaceState changes it at once, where page.url() learns
 * of it from an event that can come late on a busy machine.
 */
const hashOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash);

const text = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((el) => el.textContent ?? "");

interface Case {
  isa: string;
  words: string;
  bytes?: boolean;
  gpu?: number;
  /** Written by hand in test/codecs from the upstream documents. */
  golden: string;
}

// ir3 across two generations: getlast exists from 600 on; br from 300.
const CASES: Case[] = [
  { isa: "ir3", words: "0x00000004 0x02220000", gpu: 600, golden: "getlast.w8 #4" },
  { isa: "ir3", words: "0x00000004 0x02220000", gpu: 300, golden: "no match: 0222000000000004" },
  { isa: "ir3", words: "0x00000003 0x00900000", gpu: 300, golden: "br !p0.x, #3" },
  {
    isa: "etnaviv",
    // test/codecs/etnaviv.test.ts, "load" (etnaviv.xml's INSTR_LOAD_STORE and #left-shift).
    words: "0x00811032 0x00202d90 0x800001c0 0x00000000",
    golden: "load.skpHp.denorm.local.u32.ls2.pack t1.x___, t2.xxxx, t3.xxxx, void",
  },
  {
    isa: "valhall",
    words: "01 02 00 00 32 c0 a4 00",
    bytes: true,
    golden: "FADD.f32.clamp_m1_1 r0, r1, r2.neg.abs",
  },
  {
    isa: "r500",
    words: "0x00000402 0x00000000 0x12000f00 0x00050000 0x00000000 0x00000000",
    golden:
      "0:CMN_INST   0x00000402:FC    ALU WAIT wmask: NONE omask: NONE\t2:FC_INST    0x12000f00:0x0f 0 JUMP NONE INCR NONE 0 0 5 IGN_UNC\t3:FC_ADDR    0x00050000:BOOL: 0x00, INT: 0x00, JUMP_ADDR: 5, JMP_GLBL: 0",
  },
];

/** The shipped codec, to know what decode gives (fields) independently of the page. */
const codecOf = generatedCodec;

for (const c of CASES)
  needing({ specs: [c.isa] }).describe(
    `${c.isa}: ${c.words}${c.gpu ? ` (gpu ${c.gpu})` : ""}`,
    () => {
      test("the panel shows the CLI's text, a link to the instruction's section, its fields over its bits", async () => {
        const expected = cli("disasm", c.words, {
          isa: c.isa,
          bytes: c.bytes ?? false,
          ...(c.gpu !== undefined ? { gpu: String(c.gpu) } : {}),
        });
        expect(expected.out).toBe(c.golden);
        const { page, errors } = await openPage(`${c.isa}.html`);
        if (c.bytes) await page.locator("#decode-bytes").check();
        if (c.gpu !== undefined) await page.locator("#decode-gpu").selectOption(String(c.gpu));
        await page.getByLabel("Instruction words").fill(c.words);
        expect(await text(page, "decode-text")).toBe(expected.out);
        expect(await text(page, "decode-error")).toBe("");

        const codec = codecOf(c.isa);
        const parsed = codec.parseWords(c.words, c.bytes ?? false);
        const decoded = codec.decode(parsed.words!, c.gpu !== undefined ? { gpu: c.gpu } : {});
        const link = page.locator("#decode-link");
        if (!decoded) {
          expect(await link.isHidden()).toBe(true);
          expect(await page.locator("#decode-fields").isHidden()).toBe(true);
        } else {
          // The link names the instruction and leads to its page, titled with its name.
          expect(await link.textContent()).toContain(decoded.name);
          const href = (await link.getAttribute("href")) ?? "";
          expect(href).toMatch(new RegExp(`^${c.isa}/[^/#]+\\.html$`));
          const target = readFileSync(path.join(SITE, href), "utf8");
          const title = /<h1 id="([^"]*)">([\s\S]*?)<\/h1>/.exec(target);
          expect(title?.[1]).toBe(path.basename(href, ".html"));
          expect(title?.[2]).toContain(decoded.name.replace(/&/g, "&amp;").replace(/</g, "&lt;"));
          // Every field's name and value, highest bit first as the boxes are drawn (the codec lists
          // them as the spec declares them): the rows' bits never rise.
          const rows = await page
            .locator("#decode-fields tbody tr")
            .evaluateAll((trs) =>
              trs.map((tr) => [
                tr.children[0].textContent,
                tr.children[1].textContent,
                tr.children[2].textContent,
              ]),
            );
          expect(rows.map(([k, , v]) => [k, v]).sort()).toEqual(
            Object.entries(decoded.fields)
              .map(([k, v]) => [k, String(v)])
              .sort(),
          );
          const highest = rows.map(([, bits]) => Math.max(...bits!.split(/[:, ]+/).map(Number)));
          highest.forEach((h, i) => i > 0 && expect(h).toBeLessThanOrEqual(highest[i - 1]));
          // Each field has a box over its bits; hovering its row highlights it there.
          const name = Object.keys(decoded.fields)[0];
          const boxes = page.locator(`#decode-layout [data-field="${name}"]`);
          expect(await boxes.count()).toBeGreaterThan(0);
          await page.locator(`#decode-fields tr[data-field="${name}"]`).hover();
          expect(
            await boxes.first().evaluate((el) => el.classList.contains("decoder-highlight")),
          ).toBe(true);
          // The bits shown are the words' bits: every bit of every word in some box, MSB first.
          const words = parsed.words!;
          const boxesShown = await page
            .locator("#decode-layout .decoder-box")
            .evaluateAll((bs) =>
              bs.map((b) => [
                b.getAttribute("data-bits") ?? "",
                b.querySelector(".decoder-box-bits")?.textContent ?? "",
              ]),
            );
          const bits = new Map<number, string>();
          for (const [range, shown] of boxesShown) {
            const [high, low = high] = range.split(":").map(Number);
            expect(shown).toHaveLength(high - low + 1);
            [...shown].forEach((b, i) => {
              expect(bits.get(high - i) ?? b).toBe(b);
              bits.set(high - i, b);
            });
          }
          const expectedBits = words.flatMap((w, k) =>
            Array.from({ length: 32 }, (_, i) => [k * 32 + i, String((w >>> i) & 1)] as const),
          );
          expect(new Map(expectedBits)).toEqual(bits);
        }
        expect(errors).toEqual([]);
        await page.close();
      });
    },
  );

const ASSEMBLY: { isa: string; line: string; words?: string }[] = [
  { isa: "ir3", line: "br !p0.x, #3", words: "0x00000003 0x00900000" },
  { isa: "etnaviv", line: CASES[3].golden, words: CASES[3].words },
  { isa: "valhall", line: "FADD.f32 r0, r1, r2.abs" },
  { isa: "r500", line: CASES[5].golden, words: CASES[5].words },
];

for (const { isa, line, words } of ASSEMBLY)
  needing({ specs: [isa] }).test(`${isa}: assembly '${line}' gives the CLI's words`, async () => {
    const expected = cli("asm", line, { isa });
    if (words) expect(expected.out).toBe(words);
    expect(expected.err).toEqual([]);
    const { page, errors } = await openPage(`${isa}.html`);
    await page.getByLabel("Assembly").fill(line);
    expect(await text(page, "encode-words")).toBe(expected.out);
    expect(await text(page, "encode-error")).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });

needing({ specs: ["ir3"] }).test(
  "an unknown word, words that do not parse and a line that does not assemble give the CLI's messages",
  async () => {
    const { page, errors } = await openPage("ir3.html");
    const unknown = cli("disasm", "0x00000005 0x07000000", { isa: "ir3" });
    expect(unknown.out).toBe("no match: 0700000000000005");
    await page.getByLabel("Instruction words").fill("0x00000005 0x07000000");
    expect(await text(page, "decode-text")).toBe(unknown.out);
    expect(await page.locator("#decode-link").isHidden()).toBe(true);

    const bad = cli("disasm", "0x1 0xZZ", { isa: "ir3" });
    expect(bad.out).toBe("");
    await page.getByLabel("Instruction words").fill("0x1 0xZZ");
    expect(await text(page, "decode-text")).toBe("invalid: '0xZZ' is not a 32-bit word in hex");
    expect(await text(page, "decode-error")).toBe(panelError(bad.err[0]));
    expect(await text(page, "decode-error")).toBe("column 5: '0xZZ' is not a 32-bit word in hex");

    // asm prints the line as a comment, `# invalid: …`, for its output to pipe into disasm.
    const notAsm = cli("asm", "br !p0.x, #", { isa: "ir3" });
    expect(notAsm.out).toMatch(/^# invalid: /);
    expect(notAsm.err).toHaveLength(1);
    await page.getByLabel("Assembly").fill("br !p0.x, #");
    expect(await text(page, "encode-words")).toBe(notAsm.out.replace(/^# /, ""));
    expect(await text(page, "encode-error")).toBe(panelError(notAsm.err[0]));
    expect(await text(page, "encode-error")).toMatch(/^column 12: /);
    expect(errors).toEqual([]);
    await page.close();
  },
);

needing({ specs: ["ir3"] }).test(
  "the URL keeps the words, the generation and the bytes toggle, and a page opened from it shows the same",
  async () => {
    const { page, errors } = await openPage("ir3.html");
    await page.locator("#decode-gpu").selectOption("600");
    await page.getByLabel("Instruction words").fill("0x00000004 0x02220000");
    expect(await hashOf(page)).toBe("#decode=0x00000004,0x02220000&gpu=600");
    await page.locator("#decode-gpu").selectOption("300");
    expect(await hashOf(page)).toBe("#decode=0x00000004,0x02220000&gpu=300");
    await page.locator("#decode-bytes").check();
    expect(await page.getByLabel("Instruction words").inputValue()).toBe("04 00 00 00 00 00 22 02");
    const saved = await hashOf(page);
    expect(saved).toBe("#decode=0x00000004,0x02220000&gpu=300&bytes");
    await page.close();

    for (const [hash, gpu, bytes, input, shown] of [
      [saved, "300", true, "04 00 00 00 00 00 22 02", "no match: 0222000000000004"],
      [
        "#decode=0x00000004,0x02220000&gpu=600",
        "600",
        false,
        "0x00000004 0x02220000",
        "getlast.w8 #4",
      ],
    ] as const) {
      const opened = await openPage("ir3.html", hash);
      const p = opened.page;
      expect(await p.locator("#decode-gpu").inputValue()).toBe(gpu);
      expect(await p.locator("#decode-bytes").isChecked()).toBe(bytes);
      expect(await p.getByLabel("Instruction words").inputValue()).toBe(input);
      expect(await text(p, "decode-text")).toBe(shown);
      expect(await hashOf(p)).toBe(hash);
      expect(opened.errors).toEqual([]);
      await p.close();
    }
    expect(errors).toEqual([]);
  },
);

needing({ specs: ["ir3"] }).test(
  "a section anchor stays in the URL until words are decoded; clearing the words clears the state",
  async () => {
    const { page, errors } = await openPage("ir3.html", "#overview");
    await page.locator("#decode-gpu").selectOption("300");
    expect(await hashOf(page)).toBe("#overview");
    await page.getByLabel("Instruction words").fill("0x00000003 0x00900000");
    expect(await hashOf(page)).toBe("#decode=0x00000003,0x00900000&gpu=300");
    await page.getByLabel("Instruction words").fill("");
    expect(await hashOf(page)).toBe("");
    expect(await text(page, "decode-text")).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  },
);

needing({ specs: ["ir3"] }).test(
  "assembled words link to their decoding through the URL",
  async () => {
    const { page, errors } = await openPage("ir3.html");
    await page.locator("#decode-gpu").selectOption("600");
    await page.getByLabel("Assembly").fill("getlast.w8 #4");
    const link = page.locator("#encode-decode");
    expect(await link.getAttribute("href")).toBe("#decode=0x00000004,0x02220000&gpu=600");
    await link.click();
    await page.waitForFunction(() =>
      (globalThis as unknown as { location: { hash: string } }).location.hash.startsWith(
        "#decode=",
      ),
    );
    expect(await page.getByLabel("Instruction words").inputValue()).toBe("0x00000004 0x02220000");
    expect(await text(page, "decode-text")).toBe("getlast.w8 #4");
    await page.getByLabel("Assembly").fill("getlast.w8 #");
    expect(await link.isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  },
);

for (const isa of ["ir3", "etnaviv", "etnaviv-isa", "ir3-cat0", "valhall", "r500"])
  needing({ specs: [isa] }).test(
    `${isa}: the codec script, run as a classic script, decodes as the shipped codec does (1000 seeded words)`,
    () => {
      {
        const script = readFileSync(path.join(SITE, `${isa}-codec.js`), "utf8");
        // A classic script: no module syntax, nothing loaded at run time.
        expect(script).not.toMatch(/^\s*(import|export)\b|\brequire\(|\bimport\s*\(/m);
        const window: { isaforgeDecoders?: Record<string, { codec: ReturnType<typeof codecOf> }> } =
          {};
        vm.runInNewContext(script, { window });
        const page = window.isaforgeDecoders![isa].codec;
        const shipped = codecOf(isa);
        let seed = 1;
        const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);
        for (let i = 0; i < 1000; i++) {
          const words = Array.from({ length: shipped.ISA.wordCount }, next);
          expect(page.disassemble(words)).toBe(shipped.disassemble(words));
        }
      }
    },
  );

needing({ specs: ["bifrost"], trees: ["mesa"] }).test(
  "bifrost: the clause panel prints disasm's text, decodes each clause with links to its instructions, assembles its text back, and shows a rejected stream's error",
  async () => {
    // bifrost-clauses.md §11.1: one quadword, one tuple.
    const words = "0x35d5374d 0x2eaa2533 0x3107b569 0x5afee31d";
    const file = path.join(dir, "stream.txt");
    writeFileSync(file, `${words}\n`);
    const out: string[] = [];
    disasm(file, { isa: "bifrost" }, { out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(out.join("\n")).toContain("*FCMP.f32.gtlt.f1 r21:t0.h0");

    const { page, errors } = await openPage("bifrost.html");
    await page.getByLabel("Clause stream").fill(words);
    // The CLI prints the text without its last line feed.
    expect(await text(page, "clause-text")).toBe(`${out.join("\n")}\n`);
    expect(await text(page, "clause-error")).toBe("");
    const rows = await page
      .locator("#clause-decoded tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows).toEqual([["0", "0x53335d537", "0x25d544", "*FCMP.f32", "0xbed5a", "+IADD.v2s16"]]);
    const href = (await page.locator("#clause-decoded a").first().getAttribute("href")) ?? "";
    const target = readFileSync(path.join(SITE, href.split("#")[0]), "utf8");
    expect(/<h1 id="[^"]*">([\s\S]*?)<\/h1>/.exec(target)?.[1]).toContain("*FCMP.f32");

    // The text assembles to words that print it again.
    await page.getByLabel("Assembly (the plain text above)").fill(await text(page, "clause-text"));
    const assembled = await text(page, "clause-asm-words");
    expect(assembled).toMatch(/^(0x[0-9a-f]{8} ){3}0x[0-9a-f]{8}$/);
    const before = await text(page, "clause-text");
    await page.getByLabel("Clause stream").fill(assembled);
    expect(await text(page, "clause-text")).toBe(before);

    // A clause cut short: the codec's error, with its byte offset and kind.
    await page.getByLabel("Clause stream").fill("0x8bf5d80c 0x92a9cc4d 0xfd056f81 0x4a032b11");
    expect(await text(page, "clause-error")).toMatch(/^byte 16: truncated: /);
    expect(await text(page, "clause-text")).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  },
);
