/**
 * The reference manuals: `docs/<id>.md` for every ISA and the index `docs/README.md`, from
 * templates/docs/. Each instruction's example is encoded and disassembled by the codec generated in
 * this same build (loaded in memory from `emitTsCodec`'s text, never from `out/` on disk).
 */
import type { Diagnostic } from "../diagnostics";
import type { IsaModel } from "../model/types";
import type { CodecCompilerReply, CodecSources } from "./codecCompilerWorker";
import { emitTsCodec } from "./emitTsCodec";
import { claimChunks, exampleChunks, mergeChunks } from "./manual/exampleChunks";
import { NO_DISPLAY, type InstructionExample } from "./manual/examples";
import {
  compileGeneratedCodec,
  loadCompiledCodec,
  type GeneratedCodec,
} from "./manual/loadGeneratedCodec";
import { manualView, type ExampleSource, type ManualInstruction } from "./manual/manualView";
import { readmeView } from "./manual/readmeView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";
import { followWorker, fromSource, startWorker, tsxHook } from "./startWorker";

export type GeneratedCodecs = Map<string, { codec: GeneratedCodec; js: string }>;

/** Per models array: the manuals and the example workers both need them. */
const compiledCodecs = new WeakMap<IsaModel[], GeneratedCodecs>();

/** Per models array: each codec's JavaScript by file name, compiled ahead on another thread. */
const compiledAhead = new WeakMap<IsaModel[], Map<string, string>>();

/**
 * Below this much codec source, esbuild takes less time on this thread than starting another
 * (the test fixtures' toy ISAs).
 */
const MIN_AHEAD_SOURCE = 256 * 1024;

/**
 * Compile the codecs of `models` on another thread (codecCompilerWorker.ts), so that
 * `generatedCodecs` finds them compiled: the build renders the artifacts that do not need them
 * meanwhile. esbuild runs in its own process, but its synchronous call blocked this thread for
 * 110–150 ms, and its asynchronous one cannot take the codecs' 1.1 MB of source while this thread
 * is busy. Resolves when they are compiled (at once for small codecs, and from the TypeScript
 * sources without tsx: those compile here when needed); rejects with the thread's error.
 */
export async function compileCodecsAhead(models: IsaModel[]): Promise<void> {
  const files = emitTsCodec(models);
  if (compiledAhead.has(models) || compiledCodecs.has(models)) return;
  if (files.reduce((n, f) => n + f.content.length, 0) < MIN_AHEAD_SOURCE) return;
  // From the TypeScript sources a thread needs tsx to load them; without it, compile here.
  if (fromSource && tsxHook() === undefined) return;
  const sources: CodecSources = files.map((f) => [f.path, f.content]);
  const worker = startWorker("codecCompilerWorker", { workerData: sources });
  try {
    const scripts = await new Promise<[string, string][]>((resolve, reject) => {
      followWorker<CodecCompilerReply>(worker, "the thread compiling the codecs", (reply) =>
        resolve(reply.scripts),
      ).catch(reject);
    });
    compiledAhead.set(models, new Map(scripts));
  } finally {
    await worker.terminate();
  }
}

/** Each ISA's codec from this build: compiled to JavaScript (which the site ships) and loaded. */
export function generatedCodecs(models: IsaModel[]): GeneratedCodecs {
  const cached = compiledCodecs.get(models);
  if (cached) return cached;
  const codecs: GeneratedCodecs = new Map();
  // A clause ISA's codec takes streams, not instruction words: no examples, no word panel.
  for (const { id, file, js } of compiledCodecSources(models, false))
    codecs.set(id, { codec: loadCompiledCodec(js, file), js });
  compiledCodecs.set(models, codecs);
  return codecs;
}

/** The codecs of `models` compiled to JavaScript: of clause ISAs (`clauses`), or of the others. */
function compiledCodecSources(
  models: IsaModel[],
  clauses: boolean,
): { id: string; file: string; js: string }[] {
  const ahead = compiledAhead.get(models);
  return emitTsCodec(models).flatMap((file) => {
    const id = /^ts\/(.+)\.ts$/.exec(file.path)?.[1];
    if (id === undefined) throw new Error(`emitTsCodec returned an unexpected file ${file.path}`);
    if (models.some((m) => m.isa.id === id && m.clauseIsa !== undefined) !== clauses) return [];
    const js = ahead?.get(file.path) ?? compileGeneratedCodec(file.content, file.path);
    return [{ id, file: file.path, js }];
  });
}

/** Each ISA's examples by instruction name (ISAs without a codec have none). */
export type ExampleSet = Map<string, Map<string, InstructionExample>>;

/** Examples computed elsewhere (by the build's worker threads) for a models array. */
const precomputedExamples = new WeakMap<IsaModel[], ExampleSet>();

/** Give the manuals of `models` their examples, computed elsewhere (generator/emit/parallelRender). */
export function useExamples(models: IsaModel[], examples: ExampleSet): void {
  precomputedExamples.set(models, examples);
}

/** Every instruction's example, all in this thread. */
function computeExamples(models: IsaModel[], codecs: GeneratedCodecs): ExampleSet {
  const chunks = exampleChunks(models, (id) => codecs.has(id));
  const results = claimChunks(new Int32Array(1), chunks, models, (id) => codecs.get(id)!.codec);
  return mergeChunks(models, chunks, results);
}

/** One warning per decode-only example, in model order. */
function exampleWarnings(models: IsaModel[], examples: ExampleSet): Diagnostic[] {
  return models.flatMap((model) => {
    const byName = examples.get(model.isa.id);
    if (!byName) return [];
    return model.instructions.flatMap((ins): Diagnostic[] => {
      const example = byName.get(ins.name);
      // Without a display template the reader has warned already (no-display).
      if (example?.decodeOnly === undefined || example.decodeOnly === NO_DISPLAY) return [];
      return [
        {
          severity: "warning",
          code: "decode-only-example",
          message: `instruction '${ins.name}': the manual's example is decode-only, since no text the codec prints for it assembles back to the same words (${example.decodeOnly})`,
          at: ins.source,
        },
      ];
    });
  });
}

/** The manuals' Markdown, and each ISA's documented instructions (what the site's search lists). */
export interface RenderedManuals {
  /** The Markdown manuals. */
  files: OutputFile[];
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
    instructions: manuals.instructions,
    codecScripts: manuals.codecScripts,
    warnings: manuals.warnings,
  };
}

function renderAll(models: IsaModel[]): RenderedManuals {
  const codecs = generatedCodecs(models);
  const all = precomputedExamples.get(models) ?? computeExamples(models, codecs);
  const warnings = exampleWarnings(models, all);
  const examples: ExampleSource = (model) => all.get(model.isa.id) ?? null;
  const instructions = new Map<string, ManualInstruction[]>();
  const files: OutputFile[] = [];
  for (const m of models) {
    const view = manualView(m, models, examples);
    instructions.set(m.isa.id, view.instructions);
    files.push({
      path: `docs/${m.isa.id}.md`,
      content: renderTemplate("docs/manual.md.hbs", view),
    });
  }
  files.push({
    path: "docs/README.md",
    content: renderTemplate("docs/readme.md.hbs", readmeView(models)),
  });
  // The site's panels carry every codec, clause ISAs' too.
  const codecScripts = new Map([
    ...[...codecs].map(([id, c]): [string, string] => [id, c.js]),
    ...compiledCodecSources(models, true).map((c): [string, string] => [c.id, c.js]),
  ]);
  return { files, instructions, codecScripts, warnings };
}

export function emitManuals(models: IsaModel[]): OutputFile[] {
  return renderManuals(models).files;
}
