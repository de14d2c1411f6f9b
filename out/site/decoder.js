// The decoder panel of an ISA page: instruction words in, the codec's text, fields and bits out;
// assembly in, words out. Every line of text comes from the codec's disasmLine/asmLine, the very
// functions `isaforge disasm` and `isaforge asm` print with, so the page and the CLI agree. The
// state lives in the URL (#decode=0x…,0x…&gpu=600), so a decoded word can be linked.
(function () {
  "use strict";

  const panel = document.getElementById("decoder-panel");
  const decoder = panel && (window.isaforgeDecoders || {})[panel.dataset.isa];
  if (!decoder) return;
  const codec = decoder.codec;
  const $ = (id) => document.getElementById(id);
  const wordsInput = $("decode-words");
  const bytesToggle = $("decode-bytes");
  const gpuSelect = $("decode-gpu");
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

  function errorText(error) {
    return error ? `column ${error.column}: ${error.message}` : "";
  }

  function element(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function bitOf(words, bit) {
    return ((words[bit >>> 5] >>> (bit & 31)) & 1).toString();
  }

  function rangeText(high, low) {
    return high === low ? `${high}` : `${high}:${low}`;
  }

  // The encoding's boxes over the words' own bits: one grid of 32 bit columns per word and row.
  function drawLayout(layout, words) {
    const wordsShown = [];
    for (let word = 0; word < codec.ISA.wordCount; word++) {
      const boxes = layout.filter((b) => b[0] === word);
      const block = element("div", "decoder-word");
      block.append(
        element("p", "decoder-word-caption", `Word ${word}: ${codec.formatWords([words[word]])}`),
      );
      const layers = [...new Set(boxes.map((b) => b[1]))].sort((a, b) => a - b);
      for (const layer of layers) {
        const row = element("div", "decoder-bits");
        for (const [, boxLayer, high, low, kind, text, field] of boxes) {
          if (boxLayer !== layer) continue;
          const box = element("div", `decoder-box decoder-${kind}`);
          box.style.gridColumn = `${32 - (high % 32)} / span ${high - low + 1}`;
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

  function fieldBits(layout, field) {
    return layout
      .filter((b) => b[6] === field)
      .map((b) => rangeText(b[2], b[3]))
      .join(", ");
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

  // Hovering or focusing a field's row or box highlights it in both places.
  function highlight(field) {
    for (const el of panel.querySelectorAll("[data-field]"))
      el.classList.toggle("decoder-highlight", field !== null && el.dataset.field === field);
  }
  for (const type of ["pointerover", "focusin"])
    panel.addEventListener(type, (event) => {
      const target = event.target.closest && event.target.closest("[data-field]");
      highlight(target ? target.dataset.field : null);
    });
  panel.addEventListener("pointerleave", () => highlight(null));

  function hexList(words) {
    return codec.formatWords(words).split(" ").join(",");
  }

  function stateHash(words) {
    let hash = `#decode=${hexList(words)}`;
    if (gpuSelect) hash += `&gpu=${gpuSelect.value}`;
    if (bytesToggle.checked) hash += "&bytes";
    return hash;
  }

  function saveState(words) {
    // Without words, only a decoder state is cleared: a section anchor in the URL stays.
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
    if (entry) {
      // The instruction's page, in the ISA's directory beside this front page.
      const [page, layoutIndex] = entry;
      const layout = decoder.layouts[layoutIndex];
      link.href = `${panel.dataset.isa}/${page}.html`;
      link.textContent = `${decoded.name}: its page in this manual`;
      link.hidden = false;
      drawLayout(layout, parsed.words);
      drawFields(layout, decoded.fields);
    } else clearInstruction();
    if (save) saveState(parsed.words);
  }

  function encodeText() {
    // Encodings depend on the generation: assemble for the one selected.
    const result = codec.asmLine(encodeInput.value, options());
    encodeOut.textContent = result.text;
    encodeError.textContent = errorText(result.error);
    // The words just assembled, decoded above (through the URL, so the link can be shared too).
    encodeDecode.hidden = !result.words;
    if (result.words) encodeDecode.href = stateHash(Array.from(result.words));
  }

  // #decode=0x…,0x…[&gpu=N][&bytes]: fill the panel from the URL.
  function loadState() {
    if (!location.hash.startsWith("#decode=")) return false;
    const params = new URLSearchParams(location.hash.slice(1));
    const parsed = codec.parseWords(params.get("decode") || "");
    bytesToggle.checked = params.has("bytes");
    if (gpuSelect && params.has("gpu")) gpuSelect.value = params.get("gpu");
    wordsInput.value = !parsed.words
      ? params.get("decode") || ""
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
  // Switching between words and bytes rewrites what is in the box, when it parses, in the other form.
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
})();
