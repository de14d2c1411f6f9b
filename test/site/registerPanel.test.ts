/**
 * The register panel and the register search of the built site (out/site) in a real Chromium
 * through playwright-core, pages opened from file://: pick a domain and a variant, type an address
 * and a value, and see exactly what the generated register decoder (out/ts/registers/<id>.ts)
 * `lookup` gives, the register's section link, its fields and their boxes; the URL carries the
 * state and a reload (or a link) fills the panel from it; the search finds an etnaviv register, a
 * freedreno register and one of its fields, and their links land on the register's heading.
 * Rebuild out/ first (npx tsx generator/cli.ts build).
 *
 * @needs-upstream mesa etna_viv
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import { pathToFileURL } from "url";
import * as vm from "vm";
import type { Browser, Page } from "playwright-core";
import { compileGeneratedCodec } from "../../generator/emit/manual/loadGeneratedCodec";
import { chooseChromium, launchChromium, openRecordingErrors } from "../helpers/browser";
import { TEST_OUT } from "../helpers/testOutput";

const ROOT = path.join(__dirname, "..", "..");
const SITE = path.join(TEST_OUT, "site");

// Pages of several megabytes on a slow, busy machine (31 s for the slowest test with the machine
// shared by five jest runs).
jest.setTimeout(300_000);

let browser: Browser | undefined;

beforeAll(async () => {
  if (!existsSync(path.join(SITE, "adreno-hw.html")))
    throw new Error(
      `${SITE}/adreno-hw.html is missing: build the site first (npx tsx generator/cli.ts build)`,
    );
  browser = await launchChromium(await chooseChromium());
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

interface DecodedField {
  name: string;
  low: number;
  high: number;
  text: string;
}
interface RegisterModule {
  lookup(address: bigint, value?: bigint, options?: { domain?: string; variant?: string }): string;
  decodeRegister(
    address: bigint,
    value?: bigint,
    options?: { domain?: string; variant?: string },
  ): { register?: string; fields: DecodedField[]; text: string };
}

/** out/ts/registers/<id>.ts as shipped, compiled and loaded here (not the page's script). */
function shippedDecoder(id: string): RegisterModule {
  const file = path.join(TEST_OUT, "ts", "registers", `${id}.ts`);
  const js = compileGeneratedCodec(readFileSync(file, "utf8"), file);
  const module = { exports: {} as Record<string, unknown> };
  vm.runInThisContext(`(function (exports, module) {\n${js}\n})`)(module.exports, module);
  return module.exports as unknown as RegisterModule;
}

async function openPage(file: string, hash = ""): Promise<{ page: Page; errors: string[] }> {
  if (!browser) throw new Error("the browser did not start (see the beforeAll failure)");
  return openRecordingErrors(browser, pathToFileURL(path.join(SITE, file)).href + hash);
}

const text = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((el) => el.textContent ?? "");

/** The page's document, typed with the little these checks use (the tests compile without the DOM). */
interface InPage {
  document: { getElementById(id: string): { textContent: string | null } | null };
}

/** Wait until the panel shows `want` (the panel updates as the page's scripts run). */
const panelShows = (page: Page, want: string) =>
  page.waitForFunction(
    (w) =>
      (globalThis as unknown as InPage).document.getElementById("register-text")?.textContent === w,
    want,
  );

const ADDRESS = 0x8400n;
const VALUE = 0x12345678n;
const OPTIONS = { domain: "A6XX", variant: "A7XX" };
const HASH = "#lookup=A6XX:8400:12345678&variant=A7XX";

/** What the panel shows: its text, link, field rows and field boxes. */
async function panelState(page: Page) {
  return {
    text: await text(page, "register-text"),
    error: await text(page, "register-error"),
    link: await page.locator("#register-link").getAttribute("href"),
    linkHidden: await page.locator("#register-link").isHidden(),
    rows: await page
      .locator("#register-fields tbody tr")
      .evaluateAll((rows) =>
        rows.map((r) =>
          Array.from(r.children as Iterable<{ textContent: string | null }>).map(
            (c) => c.textContent ?? "",
          ),
        ),
      ),
    boxes: await page
      .locator("#register-layout .decoder-box.decoder-field")
      .evaluateAll((boxes) =>
        boxes.map((b) => [
          b.getAttribute("data-field"),
          b.getAttribute("data-bits"),
          b.textContent,
        ]),
      ),
  };
}

