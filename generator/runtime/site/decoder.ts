/**
 * The decoder panel of an ISA page (the site's `decoder.js`): instruction words in, the codec's
 * text, fields and bits out; assembly in, words out. Every line of text comes from the codec's
 * disasmLine/asmLine, the very functions `isaforge disasm` and `isaforge asm` print with, so the
 * page and the CLI agree. The state lives in the URL (#decode=0x…,0x…&gpu=600), so a decoded word
 * can be linked; without one, the panel opens with the words its page was written with (the
 * manual's example of a real instruction), decoded. Nothing here touches the page until the script
 * calls `start`.
 */
import { highlightFieldsOnHover } from "./fieldHighlight";

/** A line's result from the codec (generator/runtime/codec/codecLines.ts). */
export interface LineResult {
  text: string;
  error?: { message: string; column: number };
}

/** What the panel uses of a generated codec (templates/ts/codec/, codecLines.ts). */
export interface SiteCodec {
  ISA: { id: string; wordCount: number; defaultGpu: number | null };
  formatWords(words: ArrayLike<number>, bytes?: boolean): string;
  parseWords(line: string, bytes?: boolean): { words?: number[]; error?: string; column?: number };
  decode(
    words: ArrayLike<number>,
    options?: { gpu?: number },
  ): { name: string; fields: Record<string, unknown> } | undefined;
  disasmLine(line: string, options?: { bytes?: boolean; gpu?: number }): LineResult;
  asmLine(line: string, options?: { gpu?: number }): LineResult & { words?: Uint32Array };
}

/** A box of an encoding: `[word, layer, high bit, low bit, kind, text, field]` (decoderView.ts). */
export type LayoutBox = [
  word: number,
  layer: number,
  high: number,
  low: number,
  kind: string,
  text: string,
  field: string | null,
];

/** An ISA's codec script (templates/site/codec.js.hbs): window.isaforgeDecoders[isa]. */
export interface SiteDecoder {
  codec: SiteCodec;
  /** Instruction name → [its page in the ISA's directory, index into layouts]. */
  instructions: Record<string, [page: string, layout: number]>;
  layouts: LayoutBox[][];
}

declare global {
  interface Window {
    isaforgeDecoders?: Record<string, SiteDecoder>;
  }
}

/** Bit `bit` of the words (bit 32 is word 1's bit 0), as "0" or "1". */
export function bitOf(words: ArrayLike<number>, bit: number): string {
  return ((words[bit >>> 5] >>> (bit & 31)) & 1).toString();
}

/** `high:low`, or one number for a single bit. */
export function rangeText(high: number, low: number): string {
  return high === low ? `${high}` : `${high}:${low}`;
}

/** A box's place in its word's grid of 32 bit columns, bit 31 in the first. */
export function gridColumn(high: number, low: number): string {
  return `${32 - (high % 32)} / span ${high - low + 1}`;
}

/** The layers of a word's boxes, in ascending order. */
export function layersOf(boxes: readonly LayoutBox[]): number[] {
  return [...new Set(boxes.map((b) => b[1]))].sort((a, b) => a - b);
}

/** The bit ranges a field has in a layout, as the fields table lists them. */
export function fieldBits(layout: readonly LayoutBox[], field: string): string {
  return layout
    .filter((b) => b[6] === field)
    .map((b) => rangeText(b[2], b[3]))
    .join(", ");
}

/**
 * The fields of a decoded instruction in the order of the bit diagrams, highest bit first (the
 * codec lists them as the spec declares them); a field without bits in the layout goes last.
 */
export function fieldsInBitOrder(
  layout: readonly LayoutBox[],
  fields: readonly string[],
): string[] {
  const bits = (field: string): [number, number] => {
    const boxes = layout.filter((b) => b[6] === field);
    if (boxes.length === 0) return [-1, -1];
    return [Math.max(...boxes.map((b) => b[2])), Math.min(...boxes.map((b) => b[3]))];
  };
  return fields
    .map((name, i) => ({ name, i, bits: bits(name) }))
    .sort((a, b) => b.bits[0] - a.bits[0] || b.bits[1] - a.bits[1] || a.i - b.i)
    .map((f) => f.name);
}

/** `#decode=0x…,0x…[&gpu=N][&bytes]` for words already formatted (space-separated). */
export function decodeHash(formattedWords: string, gpu: string | null, bytes: boolean): string {
  let hash = `#decode=${formattedWords.split(" ").join(",")}`;
  if (gpu !== null) hash += `&gpu=${gpu}`;
  if (bytes) hash += "&bytes";
  return hash;
}

/** The panel's state in a URL's hash, or null where the hash is not a decoder state. */
export function parseDecodeHash(
  hash: string,
): { words: string; gpu: string | null; bytes: boolean } | null {
  if (!hash.startsWith("#decode=")) return null;
  const params = new URLSearchParams(hash.slice(1));
  return { words: params.get("decode") || "", gpu: params.get("gpu"), bytes: params.has("bytes") };
}

/** A decoder's error as the panel shows it. */
export function errorText(error: LineResult["error"]): string {
  return error ? `column ${error.column}: ${error.message}` : "";
}

