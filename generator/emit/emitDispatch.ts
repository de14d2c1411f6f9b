/**
 * The dispatch artifact: `dispatch/<id>.ts`, `<id>.h`, `<id>.c`, handler skeletons
 * (`<id>-handlers.ts`, `<id>-handlers.c`) and `<id>.stats.json` for every ISA with instructions, plus
 * `dispatch/README.md` — decision trees from instruction words to instruction ids, from
 * templates/dispatch/.
 */
import type { IsaModel } from "../model/types";
import {
  DUPLICATION_BUDGET,
  MAX_PARTIAL_SPLIT_BITS,
  MAX_SPLIT_BITS,
} from "./dispatch/buildDecisionTree";
import { dispatchView } from "./dispatch/dispatchView";
import { planDispatch } from "./dispatch/planDispatch";
import { slotDispatchView } from "./dispatch/slotDispatch";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";
import { stableJson } from "./stableJson";

export function emitDispatch(models: IsaModel[]): OutputFile[] {
  // A clause ISA (Bifrost) dispatches its slot words (slotDispatch.ts).
  const slotFiles = models
    .filter((m) => m.clauseIsa?.slotStates.length)
    .flatMap((m): OutputFile[] => {
      const view = slotDispatchView(m);
      return [
        // Prettier lays out the nested switches (the build's pass).
        {
          path: `dispatch/${m.isa.id}.ts`,
          content: renderTemplate("dispatch/slot-dispatch.ts.hbs", view),
        },
        {
          path: `dispatch/${m.isa.id}.c`,
          content: renderTemplate("dispatch/slot-dispatch.c.hbs", view),
        },
      ];
    });
  const withInstructions = models.filter((m) => m.instructions.length > 0);
  if (withInstructions.length === 0) return slotFiles;
  const files: OutputFile[] = [
    {
      path: "dispatch/README.md",
      content: renderTemplate("dispatch/README.md.hbs", {
        maxSplitBits: MAX_SPLIT_BITS,
        maxPartialSplitBits: MAX_PARTIAL_SPLIT_BITS,
        duplicationBudget: DUPLICATION_BUDGET,
      }),
    },
  ];
  for (const m of withInstructions) {
    const plan = planDispatch(m);
    const view = dispatchView(m, plan);
    const id = m.isa.id;
    files.push(
      // The TS templates write prettier's style ({{#ifFits}} where a line's length decides).
      {
        path: `dispatch/${id}.ts`,
        content: renderTemplate("dispatch/dispatch.ts.hbs", view),
        preformatted: true,
      },
      { path: `dispatch/${id}.h`, content: renderTemplate("dispatch/dispatch.h.hbs", view) },
      { path: `dispatch/${id}.c`, content: renderTemplate("dispatch/dispatch.c.hbs", view) },
      {
        path: `dispatch/${id}-handlers.ts`,
        content: renderTemplate("dispatch/handlers.ts.hbs", view),
        preformatted: true,
      },
      {
        path: `dispatch/${id}-handlers.c`,
        content: renderTemplate("dispatch/handlers.c.hbs", view),
      },
      {
        path: `dispatch/${id}.stats.json`,
        content: renderTemplate("json/model.json.hbs", { json: stableJson(plan.stats) }),
      },
    );
  }
  return [...files, ...slotFiles];
}
