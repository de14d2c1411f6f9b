/**
 * The element stream gen_header.py's expat parser sees, rebuilt from the model. gen_header keeps
 * state across elements (the current domain, stripe, array, bitset, varset) and across files (enums,
 * bitsets and variant registers by name), so its output depends on the order elements are met: the
 * root file, each `<import>` read at its position (each file once), everything in document order.
 * The model keeps enums, bitsets and domains apart and merges same-name declarations; this module
 * puts every item back at its `file` and `source` position, split per declaration.
 */
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnBitset,
  RnnDomain,
  RnnElement,
  RnnEnum,
  RnnValue,
} from "../../model/registerDatabase";
import type { SourceRef } from "../../model/types";

/** A start tag gen_header handles (or its end), with the model object that carries its attributes. */
export type StreamEvent =
  | { tag: "import"; file: string; at: SourceRef }
  | { tag: "domain"; domain: RnnDomain; at: SourceRef }
  | { tag: "stripe" | "array" | "reg"; element: RnnElement; at: SourceRef }
  | { tag: "enum"; name: string; at: SourceRef }
  | { tag: "value"; value: RnnValue; at: SourceRef }
  | { tag: "bitset"; bitset: RnnBitset; at: SourceRef }
  | { tag: "bitfield"; field: RnnBitfield; at: SourceRef }
  | { tag: "end"; of: "domain" | "stripe" | "array" | "reg" | "enum" | "bitset" };

/** `[line, column, rank]`: starts rank 0; an end ranks after its last descendant, inner ends first. */
type Key = [number, number, number];
interface Keyed {
  key: Key;
  event: StreamEvent;
}

const END_RANK = 1000;

function compareKeys(a: Key, b: Key): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function at(s: SourceRef): Key {
  return [s.line, s.column, 0];
}

/** A file's events, in document order. */
class FileEvents {
  readonly items: Keyed[] = [];
  add(key: Key, event: StreamEvent): void {
    this.items.push({ key, event });
  }
  sorted(): StreamEvent[] {
    return this.items.sort((a, b) => compareKeys(a.key, b.key)).map((k) => k.event);
  }
}

/** What the replay needs besides the events: the files in the order gen_header reads them. */
export interface Stream {
  /** Database file names (`RnnFile.name`), root first, each once, as gen_header's `xml_files`. */
  files: string[];
  /** Visits the events in order; `file` is the name of the file the event is in. */
  events: { file: string; event: StreamEvent }[];
}

/** The stream of `root` (default: the database's root document) and the files it imports. */
export function buildStream(db: RegisterDatabase, root = db.files[0]?.name): Stream {
  const byFile = new Map<string, FileEvents>();
  const fileOf = (name: string) => {
    let f = byFile.get(name);
    if (!f) byFile.set(name, (f = new FileEvents()));
    return f;
  };
  // Declarations merged into one model object name their document only by display path.
  const nameOfPath = displayPathNames(db);

  for (const f of db.files) {
    for (const imp of f.imports)
      fileOf(f.name).add(at(imp.source), { tag: "import", file: imp.file, at: imp.source });
  }

  for (const e of db.enums) {
    const decls = declarations(e.file, e.source, e.mergedFrom, nameOfPath);
    for (const d of decls)
      fileOf(d.file).add(at(d.source), { tag: "enum", name: e.name, at: d.source });
    const last = lastKeys(decls);
    for (const v of e.values) {
      const key = at(v.source);
      fileOf(v.file).add(key, { tag: "value", value: v, at: v.source });
      bump(last, declarationOf(decls, v.file, v.source), key);
    }
    decls.forEach((d, i) => fileOf(d.file).add(endKey(last[i], 0), { tag: "end", of: "enum" }));
  }

  for (const b of db.bitsets) {
    const decls = declarations(b.file, b.source, b.mergedFrom, nameOfPath);
    for (const d of decls)
      fileOf(d.file).add(at(d.source), { tag: "bitset", bitset: b, at: d.source });
    const last = lastKeys(decls);
    for (const f of b.fields) {
      const key = bitfieldEvents(fileOf(f.file), f);
      bump(last, declarationOf(decls, f.file, f.source), key);
    }
    decls.forEach((d, i) => fileOf(d.file).add(endKey(last[i], 0), { tag: "end", of: "bitset" }));
  }

  for (const dom of db.domains) {
    const decls = declarations(dom.file, dom.source, dom.mergedFrom, nameOfPath);
    for (const d of decls)
      fileOf(d.file).add(at(d.source), { tag: "domain", domain: dom, at: d.source });
    const last = lastKeys(decls);
    for (const el of dom.elements) {
      const key = elementEvents(fileOf, el, 1);
      bump(last, declarationOf(decls, el.file, el.source), key);
    }
    decls.forEach((d, i) => fileOf(d.file).add(endKey(last[i], 0), { tag: "end", of: "domain" }));
  }

  // gen_header's do_parse: depth first from the root, an import read where it is met, once.
  const files: string[] = [];
  const events: Stream["events"] = [];
  const sorted = new Map([...byFile].map(([name, f]) => [name, f.sorted()]));
  const known = new Set(db.files.map((f) => f.name));
  const visit = (name: string) => {
    files.push(name);
    for (const event of sorted.get(name) ?? []) {
      if (event.tag === "import") {
        if (!files.includes(event.file) && known.has(event.file)) visit(event.file);
        continue;
      }
      events.push({ file: name, event });
    }
  };
  if (root !== undefined && known.has(root)) visit(root);
  return { files, events };
}

