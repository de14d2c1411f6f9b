/**
 * Mesa's Bifrost `Notes.txt` ("# Notes on opcodes"): a title, an italic attribution, FMA-unit
 * entries, a `---` line and an `ADD ops..` marker, then ADD-unit entries. An entry is a heading
 * `NAME[.suffix]` with an optional `:` and an optional inline `// comment`, followed by `//` lines.
 */
import type { Diagnostics } from "../../diagnostics";
import type { SourceRef } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";

export interface ParsedNote {
  name: string;
  unit: "FMA" | "ADD";
  /** The `//` lines without their prefix, one per line; `//` alone is a paragraph break (empty line). */
  text: string;
  source: SourceRef;
}

const TITLE = /^#\s+\S/;
const ATTRIBUTION = /^_.*_$/;
const SEPARATOR = /^-{3,}$/;
const UNIT_MARKER = /^(FMA|ADD) ops\.*:?$/;
const HEADING = /^([A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_]+)*)(:)?\s*(?:\/\/\s?(.*))?$/;
const BODY = /^\/\/\s?(.*)$/;

export function parseNotes(doc: RecoveredDocument, diags: Diagnostics): ParsedNote[] {
  const notes: ParsedNote[] = [];
  let unit: ParsedNote["unit"] = "FMA";
  let current: { note: ParsedNote; lines: string[]; blankPending: boolean } | undefined;
  const finish = () => {
    if (current) current.note.text = current.lines.join("\n");
    current = undefined;
  };

  doc.text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    const indent = raw.length - raw.trimStart().length;
    const at = () => doc.locateLine(index + 1, indent + 1);
    if (line === "") {
      if (current && current.lines.length > 0) current.blankPending = true;
      return;
    }
    const body = BODY.exec(line);
    if (body) {
      if (!current) {
        diags.error("bad-line", `comment line before any opcode heading: '${clip(line)}'`, at());
        return;
      }
      // A blank line inside an entry separates paragraphs, like an empty `//` line.
      if (current.blankPending) current.lines.push("");
      current.blankPending = false;
      current.lines.push(body[1].trimEnd());
      return;
    }
    if (TITLE.test(line) || ATTRIBUTION.test(line)) {
      finish();
      return;
    }
    if (SEPARATOR.test(line)) {
      finish();
      return;
    }
    const marker = UNIT_MARKER.exec(line);
    if (marker) {
      finish();
      unit = marker[1] as ParsedNote["unit"];
      return;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      finish();
      const note: ParsedNote = { name: heading[1], unit, text: "", source: at() };
      notes.push(note);
      current = {
        note,
        lines: heading[3] !== undefined ? [heading[3].trimEnd()] : [],
        blankPending: false,
      };
      return;
    }
    diags.error(
      "bad-line",
      `expected an opcode heading 'NAME:' or a '//' comment line, found '${clip(line)}'`,
      at(),
    );
  });
  finish();
  return notes;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
