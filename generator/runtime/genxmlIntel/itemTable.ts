/**
 * The entry points of a generated Intel decoder over its items (each a generated walk function):
 * an item by name, printed or decoded, and a command buffer walked by opcode and length. Inlined
 * into every generated decoder without its `export`s; the module's exports call these with its
 * tables.
 */
import { guessLength } from "./commandLength";
import type { DecodedField, SurfaceFormats } from "./decodedField";
import { DecodeSink, hex8, PrintSink, type FieldSink } from "./fieldSinks";

/** Walks an item's fields, given its data end `n` (genxml.md §7.2). */
export type Walk = (c: FieldSink, n: number) => void;
/** An item's length in dwords: fixed, or from its header. */
export type Length = number | ((d: Uint32Array, b: number) => number);
export type ItemKind = "struct" | "instruction" | "register";

/** A struct, instruction or register of a generated decoder. */
export interface Item {
  kind: ItemKind;
  name: string;
  walk: Walk;
  length: Length;
}

export function item(kind: ItemKind, name: string, walk: Walk, length: Length): Item {
  return { kind, name, walk, length };
}

/** An instruction's length from its header when it has no `DWord Length` field. */
export function guessedLength(d: Uint32Array, b: number): number {
  return guessLength(d[b] ?? 0);
}

function lengthAt(it: Item, d: Uint32Array, b: number): number {
  return typeof it.length === "number" ? it.length : it.length(d, b);
}

/** Lines as one text, each ending in a newline (one join, no copy of each line). */
function asText(lines: string[]): string {
  return lines.length ? `${lines.join("\n")}\n` : "";
}

function asDwords(dwords: ArrayLike<number>): Uint32Array {
  return dwords instanceof Uint32Array ? dwords : Uint32Array.from(dwords);
}

/** Items by name per kind; a name looks up structs first, then instructions, then registers. */
export class ItemTable {
  private readonly byKind = new Map<string, Map<string, Item>>();
  constructor(items: Item[]) {
    for (const k of ["struct", "instruction", "register"]) this.byKind.set(k, new Map());
    for (const it of items) this.byKind.get(it.kind)!.set(it.name, it);
  }
  names(kind: ItemKind): string[] {
    return [...this.byKind.get(kind)!.keys()];
  }
  find(name: string, kind?: ItemKind): Item | undefined {
    if (kind) return this.byKind.get(kind)!.get(name);
    for (const table of this.byKind.values()) {
      const it = table.get(name);
      if (it) return it;
    }
    return undefined;
  }
}

/** intel_print_group's text for `it` at offset 0 (dwords past those given read 0). */
export function printItem(it: Item, dwords: ArrayLike<number>, formats?: SurfaceFormats): string {
  const d = asDwords(dwords);
  const out: string[] = [];
  it.walk(new PrintSink(d, 0, out, 0, formats), lengthAt(it, d, 0));
  return asText(out);
}

/** The typed fields of `it` over `dwords`, as the interpreter's decodeStruct gives them. */
export function decodeItem(it: Item, dwords: ArrayLike<number>): DecodedField[] {
  const d = asDwords(dwords);
  const fields: DecodedField[] = [];
  it.walk(new DecodeSink(d, 0, fields, 0, 32 * d.length), lengthAt(it, d, 0));
  return fields;
}

/** A command of a buffer: its first dword, its instruction's name (if known) and its length. */
export interface WalkedCommand {
  index: number;
  name?: string;
  /** Dwords the command takes (at least 1). */
  length: number;
}

/** Walk a command buffer by opcode and length; an unknown header is its guessed length, at least 1. */
export function walkItems(
  dwords: ArrayLike<number>,
  instructionAt: (header: number) => Item | undefined,
): WalkedCommand[] {
  const d = asDwords(dwords);
  const out: WalkedCommand[] = [];
  for (let i = 0; i < d.length;) {
    const it = instructionAt(d[i]);
    const length = Math.max(1, it ? lengthAt(it, d, i) : guessLength(d[i]));
    out.push(it ? { index: i, name: it.name, length } : { index: i, length });
    i += length;
  }
  return out;
}

/** A buffer as text: per command `0x«offset»:  0x«header»:  «NAME»`, then its fields. */
export function printItems(
  dwords: ArrayLike<number>,
  instructionAt: (header: number) => Item | undefined,
  formats?: SurfaceFormats,
): string {
  const d = asDwords(dwords);
  const out: string[] = [];
  for (let i = 0; i < d.length;) {
    const it = instructionAt(d[i]);
    const n = it ? lengthAt(it, d, i) : guessLength(d[i]);
    out.push(`0x${hex8(4 * i)}:  0x${hex8(d[i])}:  ${it?.name ?? "unknown instruction"}`);
    // Past its length the decoder shows the memory that follows (the next commands).
    if (it) it.walk(new PrintSink(d, i, out, 4 * i, formats), n);
    i += Math.max(1, n);
  }
  return asText(out);
}
