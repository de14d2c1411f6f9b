/**
 * Search for the isaforge ISA reference (the site's `search.js`). Looks through
 * window.isaforgeSearchIndex (search-index.js) as the user types: instructions, registers, register
 * fields, enums and enum values of every spec; names and mnemonics first, then summaries. Results
 * are plain links, so a click or Enter opens the section; arrow keys move between them.
 * `expandIndex` and `search` are also window.isaforgeSearch. Nothing here touches the page until
 * the script calls `start`.
 */

/** search-index.js's tuples, as generator/emit/site/searchIndex.ts writes them. */
export interface SearchIndex {
  /** `[id, title, front page]`. */
  specs: [isa: string, isaTitle: string, page: string][];
  /** `where` is `page` or `page#anchor` within the spec's directory, `""` its front page. */
  instructions: [
    spec: number,
    name: string,
    mnemonic: string | 0,
    summary: string,
    where: string,
    unit?: string,
  ][];
  /**
   * One register (an anchor `0` is the name in lower case), or a run of registers of one domain
   * whose anchors are their names in lower case, without summaries: their names separated by
   * spaces, each after the first either as it is or as `N~REST`, the first N characters of the
   * name before it followed by REST (nouveau's 10,883 registers share long prefixes).
   */
  registers: (
    | [spec: number, domain: string, name: string, anchor: string | 0, summary?: string]
    | [spec: number, domain: string, run: string]
  )[];
  /**
   * Fields of one register, their names separated by spaces, or names with spaces separated by
   * the tuple's third element, or (third element 0) one field's name as it is.
   */
  fields: (
    | [register: number, fields: string]
    | [register: number, fields: string, separator: string]
    | [register: number, field: string, literal: 0]
  )[];
  enums: [spec: number, name: string, anchor: string | 0][];
  /** Values of one enum, separated by spaces, or one value whose name has one (as `fields`). */
  values: (
    | [enumIndex: number, values: string]
    | [enumIndex: number, values: string, separator: string]
    | [enumIndex: number, value: string, literal: 0]
  )[];
}

/** A run of register names as search-index.js writes it: `A_B A_C` may be `A_B 2~C`. */
export function expandRun(run: string): string[] {
  const names: string[] = [];
  for (const token of run.split(" ")) {
    const tilde = token.indexOf("~");
    names.push(
      tilde < 0
        ? token
        : names[names.length - 1].slice(0, Number(token.slice(0, tilde))) + token.slice(tilde + 1),
    );
  }
  return names;
}

/** Names of a `fields` or `values` tuple: split on spaces, on its separator, or literal (0). */
function namesOf(t: [number, string] | [number, string, string | 0]): string[] {
  if (t.length === 2) return t[1].split(" ");
  return t[2] === 0 ? [t[1]] : t[1].split(t[2]);
}

export type EntryKind = "instruction" | "register" | "field" | "enum" | "value";

/** A search result: what the list shows and where it links. */
export interface SearchEntry {
  kind: EntryKind;
  isa: string;
  isaTitle: string;
  name: string;
  mnemonic: string;
  summary: string;
  unit?: string;
  detail?: string;
  href: string;
}

/** An entry with the texts the search compares, in lower case, and its place in the index. */
export interface SearchItem {
  entry: SearchEntry;
  order: number;
  name: string;
  mnemonic: string;
  text: string;
}

/** What the script offers the page (and tests) as window.isaforgeSearch. */
export interface SearchApi {
  expandIndex(index: SearchIndex, root?: string): SearchEntry[];
  search(text: string): SearchEntry[];
  entries: SearchEntry[];
}

declare global {
  interface Window {
    isaforgeSearchIndex?: SearchIndex;
    isaforgeSearch?: SearchApi;
  }
}

export const MAX_RESULTS = 50;

const EMPTY_INDEX: SearchIndex = {
  specs: [],
  instructions: [],
  registers: [],
  fields: [],
  enums: [],
  values: [],
};

/** The site's root relative to the page's directory: its <html data-root>, "" without a page. */
function pageRoot(): string {
  return (typeof document !== "undefined" && document.documentElement.dataset.root) || "";
}

