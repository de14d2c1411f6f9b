/**
 * The thread that writes a build's output (started by outputWriter.ts): it stages each batch of
 * files as it arrives and, when told to finish, swaps the staging directory in.
 */
import { parentPort, workerData } from "worker_threads";
import { errorReply, type WorkerErrorReply } from "./startWorker";
import {
  stageFiles,
  startStaging,
  swapInStaging,
  type Staging,
  type StagedFile,
} from "./writeOutput";

export interface OutputWriterInput {
  outDir: string;
  keepOthers: boolean;
}

/** From the main thread: a batch of files to stage, or `finish`. */
export type OutputWriterRequest =
  | { kind: "files"; files: (StagedFile & { content: Uint8Array })[] }
  | { kind: "finish" };

export type OutputWriterReply =
  { kind: "done" } | { kind: "error"; message: string; stack?: string };

const input = workerData as OutputWriterInput;
const port = parentPort!;
let failed = false;

function attempt(work: () => void): void {
  if (failed) return; // the first error was reported; the main thread discards the staging
  try {
    work();
  } catch (e) {
    failed = true;
    port.postMessage(errorReply(e) satisfies OutputWriterReply);
  }
}

let staging: Staging | undefined;
attempt(() => (staging = startStaging(input.outDir, input.keepOthers)));
port.on("message", (request: OutputWriterRequest) => {
  if (request.kind === "files") attempt(() => stageFiles(staging!, request.files));
  else
    attempt(() => {
      swapInStaging(staging!);
      port.postMessage({ kind: "done" } satisfies OutputWriterReply);
    });
});
