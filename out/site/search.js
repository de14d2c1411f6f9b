// The site's search.js: generator/runtime/site/search.ts, compiled by isaforge's build.
// Edit that module, not this file.
"use strict";
(() => {
  // generator/runtime/site/search.ts
  var MAX_RESULTS = 50;
  var EMPTY_INDEX = {
    specs: [],
    instructions: [],
    registers: [],
    fields: [],
    enums: [],
    values: [],
  };
  function pageRoot() {
    return (typeof document !== "undefined" && document.documentElement.dataset.root) || "";
  }
  function expandIndex(index, root = pageRoot()) {
    const specs = index.specs.map(([isa, isaTitle, page]) => ({ isa, isaTitle, page }));
    const at = (s, where) => {
      const hash = where.indexOf("#");
      const page = hash < 0 ? where : where.slice(0, hash);
      const file = page === "" ? specs[s].page : `${specs[s].isa}/${page}.html`;
      return root + file + (hash < 0 ? "" : where.slice(hash));
    };
    const lower = (name, anchor) => (anchor === 0 ? name.toLowerCase() : anchor);
    const entry = (kind, s, name, fields) => ({
      kind,
      isa: specs[s].isa,
      isaTitle: specs[s].isaTitle,
      name,
      mnemonic: "",
      summary: "",
      ...fields,
    });
    const registers = index.registers.map(([s, domain, name, anchor, summary]) =>
      entry("register", s, name, {
        detail: `domain ${domain}`,
        summary: summary || "",
        href: at(s, lower(name, anchor)),
      }),
    );
    const enums = index.enums.map(([s, name, anchor]) =>
      entry("enum", s, name, { href: at(s, lower(name, anchor)) }),
    );
    const specOf = (e) => specs.findIndex((x) => x.isa === e.isa);
    return [
      ...index.instructions.map(([s, name, mnemonic, summary, anchor, unit]) =>
        entry("instruction", s, name, {
          mnemonic: mnemonic === 0 ? name : mnemonic,
          summary,
          ...(unit !== void 0 ? { unit } : {}),
          href: at(s, anchor),
        }),
      ),
      ...registers,
      ...index.fields.map(([r, field]) => {
        const reg = registers[r];
        return entry("field", specOf(reg), `${reg.name}.${field}`, {
          detail: reg.detail,
          href: reg.href,
        });
      }),
      ...enums,
      ...index.values.map(([e, value]) => {
        const en = enums[e];
        return entry("value", specOf(en), value, { detail: `enum ${en.name}`, href: en.href });
      }),
    ];
  }
  function searchItems(entries) {
    return entries.map((entry, order) => ({
      entry,
      order,
      name: entry.name.toLowerCase(),
      mnemonic: entry.mnemonic.toLowerCase(),
      text: `${entry.name} ${entry.mnemonic} ${entry.detail || ""} ${entry.summary}`.toLowerCase(),
    }));
  }
  function rank(item, query, words) {
    const names =
      item.mnemonic && item.mnemonic !== item.name ? [item.name, item.mnemonic] : [item.name];
    if (names.some((n) => n === query)) return 0;
    if (names.some((n) => n.startsWith(query))) return 1;
    if (names.some((n) => n.includes(query))) return 2;
    if (words.every((w) => item.text.includes(w))) return 3;
    return -1;
  }
  function searchEntries(items, text) {
    const query = text.trim().toLowerCase();
    if (!query) return [];
    const words = query.split(/\s+/);
    return items
      .map((item) => ({ item, rank: rank(item, query, words) }))
      .filter((r) => r.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.item.order - b.item.order)
      .map((r) => r.item.entry);
  }
  function statusText(query, total, shown) {
    return total === 0
      ? `Nothing matches “${query}”.`
      : total > shown
        ? `Showing the first ${shown} of ${total} results.`
        : `${total} result${total === 1 ? "" : "s"}.`;
  }
  function start() {
    const entries = expandIndex(window.isaforgeSearchIndex || EMPTY_INDEX);
    const items = searchItems(entries);
    const search = (text) => searchEntries(items, text);
    window.isaforgeSearch = { expandIndex, search, entries };
    if (typeof document !== "undefined") wireSearchBox(search);
  }
  function wireSearchBox(search) {
    const input = document.getElementById("site-search-input");
    const panel = input && document.getElementById("site-search-panel");
    const status = input && document.getElementById("site-search-status");
    const list = input && document.getElementById("site-search-results");
    if (!input || !panel || !status || !list) return;
    const box = input.closest(".site-search");
    function span(className, text) {
      const el = document.createElement("span");
      el.className = className;
      el.textContent = text;
      return el;
    }
    function resultItem(entry) {
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
    function open() {
      panel.hidden = false;
    }
    function close() {
      panel.hidden = true;
    }
    function update() {
      const query = input.value.trim();
      if (!query) {
        list.replaceChildren();
        status.textContent = "";
        close();
        return;
      }
      const results = search(query);
      const shown = results.slice(0, MAX_RESULTS);
      list.replaceChildren(...shown.map(resultItem));
      open();
      status.textContent = statusText(query, results.length, shown.length);
    }
    function links() {
      return Array.from(list.querySelectorAll("a"));
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
      const at = all.indexOf(document.activeElement);
      if (at < 0) return;
      const moveTo = (el) => {
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
    list.addEventListener("click", (event) => {
      if (event.target.closest("a")) close();
    });
    box.addEventListener("focusout", (event) => {
      if (!box.contains(event.relatedTarget)) close();
    });
    document.addEventListener("pointerdown", (event) => {
      if (!box.contains(event.target)) close();
    });
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

  // generator/emit/site/siteScript.ts
  start();
})();
