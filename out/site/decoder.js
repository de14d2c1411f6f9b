// The site's decoder.js: generator/runtime/site/decoder.ts, compiled by isaforge's build.
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

  // generator/runtime/site/decoder.ts
  function bitOf(words, bit) {
    return ((words[bit >>> 5] >>> (bit & 31)) & 1).toString();
  }
  function rangeText(high, low) {
    return high === low ? `${high}` : `${high}:${low}`;
  }
  function gridColumn(high, low) {
    return `${32 - (high % 32)} / span ${high - low + 1}`;
  }
  function layersOf(boxes) {
    return [...new Set(boxes.map((b) => b[1]))].sort((a, b) => a - b);
  }
  function fieldBits(layout, field) {
    return layout
      .filter((b) => b[6] === field)
      .map((b) => rangeText(b[2], b[3]))
      .join(", ");
  }
  function decodeHash(formattedWords, gpu, bytes) {
    let hash = `#decode=${formattedWords.split(" ").join(",")}`;
    if (gpu !== null) hash += `&gpu=${gpu}`;
    if (bytes) hash += "&bytes";
    return hash;
  }
  function parseDecodeHash(hash) {
    if (!hash.startsWith("#decode=")) return null;
    const params = new URLSearchParams(hash.slice(1));
    return {
      words: params.get("decode") || "",
      gpu: params.get("gpu"),
      bytes: params.has("bytes"),
    };
  }
  function errorText(error) {
    return error ? `column ${error.column}: ${error.message}` : "";
  }
  function start() {
    const panel = document.getElementById("decoder-panel");
    const isa = panel?.dataset.isa;
    const decoder = panel && isa !== void 0 ? (window.isaforgeDecoders || {})[isa] : void 0;
    if (!panel || !decoder) return;
    const codec = decoder.codec;
    const $ = (id) => document.getElementById(id);
    const wordsInput = $("decode-words");
    const bytesToggle = $("decode-bytes");
    const gpuSelect = document.getElementById("decode-gpu");
    const textOut = $("decode-text");
    const errorOut = $("decode-error");
    const link = $("decode-link");
    const layoutOut = $("decode-layout");
    const fieldsTable = $("decode-fields");
    const encodeInput = $("encode-text");
    const encodeOut = $("encode-words");
    const encodeError = $("encode-error");
    const encodeDecode = $("encode-decode");
    if (gpuSelect && codec.ISA.defaultGpu !== null) gpuSelect.value = String(codec.ISA.defaultGpu);
    function options() {
      return gpuSelect ? { gpu: Number(gpuSelect.value) } : {};
    }
    function element(tag, className, text) {
      const el = document.createElement(tag);
      if (className) el.className = className;
      if (text !== void 0) el.textContent = text;
      return el;
    }
    function drawLayout(layout, words) {
      const wordsShown = [];
      for (let word = 0; word < codec.ISA.wordCount; word++) {
        const boxes = layout.filter((b) => b[0] === word);
        const block = element("div", "decoder-word");
        block.append(
          element("p", "decoder-word-caption", `Word ${word}: ${codec.formatWords([words[word]])}`),
        );
        for (const layer of layersOf(boxes)) {
          const row = element("div", "decoder-bits");
          for (const [, boxLayer, high, low, kind, text, field] of boxes) {
            if (boxLayer !== layer) continue;
            const box = element("div", `decoder-box decoder-${kind}`);
            box.style.gridColumn = gridColumn(high, low);
            box.title = `${field || kind} (bits ${rangeText(high, low)})`;
            box.dataset.bits = rangeText(high, low);
            if (field) box.dataset.field = field;
            box.append(
              element(
                "span",
                "decoder-box-label",
                kind === "field" ? text : kind === "fixed" ? "" : kind,
              ),
            );
            const bits = element("span", "decoder-box-bits");
            for (let bit = high, i = 0; bit >= low; bit--, i++) {
              const b = element(
                "span",
                kind === "fixed" && text[i] === "x" ? "decoder-dontcare" : "",
                bitOf(words, bit),
              );
              bits.append(b);
            }
            box.append(bits);
            row.append(box);
          }
          block.append(row);
        }
        wordsShown.push(block);
      }
      layoutOut.replaceChildren(...wordsShown);
    }
    function drawFields(layout, fields) {
      const body = fieldsTable.tBodies[0];
      body.replaceChildren(
        ...Object.keys(fields).map((name) => {
          const row = element("tr");
          row.dataset.field = name;
          row.append(
            element("th", "", name),
            element("td", "", fieldBits(layout, name)),
            element("td", "", String(fields[name])),
          );
          return row;
        }),
      );
      fieldsTable.hidden = false;
    }
    function clearInstruction() {
      link.hidden = true;
      layoutOut.replaceChildren();
      fieldsTable.hidden = true;
    }
    highlightFieldsOnHover(panel);
    function stateHash(words) {
      return decodeHash(
        codec.formatWords(words),
        gpuSelect ? gpuSelect.value : null,
        bytesToggle.checked,
      );
    }
    function saveState(words) {
      if (!words && !location.hash.startsWith("#decode=")) return;
      const hash = words ? stateHash(words) : "";
      if (hash !== location.hash)
        history.replaceState(null, "", hash || location.pathname + location.search);
    }
    function decodeWords(save) {
      const line = wordsInput.value;
      const result = codec.disasmLine(line, { bytes: bytesToggle.checked, ...options() });
      textOut.textContent = result.text;
      errorOut.textContent = errorText(result.error);
      const parsed = line.trim() === "" ? {} : codec.parseWords(line, bytesToggle.checked);
      const decoded = parsed.words && codec.decode(parsed.words, options());
      const entry = decoded && decoder.instructions[decoded.name];
      if (decoded && entry) {
        const [page, layoutIndex] = entry;
        const layout = decoder.layouts[layoutIndex];
        link.href = `${isa}/${page}.html`;
        link.textContent = `${decoded.name}: its page in this manual`;
        link.hidden = false;
        drawLayout(layout, parsed.words);
        drawFields(layout, decoded.fields);
      } else clearInstruction();
      if (save) saveState(parsed.words);
    }
    function encodeText() {
      const result = codec.asmLine(encodeInput.value, options());
      encodeOut.textContent = result.text;
      encodeError.textContent = errorText(result.error);
      encodeDecode.hidden = !result.words;
      if (result.words) encodeDecode.href = stateHash(Array.from(result.words));
    }
    function loadState() {
      const state = parseDecodeHash(location.hash);
      if (!state) return false;
      const parsed = codec.parseWords(state.words);
      bytesToggle.checked = state.bytes;
      if (gpuSelect && state.gpu !== null) gpuSelect.value = state.gpu;
      wordsInput.value = !parsed.words
        ? state.words
        : bytesToggle.checked
          ? codec.formatWords(parsed.words, true)
          : parsed.words.map((w) => codec.formatWords([w])).join(" ");
      decodeWords(false);
      return true;
    }
    wordsInput.addEventListener("input", () => decodeWords(true));
    if (gpuSelect)
      gpuSelect.addEventListener("change", () => {
        decodeWords(true);
        encodeText();
      });
    bytesToggle.addEventListener("change", () => {
      const parsed = codec.parseWords(wordsInput.value, !bytesToggle.checked);
      if (parsed.words)
        wordsInput.value = bytesToggle.checked
          ? codec.formatWords(parsed.words, true)
          : codec.formatWords(parsed.words);
      decodeWords(true);
    });
    encodeInput.addEventListener("input", encodeText);
    window.addEventListener("hashchange", loadState);
    if (loadState()) panel.scrollIntoView();
  }

  // generator/emit/site/siteScript.ts
  start();
})();
