/**
 * What makes the built site (out/site) readable in a real Chromium, pages opened from file://:
 * the panels' field names fit their boxes or are elided (never broken), a bit row cut by its column
 * fades where more of it is, field lists run highest bit first as the diagrams do, the decoder
 * panel opens with a real instruction decoded, "Extends" names abstract encodings readably with
 * links that arrive, and no panel offers a GPU list without a choice in it. Rebuild out/ first.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import type { Page } from "playwright-core";
import { disasm } from "../../generator/disasm";
import { siteBrowser } from "../helpers/browser";
import { TEST_OUT } from "../helpers/testOutput";
import { builtSpecs, CODEC_SPECS, needing } from "../helpers/builtSpecs";

const SITE = path.join(TEST_OUT, "site");
/** Pages open at 1280 × 900 (openRecordingErrors) unless a test says otherwise. */
const PHONE = { width: 390, height: 844 };
/** The front pages with a decoder panel, by their ISA. */
const DECODER_ISAS = CODEC_SPECS;

jest.setTimeout(180_000);

const { open } = siteBrowser(SITE);

/** What `isaforge disasm` prints for one line of words. */
function cliDisasm(isa: string, words: string, gpu?: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-legibility-"));
  const file = path.join(dir, "in.txt");
  writeFileSync(file, `${words}\n`);
  const out: string[] = [];
  try {
    const options = { isa, bytes: false, ...(gpu !== undefined ? { gpu: String(gpu) } : {}) };
    disasm(file, options, { out: (l: string) => out.push(l), err: () => {} });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(out).toHaveLength(1);
  return out[0];
}

/** `31:30` or `7` (or `97:92, 5:3`) → its highest bit. */
const highestOf = (bits: string) =>
  Math.max(
    ...bits
      .split(/[:,\s]+/)
      .filter(Boolean)
      .map(Number),
  );

/** Whether the numbers never rise. */
const neverRising = (list: number[]) => list.every((n, i) => i === 0 || n <= list[i - 1]);

/** Each field box's label: its text, whether it is on one line, whether it is elided, the box's title. */
async function boxLabels(page: Page, panel: string) {
  return page.locator(`${panel} .decoder-box-label`).evaluateAll((labels) =>
    labels
      .filter((l) => (l.textContent ?? "") !== "")
      .map((l) => {
        const { getComputedStyle } = globalThis as unknown as {
          getComputedStyle(e: unknown): { textOverflow: string; lineHeight: string };
        };
        const style = getComputedStyle(l);
        const box = l.getBoundingClientRect();
        return {
          text: l.textContent ?? "",
          lines: Math.round(box.height / parseFloat(style.lineHeight)),
          elided: l.scrollWidth > l.clientWidth,
          ellipsis: style.textOverflow === "ellipsis",
          title: l.parentElement?.getAttribute("title") ?? "",
        };
      }),
  );
}

needing({ trees: ["mesa"] }).test(
  "the panels' field names fit their boxes or are elided with an ellipsis, never broken, the full name in the box's title",
  async () => {
    const panels = [
      ["ir3.html", "#decode-layout"],
      ["adreno-hw.html#lookup=A6XX:8400:12345678&variant=A7XX", "#register-layout"],
    ];
    for (const [file, panel] of panels) {
      const { page, errors } = await open(file);
      await page.locator(`${panel} .decoder-box`).first().waitFor();
      const labels = await boxLabels(page, panel);
      expect(labels.length).toBeGreaterThan(5);
      // One-bit boxes with names of three letters or more (ir3's SRC1_R, adreno's RASTER_MODE) are
      // elided: there were "LAS/T" and "DST/_RE/L" before.
      expect({ file, elided: labels.some((l) => l.elided) }).toEqual({ file, elided: true });
      for (const l of labels) {
        expect({ file, label: l.text, lines: l.lines }).toEqual({ file, label: l.text, lines: 1 });
        if (l.elided)
          expect({ label: l.text, ellipsis: l.ellipsis }).toEqual({
            label: l.text,
            ellipsis: true,
          });
        expect(l.title.startsWith(`${l.text} (bits `)).toBe(true);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  },
);

/** Per scrolling bit row: whether it overflows, and its fades' widths at the start and the end. */
async function fades(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((rows) =>
    rows.map((row) => {
      const { getComputedStyle } = globalThis as unknown as {
        getComputedStyle(e: unknown): {
          getPropertyValue(p: string): string;
          maskImage: string;
        };
      };
      const style = getComputedStyle(row);
      return {
        overflows: row.scrollWidth > row.clientWidth,
        start: parseFloat(style.getPropertyValue("--fade-start")),
        end: parseFloat(style.getPropertyValue("--fade-end")),
        mask: style.maskImage,
      };
    }),
  );
}

const nextFrame = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        (
          globalThis as unknown as { requestAnimationFrame(f: () => void): void }
        ).requestAnimationFrame(() => resolve()),
      ),
  );

needing({ trees: ["mesa"] }).test(
  "a bit row cut by its column fades out where more of it is; a row that fits does not fade",
  async () => {
    const cases = [
      ["ir3.html", ".decoder-bits"],
      ["adreno-hw.html#lookup=A6XX:8400:12345678&variant=A7XX", ".decoder-bits"],
      ["r500/us_fc_inst.html", "table.bit-layout"],
    ];
    for (const [file, rows] of cases) {
      // On a phone the rows overflow: the far edge fades, the near one not; scrolled to the end, the
      // other way round.
      const { page, errors } = await open(file, PHONE);
      await page.locator(rows).first().waitFor();
      const before = await fades(page, rows);
      expect(before.length).toBeGreaterThan(0);
      for (const f of before) {
        expect({ file, ...f, mask: undefined }).toEqual({
          file,
          overflows: true,
          start: 0,
          end: expect.any(Number),
          mask: undefined,
        });
        expect(f.end).toBeGreaterThanOrEqual(16);
        expect(f.mask).toContain("linear-gradient");
      }
      await page
        .locator(rows)
        .evaluateAll((els) => els.forEach((e) => (e.scrollLeft = e.scrollWidth)));
      await nextFrame(page);
      await nextFrame(page);
      for (const f of await fades(page, rows)) {
        expect(f.start).toBeGreaterThanOrEqual(16);
        expect(f.end).toBe(0);
      }
      expect(errors).toEqual([]);
      await page.close();

      // At 1280 px the same rows fit, whole and unfaded.
      const wide = await open(file);
      await wide.page.locator(rows).first().waitFor();
      for (const f of await fades(wide.page, rows))
        expect({ file, overflows: f.overflows, start: f.start, end: f.end }).toEqual({
          file,
          overflows: false,
          start: 0,
          end: 0,
        });
      await wide.page.close();
    }
  },
);

/** The "Bits" column of each table of the page that has one beside a "Field" column. */
async function bitColumns(page: Page, tables: string): Promise<string[][]> {
  return page.locator(tables).evaluateAll((list) =>
    list.flatMap((table) => {
      const heads = Array.from(
        table.querySelectorAll("thead th") as Iterable<{ textContent: string | null }>,
      ).map((th) => (th.textContent ?? "").trim());
      const bits = heads.indexOf("Bits");
      if (bits < 0 || !heads.includes("Field")) return [];
      return [
        Array.from(
          table.querySelectorAll("tbody tr") as Iterable<{
            children: ArrayLike<{ textContent: string | null }>;
          }>,
        ).map((tr) => tr.children[bits]?.textContent ?? ""),
      ];
    }),
  );
}

needing({ trees: ["mesa", "etna_viv"] }).test(
  "field lists run highest bit first, as the bit diagrams above them: panels and manual pages",
  async () => {
    const cases: [string, string, number][] = [
      ["ir3.html", "#decode-fields", 1],
      ["adreno-hw.html#lookup=A6XX:8400:12345678&variant=A7XX", "#register-fields", 1],
      // getlast's own W (54:52) came after SY (60) when listed as the spec declares them.
      ["ir3/getlast.html", "main .md-table", 1],
      ["ir3/format-1.html", "main .md-table", 1],
      // adreno declares ROTATE (2:0) first.
      ["adreno-hw/a6xx_gras_2d_blit_cntl.html", "main .md-table", 1],
      ["etnaviv-hw/vivs_pe_color_format.html", "main .md-table", 1],
    ];
    for (const [file, tables, count] of cases) {
      const { page, errors } = await open(file);
      await page.locator(tables).first().waitFor({ state: "attached" });
      if (file.includes("#") || !file.includes("/"))
        await page.locator(`${tables} tbody tr`).first().waitFor();
      const columns = await bitColumns(page, tables);
      expect({ file, tables: columns.length >= count }).toEqual({ file, tables: true });
      for (const bits of columns) {
        expect(bits.length).toBeGreaterThan(1);
        const highest = bits.map(highestOf);
        expect({ file, bits, inOrder: neverRising(highest) }).toEqual({
          file,
          bits,
          inOrder: true,
        });
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  },
);

test("each decoder panel opens with its manual's example of a real instruction, decoded as `isaforge disasm` does", async () => {
  // The panels this run's upstream trees build.
  for (const isa of builtSpecs(DECODER_ISAS)) {
    const { page, errors } = await open(`${isa}.html`);
    const words = await page.locator("#decode-words").inputValue();
    expect(words).toMatch(/^0x[0-9a-f]{8}( 0x[0-9a-f]{8})*$/);
    const named = (await page.locator("#decode-example code").textContent()) ?? "";
    // The link the panel draws names the instruction the note names, and leads to its page…
    await page.locator("#decode-link").waitFor();
    const link = page.locator("#decode-link");
    expect(await link.textContent()).toBe(`${named}: its page in this manual`);
    const href = (await link.getAttribute("href")) ?? "";
    // …whose own link to the decoder carries the same words (and the generation of its example).
    const target = readFileSync(path.join(SITE, href), "utf8");
    const decode =
      /<p class="page-decode"><a href="[^"#]*#decode=([^"&]*)(?:&amp;gpu=(\d+))?"/.exec(target);
    expect({ isa, href, example: decode !== null }).toEqual({ isa, href, example: true });
    expect(decode![1].split(",").join(" ")).toBe(words);
    const gpu = decode![2] === undefined ? undefined : Number(decode![2]);
    if (gpu !== undefined) expect(await page.locator("#decode-gpu").inputValue()).toBe(String(gpu));
    const shown = await page.locator("#decode-text").textContent();
    expect({ isa, shown }).toEqual({ isa, shown: cliDisasm(isa, words, gpu) });
    expect(shown).not.toMatch(/^(no match|invalid)/);
    expect(await page.locator("#decode-fields tbody tr").count()).toBeGreaterThan(0);
    // The example is the page's, not the reader's: the URL keeps none of it.
    expect(new URL(page.url()).hash).toBe("");
    // Typed words replace it, and the note about the example goes.
    await page.getByLabel("Instruction words").fill("0x0");
    expect(await page.locator("#decode-example").isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }
});

needing({ trees: ["mesa"] }).test(
  "no GPU list without a choice: etnaviv's panel has none, ir3's lists its generations",
  async () => {
    const etnaviv = await open("etnaviv.html");
    expect(await etnaviv.page.locator("#decode-words").count()).toBe(1);
    expect(await etnaviv.page.locator("#decode-gpu").count()).toBe(0);
    expect(await etnaviv.page.getByText("GPU", { exact: true }).count()).toBe(0);
    expect(etnaviv.errors).toEqual([]);
    await etnaviv.page.close();

    const ir3 = await open("ir3.html");
    const options = await ir3.page.locator("#decode-gpu option").allTextContents();
    expect(options).toEqual(expect.arrayContaining(["300", "600", "700"]));
    expect(ir3.errors).toEqual([]);
    await ir3.page.close();
  },
);

/** Every "Extends" item of an instruction page: its text and its links (href, text). */
async function extendsItems(page: Page) {
  return page.locator("main li").evaluateAll((items) =>
    items
      .filter((li) => (li.textContent ?? "").startsWith("Extends "))
      .map((li) => ({
        text: li.textContent ?? "",
        links: Array.from(
          li.querySelectorAll("a") as Iterable<{
            getAttribute(n: string): string | null;
            textContent: string | null;
          }>,
        ).map((a) => ({
          href: a.getAttribute("href") ?? "",
          text: a.textContent ?? "",
        })),
      })),
  );
}

needing({ trees: ["mesa"] }).test(
  "Extends names the abstract encodings readably, and each of its links arrives at that encoding's heading",
  async () => {
    const model = JSON.parse(readFileSync(path.join(TEST_OUT, "json", "ir3.json"), "utf8")) as {
      instructions: { name: string; extends?: string[] }[];
    };
    // absneg.f's nearest encoding (#instruction-cat2-1src) has no section; its others have.
    for (const [name, file] of [
      ["absneg.f", "ir3/absnegf.html"],
      ["getlast", "ir3/getlast.html"],
      ["mov-immed", "ir3/mov-immed.html"],
    ]) {
      const chain = model.instructions.find((i) => i.name === name)!.extends!;
      expect(chain.length).toBeGreaterThan(1);
      const { page, errors } = await open(file);
      const items = await extendsItems(page);
      expect(items).toHaveLength(1);
      const [item] = items;
      expect(item.text).toBe(`Extends ${chain.map((e) => e.replace(/^#/, "")).join(" → ")}`);
      expect(item.text).not.toContain("#");
      expect(item.links.length).toBeGreaterThan(0);
      for (const link of item.links) {
        expect(chain).toContain(`#${link.text}`);
        await Promise.all([
          page.waitForURL((u) => u.href.includes(link.href.replace(/^(\.\.\/)+/, ""))),
          page.locator(`main li a[href="${link.href}"]`).click(),
        ]);
        const url = new URL(page.url());
        const id = decodeURIComponent(url.hash.slice(1)) || path.basename(url.pathname, ".html");
        const heading = page.locator(`[id="${id}"]`);
        expect(await heading.count()).toBe(1);
        expect(await heading.textContent()).toContain(link.text);
        await page.goBack();
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  },
);

needing({ trees: ["mesa"] }).test(
  "every Extends of the ISA manuals' pages names its encodings without `#` and links only to existing headings",
  () => {
    let checked = 0;
    for (const isa of DECODER_ISAS) {
      const dirPath = path.join(SITE, isa);
      if (!existsSync(dirPath)) continue;
      const ids = new Map<string, Set<string>>();
      const idsOf = (file: string) => {
        if (!ids.has(file))
          ids.set(
            file,
            new Set(
              [...readFileSync(path.join(SITE, file), "utf8").matchAll(/\sid="([^"]*)"/g)].map(
                (m) => m[1],
              ),
            ),
          );
        return ids.get(file)!;
      };
      for (const f of readdirSync(dirPath)) {
        const html = readFileSync(path.join(dirPath, f), "utf8");
        for (const m of html.matchAll(/<li>Extends (.*?)<\/li>/g)) {
          expect({
            page: `${isa}/${f}`,
            item: m[1],
            hash: m[1].replace(/href="[^"]*"/g, "").includes("#"),
          }).toEqual({ page: `${isa}/${f}`, item: m[1], hash: false });
          for (const [, href] of m[1].matchAll(/href="([^"]*)"/g)) {
            const [file, anchor] = href.split("#");
            const target = path.posix.normalize(`${isa}/${file || f}`);
            const id = anchor ?? path.basename(target, ".html");
            expect({ href, found: idsOf(target).has(id) }).toEqual({ href, found: true });
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  },
);
