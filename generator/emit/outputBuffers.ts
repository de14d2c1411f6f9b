/**
 * The output's text as UTF-8 bytes on their way to the writing thread (outputWriter.ts): each
 * batch of files encoded one after another into one buffer, whose memory moves to that thread and
 * comes back once the files are written, to be filled again. A fresh buffer per batch cost the
 * main thread a page fault for every 4 KB it encoded (a tenth of a cold build's page faults, at
 * several microseconds each on the VMs this project is measured on); a reused one is already
 * mapped. The shipped specs' 25 MB now take 11 MB of new buffers; page faults of a cold build went
 * from 82,900–83,600 to 80,600–82,100 (3 alternating runs), for 20,000 synthetic instructions from
 * 645,000–648,000 to 604,000–614,000 (2).
 */
import type { OutputFile } from "./outputFile";
import type { StagedFile } from "./writeOutput";

/** Files encoded into `buffer`: each ends where the next begins, the first at 0. */
export interface EncodedBatch {
  buffer: ArrayBuffer;
  files: { path: string; end: number }[];
}

/** A new buffer holds at least this much, so that small batches share few buffers. */
const MIN_BUFFER = 1 << 20;

const utf8 = new TextEncoder();

/** `files` encoded into `buffer`, or undefined if they do not fit. */
function encodeInto(files: OutputFile[], buffer: ArrayBuffer): EncodedBatch | undefined {
  const bytes = new Uint8Array(buffer);
  const encoded: EncodedBatch["files"] = [];
  let end = 0;
  for (const f of files) {
    const { read, written } = utf8.encodeInto(f.content, bytes.subarray(end));
    if (read < f.content.length) return undefined;
    end += written;
    encoded.push({ path: f.path, end });
  }
  return { buffer, files: encoded };
}

/** The buffers the writing thread gave back, filled again for the next batches. */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];

  /** A buffer the writing thread is done with. */
  give(buffer: ArrayBuffer): void {
    this.free.push(buffer);
  }

  /** `files` as UTF-8, in a free buffer where one is large enough, else in a new one. */
  encode(files: OutputFile[]): EncodedBatch {
    const chars = files.reduce((n, f) => n + f.content.length, 0);
    const reused = this.take(chars);
    if (reused) {
      const batch = encodeInto(files, reused);
      if (batch) return batch;
      this.free.push(reused); // too small for text beyond ASCII; it will do for another batch
    }
    // ASCII text takes a byte a character; an eighth more leaves the new buffer room for more.
    const roomy = new ArrayBuffer(Math.max(chars + (chars >> 3), MIN_BUFFER));
    const exact = () =>
      new ArrayBuffer(files.reduce((n, f) => n + Buffer.byteLength(f.content), 0));
    return encodeInto(files, roomy) ?? encodeInto(files, exact())!;
  }

  /** The smallest free buffer of at least `bytes`, taken from the pool. */
  private take(bytes: number): ArrayBuffer | undefined {
    let best = -1;
    this.free.forEach((b, i) => {
      if (b.byteLength >= bytes && (best < 0 || b.byteLength < this.free[best].byteLength))
        best = i;
    });
    return best < 0 ? undefined : this.free.splice(best, 1)[0];
  }
}

/** The files of `batch`, each a view of its bytes in the batch's buffer. */
export function batchFiles(batch: EncodedBatch): StagedFile[] {
  let start = 0;
  return batch.files.map(({ path, end }) => {
    const content = new Uint8Array(batch.buffer, start, end - start);
    start = end;
    return { path, content };
  });
}
