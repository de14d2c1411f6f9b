/**
 * The clause decoder panel of a clause ISA's page (Bifrost; the site's `clause-decoder.js`): a
 * stream of clauses in (hex words, or bytes in memory order), the codec's text (plain or verbose)
 * and each clause decoded out (its header, each tuple's register block and slot words with the
 * instruction they are, linked to its section, its constants); assembly in, the stream's words out.
 * The text is the codec's `disassembleProgram`, the very function `isaforge disasm --isa bifrost`
 * prints with. Nothing here touches the page until the script calls `start`.
 */
import { readClauseStreamBytes } from "../clauseStreamBytes";

/** A decoded clause as the codec gives it (generator/runtime/codec/bifrostClauses.ts). */
export interface SiteClause {
  offset: number;
  words: number[];
  header: number;
  tuples: { regs: number; fma: number; add: number }[];
  constants: { lo: number; hi: number }[];
  modifiers: string[];
  constantCount: number;
}

/** What the panel uses of a clause codec (templates/ts/codec/bifrost.ts.hbs). */
export interface ClauseSiteCodec {
  disassembleProgram(bytes: Uint8Array, options?: { verbose?: boolean }): string;
  decodeStream(bytes: Uint8Array): SiteClause[];
  assemble(text: string): Uint8Array;
  slotMnemonic(unit: "fma" | "add", word: number): string | null;
}

/** An ISA's clause codec script (templates/site/clause-codec.js.hbs). */
export interface ClauseSiteDecoder {
  codec: ClauseSiteCodec;
  /** Slot instruction mnemonic → its page in the ISA's directory: `page` or `page#anchor`. */
  instructions: Record<string, string>;
}

declare global {
  interface Window {
    isaforgeClauseDecoders?: Record<string, ClauseSiteDecoder>;
  }
}

/**
 * A stream typed into the panel: 32-bit hex words (`0x` optional), or with `bytes` hex bytes in
 * memory order, alone or run together; `#` and `//` start comments, as for the CLI.
 */
