/**
 * The `bifrost-clauses` companion (specs/bifrost/clauses.json) as the model's `ClauseFormat`: the
 * schema checked its shape; here each rule gets its position and the cross-field facts are checked
 * (bit ranges inside their container, tag rules that do not claim the same tag twice).
 */
import type { Diagnostics } from "../../diagnostics";
import type { ClauseFormat } from "../../model/types";
import type { LoadedCompanion } from "../readerTypes";

type CompanionData = Omit<ClauseFormat, "source" | "tagKinds" | "header" | "registerModes"> & {
  tagKinds: Omit<ClauseFormat["tagKinds"][number], "source">[];
  header: Omit<ClauseFormat["header"][number], "source">[];
  registerModes: Omit<ClauseFormat["registerModes"][number], "source">[];
};

export function readClauseFormat(
  companion: LoadedCompanion,
  diags: Diagnostics,
): ClauseFormat | undefined {
  const { $schema: _schema, ...data } = companion.data as CompanionData & { $schema?: string };
  let ok = true;
  const fail = (message: string, path: (string | number)[]) => {
    diags.error("clause-format", message, companion.locate(path));
    ok = false;
  };
  const checkBits = (group: "quadwordFields" | "registerBlock", limit: number) => {
    for (const [name, b] of Object.entries(data[group]))
      if (b.low >= b.high || b.high > limit)
        fail(`${name}: bits [${b.low}, ${b.high}) are not inside 0–${limit - 1}`, [group, name]);
  };
  checkBits("quadwordFields", 128);
  checkBits("registerBlock", 64);
  const claimed = new Map<number, number>();
  data.tagKinds.forEach((k, i) => {
    for (let tag = 0; tag < 256; tag++) {
      if (!tagMatches(k, tag)) continue;
      const prior = claimed.get(tag);
      if (prior !== undefined)
        fail(`tag 0x${tag.toString(16)} is claimed by rules ${prior} and ${i}`, ["tagKinds", i]);
      claimed.set(tag, i);
    }
    if ((k.kind === "pair" || k.kind === "t-split") && k.tuple?.length !== 2)
      fail(`a ${k.kind} rule gives a tuple per stop bit: [s = 0, s = 1]`, ["tagKinds", i]);
  });
  data.header.forEach((h, i) => {
    if (h.low >= h.high || h.high > 45)
      fail(`header field '${h.name}' has bits [${h.low}, ${h.high}) outside the header`, [
        "header",
        i,
      ]);
    const needed = { names: 2 ** (h.high - h.low), flag: 1, number: 2, mask: 3, message: 2 }[
      h.print as "names"
    ];
    if (needed !== undefined && (h.texts?.length ?? 0) !== needed)
      fail(`header field '${h.name}' (${h.print}) needs ${needed} texts`, ["header", i]);
  });
  if (!ok) return undefined;
  return {
    ...data,
    tagKinds: data.tagKinds.map((k, i) => ({ ...k, source: companion.locate(["tagKinds", i]) })),
    header: data.header.map((h, i) => ({ ...h, source: companion.locate(["header", i]) })),
    registerModes: data.registerModes.map((m, i) => ({
      ...m,
      source: companion.locate(["registerModes", i]),
    })),
    source: companion.locate([]),
  };
}

/** Whether tag byte `tag` is of the rule's kind (x: bit 7, f: bits 3–5, l: bits 0–2). */
export function tagMatches(k: { x: number; f?: number[]; l?: number[] }, tag: number): boolean {
  return (
    tag >> 7 === k.x &&
    (k.f === undefined || k.f.includes((tag >> 3) & 7)) &&
    (k.l === undefined || k.l.includes(tag & 7))
  );
}
