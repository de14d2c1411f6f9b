/** The one companion of a kind an ISA may have; a second is an error and is ignored. */
import type { Diagnostics } from "../diagnostics";
import type { LoadedCompanion } from "./readerTypes";

export function singleCompanion(
  companions: LoadedCompanion[],
  kind: string,
  diags: Diagnostics,
): LoadedCompanion | undefined {
  const [first, ...more] = companions.filter((c) => c.kind === kind);
  for (const extra of more) {
    diags.error(
      "duplicate-companion",
      `only one ${kind} companion is allowed; '${extra.path}' is ignored (the first is '${first.path}')`,
      extra.locate([]),
    );
  }
  return first;
}
