/**
 * Writing the output on a second thread while the build renders: each emitter's files are handed
 * over as soon as they are rendered and formatted, and written into the staging directory there
 * (writeOutput.ts), which is swapped in when the build has rendered everything. The main thread
 * spent about a fifth of a cold build in writing, mostly in the kernel (0.3 s for the 25 MB of the
 * shipped specs, 5 s for the 300 MB of 20,000 synthetic instructions), which now overlaps the
 * rendering. Measured with the compiled CLI: cold build of the shipped specs 2.78–3.10 s against
 * 3.14–3.46 s (6 alternating runs each), of 20,000 synthetic instructions 20.0 s against 23.2 s.
 */
import type { Worker } from "worker_threads";
import type { OutputFile } from "./outputFile";
import type {
  OutputWriterInput,
  OutputWriterReply,
  OutputWriterRequest,
} from "./outputWriterWorker";
import { followWorker, startWorker } from "./startWorker";
import { discardStaging } from "./writeOutput";

const utf8 = new TextEncoder();

export class OutputWriter {
  private readonly failure: Promise<never>;
  private readonly done: Promise<void>;

  private constructor(
    private readonly worker: Worker,
    private readonly outDir: string,
  ) {
    let finish!: () => void;
    this.done = new Promise<void>((resolve) => (finish = resolve));
    this.failure = followWorker<OutputWriterReply>(worker, "the thread writing the output", () =>
      finish(),
    );
  }

  /** Start replacing `outDir` (keeping the files not regenerated, with `keepOthers`). */
  static start(outDir: string, keepOthers: boolean): OutputWriter {
    const input: OutputWriterInput = { outDir, keepOthers };
    return new OutputWriter(startWorker("outputWriterWorker", { workerData: input }), outDir);
  }

  /**
   * Hand `files` over to be written, as UTF-8 bytes whose memory moves to the writing thread.
   * Posting the text copied it twice (serialized here, deserialized there), which took a quarter
   * of a cold build's page faults; encoding it here takes one copy. Page faults of a cold build:
   * 98,000 → 89,000 for the shipped specs, 985,000 → 760,000–780,000 for 20,000 synthetic
   * instructions, whose system time fell from 18–20 s to 12–15 s (3 alternating runs).
   */
  add(files: OutputFile[]): void {
    if (files.length === 0) return;
    const encoded = files.map((f) => ({ path: f.path, content: utf8.encode(f.content) }));
    this.worker.postMessage(
      { kind: "files", files: encoded } satisfies OutputWriterRequest,
      encoded.map((f) => f.content.buffer),
    );
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
      await this.worker.terminate();
    }
  }

  /** The build failed: stop writing and remove the staging directory; the output stays as it was. */
  async abandon(): Promise<void> {
    await this.worker.terminate();
    discardStaging(this.outDir);
  }

  private post(request: OutputWriterRequest): void {
    this.worker.postMessage(request);
  }
}