/** Display path (`SourceRef.file`) → database file name, from every item that carries both. */
function displayPathNames(db: RegisterDatabase): Map<string, string> {
  const map = new Map<string, string>();
  const note = (x: { file: string; source: SourceRef }) => {
    if (!map.has(x.source.file)) map.set(x.source.file, x.file);
  };
  const element = (e: RnnElement) => {
    note(e);
    e.type.fields.forEach(note);
    e.type.values.forEach(note);
    e.elements.forEach(element);
  };
  for (const e of db.enums) {
    note(e);
    e.values.forEach(note);
  }
  for (const b of db.bitsets) {
    note(b);
    b.fields.forEach(note);
  }
  for (const d of db.domains) {
    note(d);
    d.elements.forEach(element);
  }
  return map;
}

interface Declaration {
  file: string;
  source: SourceRef;
}

/** Every declaration of a merged enum, bitset or domain (those whose file is unknown are dropped). */
function declarations(
  file: string,
  source: SourceRef,
  mergedFrom: SourceRef[] | undefined,
  nameOfPath: Map<string, string>,
): Declaration[] {
  const decls: Declaration[] = [{ file, source }];
  for (const s of mergedFrom ?? []) {
    const name = nameOfPath.get(s.file);
    if (name !== undefined) decls.push({ file: name, source: s });
  }
  return decls;
}

/** The declaration an item belongs to: the last one of its file that starts before it. */
function declarationOf(decls: Declaration[], file: string, source: SourceRef): number {
  let best = -1;
  for (let i = 0; i < decls.length; i++) {
    const d = decls[i];
    if (d.file !== file || compareKeys(at(d.source), at(source)) > 0) continue;
    if (best < 0 || compareKeys(at(decls[best].source), at(d.source)) < 0) best = i;
  }
  return best;
}

function lastKeys(decls: Declaration[]): Key[] {
  return decls.map((d) => at(d.source));
}

function bump(last: Key[], i: number, key: Key): void {
  if (i >= 0 && compareKeys(last[i], key) < 0) last[i] = key;
}

/** The key of the end of an element of nesting `depth` whose last descendant starts at `last`. */
function endKey(last: Key, depth: number): Key {
  return [last[0], last[1], END_RANK - depth];
}

/** A bitfield and the values written inside it; returns the key of the last. */
function bitfieldEvents(f: FileEvents, field: RnnBitfield): Key {
  const first = at(field.source);
  f.add(first, { tag: "bitfield", field, at: field.source });
  return ownValueEvents(f, field.type.values, first);
}

/** Values written inside a register or bitfield (not those its type brought in). */
function ownValueEvents(f: FileEvents, values: RnnValue[], last: Key): Key {
  for (const v of values) {
    if (v.copiedFrom !== undefined) continue;
    const key = at(v.source);
    f.add(key, { tag: "value", value: v, at: v.source });
    if (compareKeys(last, key) < 0) last = key;
  }
  return last;
}

/** An element, its own bitfields and values, and its children; returns the key of the last. */
function elementEvents(fileOf: (name: string) => FileEvents, el: RnnElement, depth: number): Key {
  // gen_header does not know <use-group>: what a group holds is met where the group is declared.
  if (el.useGroup !== undefined) return at(el.source);
  const f = fileOf(el.file);
  let last = at(el.source);
  const later = (k: Key) => {
    if (compareKeys(last, k) < 0) last = k;
  };
  // Only <reg32> and <reg64> are registers to gen_header; a <reg8>/<reg16>'s bitfields still land
  // in whatever bitset is current.
  const tag =
    el.kind === "reg" ? (el.width === 32 || el.width === 64 ? "reg" : undefined) : el.kind;
  if (tag) f.add(last, { tag, element: el, at: el.source });
  if (el.kind === "reg") {
    for (const fld of el.type.fields)
      if (fld.copiedFrom === undefined) later(bitfieldEvents(fileOf(fld.file), fld));
    later(ownValueEvents(f, el.type.values, last));
  }
  for (const child of el.elements) later(elementEvents(fileOf, child, depth + 1));
  if (tag) f.add(endKey(last, depth), { tag: "end", of: tag });
  return last;
}
