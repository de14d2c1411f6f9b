// The site's registers.js: generator/runtime/site/registers.ts, compiled by isaforge's build.
// Edit that module, not this file.
"use strict";
(() => {
  // generator/runtime/site/fieldHighlight.ts
  function highlightFieldsOnHover(panel) {
    const highlight = (field) => {
      for (const el of panel.querySelectorAll("[data-field]"))
        el.classList.toggle("decoder-highlight", field !== null && el.dataset.field === field);
    };
    for (const type of ["pointerover", "focusin"])
      panel.addEventListener(type, (event) => {
        const origin = event.target;
        const target = origin.closest && origin.closest("[data-field]");
        highlight(target ? target.dataset.field : null);
      });
    panel.addEventListener("pointerleave", () => highlight(null));
  }

  // generator/runtime/site/registers.ts
  function parseHex(text) {
    const t = text.trim();
    if (t === "") return null;
    const m = /^(?:0x)?([0-9a-f]+)$/i.exec(t);
    if (!m) return { error: `'${t}' is not a hexadecimal number` };
    const value = BigInt(`0x${m[1]}`);
    if (value >= 1n << 64n) return { error: `0x${m[1]} does not fit in 64 bits` };
    return { value };
  }
  var registerIndex = /* @__PURE__ */ new WeakMap();
  function registersOf(api, domain) {
    let byDomain = registerIndex.get(api);
    if (!byDomain) {
      byDomain = /* @__PURE__ */ new Map();
      registerIndex.set(api, byDomain);
    }
    let byName = byDomain.get(domain);
    if (!byName) {
      const names = /* @__PURE__ */ new Map();
      const walk = (list, inherited) => {
        for (const e of list) {
          if (e.dead) continue;
          const sets = e.variantSets || inherited;
          if (e.kind === "reg" && e.fullName !== void 0) {
            const known = names.get(e.fullName) || [];
            known.push({ element: e, sets, absoluteOffset: e.absoluteOffset });
            names.set(e.fullName, known);
          }
          walk(e.elements, sets);
        }
      };
      const d = api.database.domains.find((x) => x.name === domain);
      if (d) walk(d.elements, d.variantSets || []);
      byDomain.set(domain, names);
      byName = names;
    }
    return byName;
  }
  function declaredFor(api, e, variant) {
    const sets = e.sets.filter((s) => s.varset === api.defaultVarset);
    return !variant || sets.every((s) => s.variants.includes(variant));
  }
  function sectionOf(api, decoded, variant) {
    if (decoded.register === void 0) return null;
    const candidates = registersOf(api, decoded.domain).get(decoded.register) || [];
    const better = (e, best2) =>
      !best2 ||
      e.absoluteOffset > best2.absoluteOffset ||
      (e.absoluteOffset === best2.absoluteOffset &&
        declaredFor(api, e, variant) &&
        !declaredFor(api, best2, variant));
    let best = null;
    for (const e of candidates)
      if (BigInt(e.absoluteOffset) <= decoded.address && better(e, best)) best = e;
    if (!best) best = candidates[0];
    if (!best) return null;
    const key = `${decoded.domain}:${best.absoluteOffset.toString(16)}:${decoded.register}`;
    const anchor = key in api.sections ? api.sections[key] : decoded.register.trim().toLowerCase();
    return { anchor, width: best.element.width || 32 };
  }
  function fieldBoxes(fields, width) {
    const boxes = [];
    for (let word = 0; word * 32 < width; word++) {
      const low = word * 32;
      const high = Math.min(width, low + 32) - 1;
      const layers = [];
      const parts = fields
        .filter((f) => f.low <= high && f.high >= low)
        .map((f) => ({ name: f.name, high: Math.min(f.high, high), low: Math.max(f.low, low) }))
        .sort((a, b) => b.high - a.high || b.low - a.low);
      for (const p of parts) {
        let layer = layers.findIndex((l) => l.every((q) => q.low > p.high || q.high < p.low));
        if (layer < 0) layer = layers.push([]) - 1;
        layers[layer].push(p);
        boxes.push([word, layer, p.high, p.low, "field", p.name]);
      }
      const taken = (layers[0] || []).slice().sort((a, b) => b.high - a.high);
      let next = high;
      for (const p of taken) {
        if (p.high < next) boxes.push([word, 0, next, p.high + 1, "unused", null]);
        next = Math.min(next, p.low - 1);
      }
      if (next >= low) boxes.push([word, 0, next, low, "unused", null]);
    }
    return boxes.sort((a, b) => a[0] - b[0] || a[1] - b[1] || b[2] - a[2]);
  }
  function stateHash(domain, address, value, variant) {
    let hash = `#lookup=${domain}:${address.toString(16)}`;
    if (value !== void 0) hash += `:${value.toString(16)}`;
    if (variant) hash += `&variant=${encodeURIComponent(variant)}`;
    return hash;
  }
  function parseState(hash) {
    if (!hash.startsWith("#lookup=")) return null;
    const params = new URLSearchParams(hash.slice(1));
    const parts = (params.get("lookup") || "").split(":");
    return {
      domain: parts[0] || "",
      address: parts[1] || "",
      value: parts[2] || "",
      variant: params.get("variant") || "",
    };
  }
  function hexWord(value, word) {
    return `0x${((value >> BigInt(word * 32)) & 0xffffffffn).toString(16).padStart(8, "0")}`;
  }
  function rangeText(high, low) {
    return high === low ? `${high}` : `${high}:${low}`;
  }
  function start() {
    window.isaforgeRegisterPanel = { parseHex, sectionOf, fieldBoxes, stateHash, parseState };
    if (typeof document === "undefined") return;
    const panel = document.getElementById("register-panel");
    const spec = panel?.dataset.spec;
    const api = panel && spec !== void 0 ? (window.isaforgeRegisters || {})[spec] : void 0;
    if (panel && api) wirePanel(panel, api);
  }
  function wirePanel(panel, api) {
    const $ = (id) => document.getElementById(id);
    const domainSelect = $("register-domain");
    const variantSelect = document.getElementById("register-variant");
    const addressInput = $("register-address");
    const valueInput = $("register-value");
    const textOut = $("register-text");
    const errorOut = $("register-error");
    const link = $("register-link");
    const layoutOut = $("register-layout");
    const fieldsTable = $("register-fields");
    function element(tag, className, text) {
      const el = document.createElement(tag);
      if (className) el.className = className;
      if (text !== void 0) el.textContent = text;
      return el;
    }
    function drawLayout(fields, width, value) {
      const boxes = fieldBoxes(fields, width);
      const shown = [];
      for (let word = 0; word * 32 < width; word++) {
        const block = element("div", "decoder-word");
        const top = Math.min(width, word * 32 + 32) - 1;
        block.append(
          element(
            "p",
            "decoder-word-caption",
            `Bits ${rangeText(top, word * 32)}: ${hexWord(value, word)}`,
          ),
        );
        const mine = boxes.filter((b) => b[0] === word);
        const layers = [...new Set(mine.map((b) => b[1]))];
        for (const layer of layers) {
          const row = element("div", "decoder-bits");
          for (const [, boxLayer, high, low, kind, field] of mine) {
            if (boxLayer !== layer) continue;
            const box = element("div", `decoder-box decoder-${kind}`);
            box.style.gridColumn = `${32 - (high % 32)} / span ${high - low + 1}`;
            box.title = `${field || kind} (bits ${rangeText(high, low)})`;
            box.dataset.bits = rangeText(high, low);
            if (field) box.dataset.field = field;
            box.append(element("span", "decoder-box-label", field || ""));
            const bits = element("span", "decoder-box-bits");
            for (let bit = high; bit >= low; bit--)
              bits.append(element("span", "", String((value >> BigInt(bit)) & 1n)));
            box.append(bits);
            row.append(box);
          }
          block.append(row);
        }
        shown.push(block);
      }
      layoutOut.replaceChildren(...shown);
    }
    function drawFields(fields) {
      fieldsTable.tBodies[0].replaceChildren(
        ...fields.map((f) => {
          const row = element("tr");
          row.dataset.field = f.name;
          row.append(
            element("th", "", f.name),
            element("td", "", rangeText(f.high, f.low)),
            element("td", "", f.text),
          );
          return row;
        }),
      );
      fieldsTable.hidden = fields.length === 0;
    }
    function clearRegister() {
      link.hidden = true;
      layoutOut.replaceChildren();
      fieldsTable.hidden = true;
    }
    highlightFieldsOnHover(panel);
    function saveState(hash) {
      if (!hash && !location.hash.startsWith("#lookup=")) return;
      if (hash !== location.hash)
        history.replaceState(null, "", hash || location.pathname + location.search);
    }
    function update(save) {
      const address = parseHex(addressInput.value);
      const value = parseHex(valueInput.value);
      const problem =
        (address && "error" in address && address.error) ||
        (value && "error" in value && value.error) ||
        "";
      errorOut.textContent = problem;
      if (!address || problem || !("value" in address)) {
        textOut.textContent = "";
        clearRegister();
        if (save && !address) saveState("");
        return;
      }
      const given = value && "value" in value ? value.value : void 0;
      const variant = variantSelect ? variantSelect.value : "";
      const options = { domain: domainSelect.value, ...(variant ? { variant } : {}) };
      let decoded;
      try {
        decoded = api.decodeRegister(address.value, given, options);
      } catch (e) {
        textOut.textContent = "";
        errorOut.textContent = e.message;
        clearRegister();
        return;
      }
      textOut.textContent = decoded.text;
      const section = sectionOf(api, decoded, variant);
      if (section && section.anchor !== null) {
        link.href = `#${section.anchor}`;
        link.textContent = `${decoded.register.trim()}: its section of this manual`;
        link.hidden = false;
      } else link.hidden = true;
      if (section && given !== void 0) {
        drawLayout(decoded.fields, Math.max(section.width, 1), given);
        drawFields(decoded.fields);
      } else {
        layoutOut.replaceChildren();
        fieldsTable.hidden = true;
      }
      if (save) saveState(stateHash(domainSelect.value, address.value, given, variant));
    }
    function loadState() {
      const state = parseState(location.hash);
      if (!state) return false;
      if (api.domains.includes(state.domain)) domainSelect.value = state.domain;
      if (variantSelect) {
        const known = api.variants.find((v) => v.toLowerCase() === state.variant.toLowerCase());
        variantSelect.value = known || "";
      }
      addressInput.value = state.address && `0x${state.address}`;
      valueInput.value = state.value && `0x${state.value}`;
      update(false);
      return true;
    }
    addressInput.addEventListener("input", () => update(true));
    valueInput.addEventListener("input", () => update(true));
    domainSelect.addEventListener("change", () => update(true));
    if (variantSelect) variantSelect.addEventListener("change", () => update(true));
    window.addEventListener("hashchange", loadState);
    if (loadState()) panel.scrollIntoView();
  }

  // generator/emit/site/siteScript.ts
  start();
})();
