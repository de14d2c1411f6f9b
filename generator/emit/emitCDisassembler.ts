/**
 * The C disassembler artifact: `c/<id>-disasm.h` and `c/<id>-disasm.c` for every ISA with
 * instructions, printing what the TS codec's `disassemble` prints. Each pair is self-contained: the
 * C runtime (generator/runtime/c/, compiled and tested on its own) is inlined into the `.c`.
 */
import { readFileSync } from "fs";
import * as path from "path";
import type { IsaModel } from "../model/types";
import { functionPart, macroName } from "./cheader/names";
import { findBody } from "./cdisasm/findCode";
import { bifrostC } from "./cdisasm/bifrostC";
import { isaspecC } from "./cdisasm/isaspecC";
import { r500FcBody } from "./cdisasm/r500FcC";
import { valhallC } from "./cdisasm/valhallC";
import { cStringLiteral } from "./dispatch/dispatchView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

/** A C runtime source (generator/runtime/c/), with its includes of other runtime files removed. */
function runtimeSource(name: string): string {
  const dirs = [
    path.join(__dirname, "..", "runtime", "c"),
    path.join(__dirname, "..", "..", "..", "generator", "runtime", "c"),
  ];
  for (const d of dirs) {
    try {
      return readFileSync(path.join(d, name), "utf8")
        .replace(/^#include "[a-z_]+\.[ch]"\n/gm, "")
        .trimEnd();
    } catch {
      // try the next
    }
  }
  throw new Error(`C runtime source ${name} not found in ${dirs.join(" or ")}`);
}

/** The syntaxes with a C printer (the generic one is still to come). */
const C_SYNTAXES = new Set(["isaspec", "r500-fc", "valhall", "bifrost"]);

/** The buffers text goes through: `<id>_disasm`'s (at least), `<id>_disasm_program`'s. */
const LINE_BUFFER = 256;
const PROGRAM_BUFFER = 16384;

function defaultGpu(model: IsaModel): number | null {
  const gens = model.instructions.flatMap((i) => (i.gen ? [i.gen.min] : []));
  return gens.length ? Math.max(...gens) : null;
}

export function emitCDisassembler(models: IsaModel[]): OutputFile[] {
  return models
    .filter(
      (m) =>
        (m.instructions.length > 0 || m.clauseIsa?.clauseFormat !== undefined) &&
        C_SYNTAXES.has(m.isa.assemblySyntax ?? ""),
    )
    .flatMap((m) => {
      const id = m.isa.id;
      const fn = functionPart(id);
      const gpu = defaultGpu(m);
      const common = {
        id,
        fn,
        macro: macroName(id),
        title: m.isa.title,
        sourceList: m.documents.map((d) => d.path),
        wordCount: m.isa.wordCount,
        guard: `${macroName(id)}_DISASM_H`,
        defaultGpuText: gpu === null ? "no generation" : String(gpu),
        defaultGpu: gpu ?? 0,
        hasDefaultGpu: gpu === null ? 0 : 1,
        argIndent: " ".repeat(`size_t ${fn}_disasm(`.length),
        lineBuffer: LINE_BUFFER,
        lineRoom: 0,
        programBuffer: PROGRAM_BUFFER,
        programIndent: " ".repeat(`int ${fn}_disasm_program(`.length),
      };
      const FIND_COMMENT =
        "The one instruction of the GPU the words match, or -1 (none, or several: then the first two\n * in `conflict`, when not NULL)";
      /** `find`, printing the instruction it finds with `print` (taking `first`) when given. */
      const findFunction = (first?: string, print?: (i: number) => string) => ({
        comment: `/* ${FIND_COMMENT}${print ? ", printed" : ""}. */`,
        head: `static int find(${first ? `${first}, ` : ""}const uint32_t *w, int64_t gpu, int has_gpu, int *conflict)`,
        body: findBody(m, print),
      });
      if (m.isa.assemblySyntax === "bifrost") {
        const view = { ...common, programIndent: " ".repeat(`int ${fn}_disasm_program(`.length) };
        return [
          {
            path: `c/${id}-disasm.h`,
            content: renderTemplate("c/disasm/bifrost-disasm.h.hbs", view),
          },
          {
            path: `c/${id}-disasm.c`,
            content: renderTemplate("c/disasm/bifrost-disasm.c.hbs", {
              ...view,
              runtime: runtimeSource("bifrost_clauses.c"),
              ...bifrostC(m),
            }),
          },
        ];
      }
      const header = {
        path: `c/${id}-disasm.h`,
        content: renderTemplate("c/disasm/disasm.h.hbs", common),
      };
      if (m.isa.assemblySyntax === "r500-fc") {
        const runtime = ["disasm_runtime.h", "disasm_runtime.c"].map(runtimeSource).join("\n\n");
        return [
          header,
          {
            path: `c/${id}-disasm.c`,
            content: renderTemplate("c/disasm/disasm-r500-fc.c.hbs", {
              ...common,
              runtime,
              findFunction: findFunction(),
              body: r500FcBody(m),
            }),
          },
        ];
      }
      if (m.isa.assemblySyntax === "valhall") {
        const v = valhallC(m);
        const runtime = ["disasm_runtime.h", "disasm_runtime.c"].map(runtimeSource).join("\n\n");
        return [
          header,
          {
            path: `c/${id}-disasm.c`,
            content: renderTemplate("c/disasm/disasm-valhall.c.hbs", {
              ...common,
              runtime,
              findFunction: findFunction(
                "struct dis_writer *out",
                (i) => `${v.instructionFunctions[i]}(out, w);`,
              ),
              functions: v.functions,
            }),
          },
        ];
      }
      const c = isaspecC(m);
      if (c.lineRoom > PROGRAM_BUFFER)
        throw new Error(
          `C disassembler ${id}: a run of text reserves ${c.lineRoom} characters (at most ${PROGRAM_BUFFER})`,
        );
      const runtime = ["disasm_runtime.h", "disasm_runtime.c", "isaspec_scope.c"]
        .map(runtimeSource)
        .join("\n\n");
      return [
        header,
        {
          path: `c/${id}-disasm.c`,
          content: renderTemplate("c/disasm/disasm-isaspec.c.hbs", {
            ...common,
            runtime,
            names: c.names.map((n) => ({ id: n.id, literal: cStringLiteral(n.text) })),
            mnemonics: m.instructions.map((i) => cStringLiteral(i.mnemonic)),
            prototypes: c.prototypes,
            formatFunctions: c.formatFunctions,
            functions: c.functions,
            lineBuffer: Math.max(LINE_BUFFER, c.lineRoom),
            lineRoom: c.lineRoom,
            findFunction: findFunction(
              "struct ctx *c",
              (i) => `${c.instructionFunctions[i]}(c, w);`,
            ),
          }),
        },
      ];
    });
}