/** Wire up the page's decoder panel, if it has one with its codec loaded. The script calls this. */
export function start(): void {
  const panel = document.getElementById("decoder-panel");
  const isa = panel?.dataset.isa;
  const decoder = panel && isa !== undefined ? (window.isaforgeDecoders || {})[isa] : undefined;
  if (!panel || !decoder) return;
  const codec = decoder.codec;
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const wordsInput = $<HTMLInputElement>("decode-words");
  const bytesToggle = $<HTMLInputElement>("decode-bytes");
  const gpuSelect = document.getElementById("decode-gpu") as HTMLSelectElement | null;
  const textOut = $("decode-text");
  const errorOut = $("decode-error");
  const link = $<HTMLAnchorElement>("decode-link");
  const layoutOut = $("decode-layout");
  const fieldsTable = $<HTMLTableElement>("decode-fields");
  const encodeInput = $<HTMLInputElement>("encode-text");
  const encodeOut = $("encode-words");
  const encodeError = $("encode-error");
  const encodeDecode = $<HTMLAnchorElement>("encode-decode");
  const exampleNote = document.getElementById("decode-example");

  // The page opens with the manual's example in the box (and its generation, where it names one),
  // decoded below; it is not the reader's, so the URL keeps none of it until they change the words.
  let showingExample =
    wordsInput.defaultValue !== "" && wordsInput.value === wordsInput.defaultValue;
  const exampleGpu = gpuSelect && Array.from(gpuSelect.options).some((o) => o.defaultSelected);
  if (gpuSelect && !exampleGpu && codec.ISA.defaultGpu !== null)
    gpuSelect.value = String(codec.ISA.defaultGpu);

  function leaveExample(): void {
    showingExample = false;
    if (exampleNote) exampleNote.hidden = true;
  }

  function options(): { gpu?: number } {
    return gpuSelect ? { gpu: Number(gpuSelect.value) } : {};
  }

  function element(tag: string, className?: string, text?: string): HTMLElement {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  // The encoding's boxes over the words' own bits: one grid of 32 bit columns per word and row.
  function drawLayout(layout: LayoutBox[], words: number[]): void {
    const wordsShown: HTMLElement[] = [];
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

  function drawFields(layout: LayoutBox[], fields: Record<string, unknown>): void {
    const body = fieldsTable.tBodies[0];
    body.replaceChildren(
      ...fieldsInBitOrder(layout, Object.keys(fields)).map((name) => {
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

  function clearInstruction(): void {
    link.hidden = true;
    layoutOut.replaceChildren();
    fieldsTable.hidden = true;
  }

  highlightFieldsOnHover(panel!);

  function stateHash(words: ArrayLike<number>): string {
    return decodeHash(
      codec.formatWords(words),
      gpuSelect ? gpuSelect.value : null,
      bytesToggle.checked,
    );
  }

  function saveState(words: number[] | undefined): void {
    // Without words, only a decoder state is cleared: a section anchor in the URL stays.
    if (!words && !location.hash.startsWith("#decode=")) return;
    const hash = words ? stateHash(words) : "";
    if (hash !== location.hash)
      history.replaceState(null, "", hash || location.pathname + location.search);
  }

  function decodeWords(save: boolean): void {
    const line = wordsInput.value;
    const result = codec.disasmLine(line, { bytes: bytesToggle.checked, ...options() });
    textOut.textContent = result.text;
    errorOut.textContent = errorText(result.error);
    const parsed: { words?: number[] } =
      line.trim() === "" ? {} : codec.parseWords(line, bytesToggle.checked);
    const decoded = parsed.words && codec.decode(parsed.words, options());
    const entry = decoded && decoder!.instructions[decoded.name];
    if (decoded && entry) {
      // The instruction's page, in the ISA's directory beside this front page.
      const [page, layoutIndex] = entry;
      const layout = decoder!.layouts[layoutIndex];
      link.href = `${isa}/${page}.html`;
      link.textContent = `${decoded.name}: its page in this manual`;
      link.hidden = false;
      drawLayout(layout, parsed.words!);
      drawFields(layout, decoded.fields);
    } else clearInstruction();
    if (save && !showingExample) saveState(parsed.words);
  }

  function encodeText(): void {
    // Encodings depend on the generation: assemble for the one selected.
    const result = codec.asmLine(encodeInput.value, options());
    encodeOut.textContent = result.text;
    encodeError.textContent = errorText(result.error);
    // The words just assembled, decoded above (through the URL, so the link can be shared too).
    encodeDecode.hidden = !result.words;
    if (result.words) encodeDecode.href = stateHash(Array.from(result.words));
  }

  // #decode=0x…,0x…[&gpu=N][&bytes]: fill the panel from the URL.
  function loadState(): boolean {
    const state = parseDecodeHash(location.hash);
    if (!state) return false;
    const parsed = codec.parseWords(state.words);
    leaveExample();
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

  wordsInput.addEventListener("input", () => {
    leaveExample();
    decodeWords(true);
  });
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
  else if (wordsInput.value.trim() !== "") decodeWords(false);
}
