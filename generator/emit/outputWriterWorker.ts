/**
 * The thread that writes a build's output (started by outputWriter.ts): it stages each batch of
 * files as it arrives and, when told to finish, swaps the staging directory in.
 */
import { parentPort, workerData, type MessagePort } from "worker_threads";
import { batchFiles, type EncodedBatch } from "./outputBuffers";
import { errorReply, type WorkerErrorReply } from "./startWorker";
import { stageFiles, startStaging, swapInStaging, type Staging } from "./writeOutput";

export interface OutputWriterInput {
  outDir: string;
  keepOthers: boolean;
  /** Where each batch's buffer goes back once its files are written, to be filled again. */
  returnBuffers: MessagePort;
}

/** From the main thread: a batch of files to stage, or `finish`. */
export type OutputWriterRequest = { kind: "files"; batch: EncodedBatch } | { kind: "finish" };

export type OutputWriterReply = { kind: "done" } | WorkerErrorReply;

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
  if (request.kind === "files") {
    attempt(() => stageFiles(staging!, batchFiles(request.batch)));
    input.returnBuffers.postMessage(request.batch.buffer, [request.batch.buffer]);
  } else
    attempt(() => {
      swapInStaging(staging!);
      port.postMessage({ kind: "done" } satisfies OutputWriterReply);
    });
});
