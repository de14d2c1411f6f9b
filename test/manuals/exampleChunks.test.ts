/**
 * The manuals' examples split in chunks that two threads claim from one counter: whichever thread
 * computes which chunk, the merged examples are those computed in one go.
 */
import { generatedCodecs } from "../../generator/emit/emitManuals";
import { claimChunks, exampleChunks, mergeChunks } from "../../generator/emit/manual/exampleChunks";
import { builtSpecs, CODEC_SPECS } from "../helpers/builtSpecs";
import { shippedModels } from "../helpers/shippedModels";

// The ISAs with a codec, and a register database without one (the large ones take seconds to read).
const { models } = shippedModels(builtSpecs([...CODEC_SPECS, "etnaviv-hw"]));
const codecs = generatedCodecs(models);
const codecOf = (id: string) => codecs.get(id)!.codec;

test("chunks cover every instruction of every ISA with a codec once, in model order", () => {
  const chunks = exampleChunks(models, (id) => codecs.has(id));
  const covered = chunks.flatMap((c) =>
    models[c.isa].instructions
      .slice(c.start, c.end)
      .map((ins) => `${models[c.isa].isa.id}/${ins.name}`),
  );
  const expected = models
    .filter((m) => codecs.has(m.isa.id))
    .flatMap((m) => m.instructions.map((ins) => `${m.isa.id}/${ins.name}`));
  expect(covered).toEqual(expected);
});

test("chunks split between two claimers merge to what one claimer computes", () => {
  // Only ir3-cat0 and r500: enough chunks to split, quick to compute.
  const some = (id: string) => id === "ir3-cat0" || id === "r500";
  const chunks = exampleChunks(models, some);
  expect(chunks.length).toBeGreaterThan(2);
  const alone = mergeChunks(
    models,
    chunks,
    claimChunks(new Int32Array(1), chunks, models, codecOf),
  );
  // A counter at which the second claimer starts: it takes every chunk from there on.
  const counter = new Int32Array([Math.floor(chunks.length / 2)]);
  const second = claimChunks(counter, chunks, models, codecOf);
  const first = claimChunks(
    new Int32Array([0]),
    chunks.slice(0, Math.floor(chunks.length / 2)),
    models,
    codecOf,
  );
  expect(mergeChunks(models, chunks, [...second, ...first])).toEqual(alone);
});

test("a chunk no thread computed is an error, not a missing example", () => {
  const chunks = exampleChunks(models, (id) => id === "r500");
  expect(() => mergeChunks(models, chunks, [])).toThrow(
    "example chunk 0 was computed by no thread",
  );
});
