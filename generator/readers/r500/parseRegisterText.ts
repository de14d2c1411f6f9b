/**
 * The R500 register-bits text format (buhman/r500 `regs/*.txt`): a `Field Name Bits Default
 * Description` header, then field lines, description continuation lines, and optional
 * `POSSIBLE VALUES:` blocks of `NN - text` lines. Works on the original fixed-column file and on the
 * scraped form whose whitespace runs collapsed to single spaces.
 */
import type { Diagnostics } from "../../diagnostics";
import type { SourceRef } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";

export interface ParsedValue {
  value: number;
  /** The value's text, continuation lines joined. */
  text: string;
  source: SourceRef;
}

export interface ParsedField {
  name: string;
  /** As written: `high` may be below `low` (the analyzer reports it). */
  high: number;
  low: number;
  /** Absent for DEFAULT `none`. */
  default?: number;
  /** The description, continuation lines joined. */
  doc: string;
  /** Present when the field has a `POSSIBLE VALUES:` block. */
  values?: ParsedValue[];
  valuesSource?: SourceRef;
  source: SourceRef;
}

export interface ParsedRegisterText {
  fields: ParsedField[];
  /** The header line, or the first line when the header is missing. */
  source: SourceRef;
}

const HEADER = /^Field Name\s+Bits\s+Default\s+Description\s*$/;
const FIELD_LINE = /^([A-Z][A-Z0-9_]*)\s+(\d+(?::\d+)?)\s+(0x[0-9A-Fa-f]+|none)(?:\s+(.*))?$/;
/** A field line whose BITS or DEFAULT token is malformed (checked only on unindented lines). */
const FIELD_LIKE_BAD_BITS = /^([A-Z][A-Z0-9_]*)\s+(\S+)\s+(0x[0-9A-Fa-f]+|none)(?:\s|$)/;
const FIELD_LIKE_BAD_DEFAULT = /^([A-Z][A-Z0-9_]*)\s+(\d+(?::\d+)?)\s+((?:0x|\d)\S*)(?:\s|$)/;
/** Name, bits and default fused together (buhman/r500 us_alu_rgba_inst.txt at 8c883d76, line 19). */
const GLUED_FIELD = /^([A-Z_]+)(\d+(?::\d+)?)(0x[0-9a-fA-F]+?)(?=[A-Z][a-z]|[^0-9a-fA-F]|$)/;
const GLUED_LINT = /^[A-Z_]+\d+(:\d+)?0x[0-9a-fA-F]+\S/;
const POSSIBLE_VALUES = /^POSSIBLE VALUES:\s*$/;
const VALUE_LINE = /^(\d+) - (.*)$/;
/** Hex digits beyond this are refused: no value in the model may exceed 2^53. */
const MAX_HEX_DIGITS = 13;

function appendText(prev: string, more: string): string {
  return prev === "" ? more : `${prev} ${more}`;
}

function parseBits(token: string): { high: number; low: number } {
  const [hi, lo] = token.split(":");
  const high = Number(hi);
  return { high, low: lo === undefined ? high : Number(lo) };
}

