/**
 * The built site (the test build) against the shipped models: its pages, links, navigation and search index, checked
 * against the models and against the HTML itself (every internal link lands on an element id).
 */
import * as path from "path";
import * as vm from "vm";
import { shippedModels } from "../helpers/shippedModels";
import { builtSpecs } from "../helpers/builtSpecs";
import { builtFiles } from "../helpers/builtSite";

const { models } = shippedModels();
const site = builtFiles("site");

const pageFiles = () =>
  site.paths.filter((f) => f.endsWith(".html")).map((f) => f.slice("site/".length));
const html = (page: string) => {
  const text = site.get(`site/${page}`);
  if (text === undefined) throw new Error(`no page site/${page}`);
  return text;
};

// The pages are markdown-it's and the template's output: attributes always double-quoted, and a
// double quote inside text or code is written &quot;, so these patterns see attributes only.
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
const attributes = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`\\s${name}="([^"]*)"`, "g"))].map((m) => decode(m[1]));
const ids = new Map<string, string[]>();
const idsOf = (page: string) => {
  if (!ids.has(page)) ids.set(page, attributes(html(page), "id"));
  return ids.get(page)!;
};
const idSets = new Map<string, Set<string>>();
const idSet = (page: string) => {
  if (!idSets.has(page)) idSets.set(page, new Set(idsOf(page)));
  return idSets.get(page)!;
};
const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start);
  if (from < 0) throw new Error(`'${start}' not found`);
  return text.slice(from, text.indexOf(end, from));
};
/** A link of `page` as a path within the site (pages of a manual sit in its directory). */
const resolve = (page: string, href: string) =>
  path.posix.normalize(path.posix.join(path.posix.dirname(page), href));
const navPages = (page: string) =>
  attributes(between(html(page), 'aria-labelledby="site-nav-pages"', "</nav>"), "href").map((h) =>
    resolve(page, h),
  );
/** The front page of the manual a page belongs to. */
const frontOf = (page: string) =>
  page.includes("/") ? `${page.slice(0, page.indexOf("/"))}.html` : page;

test("a front page per ISA manual plus index.html, pages of its sections in its directory, a stylesheet, the two search scripts, the decoder and a codec script per ISA with instructions, the register panel and two scripts per register database", () => {
  const expected = ["index.html", ...models.map((m) => `${m.isa.id}.html`)].sort();
  expect(
    pageFiles()
      .filter((p) => !p.includes("/"))
      .sort(),
  ).toEqual(expected);
  const ids = new Set(models.map((m) => m.isa.id));
  for (const p of pageFiles().filter((p) => p.includes("/")))
    expect(ids.has(p.split("/")[0])).toBe(true);
  const codecs = models
    .filter((m) => m.instructions.length > 0)
    .map((m) => `site/${m.isa.id}-codec.js`);
  expect(codecs.length).toBeGreaterThanOrEqual(4);
  // A clause ISA's codec (Bifrost's, where the mesa tree is) and the clause panel's script.
  const clauseCodecs = models
    .filter((m) => m.clauseIsa?.clauseFormat !== undefined)
    .map((m) => `site/${m.isa.id}-codec.js`);
  const registers = models
    .filter((m) => (m.registerDatabases ?? []).length > 0)
    .flatMap((m) => [`site/${m.isa.id}-registers.js`, `site/${m.isa.id}-register-table.js`]);
  // adreno-hw and etnaviv-hw where their trees are, and nv-hw where its spec and the envytools
  // tree are.
  const databases = builtSpecs(["adreno-hw", "etnaviv-hw", "nv-hw"]).length;
  expect(registers.length).toBe(2 * databases);
  // Each manual cut into pages has the map of its old anchors (a manual of one page has none).
  const anchors = models
    .filter((m) => pageFiles().some((p) => p.startsWith(`${m.isa.id}/`)))
    .map((m) => `site/${m.isa.id}-anchors.js`);
  // The genxml panel's script and one script per document: each Intel gen's table, each Panfrost
  // document's decoder where it has descriptors to decode.
  const genxml = models.flatMap((m) =>
    (m.genxml ?? [])
      .filter(
        (d) =>
          d.dialect === "intel" || d.items.some((i) => i.kind === "struct" && !i.noDirectPacking),
      )
      .map((d) => `site/${m.isa.id}-genxml-${path.posix.basename(d.file, ".xml")}.js`),
  );
  expect(site.paths.filter((p) => !p.endsWith(".html")).sort()).toEqual(
    [
      "site/decoder.js",
      ...(genxml.length > 0 ? ["site/genxml.js", ...genxml] : []),
      ...(clauseCodecs.length > 0 ? ["site/clause-decoder.js"] : []),
      ...clauseCodecs,
      // The register panel's script, where there is a register database.
      ...(databases > 0 ? ["site/registers.js"] : []),
      "site/search-index.js",
      "site/search.js",
      "site/style.css",
      ...codecs,
      ...registers,
      ...anchors,
    ].sort(),
  );
});