/** The index's tuples as entries, links relative to `root` (the page's path to the site's root). */
export function expandIndex(index: SearchIndex, root: string = pageRoot()): SearchEntry[] {
  const specs = index.specs.map(([isa, isaTitle, page]) => ({ isa, isaTitle, page }));
  // `where` is `page` or `page#anchor` within the spec's directory, `""` its front page.
  const at = (s: number, where: string): string => {
    const hash = where.indexOf("#");
    const page = hash < 0 ? where : where.slice(0, hash);
    const file = page === "" ? specs[s].page : `${specs[s].isa}/${page}.html`;
    return root + file + (hash < 0 ? "" : where.slice(hash));
  };
  const lower = (name: string, anchor: string | 0): string =>
    anchor === 0 ? name.toLowerCase() : anchor;
  const entry = (
    kind: EntryKind,
    s: number,
    name: string,
    fields: Partial<SearchEntry> & { href: string },
  ): SearchEntry => ({
    kind,
    isa: specs[s].isa,
    isaTitle: specs[s].isaTitle,
    name,
    mnemonic: "",
    summary: "",
    ...fields,
  });
  const registers = index.registers.flatMap((t) => {
    const [s, domain] = t;
    const one = (name: string, anchor: string | 0, summary?: string) =>
      entry("register", s, name, {
        detail: `domain ${domain}`,
        summary: summary || "",
        href: at(s, lower(name, anchor)),
      });
    return t.length === 3 ? expandRun(t[2]).map((name) => one(name, 0)) : [one(t[2], t[3], t[4])];
  });
  const enums = index.enums.map(([s, name, anchor]) =>
    entry("enum", s, name, { href: at(s, lower(name, anchor)) }),
  );
  const specOf = (e: SearchEntry): number => specs.findIndex((x) => x.isa === e.isa);
  return [
    ...index.instructions.map(([s, name, mnemonic, summary, anchor, unit]) =>
      entry("instruction", s, name, {
        mnemonic: mnemonic === 0 ? name : mnemonic,
        summary,
        ...(unit !== undefined ? { unit } : {}),
        href: at(s, anchor),
      }),
    ),
    ...registers,
    ...index.fields.flatMap((t) => {
      const reg = registers[t[0]];
      return namesOf(t).map((field) =>
        entry("field", specOf(reg), `${reg.name}.${field}`, {
          detail: reg.detail,
          href: reg.href,
        }),
      );
    }),
    ...enums,
    ...index.values.flatMap((t) => {
      const en = enums[t[0]];
      return namesOf(t).map((value) =>
        entry("value", specOf(en), value, { detail: `enum ${en.name}`, href: en.href }),
      );
    }),
  ];
}

/** The entries as the search compares them, in index order. */
export function searchItems(entries: SearchEntry[]): SearchItem[] {
  return entries.map((entry, order) => ({
    entry,
    order,
    name: entry.name.toLowerCase(),
    mnemonic: entry.mnemonic.toLowerCase(),
    text: `${entry.name} ${entry.mnemonic} ${entry.detail || ""} ${entry.summary}`.toLowerCase(),
  }));
}

/**
 * How well an item matches `query` (trimmed, in lower case; `words` its words). Lower is better:
 * exact name or mnemonic 0, a prefix of one 1, within one 2, every word in name, mnemonic, detail
 * or summary 3; -1 is no match.
 */
export function rank(item: SearchItem, query: string, words: string[]): number {
  const names =
    item.mnemonic && item.mnemonic !== item.name ? [item.name, item.mnemonic] : [item.name];
  if (names.some((n) => n === query)) return 0;
  if (names.some((n) => n.startsWith(query))) return 1;
  if (names.some((n) => n.includes(query))) return 2;
  if (words.every((w) => item.text.includes(w))) return 3;
  return -1;
}