test("adreno-hw.html: type an address and a value, see what the generated decoder's lookup gives, linked by the URL", async () => {
  const decoder = shippedDecoder("adreno-hw");
  const expected = decoder.lookup(ADDRESS, VALUE, OPTIONS);
  const decoded = decoder.decodeRegister(ADDRESS, VALUE, OPTIONS);
  expect(expected).toMatch(/^GRAS_2D_BLIT_CNTL => \{ /);

  const { page, errors } = await openPage("adreno-hw.html");
  await page.locator("#register-domain").selectOption("A6XX");
  await page.locator("#register-variant").selectOption("A7XX");
  await page.locator("#register-address").pressSequentially("0x8400");
  // The address alone: lookup's line for the register, without fields.
  expect(await text(page, "register-text")).toBe(decoder.lookup(ADDRESS, undefined, OPTIONS));
  expect(new URL(page.url()).hash).toBe("#lookup=A6XX:8400&variant=A7XX");
  await page.locator("#register-value").pressSequentially("12345678");
  await panelShows(page, expected);
  expect(new URL(page.url()).hash).toBe(HASH);

  const state = await panelState(page);
  expect(state.text).toBe(expected);
  expect(state.error).toBe("");
  // The link names the register's section, which the front page sends on to the register's page
  // (followed in the etnaviv-hw case below), titled with the register's name.
  expect(state.linkHidden).toBe(false);
  expect(state.link).toBe("#a6xx_gras_2d_blit_cntl");
  const registerPage = readFileSync(
    path.join(SITE, "adreno-hw", "a6xx_gras_2d_blit_cntl.html"),
    "utf8",
  );
  expect(/<h1 id="a6xx_gras_2d_blit_cntl">([^<]*)<\/h1>/.exec(registerPage)?.[1]).toBe(
    decoded.register,
  );
  // One row per field: name, bits, the decoded text, highest bit first as the boxes are drawn (the
  // database declares ROTATE, bits 2:0, first); one box per field over the value's bits.
  const bits = (f: DecodedField) => (f.high === f.low ? `${f.high}` : `${f.high}:${f.low}`);
  const inBitOrder = [...decoded.fields].sort((a, b) => b.high - a.high || b.low - a.low);
  expect(decoded.fields[0].name).toBe("ROTATE");
  expect(state.rows[0][0]).toBe("UNK30");
  expect(state.rows).toEqual(inBitOrder.map((f) => [f.name, bits(f), f.text]));
  expect(state.boxes.map(([field, range]) => [field, range]).sort()).toEqual(
    decoded.fields.map((f) => [f.name, bits(f)]).sort(),
  );
  for (const [field, , content] of state.boxes) {
    const f = decoded.fields.find((x) => x.name === field)!;
    const own = ((VALUE >> BigInt(f.low)) & ((1n << BigInt(f.high - f.low + 1)) - 1n))
      .toString(2)
      .padStart(f.high - f.low + 1, "0");
    expect(content).toBe(`${field}${own}`);
  }

  // Reloading keeps the state: the panel is filled from the hash.
  await page.reload();
  await panelShows(page, expected);
  expect(await page.locator("#register-address").inputValue()).toBe("0x8400");
  expect(await page.locator("#register-value").inputValue()).toBe("0x12345678");
  expect(await page.locator("#register-domain").inputValue()).toBe("A6XX");
  expect(await page.locator("#register-variant").inputValue()).toBe("A7XX");
  expect(await panelState(page)).toEqual(state);

  // Bad input: the error, no text; clearing the address clears the panel's state from the URL.
  await page.locator("#register-value").fill("0xzz");
  expect(await text(page, "register-error")).toBe("'0xzz' is not a hexadecimal number");
  expect(await text(page, "register-text")).toBe("");
  await page.locator("#register-value").fill("");
  await page.locator("#register-address").fill("");
  expect(new URL(page.url()).hash).toBe("");
  expect(errors).toEqual([]);
  await page.close();
});

test("a link with the state opens the page with the panel filled, on the other database too", async () => {
  const adreno = shippedDecoder("adreno-hw");
  const { page, errors } = await openPage("adreno-hw.html", HASH);
  await panelShows(page, adreno.lookup(ADDRESS, VALUE, OPTIONS));
  await page.close();

  const etnaviv = shippedDecoder("etnaviv-hw");
  const second = await openPage("etnaviv-hw.html", "#lookup=VIVS:142c:12345678");
  const want = etnaviv.lookup(0x142cn, VALUE, { domain: "VIVS" });
  expect(want).toMatch(/^PE\./);
  await panelShows(second.page, want);
  const link = await second.page.locator("#register-link").getAttribute("href");
  expect(link).toBe(
    `#${etnaviv.decodeRegister(0x142cn, VALUE, { domain: "VIVS" }).register!.toLowerCase()}`,
  );
  // The register's section is a page of its own now: the front page goes on to it.
  await Promise.all([
    second.page.waitForURL(new RegExp(`/etnaviv-hw/${link!.slice(1)}\\.html$`)),
    second.page.locator("#register-link").click(),
  ]);
  expect(await second.page.locator(`h1[id="${link!.slice(1)}"]`).count()).toBe(1);
  expect([...errors, ...second.errors]).toEqual([]);
  await second.page.close();
});

/** Search from `file` for `query`; the first result of `kind` named `name`, then follow it. */
async function searchAndFollow(file: string, query: string, kind: string, name: string) {
  const { page, errors } = await openPage(file);
  await page.getByLabel("Search instructions and registers").fill(query);
  const results = page.locator("#site-search-results a");
  await results.first().waitFor({ state: "visible" });
  const shown = await results.evaluateAll((links) =>
    links.map((a) => ({
      kind: a.querySelector(".site-search-kind")?.textContent ?? "",
      name: a.querySelector(".site-search-name")?.textContent ?? "",
      href: a.getAttribute("href") ?? "",
    })),
  );
  const at = shown.findIndex((r) => r.kind === kind && r.name === name);
  expect({ query, found: at >= 0 }).toEqual({ query, found: true });
  const href = shown[at].href;
  await Promise.all([
    page.waitForURL((url) => url.href.endsWith(`/${href}`)),
    results.nth(at).click(),
  ]);
  // The anchor, or else the page's own heading (a register's page is named by its anchor).
  const url = new URL(page.url());
  const hash = decodeURIComponent(url.hash.slice(1)) || path.basename(url.pathname, ".html");
  const heading = page.locator(`[id="${hash}"]`);
  const result = {
    shown,
    at,
    tag: await heading.evaluate((el) => el.tagName),
    heading: ((await heading.textContent()) ?? "").trim(),
  };
  expect(errors).toEqual([]);
  await page.close();
  return result;
}

test("the search finds an etnaviv register, and a freedreno register and field; their links land on the register", async () => {
  const etnaviv = await searchAndFollow(
    "index.html",
    "VIVS_PE_COLOR_FORMAT",
    "register",
    "VIVS_PE_COLOR_FORMAT",
  );
  // The exact match comes first; its fields follow.
  expect(etnaviv.at).toBe(0);
  expect(etnaviv.shown[0].href).toBe("etnaviv-hw/vivs_pe_color_format.html");
  expect(
    etnaviv.shown.some((r) => r.kind === "field" && r.name.startsWith("VIVS_PE_COLOR_FORMAT.")),
  ).toBe(true);
  expect(etnaviv.tag).toBe("H1");
  expect(etnaviv.heading).toBe("VIVS_PE_COLOR_FORMAT");

  const register = await searchAndFollow(
    "valhall.html",
    "A6XX_GRAS_2D_BLIT_CNTL",
    "register",
    "A6XX_GRAS_2D_BLIT_CNTL",
  );
  expect(register.at).toBe(0);
  expect(register.shown[0].href).toBe("adreno-hw/a6xx_gras_2d_blit_cntl.html");
  expect(register.heading).toBe("A6XX_GRAS_2D_BLIT_CNTL");

  const field = await searchAndFollow(
    "etnaviv-hw.html",
    "A6XX_GRAS_2D_BLIT_CNTL.ROTATE",
    "field",
    "A6XX_GRAS_2D_BLIT_CNTL.ROTATE",
  );
  expect(field.shown[field.at].href).toBe("adreno-hw/a6xx_gras_2d_blit_cntl.html");
  expect(field.heading).toBe("A6XX_GRAS_2D_BLIT_CNTL");
});
