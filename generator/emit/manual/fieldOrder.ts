/**
 * The order every field list of the manuals (and the site's panels) follows: the bit diagrams' own,
 * highest bit first, so a table reads left to right along the diagram above it.
 */
import type { Field } from "../../model/types";

/** The highest bit a field has (its ranges may be split). */
export function highestBit(field: Pick<Field, "ranges">): number {
  return Math.max(...field.ranges.map((r) => r.high));
}

/** `items` by their highest bit, descending; equal ones by their lowest, then as given. */
export function highestBitFirst<T>(items: readonly T[], bits: (item: T) => [number, number]): T[] {
  return items
    .map((item, i) => ({ item, i, bits: bits(item) }))
    .sort((a, b) => b.bits[0] - a.bits[0] || b.bits[1] - a.bits[1] || a.i - b.i)
    .map((x) => x.item);
}

/** An instruction's or register's fields, highest bit first. */
export function fieldsInBitOrder(fields: readonly Field[]): Field[] {
  return highestBitFirst(fields, (f) => [highestBit(f), Math.min(...f.ranges.map((r) => r.low))]);
}
