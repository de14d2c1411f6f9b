/**
 * Rendering on both cores. A worker thread (renderWorker.ts) gets a copy of the models; the two
 * threads share the manuals' examples (the costliest part: each example assembles several texts)
 * chunk by chunk, then the worker renders the emitters that do not need the examples while this
 * thread renders the manuals and the site. Every file is a function of the models alone, so the
 * output is byte for byte what one thread renders, whichever thread did what.
 */
import { availableParallelism } from "os";
import { performance } from "perf_hooks";
import { MessageChannel, type Worker } from "worker_threads";
import type { IsaModel } from "../model/types";
import { generatedCodecs, useExamples } from "./emitManuals";
import { formatOutput } from "./formatOutput";
import { EMITTERS } from "./index";
import { claimChunks, exampleChunks, mergeChunks } from "./manual/exampleChunks";
import { compareOutputPaths, type OutputFile } from "./outputFile";
import type { CodecScripts, RenderWorkerInput, RenderWorkerMessage } from "./renderWorker";
import { followWorker, fromSource, startWorker, tsxHook } from "./startWorker";

/** The emitters the worker renders: none of them reads the manuals. */
const WORKER_EMITTERS = ["json", "c-header", "register-headers", "dispatch", "diagrams"];

/**
 * Below this many instructions a second thread costs more to start (its own module loading) than
 * it saves.
 */
const MIN_INSTRUCTIONS = 300;

/**
 * Whether a build of `models` renders on two threads: only with `ISAFORGE_WORKERS=1`. On the 2-vCPU
 * machines this project is measured on, two busy threads get about 1.3 times the work of one done,
 * and each warms up its own copy of the code: the compiled CLI's cold build of the shipped specs
 * took 2.15–2.33 s without this worker and 2.13–2.56 s with it (README, "How it works", emit).
 */
export function useWorkers(models: IsaModel[]): boolean {
  if (process.env.ISAFORGE_WORKERS !== "1" || availableParallelism() < 2) return false;
  if (fromSource && tsxHook() === undefined) return false;
  return models.reduce((n, m) => n + m.instructions.length, 0) >= MIN_INSTRUCTIONS;
}

function startRenderWorker(input: RenderWorkerInput): Worker {
  return startWorker("renderWorker", { workerData: input, transferList: [input.port] });
}

type Reply<K extends RenderWorkerMessage["kind"]> = Extract<RenderWorkerMessage, { kind: K }>;

/** The worker's two replies; both fail with the worker's own error if it fails or stops early. */
function replies(worker: Worker): {
  examples: Promise<Reply<"examples">>;
  files: Promise<Reply<"files">>;
} {
  let gotExamples!: (m: Reply<"examples">) => void;
  let gotFiles!: (m: Reply<"files">) => void;
  const failure = followWorker<RenderWorkerMessage>(worker, "the build's worker thread", (m) =>
    m.kind === "examples" ? gotExamples(m) : gotFiles(m),
  );
  const examples = Promise.race([
    new Promise<Reply<"examples">>((r) => (gotExamples = r)),
    failure,
  ]);
  const files = Promise.race([new Promise<Reply<"files">>((r) => (gotFiles = r)), failure]);
  // Whichever the caller is not waiting for when the worker fails must not count as unhandled.
  for (const p of [examples, files]) p.catch(() => undefined);
  return { examples, files };
}

/**
 * Every artifact of `models`, formatted, sorted by path; and where each thread spent its time
 * (`main: …` and `worker: …`, in ms).
 */
export async function renderInParallel(
  models: IsaModel[],
): Promise<{ files: OutputFile[]; phases: Record<string, number> }> {
  const phases: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phases[`main: ${name}`] = now - t;
    t = now;
  };
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const channel = new MessageChannel();
  const worker = startRenderWorker({
    models,
    emitters: WORKER_EMITTERS,
    counter,
    port: channel.port2,
  });
  const reply = replies(worker);
  try {
    lap("start worker");
    const codecs = generatedCodecs(models);
    const scripts: CodecScripts = [...codecs].map(([id, c]) => [id, c.js]);
    channel.port1.postMessage(scripts);
    channel.port1.close();
    lap("codecs");
    const chunks = exampleChunks(models, (id) => codecs.has(id));
    const mine = claimChunks(counter, chunks, models, (id) => codecs.get(id)!.codec);
    lap("examples");
    const theirs = await reply.examples;
    lap("wait for worker examples");
    useExamples(models, mergeChunks(models, chunks, [...mine, ...theirs.results]));
    const files: OutputFile[] = [];
    for (const e of EMITTERS.filter((x) => !WORKER_EMITTERS.includes(x.name))) {
      files.push(...e.emit(models));
      lap(`emit ${e.name}`);
    }
    const formatted = await formatOutput(files);
    lap("format");
    const rest = await reply.files;
    lap("wait for worker files");
    for (const [name, ms] of Object.entries(rest.phases)) phases[`worker: ${name}`] = ms;
    return { files: [...formatted, ...rest.files].sort(compareOutputPaths), phases };
  } finally {
    await worker.terminate();
  }
}