test("every ISA page with instructions, and only those, has the decoder panel and loads its codec as classic scripts", () => {
  for (const m of models) {
    const page = html(`${m.isa.id}.html`);
    const scripts = attributes(page, "src").filter((s) => s.endsWith(".js"));
    if (m.instructions.length === 0) {
      expect(page).not.toContain('id="decoder-panel"');
      // Register databases load the register panel's scripts instead (test/site/registers.test.ts),
      // clause ISAs the clause panel's (below).
      expect(scripts.slice(0, 2)).toEqual(["search-index.js", "search.js"]);
      expect(scripts.includes("registers.js")).toBe((m.registerDatabases ?? []).length > 0);
      continue;
    }
    for (const id of [
      "decode-words",
      "decode-bytes",
      "decode-text",
      "decode-link",
      "decode-fields",
      "encode-text",
      "encode-words",
      "encode-error",
    ])
      expect({ page: m.isa.id, id, found: idSet(`${m.isa.id}.html`).has(id) }).toEqual({
        page: m.isa.id,
        id,
        found: true,
      });
    // A generation selector exactly where the generations make a choice: where instructions'
    // ranges start or end at two generations or more (ir3's do; every etnaviv instruction exists
    // from generation 0 on, and a list whose only entry is 0 chose nothing).
    const boundaries = new Set(
      m.instructions.flatMap((i) =>
        i.gen === undefined ? [] : [i.gen.min, ...(i.gen.max < 0xffffffff ? [i.gen.max + 1] : [])],
      ),
    );
    expect({ page: m.isa.id, gpu: idSet(`${m.isa.id}.html`).has("decode-gpu") }).toEqual({
      page: m.isa.id,
      gpu: boundaries.size > 1,
    });
    if (m.isa.id === "etnaviv") expect(boundaries).toEqual(new Set([0]));
    expect(scripts).toEqual(["search-index.js", "search.js", `${m.isa.id}-codec.js`, "decoder.js"]);
    // Classic scripts, nothing fetched from elsewhere: file:// pages cannot load modules.
    expect(page).not.toMatch(/type="module"|src="(https?:)?\/\//);
    // The panel follows the title, before the manual's first chapter.
    expect(page.indexOf('id="decoder-panel"')).toBeGreaterThan(page.indexOf("</h1>"));
    expect(page.indexOf('id="decoder-panel"')).toBeLessThan(
      page.indexOf("<h2 id=", page.indexOf('id="decoder"') + 1),
    );
  }
  expect(models.some((m) => m.instructions.some((i) => i.gen !== undefined))).toBe(true);
});

test("a clause ISA's page (Bifrost) has the clause decoder panel, loads its codec, and the codec links every slot instruction to its page", () => {
  for (const m of models.filter((x) => x.clauseIsa?.clauseFormat !== undefined)) {
    const page = html(`${m.isa.id}.html`);
    const scripts = attributes(page, "src").filter((s) => s.endsWith(".js"));
    expect(scripts).toEqual([
      "search-index.js",
      "search.js",
      `${m.isa.id}-codec.js`,
      "clause-decoder.js",
    ]);
    for (const id of [
      "clause-words",
      "clause-bytes",
      "clause-verbose",
      "clause-text",
      "clause-error",
      "clause-decoded",
      "clause-asm",
      "clause-asm-words",
    ])
      expect({ id, found: idSet(`${m.isa.id}.html`).has(id) }).toEqual({ id, found: true });
    // The panel follows the title, before the manual's first chapter; the contents list it.
    expect(page.indexOf('id="clause-decoder-panel"')).toBeGreaterThan(page.indexOf("</h1>"));
    expect(page).toContain('href="#clause-decoder"');

    // The codec script, run as the page runs it: the codec's text, and a page for each mnemonic.
    const window: {
      isaforgeClauseDecoders?: Record<
        string,
        {
          codec: {
            disassembleProgram(b: Uint8Array): string;
            slotMnemonic(u: string, w: number): string | null;
          };
          instructions: Record<string, string>;
        }
      >;
    } = {};
    vm.runInNewContext(site.get(`site/${m.isa.id}-codec.js`) ?? "", { window, BigInt });
    const decoder = window.isaforgeClauseDecoders![m.isa.id];
    // bifrost-clauses.md §11.1: one quadword, one tuple.
    const oneTuple = Uint8Array.from(Buffer.from("4d37d5353325aa2e69b507311de3fe5a", "hex"));
    expect(decoder.codec.disassembleProgram(oneTuple)).toBe(
      "clause_0:\nds(7) osrb bb r_uncond ftz_dx11 fpe_psqr XXX reserved td ncph next_XXX reserved dwb(2, 3, 4, 6, 7) \n{\n    *FCMP.f32.gtlt.f1 r21:t0.h0, 0x00000007 /* 0.000000 */.abs, r19.h1.abs.neg\n    +IADD.v2s16.sat t1, r23, t.h00\n}\n\n",
    );
    expect(decoder.codec.slotMnemonic("fma", 0x25d544)).toBe("*FCMP.f32");
    const mnemonics = [...new Set(m.clauseIsa!.slotStates.map((st) => st.mnemonic))];
    expect(Object.keys(decoder.instructions).sort()).toEqual([...mnemonics].sort());
    for (const [mnemonic, where] of Object.entries(decoder.instructions)) {
      const [file, anchor] = where.split("#");
      const target = `${m.isa.id}/${file}.html`;
      expect({ mnemonic, found: idSet(target).has(anchor ?? file) }).toEqual({
        mnemonic,
        found: true,
      });
    }
  }
});

test("every page is a complete, labelled HTML document", () => {
  for (const page of pageFiles()) {
    const text = html(page);
    expect(text.startsWith("<!doctype html>\n")).toBe(true);
    expect(text).toContain(`<html lang="en" data-root="${page.includes("/") ? "../" : ""}">`);
    expect(text).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    );
    expect(text).toMatch(/<title>[^<]+ · isaforge ISA reference<\/title>/);
    expect(text).toContain(
      '<label for="site-search-input">Search instructions and registers</label>',
    );
    expect(text.match(/<main /g)).toHaveLength(1);
    expect(text.match(/<h1 /g)).toHaveLength(1);
  }
});