/** The entries matching `text`, best first, ties in index order; none for blank text. */
export function searchEntries(items: SearchItem[], text: string): SearchEntry[] {
  const query = text.trim().toLowerCase();
  if (!query) return [];
  const words = query.split(/\s+/);
  return items
    .map((item) => ({ item, rank: rank(item, query, words) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.item.order - b.item.order)
    .map((r) => r.item.entry);
}

/** What the list's status line says for `total` results of which `shown` are listed. */
export function statusText(query: string, total: number, shown: number): string {
  return total === 0
    ? `Nothing matches “${query}”.`
    : total > shown
      ? `Showing the first ${shown} of ${total} results.`
      : `${total} result${total === 1 ? "" : "s"}.`;
}

/**
 * Expand the index into window.isaforgeSearch and, on a page with the search box, wire it up. The
 * compiled script calls this; without a document (a test's VM context) only the first happens.
 */
export function start(): void {
  const entries = expandIndex(window.isaforgeSearchIndex || EMPTY_INDEX);
  const items = searchItems(entries);
  const search = (text: string): SearchEntry[] => searchEntries(items, text);
  window.isaforgeSearch = { expandIndex, search, entries };
  if (typeof document !== "undefined") wireSearchBox(search);
}

function wireSearchBox(search: (text: string) => SearchEntry[]): void {
  const input = document.getElementById("site-search-input") as HTMLInputElement | null;
  const panel = input && document.getElementById("site-search-panel");
  const status = input && document.getElementById("site-search-status");
  const list = input && document.getElementById("site-search-results");
  if (!input || !panel || !status || !list) return;
  const box = input.closest(".site-search")!;

  function span(className: string, text: string): HTMLSpanElement {
    const el = document.createElement("span");
    el.className = className;
    el.textContent = text;
    return el;
  }

  function resultItem(entry: SearchEntry): HTMLLIElement {
    const link = document.createElement("a");
    link.href = entry.href;
    link.append(span(`site-search-kind site-search-kind-${entry.kind}`, entry.kind));
    const title = span("site-search-name", entry.name);
    link.append(title);
    if (entry.mnemonic && entry.mnemonic !== entry.name)
      link.append(span("site-search-mnemonic", entry.mnemonic));
    const where = [entry.isaTitle, entry.unit, entry.detail].filter(Boolean).join(" · ");
    link.append(span("site-search-isa", where));
    if (entry.summary) link.append(span("site-search-summary", entry.summary));
    const li = document.createElement("li");
    li.append(link);
    return li;
  }

  function open(): void {
    panel!.hidden = false;
  }

  function close(): void {
    panel!.hidden = true;
  }

  function update(): void {
    const query = input!.value.trim();
    if (!query) {
      list!.replaceChildren();
      status!.textContent = "";
      close();
      return;
    }
    const results = search(query);
    const shown = results.slice(0, MAX_RESULTS);
    list!.replaceChildren(...shown.map(resultItem));
    // Shown before the status changes, so screen readers announce the new count.
    open();
    status!.textContent = statusText(query, results.length, shown.length);
  }

  function links(): HTMLAnchorElement[] {
    return Array.from(list!.querySelectorAll("a"));
  }

  input.addEventListener("input", update);
  input.addEventListener("focus", () => {
    if (input.value.trim()) update();
  });

  input.addEventListener("keydown", (event) => {
    const first = links()[0];
    if (event.key === "ArrowDown" && first) {
      event.preventDefault();
      open();
      first.focus();
    } else if (event.key === "Enter" && first) {
      event.preventDefault();
      first.click();
    } else if (event.key === "Escape") {
      if (panel.hidden) input.value = "";
      close();
    }
  });

  list.addEventListener("keydown", (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const moveTo = (el: HTMLElement) => {
      event.preventDefault();
      el.focus();
    };
    if (event.key === "ArrowDown") moveTo(all[Math.min(at + 1, all.length - 1)]);
    else if (event.key === "ArrowUp") moveTo(at === 0 ? input : all[at - 1]);
    else if (event.key === "Home") moveTo(all[0]);
    else if (event.key === "End") moveTo(all[all.length - 1]);
    else if (event.key === "Escape") {
      moveTo(input);
      close();
    }
  });

  // A followed result (often a link within the same page) has done its job.
  list.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) close();
  });

  // Leaving the search box, by keyboard or pointer, closes the list.
  box.addEventListener("focusout", (event) => {
    if (!box.contains((event as FocusEvent).relatedTarget as Node | null)) close();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!box.contains(event.target as Node | null)) close();
  });

  // "/" jumps to the search box from anywhere on the page, as on many documentation sites.
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const typing =
      target instanceof HTMLElement &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
}
