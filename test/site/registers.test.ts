/**
 * The register pages of the built site (the test build), without a browser: the register panel's
 * markup, its scripts run in a VM context as the page runs them (the database script, the compiled
 * decoder, the panel script), checked against the register decoder module the build generates
 * (out/ts/registers/<id>.ts, compiled here independently) and against `isaforge lookup`; every
 * register's section link; and the search index over registers, fields, enums and values.
 *
 * @needs-upstream mesa etna_viv
 */
import * as path from "path";
import { FREEDRENO_REGISTERS } from "../helpers/upstreamTrees";
import { builtSpecs } from "../helpers/builtSpecs";
import * as vm from "vm";
import { readFileSync } from "fs";
import { registerDecoderView } from "../../generator/emit/emitRegisterDecoders";
import { compileGeneratedCodec } from "../../generator/emit/manual/loadGeneratedCodec";
import { manualOutline } from "../../generator/emit/manual/outline";
import { registerScriptFile, registerTableFile } from "../../generator/emit/site/registerView";
import { lookup as lookupCli } from "../../generator/lookup";
import type { IsaModel, RnnElement, RnnVariantSet } from "../../generator/model/types";
import { shippedModels } from "../helpers/shippedModels";
import { builtFiles } from "../helpers/builtSite";
import { TEST_OUT } from "../helpers/testOutput";
import { upstreamRoots } from "../../generator/load/upstreamRoots";

jest.setTimeout(120_000);

const ROOT = path.join(__dirname, "..", "..");
const { models } = shippedModels();
const registerModels = models.filter((m) => (m.registerDatabases ?? []).length > 0);
// nv-hw (nouveau's database) is built where the envytools tree is.
const withNv = builtSpecs(["nv-hw"]).length > 0;
// The built site and register decoders (the test build), as users get them.
const site = builtFiles("site");

interface Decoded {
  domain: string;
  address: bigint;
  path: string;
  register?: string;
  value?: bigint;
  fields: { name: string; low: number; high: number; raw: bigint; text: string }[];
  text: string;
}
type Options = { domain?: string; variant?: string | Record<string, string> };
interface RegisterApi {
  decodeRegister(address: bigint | number, value?: bigint | number, options?: Options): Decoded;
  lookup(address: bigint | number, value?: bigint | number, options?: Options): string;
  database: { domains: { name: string }[] };
  defaultVarset: string | null;
  variants: string[];
  domains: string[];
  sections: Record<string, string | null>;
}
interface PanelFunctions {
  parseHex(text: string): { value?: bigint; error?: string } | null;
  sectionOf(
    api: RegisterApi,
    decoded: Decoded,
    variant?: string,
  ): { anchor: string | null; width: number } | null;
  fieldBoxes(
    fields: Decoded["fields"],
    width: number,
  ): [number, number, number, number, string, string | null][];
  stateHash(domain: string, address: bigint, value: bigint | undefined, variant: string): string;
  parseState(
    hash: string,
  ): { domain: string; address: string; value: string; variant: string } | null;
}
interface SearchEntry {
  kind: string;
  isa: string;
  name: string;
  detail?: string;
  href: string;
}
interface PageWindow {
  isaforgeRegisters: Record<string, RegisterApi>;
  isaforgeRegisterPanel: PanelFunctions;
  isaforgeSearch: { entries: SearchEntry[]; search(text: string): SearchEntry[] };
}

let window: PageWindow;