/** Parse one register document; problems are reported and parsing goes on. */
export function parseRegisterText(doc: RecoveredDocument, diags: Diagnostics): ParsedRegisterText {
  const lines = doc.text.split("\n").map((l) => l.replace(/\r$/, ""));
  const fields: ParsedField[] = [];
  /** The field being read; a field with unusable bits is read (to keep its lines) but not kept. */
  let current: ParsedField | undefined;
  let inValues = false;
  let headerSeen = false;
  let source: SourceRef | undefined;

  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const text = raw.trim();
    if (text === "") return;
    const indent = raw.length - raw.trimStart().length;
    const at = (column = indent + 1) => doc.locateLine(lineNo, column);
    if (!headerSeen) {
      headerSeen = true;
      source = at();
      if (HEADER.test(raw)) return;
      diags.error(
        "bad-line",
        `expected the header line 'Field Name Bits Default Description', found '${clip(text)}'`,
        at(),
      );
    }

    const field = indent === 0 ? FIELD_LINE.exec(raw) : null;
    if (field) {
      const [, name, bits, def, desc] = field;
      current = { name, ...parseBits(bits), doc: (desc ?? "").trim(), source: at() };
      if (def !== "none") {
        const value = parseHex(def);
        if (value === undefined)
          diags.error(
            "bad-number",
            `field '${name}': default '${def}' is too large`,
            at(raw.indexOf(def, name.length) + 1),
          );
        else current.default = value;
      }
      fields.push(current);
      inValues = false;
      return;
    }

    const glued = GLUED_LINT.test(text) ? GLUED_FIELD.exec(text) : null;
    if (glued) {
      const [whole, name, bits, def] = glued;
      diags.error(
        "glued-field-line",
        `'${whole}…' looks like field ${name}, bits ${bits}, default ${def} glued together`,
        at(),
      );
      // Read it as the field it evidently is, so that what follows attaches to it, not to the field before.
      current = { name, ...parseBits(bits), doc: text.slice(whole.length).trim(), source: at() };
      const value = parseHex(def);
      if (value !== undefined) current.default = value;
      fields.push(current);
      inValues = false;
      return;
    }

    if (indent === 0 && reportMalformedFieldLine(raw, at, diags)) {
      // Its continuation and value lines belong to it, not to the field before; it is not kept.
      current = { name: "", high: 0, low: 0, doc: "", source: at() };
      inValues = false;
      return;
    }

    if (POSSIBLE_VALUES.test(text)) {
      if (!current) diags.error("bad-line", "'POSSIBLE VALUES:' before the first field line", at());
      else if (current.values)
        diags.error(
          "bad-line",
          `field '${current.name}' has a second 'POSSIBLE VALUES:' line`,
          at(),
        );
      else {
        current.values = [];
        current.valuesSource = at();
        inValues = true;
      }
      return;
    }

    const valueLine = inValues ? VALUE_LINE.exec(text) : null;
    if (valueLine && current?.values) {
      current.values.push({ value: Number(valueLine[1]), text: valueLine[2].trim(), source: at() });
      return;
    }

    // A continuation line: it extends the latest value's text, or the field's description.
    if (!current) {
      diags.error("bad-line", `text before the first field line: '${clip(text)}'`, at());
      return;
    }
    if (inValues && current.values) {
      const last = current.values[current.values.length - 1];
      if (!last) {
        diags.error(
          "bad-line",
          `field '${current.name}': expected a value line 'NN - text' after 'POSSIBLE VALUES:', found '${clip(text)}'`,
          at(),
        );
        return;
      }
      last.text = appendText(last.text, text);
      return;
    }
    current.doc = appendText(current.doc, text);
  });

  if (!headerSeen)
    diags.error("bad-line", "the document has no header line and no fields", doc.locateLine(1));
  return { fields: fields.filter((f) => f.name !== ""), source: source ?? doc.locateLine(1) };
}

/** A line shaped like a field line whose bits or default are malformed: report it; true if so. */
function reportMalformedFieldLine(
  raw: string,
  at: (column?: number) => SourceRef,
  diags: Diagnostics,
): boolean {
  const badBits = FIELD_LIKE_BAD_BITS.exec(raw);
  if (badBits) {
    const [, name, bits] = badBits;
    diags.error(
      "bad-number",
      `field '${name}': bits '${bits}' are neither 'high:low' nor a single bit number`,
      at(raw.indexOf(bits, name.length) + 1),
    );
    return true;
  }
  const badDefault = FIELD_LIKE_BAD_DEFAULT.exec(raw);
  if (badDefault) {
    const [, name, bits, def] = badDefault;
    diags.error(
      "bad-number",
      `field '${name}': default '${def}' is neither a 0x… hex number nor 'none'`,
      at(raw.indexOf(def, name.length + bits.length) + 1),
    );
    return true;
  }
  return false;
}

/** `0x…` as a number, or undefined when it has too many digits to be exact. */
export function parseHex(token: string): number | undefined {
  const digits = token.replace(/^0x/i, "").replace(/^0+(?=.)/, "");
  if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length > MAX_HEX_DIGITS) return undefined;
  return parseInt(digits, 16);
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
