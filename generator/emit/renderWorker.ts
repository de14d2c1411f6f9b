/**
 * The build's second thread (started by generator/emit/parallelRender.ts): it computes manual
 * examples from the shared chunk counter, then renders and formats the emitters it was given. It
 * gets its own copy of the models; everything it sends back is plain data.
 */
import { once } from "events";
import { performance } from "perf_hooks";
import { parentPort, workerData, type MessagePort } from "worker_threads";
import type { IsaModel } from "../model/types";
import { formatOutput } from "./formatOutput";
import { EMITTERS } from "./index";
import { claimChunks, exampleChunks, type ChunkResults } from "./manual/exampleChunks";
import { loadCompiledCodec, type GeneratedCodec } from "./manual/loadGeneratedCodec";
import type { OutputFile } from "./outputFile";
import { errorReply, type WorkerErrorReply } from "./startWorker";

export interface RenderWorkerInput {
  models: IsaModel[];
  /** Names of the emitters (generator/emit/index.ts) this thread renders. */
  emitters: string[];
  /** The next example chunk to claim, shared with the main thread. */
  counter: Int32Array;
  /** Where the main thread sends the compiled codecs (`CodecScripts`) once it has them. */
  port: MessagePort;
}

/** Each ISA's codec compiled to a CommonJS module body, by ISA id. */
export type CodecScripts = [string, string][];

export type RenderWorkerMessage =
  | { kind: "examples"; results: ChunkResults; phases: Record<string, number> }
  | { kind: "files"; files: OutputFile[]; phases: Record<string, number> }
  | WorkerErrorReply;

/**
 * Test hook: `ISAFORGE_WORKER_FAIL=1` makes this thread throw, `=exit` makes it stop (exit code 7),
 * so that a test can check what the build reports and leaves behind.
 */
function faultPoint(): void {
  const fail = process.env.ISAFORGE_WORKER_FAIL;
  if (fail === "1") throw new Error("worker failure requested by ISAFORGE_WORKER_FAIL");
  if (fail === "exit") process.exit(7);
}

async function run(
  input: RenderWorkerInput,
  post: (m: RenderWorkerMessage) => void,
): Promise<void> {
  const phases: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phases[name] = now - t;
    t = now;
  };
  const [scripts] = (await once(input.port, "message")) as [CodecScripts];
  input.port.close();
  lap("wait for codecs");
  const codecs = new Map<string, GeneratedCodec>(
    scripts.map(([id, js]) => [id, loadCompiledCodec(js, `ts/${id}.ts`)]),
  );
  const chunks = exampleChunks(input.models, (id) => codecs.has(id));
  const results = claimChunks(input.counter, chunks, input.models, (id) => codecs.get(id)!);
  lap("examples");
  post({ kind: "examples", results, phases: { ...phases } });
  const files: OutputFile[] = [];
  for (const e of EMITTERS.filter((x) => input.emitters.includes(x.name))) {
    files.push(...e.emit(input.models));
    lap(`emit ${e.name}`);
  }
  faultPoint();
  const formatted = await formatOutput(files);
  lap("format");
  post({ kind: "files", files: formatted, phases });
}

if (parentPort) {
  const port = parentPort;
  const post = (m: RenderWorkerMessage) => port.postMessage(m);
  run(workerData as RenderWorkerInput, post).catch((e: unknown) => post(errorReply(e)));
}