test("ids are unique within each page", () => {
  for (const page of pageFiles()) {
    const seen = new Set<string>();
    const repeated = idsOf(page).filter((id) => seen.size === seen.add(id).size);
    expect({ page, repeated }).toEqual({ page, repeated: [] });
  }
});

test("every internal link of every page resolves to an element id of its target page", () => {
  const pages = new Set(pageFiles());
  const assets = new Set(site.paths.map((p) => p.slice("site/".length)));
  let checked = 0;
  const broken: string[] = [];
  for (const page of pages) {
    for (const href of attributes(html(page), "href")) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto: — not ours to resolve
      const [file, anchor] = href.includes("#") ? href.split("#", 2) : [href, undefined];
      const target = file === "" ? page : resolve(page, file);
      checked++;
      if (!assets.has(target)) broken.push(`${page}: ${href} (no file ${target} in the site)`);
      // A decoder state (`ir3.html#decode=…`, an instruction page's example) is the panel's.
      else if (anchor?.startsWith("decode=")) {
        if (!idSet(target).has("decoder-panel"))
          broken.push(`${page}: ${href} (no decoder in ${target})`);
      } else if (anchor !== undefined && !(pages.has(target) && idSet(target).has(anchor)))
        broken.push(`${page}: ${href} (no id '${anchor}' in ${target})`);
    }
  }
  expect(broken).toEqual([]);
  // Not a vacuous pass: the manuals link heavily (index rows, enum and note cross-references).
  expect(checked).toBeGreaterThan(1000);
});

test("every image of every page is a diagram the manuals publish in docs/, loaded lazily, each shown once", () => {
  const published = new Set(builtFiles("docs").paths);
  const diagrams = [...published].filter((p) => p.startsWith("docs/svg/"));
  const missing: string[] = [];
  let count = 0;
  for (const page of pageFiles()) {
    for (const img of html(page).matchAll(/<img [^>]*>/g)) {
      const [src] = attributes(img[0], "src");
      const target = path.posix.join("site", resolve(page, src));
      count++;
      if (!published.has(target)) missing.push(`${page}: ${src}`);
      if (!/ loading="lazy"/.test(img[0])) missing.push(`${page}: ${src} is not lazy`);
    }
  }
  expect(missing).toEqual([]);
  // Every diagram published is shown once: one per instruction; for a clause ISA one per slot
  // state and the clause format's (a tuple, a header, a register block, each kind of quadword);
  // one per layout of each genxml item.
  expect(count).toBe(diagrams.length);
  const clauseDiagrams = (m: (typeof models)[number]) =>
    m.clauseIsa?.clauseFormat
      ? m.clauseIsa.slotStates.length + 3 + Object.keys(m.clauseIsa.clauseFormat.kindFields).length
      : 0;
  const genxmlDirs = models
    .filter((m) => (m.genxml ?? []).length > 0)
    .map((m) => `docs/svg/${m.isa.id}/`);
  const genxmlDiagrams = diagrams.filter((p) => genxmlDirs.some((d) => p.startsWith(d))).length;
  expect(count).toBe(
    models.reduce((n, m) => n + m.instructions.length + clauseDiagrams(m), 0) + genxmlDiagrams,
  );
});

