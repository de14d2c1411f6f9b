/**
 * The genxml panels of the built site's intel-genxml.html and panfrost-genxml.html in a real
 * Chromium (playwright-core), opened from file://: a decode linked by the URL fills the panel with
 * the text, section link and field rows; choosing another gen loads its table script and decodes
 * with it; an empty name walks the dwords as a batch; the URL follows the panel.
 * @needs-upstream mesa
 */
import * as path from "path";
import type { Page } from "playwright-core";
import { siteBrowser } from "../helpers/browser";
import { TEST_OUT } from "../helpers/testOutput";

jest.setTimeout(120_000);

const browser = siteBrowser(path.join(TEST_OUT, "site"));

/** The page's document, typed with the little these checks use (the tests compile without the DOM). */
interface InPage {
  document: { getElementById(id: string): { textContent: string | null } | null };
}

const panelShowsLine = (page: Page, line: string) =>
  page.waitForFunction(
    (l) =>
      ((globalThis as unknown as InPage).document.getElementById("genxml-text")?.textContent ?? "")
        .split("\n")
        .includes(l),
    line,
  );

const rows = (page: Page) =>
  page
    .locator("#genxml-fields tbody tr")
    .evaluateAll((trs) =>
      trs.map((r) =>
        Array.from(r.children as Iterable<{ textContent: string | null }>).map(
          (c) => c.textContent ?? "",
        ),
      ),
    );

test("a linked decode, another gen's table loaded on demand, a batch walked", async () => {
  const { page, errors } = await browser.open(
    "intel-genxml.html#genxml=gen20:MI_STORE_DATA_IMM:10118c02,9a48ed53,771e4179,98459b99",
  );
  // intel_print_group's text for the first dword (genxml.md §7.8's example).
  await panelShowsLine(page, "0x00000000:  0x10118c02 : Dword 0");
  expect(await page.locator("#genxml-gen").inputValue()).toBe("gen20");
  expect(await page.locator("#genxml-link").getAttribute("href")).toBe("#mi_store_data_imm");
  expect((await rows(page)).find((r) => r[0] === "DWord Length")).toEqual([
    "DWord Length",
    "9:0",
    "2",
  ]);

  // gen4's table is not loaded with the page: choosing gen4 loads it; gen4 has no 3DSTATE_VS.
  await page.locator("#genxml-gen").selectOption("gen4");
  await page.locator("#genxml-name").fill("3DSTATE_VS");
  await page.waitForFunction(
    () =>
      ((globalThis as unknown as InPage).document.getElementById("genxml-error")?.textContent ??
        "") !== "",
  );
  expect(await page.locator("#genxml-error").textContent()).toBe(
    "gen 4 has no command, structure or register '3DSTATE_VS'",
  );
  await page.locator("#genxml-name").fill("");
  // gen4's MI_STORE_DATA_IMM: a batch line names the command at its offset.
  await panelShowsLine(page, "0x00000000:  0x10118c02:  MI_STORE_DATA_IMM");
  expect(await page.locator("#genxml-fields").isHidden()).toBe(true);
  expect(page.url()).toMatch(/#genxml=gen4::10118c02,9a48ed53,771e4179,98459b99$/);
  expect(errors).toEqual([]);
});

test("panfrost-genxml.html: a linked decode of one descriptor", async () => {
  const { page, errors } = await browser.open(
    "panfrost-genxml.html#genxml=v10:MALI_CS_MOVE32:fe51fb98,5113221a",
  );
  // genxml.md §10.1's example, as the generated print function prints it.
  await panelShowsLine(page, "Destination: 19");
  expect(await page.locator("#genxml-text").textContent()).toBe(
    "XXX: Invalid field of CS MOVE32 unpacked at word 1\nImmediate: 0xfe51fb98\nDestination: 19\nOpcode: XXX: INVALID\n",
  );
  expect(await page.locator("#genxml-link").getAttribute("href")).toBe("#cs-move32");
  expect(errors).toEqual([]);
});
