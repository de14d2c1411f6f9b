/**
 * Writing the output on a second thread while the build renders: each emitter's files are handed
 * over as soon as they are rendered and formatted, and written into the staging directory there
 * (writeOutput.ts), which is swapped in when the build has rendered everything. The main thread
 * spent about a fifth of a cold build in writing, mostly in the kernel (0.3 s for the 25 MB of the
 * shipped specs, 5 s for the 300 MB of 20,000 synthetic instructions), which now overlaps the
 * rendering. Measured with the compiled CLI: cold build of the shipped specs 2.78–3.10 s against
 * 3.14–3.46 s (6 alternating runs each), of 20,000 synthetic instructions 20.0 s against 23.2 s.
 */
import {
  MessageChannel,
  receiveMessageOnPort,
  type MessagePort,
  type Worker,
} from "worker_threads";
import { BufferPool } from "./outputBuffers";
import type { OutputFile } from "./outputFile";
import type {
  OutputWriterInput,
  OutputWriterReply,
  OutputWriterRequest,
} from "./outputWriterWorker";
import { followWorker, startWorker } from "./startWorker";
import { discardStaging } from "./writeOutput";

export class OutputWriter {
  private readonly failure: Promise<never>;
  private readonly done: Promise<void>;
  private readonly buffers = new BufferPool();

  private constructor(
    private readonly worker: Worker,
    private readonly outDir: string,
    /** Where the writing thread gives back the buffers it has written out. */
    private readonly returned: MessagePort,
  ) {
    let finish!: () => void;
    this.done = new Promise<void>((resolve) => (finish = resolve));
    this.failure = followWorker<OutputWriterReply>(worker, "the thread writing the output", () =>
      finish(),
    );
  }

  /** Start replacing `outDir` (keeping the files not regenerated, with `keepOthers`). */
  static start(outDir: string, keepOthers: boolean): OutputWriter {
    const { port1, port2 } = new MessageChannel();
    const input: OutputWriterInput = { outDir, keepOthers, returnBuffers: port2 };
    const worker = startWorker("outputWriterWorker", { workerData: input, transferList: [port2] });
    return new OutputWriter(worker, outDir, port1);
  }

  /**
   * Hand `files` over to be written, as UTF-8 bytes whose memory moves to the writing thread
   * (outputBuffers.ts). Posting the text copied it twice (serialized here, deserialized there),
   * which took a quarter of a cold build's page faults; encoding it here takes one copy. Page
   * faults of a cold build: 98,000 → 89,000 for the shipped specs, 985,000 → 760,000–780,000 for
   * 20,000 synthetic instructions, whose system time fell from 18–20 s to 12–15 s (3 alternating
   * runs).
   */
  add(files: OutputFile[]): void {
    if (files.length === 0) return;
    // Polled: this thread is busy rendering, so the buffers' messages wait for no event loop.
    for (let m = receiveMessageOnPort(this.returned); m; m = receiveMessageOnPort(this.returned))
      this.buffers.give(m.message as ArrayBuffer);
    const batch = this.buffers.encode(files);
    this.post({ kind: "files", batch }, [batch.buffer]);
  }

  /** Once every file was added: wait for them to be written and the output swapped in. */
  async finish(): Promise<void> {
    this.post({ kind: "finish" });
    try {
      await Promise.race([this.done, this.failure]);
    } catch (e) {
      discardStaging(this.outDir);
      throw e;
    } finally {
      this.returned.close();
      await this.worker.terminate();
    }
  }

  /** The build failed: stop writing and remove the staging directory; the output stays as it was. */
  async abandon(): Promise<void> {
    this.returned.close();
    await this.worker.terminate();
    discardStaging(this.outDir);
  }

  private post(request: OutputWriterRequest, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(request, transfer);
  }
}