/** The scripts a register page loads, in its order, run in one context whose global is `window`. */
beforeAll(() => {
  const context = vm.createContext({ URLSearchParams });
  vm.runInContext("var window = globalThis;", context);
  const page = html("adreno-hw.html");
  const scripts = [...page.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((m) => m[1]);
  // Every database's scripts, as if their pages had been open in one window.
  const others = ["etnaviv-hw.html", ...(withNv ? ["nv-hw.html"] : [])].flatMap(scriptsOf);
  for (const file of [...new Set([...scripts, ...others])])
    vm.runInContext(site.get(`site/${file}`) ?? `throw new Error("no ${file}")`, context, {
      filename: file,
    });
  window = context as unknown as PageWindow;
});

function html(page: string): string {
  const text = site.get(`site/${page}`);
  if (text === undefined) throw new Error(`no page site/${page}`);
  return text;
}

function scriptsOf(page: string): string[] {
  return [...html(page).matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((m) => m[1]);
}

const ids = new Map<string, Set<string>>();
const idsOf = (page: string) => {
  if (!ids.has(page))
    ids.set(
      page,
      new Set([...html(page).matchAll(/\sid="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"))),
    );
  return ids.get(page)!;
};

/** The ids of every page of a manual (its front page and its section pages), for links the front page redirects. */
const manualIds = (isa: string) => {
  const pages = site.paths.filter((f) => f === `site/${isa}.html` || f.startsWith(`site/${isa}/`));
  return new Set(pages.flatMap((f) => [...idsOf(f.slice("site/".length))]));
};

/** The generated module `ts/registers/<id>.ts` as `isaforge/registers/<id>` ships it, loaded here. */
function generatedModule(m: IsaModel): RegisterApi {
  const file = `ts/registers/${m.isa.id}.ts`;
  const js = compileGeneratedCodec(readFileSync(path.join(TEST_OUT, file), "utf8"), file);
  const module = { exports: {} as Record<string, unknown> };
  vm.runInThisContext(`(function (exports, module) {\n${js}\n})`)(module.exports, module);
  return module.exports as unknown as RegisterApi;
}

test("the shipped register databases are etnaviv-hw and adreno-hw, and nv-hw with the envytools tree", () => {
  expect(registerModels.map((m) => m.isa.id).sort()).toEqual([
    "adreno-hw",
    "etnaviv-hw",
    ...(withNv ? ["nv-hw"] : []),
  ]);
});

test("every register database page, and only those, has the register panel after its title, and loads its scripts", () => {
  for (const m of models) {
    const page = html(`${m.isa.id}.html`);
    const scripts = scriptsOf(`${m.isa.id}.html`);
    if (!registerModels.includes(m)) {
      expect(page).not.toContain('id="register-panel"');
      expect(scripts).not.toContain("registers.js");
      continue;
    }
    const view = registerDecoderView(m)!;
    expect(scripts).toEqual([
      "search-index.js",
      "search.js",
      registerTableFile(m.isa.id),
      registerScriptFile(m.isa.id),
      "registers.js",
    ]);
    const at = page.indexOf('id="register-panel"');
    expect(at).toBeGreaterThan(page.indexOf("</h1>"));
    expect(at).toBeLessThan(page.indexOf("<h2 id=", page.indexOf('id="register-decoder"') + 1));
    for (const id of [
      "register-domain",
      "register-variant",
      "register-address",
      "register-value",
      "register-text",
      "register-link",
      "register-layout",
      "register-fields",
    ])
      expect({ id, found: idsOf(`${m.isa.id}.html`).has(id) }).toEqual({ id, found: true });
    // The domains in the decoder's order; the variants of its DEFAULT_VARSET, after "none".
    const select = (id: string) => {
      const from = page.indexOf(`<select id="${id}">`);
      return [
        ...page
          .slice(from, page.indexOf("</select>", from))
          .matchAll(/<option value="([^"]*)">([^<]*)</g),
      ].map((o) => o[1]);
    };
    expect(select("register-domain")).toEqual(view.domains);
    expect(select("register-variant")).toEqual(["", ...view.variants]);
    expect(page).toContain(`Variant (<code>${view.varset}</code>)`);
    // The table of contents names the panel.
    expect(page).toContain('<li><a href="#register-decoder">Decode a register</a></li>');
    // Classic scripts only, nothing fetched from elsewhere.
    expect(page).not.toMatch(/type="module"|src="(https?:)?\/\//);
  }
});

test("the page's decoder is the generated module: same varset and variants, same text for every register", () => {
  for (const m of registerModels) {
    const api = window.isaforgeRegisters[m.isa.id];
    const module = generatedModule(m);
    const view = registerDecoderView(m)!;
    expect(api.defaultVarset).toBe(view.varset);
    expect(api.variants).toEqual(view.variants);
    expect(api.domains).toEqual(view.domains);
    expect(JSON.stringify(api.database)).toBe(JSON.stringify(module.database));
    // Every register's address, with a value, on no variant and on the last one.
    let checked = 0;
    for (const { domain, registers } of manualOutline(m).registerDatabase!.db.domains)
      for (const r of registers)
        for (const variant of [undefined, view.variants[view.variants.length - 1]]) {
          const options = { domain: domain.name, ...(variant ? { variant } : {}) };
          const value = 0x12345678n ^ BigInt(r.absoluteOffset);
          const a = api.decodeRegister(BigInt(r.absoluteOffset), value, options);
          const b = module.decodeRegister(BigInt(r.absoluteOffset), value, options);
          if (a.text !== b.text)
            expect({ register: r.fullName, text: a.text }).toEqual({
              register: r.fullName,
              text: b.text,
            });
          checked++;
        }
    expect(checked).toBeGreaterThan(1000);
  }
});

test("the page's text is what `isaforge lookup -c` prints", () => {
  const api = window.isaforgeRegisters["adreno-hw"];
  const cases: [string[], bigint, bigint | undefined, Options][] = [
    [
      ["-d", "A6XX", "-v", "chip", "A7XX", "8400", "0x12345678"],
      0x8400n,
      0x12345678n,
      { domain: "A6XX", variant: "A7XX" },
    ],
    [
      ["-d", "A6XX", "-v", "chip", "A7XX", "8400", "9"],
      0x8400n,
      9n,
      { domain: "A6XX", variant: "A7XX" },
    ],
    [["-d", "A6XX", "8c01"], 0x8c01n, undefined, { domain: "A6XX" }],
    [
      ["-d", "A2XX", "-v", "chip", "A2XX", "2001", "0xffffffff"],
      0x2001n,
      0xffffffffn,
      { domain: "A2XX", variant: "A2XX" },
    ],
  ];
  for (const [args, address, value, options] of cases) {
    const out: string[] = [];
    const status = lookupCli(["-c", "-f", path.join(FREEDRENO_REGISTERS, "adreno.xml"), ...args], {
      out: (l: string) => out.push(l),
      err: () => {},
    });
    expect(status).toBe(0);
    expect(api.decodeRegister(address, value, options).text).toBe(out.join("\n"));
  }
  expect(api.lookup(0x8400, 0x9, { domain: "A6XX", variant: "A7XX" })).toMatch(
    /^GRAS_2D_BLIT_CNTL => \{ ROTATE = ROTATE_90 \| OVERWRITEEN/,
  );
});

test("every register the manual has a section for links to it from the panel", () => {
  for (const m of registerModels) {
    const api = window.isaforgeRegisters[m.isa.id];
    const { sectionOf } = window.isaforgeRegisterPanel;
    const rdb = manualOutline(m).registerDatabase!;
    // The panel links `#anchor` on the front page, whose redirect goes on to the page holding it.
    const ids = manualIds(m.isa.id);
    // The sections of each register (a register can be listed twice, once per variant).
    const anchors = new Map<string, string[]>();
    rdb.db.domains.forEach(({ domain, registers }, i) =>
      registers.forEach((r, j) => {
        const key = `${domain.name}:${r.absoluteOffset}:${r.fullName}`;
        anchors.set(key, [...(anchors.get(key) ?? []), rdb.outline.domains[i].registers[j].anchor]);
      }),
    );
    // The variants each element exists on: its own, else those of what holds it.
    const setsOf = new Map<RnnElement, RnnVariantSet[]>();
    const walk = (e: RnnElement, inherited: RnnVariantSet[]) => {
      setsOf.set(e, e.variantSets ?? inherited);
      for (const c of e.elements) walk(c, setsOf.get(e)!);
    };
    for (const { domain } of rdb.db.domains)
      for (const e of domain.elements) walk(e, domain.variantSets ?? []);
    let linked = 0;
    let other = 0;
    rdb.db.domains.forEach(({ domain, registers }) =>
      registers.forEach((r) => {
        // On a variant the register exists on (the first of the main varset it, or an array or
        // stripe around it, names), and the first of every other varset named (nouveau's methods
        // name an `obj-class`: rnndec takes a varset without a variant as matching every one).
        const named = setsOf.get(r) ?? [];
        const sets = named.find((s) => s.varset === api.defaultVarset);
        const others = named.filter((s) => s.varset !== api.defaultVarset);
        const variant =
          others.length === 0
            ? sets?.variants[0]
            : Object.fromEntries(
                [...(sets ? [sets] : []), ...others].map((s) => [s.varset, s.variants[0]]),
              );
        const options = { domain: domain.name, ...(variant ? { variant } : {}) };
        const decoded = api.decodeRegister(BigInt(r.absoluteOffset), 0n, options);
        // Another register of the same address can win on that variant; those are checked as themselves.
        if (decoded.register !== r.fullName) return void other++;
        const section = sectionOf(api, decoded, sets?.variants[0]);
        const expected = anchors.get(`${domain.name}:${r.absoluteOffset}:${r.fullName}`)!;
        if (!expected.includes(section?.anchor ?? ""))
          expect({ register: r.fullName, anchor: section?.anchor }).toEqual({
            register: r.fullName,
            anchor: expected,
          });
        expect(ids.has(section!.anchor!)).toBe(true);
        // Where two registers share a name and an address (variants of another varset), either is right.
        if (expected.length === 1) expect(section!.width).toBe(r.width ?? 32);
        linked++;
      }),
    );
    // Most registers are the only one at their address (etnaviv-hw has overlapping ones).
    expect(linked).toBeGreaterThan(0.85 * (linked + other));
  }
});

test("the panel's helpers: hex input, boxes over every bit, the URL state", () => {
  const { parseHex, fieldBoxes, stateHash, parseState } = window.isaforgeRegisterPanel;
  expect(parseHex("0x8400")).toEqual({ value: 0x8400n });
  expect(parseHex(" 8400 ")).toEqual({ value: 0x8400n });
  expect(parseHex("")).toBeNull();
  expect(parseHex("0xg")?.error).toBe("'0xg' is not a hexadecimal number");
  expect(parseHex("1ffffffffffffffff")?.error).toMatch(/does not fit in 64 bits/);
  expect(stateHash("A6XX", 0x8400n, 0x12345678n, "A7XX")).toBe(
    "#lookup=A6XX:8400:12345678&variant=A7XX",
  );
  expect(stateHash("A6XX", 0x8400n, undefined, "")).toBe("#lookup=A6XX:8400");
  expect(parseState("#lookup=A6XX:8400:12345678&variant=A7XX")).toEqual({
    domain: "A6XX",
    address: "8400",
    value: "12345678",
    variant: "A7XX",
  });
  expect(parseState("#a6xx_gras_2d_blit_cntl")).toBeNull();

  const api = window.isaforgeRegisters["adreno-hw"];
  const decoded = api.decodeRegister(0x8400n, 0x12345678n, { domain: "A6XX", variant: "A7XX" });
  expect(decoded.fields.length).toBeGreaterThan(3);
  const boxes = fieldBoxes(decoded.fields, 32);
  // Layer 0 covers bits 31..0 once, in order; every field has its box.
  const first = boxes.filter((b) => b[1] === 0);
  let next = 31;
  for (const [word, , high, low] of first) {
    expect(word).toBe(0);
    expect(high).toBe(next);
    next = low - 1;
  }
  expect(next).toBe(-1);
  for (const f of decoded.fields)
    expect(
      boxes.some((b) => b[4] === "field" && b[5] === f.name && b[2] === f.high && b[3] === f.low),
    ).toBe(true);
  // A 64-bit register: two words, the second's bits 63..32.
  const wide = fieldBoxes(
    [
      { name: "LO", low: 0, high: 31, raw: 0n, text: "0" },
      { name: "HI", low: 40, high: 63, raw: 0n, text: "0" },
    ],
    64,
  );
  expect(wide.map((b) => [b[0], b[2], b[3], b[4]])).toEqual([
    [0, 31, 0, "field"],
    [1, 63, 40, "field"],
    [1, 39, 32, "unused"],
  ]);
});

test("the search finds registers, fields, enums and values of both databases, each linking to a heading of its page", () => {
  const { entries, search } = window.isaforgeSearch;
  const byKind = (kind: string) => entries.filter((e) => e.kind === kind);
  let registers = 0;
  let enums = 0;
  let values = 0;
  for (const m of registerModels) {
    const rdb = manualOutline(m).registerDatabase!;
    registers += rdb.db.domains.reduce((n, d) => n + d.registers.length, 0);
    enums += rdb.db.enums.length;
    values += rdb.db.enums.reduce((n, e) => n + e.values.filter((v) => !v.dead).length, 0);
  }
  // Panfrost genxml descriptors are searched as registers (domain "descriptor"), and their enums:
  // each name once across the documents, with the names of its fields or values in any of them.
  for (const m of models) {
    const structs = new Set<string>();
    const enumValues = new Map<string, Set<string>>();
    for (const d of m.genxml ?? []) {
      if (d.dialect !== "panfrost") continue;
      for (const item of d.items)
        if (item.kind === "struct") structs.add(item.name);
        else if (item.kind === "enum")
          for (const v of item.values)
            enumValues.set(item.name, (enumValues.get(item.name) ?? new Set()).add(v.name));
    }
    registers += structs.size;
    enums += enumValues.size;
    values += [...enumValues.values()].reduce((n, s) => n + s.size, 0);
  }
  // Intel genxml's commands, structures and registers are searched as registers (without their
  // fields), and their enums: each name once across the documents.
  for (const m of models) {
    const intel = new Map<string, Set<string>>();
    const enumValues = new Map<string, Set<string>>();
    for (const d of m.genxml ?? []) {
      if (d.dialect !== "intel") continue;
      for (const item of d.items)
        if (item.kind === "enum")
          for (const v of item.values)
            enumValues.set(item.name, (enumValues.get(item.name) ?? new Set()).add(v.name));
        else intel.set(item.kind, (intel.get(item.kind) ?? new Set()).add(item.name));
    }
    for (const kind of ["instruction", "struct", "register"])
      registers += intel.get(kind)?.size ?? 0;
    enums += enumValues.size;
    values += [...enumValues.values()].reduce((n, s) => n + s.size, 0);
  }
  expect(byKind("register")).toHaveLength(registers);
  expect(byKind("enum")).toHaveLength(enums);
  expect(byKind("value")).toHaveLength(values);
  expect(byKind("field").length).toBeGreaterThan(4000);
  // Every instruction; for a clause ISA (Bifrost) every slot instruction, as its manual lists them.
  const slotInstructions = (m: IsaModel) =>
    manualOutline(m).slotInstructions?.mnemonics.length ?? 0;
  expect(byKind("instruction")).toHaveLength(
    models.reduce((n, m) => n + m.instructions.length + slotInstructions(m), 0),
  );
  for (const e of entries) {
    // A page of the spec's manual, and the anchor (or the page's own heading) on it.
    const [file, anchor] = e.href.split("#");
    expect(file.startsWith(`${e.isa}/`) || file === `${e.isa}.html`).toBe(true);
    const target = anchor ?? file.slice(e.isa.length + 1, -".html".length);
    if (!idsOf(file).has(target)) expect({ entry: e, anchor: "missing" }).toBeUndefined();
  }

  const color = search("VIVS_PE_COLOR_FORMAT");
  expect(color[0]).toMatchObject({
    kind: "register",
    isa: "etnaviv-hw",
    name: "VIVS_PE_COLOR_FORMAT",
    href: "etnaviv-hw/vivs_pe_color_format.html",
  });
  expect(
    color
      .slice(1)
      .some(
        (e) =>
          e.kind === "field" &&
          e.name === "VIVS_PE_COLOR_FORMAT.FORMAT" &&
          e.href === color[0].href,
      ),
  ).toBe(true);
  const blit = search("A6XX_GRAS_2D_BLIT_CNTL");
  expect(blit[0]).toMatchObject({
    kind: "register",
    isa: "adreno-hw",
    detail: "domain A6XX",
    href: "adreno-hw/a6xx_gras_2d_blit_cntl.html",
  });
  expect(search("A6XX_GRAS_2D_BLIT_CNTL.ROTATE")[0]).toMatchObject({
    kind: "field",
    href: blit[0].href,
  });
  expect(search("ROTATE_90")[0]).toMatchObject({
    kind: "value",
    isa: "adreno-hw",
    detail: "enum a6xx_rotation",
  });
  expect(search("a6xx_rotation")[0]).toMatchObject({
    kind: "enum",
    href: "adreno-hw/a6xx_rotation.html",
  });
  // Instructions are still found first by their names.
  // (Valhall's and Bifrost's FADD.f32, before any register or field.)
  const fadd = search("FADD.f32");
  const firstOther = fadd.findIndex((e) => e.kind !== "instruction");
  const leading = fadd.slice(0, firstOther < 0 ? fadd.length : firstOther);
  expect(leading[0]).toMatchObject({ kind: "instruction", name: "FADD.f32" });
  expect(new Set(leading.filter((e) => e.name === "FADD.f32").map((e) => e.isa))).toEqual(
    new Set(["valhall", ...builtSpecs(["bifrost"])]),
  );
});

test("the search index stays compact", () => {
  const bytes = Buffer.byteLength(site.get("site/search-index.js")!);
  expect(bytes).toBeLessThan(1_000_000);
});