test("the navigation of every page links every page, in the same order, marking the current one", () => {
  const expected = ["index.html", ...models.map((m) => `${m.isa.id}.html`)];
  for (const page of pageFiles()) {
    expect(navPages(page)).toEqual(expected);
    const current = [
      ...between(html(page), 'aria-labelledby="site-nav-pages"', "</nav>").matchAll(
        /href="([^"]*)" aria-current="page"/g,
      ),
    ];
    expect(current.map((m) => resolve(page, m[1]))).toEqual([frontOf(page)]);
  }
});

test("each page's table of contents lists its sections (level-2 headings) in order", () => {
  let pagesWithChapters = 0;
  for (const page of pageFiles()) {
    const chapters = [...html(page).matchAll(/<h2 id="([^"]*)"/g)].map((m) => `#${decode(m[1])}`);
    if (chapters.length === 0) {
      // A page without sections (an instruction's) gets no empty "On this page" box.
      expect(html(page)).not.toContain("site-nav-toc");
      continue;
    }
    pagesWithChapters++;
    expect(
      attributes(between(html(page), 'aria-labelledby="site-nav-toc"', "</nav>"), "href"),
    ).toEqual(chapters);
  }
  // Every ISA manual's front page has chapters.
  expect(pagesWithChapters).toBeGreaterThanOrEqual(models.length);
});

interface Entry {
  kind: string;
  isa: string;
  name: string;
  mnemonic: string;
  summary: string;
  unit?: string;
  href: string;
}

/**
 * The index as the page sees it: search-index.js and search.js run with a `window` of their own,
 * and the entries search.js expands the index's tuples to.
 */
function searchEntries(): Entry[] {
  const window: { isaforgeSearchIndex?: unknown; isaforgeSearch?: { entries: Entry[] } } = {};
  vm.runInNewContext(site.get("site/search-index.js") ?? "", { window });
  if (!window.isaforgeSearchIndex)
    throw new Error("search-index.js does not assign window.isaforgeSearchIndex");
  vm.runInNewContext(site.get("site/search.js") ?? "", { window });
  if (!window.isaforgeSearch) throw new Error("search.js does not assign window.isaforgeSearch");
  return window.isaforgeSearch.entries;
}

/** A clause ISA's slot instructions as the search lists them: one per mnemonic, its unit's name. */
const slotInstructions = (m: (typeof models)[number]) =>
  [...new Map(m.clauseIsa?.slotStates.map((s) => [s.mnemonic, s])).values()].map((s) => ({
    name: s.name,
    mnemonic: s.mnemonic,
    unit: s.unit.toUpperCase(),
  }));

test("the search index has every instruction of every ISA (a clause ISA's slot instructions too), each linking to its page, titled with its name", () => {
  const entries = searchEntries().filter((e) => e.kind === "instruction");
  const all = (m: (typeof models)[number]) => [...m.instructions, ...slotInstructions(m)];
  const expected = models.flatMap((m) => all(m).map((i) => `${m.isa.id} ${i.mnemonic}`));
  expect(entries.map((e) => `${e.isa} ${e.mnemonic}`).sort()).toEqual([...expected].sort());
  expect(entries.length).toBe(models.reduce((n, m) => n + all(m).length, 0));

  for (const e of entries) {
    const model = models.find((m) => m.isa.id === e.isa)!;
    const ins = all(model).find((i) => i.mnemonic === e.mnemonic && i.name === e.name)!;
    expect(e.mnemonic).toBe(ins.mnemonic);
    expect(e.unit).toBe(ins.unit);
    expect(e.href).toMatch(new RegExp(`^${e.isa}/[^/#]+\\.html$`));
    const anchor = e.href.slice(e.isa.length + 1, -".html".length);
    const heading = new RegExp(
      `<h(1) id="${anchor.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}">([\\s\\S]*?)</h\\1>`,
    ).exec(html(e.href));
    expect(heading?.[2]).toContain(e.name.replace(/&/g, "&amp;").replace(/</g, "&lt;"));
  }
});
