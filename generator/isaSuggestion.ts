/**
 * "Did you mean" for an `--isa` that names no codec: the same id in another case, else the ISAs
 * whose manifest's title or vendor has the word (a family or vendor name: `adreno`, `mali`), else
 * the nearest id by edit distance.
 */
import { readFileSync } from "fs";
import * as path from "path";

/** The words of an ISA's manifest title and vendor, lower-case; none when it cannot be read. */
export function manifestWords(specs: string, id: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(path.join(specs, id, "manifest.json"), "utf8")) as {
      title?: string;
      vendor?: string;
    };
    return `${manifest.title ?? ""} ${manifest.vendor ?? ""}`.toLowerCase().match(/\w+/g) ?? [];
  } catch {
    return [];
  }
}

/** Levenshtein distance: insertions, deletions and substitutions. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next.push(
        Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)),
      );
    row = next;
  }
  return row[b.length];
}

/**
 * The ids to suggest for `given` (none when nothing is near). A word most ISAs' titles share
 * (`shader`) names no family, so it suggests nothing; an edit counts only up to a third of the id.
 */
export function suggestIsa(
  given: string,
  ids: readonly string[],
  wordsOf: (id: string) => readonly string[],
): string[] {
  const lower = given.toLowerCase();
  const sameButCase = ids.filter((id) => id.toLowerCase() === lower);
  if (sameButCase.length > 0) return sameButCase;
  const named = ids.filter((id) => wordsOf(id).includes(lower));
  if (named.length > 0 && named.length <= ids.length / 2) return named;
  const near = ids
    .map((id) => ({ id, d: editDistance(lower, id) }))
    .filter(({ id, d }) => d <= Math.max(1, Math.floor(id.length / 3)));
  const best = Math.min(...near.map(({ d }) => d));
  return near.filter(({ d }) => d === best).map(({ id }) => id);
}

/** `did you mean ir3?`, or with several `ir3 or ir3-cat0`; undefined when there is none. */
export function didYouMean(suggestions: readonly string[]): string | undefined {
  if (suggestions.length === 0) return undefined;
  const last = suggestions[suggestions.length - 1];
  const list = suggestions.length > 1 ? `${suggestions.slice(0, -1).join(", ")} or ${last}` : last;
  return `did you mean ${list}?`;
}
