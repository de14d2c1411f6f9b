/**
 * The writer's buffers (generator/emit/outputBuffers.ts): a batch of files encoded as UTF-8 one
 * after another into one buffer, read back file by file; a buffer given back is filled again when
 * it is large enough, and text longer in UTF-8 than its buffer gets a buffer that holds it.
 */
import { BufferPool, batchFiles } from "../../generator/emit/outputBuffers";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("a batch reads back as its files, in order, byte for byte", () => {
  const files = [
    { path: "a.txt", content: "one\n" },
    { path: "empty.txt", content: "" },
    { path: "b/c.md", content: "→ × — 𝔽\n" },
  ];
  const batch = new BufferPool().encode(files);
  const back = batchFiles(batch);
  expect(back.map((f) => f.path)).toEqual(["a.txt", "empty.txt", "b/c.md"]);
  expect(back.map((f) => decode(f.content as Uint8Array))).toEqual(files.map((f) => f.content));
  expect(batch.files[2].end).toBe(4 + Buffer.byteLength("→ × — 𝔽\n"));
});

test("a buffer given back is filled again; the smallest that holds the batch is taken", () => {
  const pool = new BufferPool();
  const large = new ArrayBuffer(8 << 20);
  const small = new ArrayBuffer(4 << 20);
  pool.give(large);
  pool.give(small);
  const first = pool.encode([{ path: "x", content: "x".repeat(3 << 20) }]);
  expect(first.buffer).toBe(small);
  const second = pool.encode([{ path: "y", content: "y".repeat(5 << 20) }]);
  expect(second.buffer).toBe(large);
  // None left: a new buffer, of at least 1 MB.
  const third = pool.encode([{ path: "z", content: "z" }]);
  expect(third.buffer).not.toBe(large);
  expect(third.buffer.byteLength).toBe(1 << 20);
});

test("text whose UTF-8 outgrows the buffer it would fit as ASCII gets one that holds it", () => {
  const pool = new BufferPool();
  const given = new ArrayBuffer(2 << 20);
  pool.give(given);
  // 1.5 M characters of 3 UTF-8 bytes each: 4.5 MB.
  const content = "→".repeat(3 << 19);
  const batch = pool.encode([{ path: "wide.md", content }]);
  expect(batch.buffer).not.toBe(given);
  expect(decode(batchFiles(batch)[0].content as Uint8Array)).toBe(content);
  // The buffer that was too small stays for a batch it can hold.
  expect(pool.encode([{ path: "ascii", content: "a".repeat(1 << 20) }]).buffer).toBe(given);
});