export function readStream(text: string, bytes: boolean): { bytes?: Uint8Array; error?: string } {
  if (bytes) {
    const read = readClauseStreamBytes(text);
    return read.error
      ? { error: `line ${read.error.line}, column ${read.error.column}: ${read.error.message}` }
      : { bytes: Uint8Array.from(read.bytes) };
  }
  const out: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++)
    for (const m of lines[i].replace(/(#|\/\/).*$/, "").matchAll(/[^\s,]+/g)) {
      const token = m[0].replace(/^0x/i, "");
      if (!/^[0-9a-fA-F]{1,8}$/.test(token))
        return {
          error: `line ${i + 1}, column ${m.index! + 1}: '${m[0]}' is not a 32-bit hex word`,
        };
      const w = parseInt(token, 16);
      out.push(w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24);
    }
  return { bytes: Uint8Array.from(out) };
}

/** `0x…` with `digits` lowercase hex digits (values up to 2^53). */
export function hex(value: number, digits: number): string {
  return `0x${value.toString(16).padStart(digits, "0")}`;
}

/** A stream as `isaforge asm` prints it: a quadword a line, four words. */
export function streamWordsText(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let q = 0; q < bytes.length; q += 16) {
    const words: string[] = [];
    for (let i = q; i < q + 16 && i < bytes.length; i += 4)
      words.push(
        hex(
          (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0,
          8,
        ),
      );
    lines.push(words.join(" "));
  }
  return lines.join("\n");
}

/** Where a slot instruction's section is, from the ISA's front page: `page` or `page#anchor`. */
export function instructionHref(isa: string, where: string): string {
  const [page, anchor] = where.split("#");
  const file = page === "" ? "" : `${isa}/${page}.html`;
  return anchor === undefined ? file : `${file}#${anchor}`;
}

/** A table of the panel: header cells, then rows; a cell with `href` links to a section. */
export interface ClauseTable {
  caption: string;
  header: string[];
  rows: { text: string; href?: string }[][];
}

/** A decoded clause as the panel's tables: its tuples, and its constants when it has any. */
export function clauseTables(
  isa: string,
  clause: SiteClause,
  decoder: Pick<ClauseSiteDecoder, "instructions"> & {
    codec: Pick<ClauseSiteCodec, "slotMnemonic">;
  },
): ClauseTable[] {
  const slot = (unit: "fma" | "add", word: number, digits: number) => {
    const mnemonic = decoder.codec.slotMnemonic(unit, word);
    const where = mnemonic === null ? undefined : decoder.instructions[mnemonic];
    return [
      { text: hex(word, digits) },
      where === undefined
        ? { text: mnemonic ?? "INSTR_INVALID_ENC" }
        : { text: mnemonic!, href: instructionHref(isa, where) },
    ];
  };
  const tables: ClauseTable[] = [
    {
      caption: `clause_${clause.offset}: ${clause.words.length / 4} quadwords, header ${hex(clause.header, 12)}, ${clause.tuples.length} tuples`,
      header: [
        "Tuple",
        "Register block",
        "FMA word",
        "FMA instruction",
        "ADD word",
        "ADD instruction",
      ],
      rows: clause.tuples.map((t, i) => [
        { text: String(i) },
        { text: hex(t.regs, 9) },
        ...slot("fma", t.fma, 6),
        ...slot("add", t.add, 5),
      ]),
    },
  ];
  if (clause.constantCount > 0)
    tables.push({
      caption: `clause_${clause.offset}: constants`,
      header: ["Slot", "Low half", "High half", "Modifier"],
      rows: clause.constants
        .slice(0, clause.constantCount)
        .map((k, i) => [
          { text: String(i) },
          { text: hex(k.lo, 8) },
          { text: hex(k.hi, 8) },
          { text: clause.modifiers[i] },
        ]),
    });
  return tables;
}

/** Wire up the page's clause decoder panel, if it has one with its codec loaded. */
export function start(): void {
  const panel = document.getElementById("clause-decoder-panel");
  const isa = panel?.dataset.isa;
  const decoder =
    panel && isa !== undefined ? (window.isaforgeClauseDecoders || {})[isa] : undefined;
  if (!panel || !decoder || isa === undefined) return;
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const wordsInput = $<HTMLTextAreaElement>("clause-words");
  const bytesToggle = $<HTMLInputElement>("clause-bytes");
  const verboseToggle = $<HTMLInputElement>("clause-verbose");
  const textOut = $("clause-text");
  const errorOut = $("clause-error");
  const decodedOut = $("clause-decoded");
  const asmInput = $<HTMLTextAreaElement>("clause-asm");
  const asmOut = $("clause-asm-words");
  const asmError = $("clause-asm-error");

  const element = (tag: string, text?: string): HTMLElement => {
    const el = document.createElement(tag);
    if (text !== undefined) el.textContent = text;
    return el;
  };

  function drawTable(table: ClauseTable): HTMLElement {
    const el = element("table");
    el.className = "decoder-fields";
    el.append(element("caption", table.caption));
    const head = element("tr");
    for (const h of table.header) head.append(element("th", h));
    const thead = element("thead");
    thead.append(head);
    el.append(thead);
    const body = element("tbody");
    for (const row of table.rows) {
      const tr = element("tr");
      for (const cell of row) {
        const td = element("td");
        if (cell.href !== undefined) {
          const a = element("a", cell.text) as HTMLAnchorElement;
          a.href = cell.href;
          td.append(a);
        } else td.textContent = cell.text;
        tr.append(td);
      }
      body.append(tr);
    }
    el.append(body);
    return el;
  }

  function decode(): void {
    const read = readStream(wordsInput.value, bytesToggle.checked);
    textOut.textContent = "";
    decodedOut.replaceChildren();
    errorOut.textContent = read.error ?? "";
    if (!read.bytes) return;
    try {
      textOut.textContent = decoder!.codec.disassembleProgram(read.bytes, {
        verbose: verboseToggle.checked,
      });
      decodedOut.replaceChildren(
        ...decoder!.codec
          .decodeStream(read.bytes)
          .flatMap((c) => clauseTables(isa!, c, decoder!))
          .map(drawTable),
      );
    } catch (e) {
      // A stream Mesa rejects: the codec's ClauseStreamError names the byte offset and the kind.
      errorOut.textContent = (e as Error).message;
    }
  }

  function assemble(): void {
    asmOut.textContent = "";
    asmError.textContent = "";
    if (asmInput.value.trim() === "") return;
    try {
      asmOut.textContent = streamWordsText(decoder!.codec.assemble(asmInput.value));
    } catch (e) {
      // BifrostAssemblyError: `line N: …`.
      asmError.textContent = (e as Error).message;
    }
  }

  wordsInput.addEventListener("input", decode);
  verboseToggle.addEventListener("change", decode);
  // Switching between words and bytes rewrites what is in the box, when it reads, in the other form.
  bytesToggle.addEventListener("change", () => {
    const read = readStream(wordsInput.value, !bytesToggle.checked);
    if (read.bytes && read.bytes.length % 4 === 0)
      wordsInput.value = bytesToggle.checked
        ? [...read.bytes].map((b) => b.toString(16).padStart(2, "0")).join(" ")
        : streamWordsText(read.bytes);
    decode();
  });
  asmInput.addEventListener("input", assemble);
  if (wordsInput.value.trim() !== "") decode();
}
