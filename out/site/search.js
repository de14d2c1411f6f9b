// Instruction search for the isaforge ISA reference. Looks through window.isaforgeSearchIndex
// (search-index.js) as the user types: names and mnemonics first, then summaries. Results are plain
// links, so a click or Enter opens the instruction's section; arrow keys move between them.
(function () {
  "use strict";

  const MAX_RESULTS = 50;

  const input = document.getElementById("site-search-input");
  const panel = document.getElementById("site-search-panel");
  const status = document.getElementById("site-search-status");
  const list = document.getElementById("site-search-results");
  if (!input || !panel || !status || !list) return;
  const box = input.closest(".site-search");

  const items = (window.isaforgeSearchIndex || []).map((entry, order) => ({
    entry,
    order,
    name: entry.name.toLowerCase(),
    mnemonic: entry.mnemonic.toLowerCase(),
    summary: entry.summary.toLowerCase(),
  }));

  // Lower is better: exact name, name prefix, name substring, then every word in name or summary.
  function rank(item, query, words) {
    const names = [item.name, item.mnemonic];
    if (names.some((n) => n === query)) return 0;
    if (names.some((n) => n.startsWith(query))) return 1;
    if (names.some((n) => n.includes(query))) return 2;
    const text = `${item.name} ${item.mnemonic} ${item.summary}`;
    if (words.every((w) => text.includes(w))) return 3;
    return -1;
  }

  function search(text) {
    const query = text.trim().toLowerCase();
    if (!query) return [];
    const words = query.split(/\s+/);
    return items
      .map((item) => ({ item, rank: rank(item, query, words) }))
      .filter((r) => r.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.item.order - b.item.order)
      .map((r) => r.item.entry);
  }

  function span(className, text) {
    const el = document.createElement("span");
    el.className = className;
    el.textContent = text;
    return el;
  }

  function resultItem(entry) {
    const link = document.createElement("a");
    link.href = entry.href;
    const title = span("site-search-name", entry.name);
    link.append(title);
    if (entry.mnemonic && entry.mnemonic !== entry.name)
      link.append(span("site-search-mnemonic", entry.mnemonic));
    link.append(
      span("site-search-isa", entry.unit ? `${entry.isaTitle} · ${entry.unit}` : entry.isaTitle),
    );
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
    // Shown before the status changes, so screen readers announce the new count.
    open();
    status.textContent =
      results.length === 0
        ? `No instruction matches “${query}”.`
        : results.length > shown.length
          ? `Showing the first ${shown.length} of ${results.length} matching instructions.`
          : `${results.length} matching instruction${results.length === 1 ? "" : "s"}.`;
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

  // A followed result (often a link within the same page) has done its job.
  list.addEventListener("click", (event) => {
    if (event.target.closest("a")) close();
  });

  // Leaving the search box, by keyboard or pointer, closes the list.
  box.addEventListener("focusout", (event) => {
    if (!box.contains(event.relatedTarget)) close();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!box.contains(event.target)) close();
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
})();
