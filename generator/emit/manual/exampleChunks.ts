/**
 * The manuals' examples as chunks of a few instructions that the build's threads claim from one
 * shared counter (generator/emit/parallelRender.ts), so that both cores stay busy however the
 * work falls. Each example depends only on its model, its instruction and the codec, so the result
 * is the same whichever thread computed which chunk.
 */
import type { IsaModel } from "../../model/types";
import type { ExampleSet } from "../emitManuals";
import { instructionExample, type InstructionExample } from "./examples";
import type { GeneratedCodec } from "./loadGeneratedCodec";

/** Instructions of one ISA, `start` to `end` (exclusive), in model order. */
export interface ExampleChunk {
  isa: number;
  start: number;
  end: number;
}

/** A few ms of work for ir3 (an example tries several texts), small enough to balance the threads. */
const CHUNK_INSTRUCTIONS = 4;

/** The chunks of every ISA that has a codec, in model order: what both threads list alike. */
export function exampleChunks(
  models: IsaModel[],
  hasCodec: (id: string) => boolean,
): ExampleChunk[] {
  const chunks: ExampleChunk[] = [];
  models.forEach((m, isa) => {
    if (!hasCodec(m.isa.id)) return;
    for (let start = 0; start < m.instructions.length; start += CHUNK_INSTRUCTIONS)
      chunks.push({ isa, start, end: Math.min(start + CHUNK_INSTRUCTIONS, m.instructions.length) });
  });
  return chunks;
}

/** What one thread computed: chunk index and that chunk's examples. */
export type ChunkResults = [number, InstructionExample[]][];

/** Claim chunks from `counter` (an Int32Array on shared memory) until none is left; compute them. */
export function claimChunks(
  counter: Int32Array,
  chunks: ExampleChunk[],
  models: IsaModel[],
  codecs: (id: string) => GeneratedCodec,
): ChunkResults {
  const done: ChunkResults = [];
  for (let i = Atomics.add(counter, 0, 1); i < chunks.length; i = Atomics.add(counter, 0, 1)) {
    const { isa, start, end } = chunks[i];
    const model = models[isa];
    const codec = codecs(model.isa.id);
    done.push([
      i,
      model.instructions.slice(start, end).map((ins) => instructionExample(model, ins, codec)),
    ]);
  }
  return done;
}

/** The examples of all chunks, from every thread's results, in model order. */
export function mergeChunks(
  models: IsaModel[],
  chunks: ExampleChunk[],
  results: ChunkResults,
): ExampleSet {
  const byChunk = new Map(results);
  const examples: ExampleSet = new Map();
  chunks.forEach((chunk, i) => {
    const computed = byChunk.get(i);
    if (!computed) throw new Error(`example chunk ${i} was computed by no thread`);
    const model = models[chunk.isa];
    let byName = examples.get(model.isa.id);
    if (!byName) examples.set(model.isa.id, (byName = new Map()));
    computed.forEach((example, j) => byName.set(model.instructions[chunk.start + j].name, example));
  });
  return examples;
}
