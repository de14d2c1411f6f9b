/**
 * C names of Intel genxml names, as Mesa's Intel generators form them (genxml.md §3.2).
 */

/** Characters `safe_name` deletes. */
const DELETED = /[ /[\]()\-:.,=>#&*'"+\\]/g;

/** An XML name with the deleted characters removed, nothing added (genX_bits.h's field keys). */
export function strippedName(name: string): string {
  return name.replace(DELETED, "");
}

/** The C name of an XML name: deleted characters removed, `_` in front unless it starts with a letter. */
export function cName(name: string): string {
  const s = strippedName(name);
  return /^[A-Za-z]/.test(s) ? s : `_${s}`;
}

/** `GFX«gen»` + name, with a `_` between unless the name starts with one. */
export function prefixed(gen: string, name: string): string {
  return name.startsWith("_") ? `GFX${gen}${name}` : `GFX${gen}_${name}`;
}

/** `%-Ns` */
export function padRight(s: string, n: number): string {
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}

/** `%Nd` / `%Ns` right-justified */
export function padLeft(s: string | number, n: number): string {
  const t = `${s}`;
  return t.length >= n ? t : " ".repeat(n - t.length) + t;
}
