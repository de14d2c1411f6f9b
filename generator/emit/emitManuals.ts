/**
 * The reference manuals: `docs/<id>.md` for every ISA and the index `docs/README.md`, from
 * templates/docs/. Each instruction's example is encoded and disassembled by the codec generated in
 * this same build (loaded in memory from `emitTsCodec`'s text, never from `out/` on disk).
 */
import type { Diagnostic } from "../diagnostics";
import type { IsaModel } from "../model/types";
import { bitFieldSvgView, diagramPath } from "./diagram/bitFieldSvg";
import { emitTsCodec } from "./emitTsCodec";
import { instructionExample, NO_DISPLAY } from "./manual/examples";
import {
  compileGeneratedCodec,
  loadCompiledCodec,
  type GeneratedCodec,
} from "./manual/loadGeneratedCodec";
import { manualView, type ExampleSource, type ManualInstruction } from "./manual/manualView";
import { readmeView } from "./manual/readmeView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

/** Each ISA's codec from this build: compiled to JavaScript (which the site ships) and loaded. */
function generatedCodecs(models: IsaModel[]): Map<string, { codec: GeneratedCodec; js: string }> {
  const codecs = new Map<string, { codec: GeneratedCodec; js: string }>();
  for (const file of emitTsCodec(models)) {
    const id = /^ts\/(.+)\.ts$/.exec(file.path)?.[1];
    if (id === undefined) throw new Error(`emitTsCodec returned an unexpected file ${file.path}`);
    const js = compileGeneratedCodec(file.content, file.path);
    codecs.set(id, { codec: loadCompiledCodec(js, file.path), js });
  }
  return codecs;
}

/** The manuals' Markdown, and each ISA's documented instructions (what the site's search lists). */
export interface RenderedManuals {
  /** The Markdown manuals. */
  files: OutputFile[];
  /** The SVG diagrams the manuals show (`docs/svg/<id>/<anchor>.svg`). */
  diagrams: OutputFile[];
  instructions: Map<string, ManualInstruction[]>;
  /** Each ISA's codec compiled to a CommonJS module body, for the site's decoder panel. */
  codecScripts: Map<string, string>;
  /** One per instruction whose example is decode-only (its text does not assemble back). */
  warnings: Diagnostic[];
}

/** Per models array: the manuals and the site both need them in one build, and examples are costly. */
const rendered = new WeakMap<IsaModel[], RenderedManuals>();

/** The manuals as rendered Markdown, before the build's prettier pass. */
export function renderManuals(models: IsaModel[]): RenderedManuals {
  let manuals = rendered.get(models);
  if (!manuals) {
    manuals = renderAll(models);
    rendered.set(models, manuals);
  }
  return {
    files: manuals.files.map((f) => ({ ...f })),
    diagrams: manuals.diagrams.map((f) => ({ ...f })),
    instructions: manuals.instructions,
    codecScripts: manuals.codecScripts,
    warnings: manuals.warnings,
  };
}

/** One SVG bit-field diagram per instruction, named by the anchor of its section. */
function diagramFiles(model: IsaModel, instructions: ManualInstruction[]): OutputFile[] {
  return model.instructions.map((ins, i) => ({
    path: `docs/${diagramPath(model.isa.id, instructions[i].anchor)}`,
    content: renderTemplate("docs/bit-field.svg.hbs", bitFieldSvgView(model, ins)),
  }));
}

function renderAll(models: IsaModel[]): RenderedManuals {
  const codecs = generatedCodecs(models);
  const warnings: Diagnostic[] = [];
  const examples: ExampleSource = (model) => {
    const codec = codecs.get(model.isa.id)?.codec;
    if (!codec) return null;
    return new Map(
      model.instructions.map((ins) => {
        const example = instructionExample(model, ins, codec);
        // Without a display template the reader has warned already (no-display).
        if (example.decodeOnly !== undefined && example.decodeOnly !== NO_DISPLAY)
          warnings.push({
            severity: "warning",
            code: "decode-only-example",
            message: `instruction '${ins.name}': the manual's example is decode-only, since no text the codec prints for it assembles back to the same words (${example.decodeOnly})`,
            at: ins.source,
          });
        return [ins.name, example];
      }),
    );
  };
  const instructions = new Map<string, ManualInstruction[]>();
  const files: OutputFile[] = [];
  const diagrams: OutputFile[] = [];
  for (const m of models) {
    const view = manualView(m, models, examples);
    instructions.set(m.isa.id, view.instructions);
    files.push({ path: `docs/${m.isa.id}.md`, content: renderTemplate("docs/manual.md.hbs", view) });
    diagrams.push(...diagramFiles(m, view.instructions));
  }
  files.push({ path: "docs/README.md", content: renderTemplate("docs/readme.md.hbs", readmeView(models)) });
  const codecScripts = new Map([...codecs].map(([id, c]) => [id, c.js]));
  return { files, diagrams, instructions, codecScripts, warnings };
}

export function emitManuals(models: IsaModel[]): OutputFile[] {
  const manuals = renderManuals(models);
  return [...manuals.files, ...manuals.diagrams];
}
