/**
 * Codec robustness, every ISA: decode and disassemble never throw on any words (random 32-bit
 * words of the instruction's length, and short or empty input), and always give one line of text.
 */
import fc from "fast-check";
import { CODEC_SPECS, describeEachSpec, generatedCodec } from "../helpers/builtSpecs";

const IDS = CODEC_SPECS;

describeEachSpec(
  IDS,
  (id) => id,
  (id) => {
    const codec = generatedCodec(id);
    const u32 = fc.integer({ min: 0, max: 0xffffffff });

    test("random words: decode and disassemble never throw; one line of text", () => {
      fc.assert(
        fc.property(
          fc.array(u32, { minLength: codec.ISA.wordCount, maxLength: codec.ISA.wordCount }),
          (words) => {
            const d = codec.decode(words);
            const text = codec.disassemble(words);
            expect(typeof text).toBe("string");
            expect(text).not.toContain("\n");
            if (d) expect(codec.INSTRUCTION_NAMES).toContain(d.name);
          },
        ),
        { numRuns: 2000 },
      );
    });

    test("too few words and typed arrays", () => {
      expect(() => codec.decode([])).not.toThrow();
      expect(() => codec.disassemble([0xffffffff])).not.toThrow();
      const words = new Uint32Array(codec.ISA.wordCount).fill(0xdeadbeef);
      expect(codec.decode(words)).toEqual(codec.decode(Array.from(words)));
    });
  },
);

describeEachSpec(
  IDS,
  (id) => `${id} encode rejects bad values, naming the field`,
  (id) => {
    const codec = generatedCodec(id);
    const u32 = fc.integer({ min: 0, max: 0xffffffff });
    type Fields = Record<string, unknown>;

    test("NaN, negative, non-integer and too-large numbers; unknown enum symbols; missing fields", () => {
      let checked = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
          // The first of a seeded series of random words that decodes (most random Valhall words do not).
          let d: ReturnType<typeof codec.decode>;
          for (let i = 0, x = seed; !d && i < 2000; i++) {
            const words = Array.from(
              { length: codec.ISA.wordCount },
              () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0),
            );
            d = codec.decode(words);
          }
          if (!d) return;
          const fields = d.fields as unknown as Fields;
          const encodeWith = (name: string, value: unknown) => () =>
            codec.encode({ name: d.name, fields: { ...fields, [name]: value } } as never);
          for (const [name, value] of Object.entries(fields)) {
            const where = new RegExp(
              `^${d.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: (field ${name}|missing field ${name})`,
            );
            if (typeof value === "number") {
              for (const bad of [NaN, 1.5, 2 ** 40, -(2 ** 40)])
                expect(encodeWith(name, bad)).toThrow(where);
              checked++;
            } else if (typeof value === "string") {
              expect(encodeWith(name, "no_such_symbol")).toThrow(where);
              expect(encodeWith(name, 3)).toThrow(TypeError);
              checked++;
            } else {
              expect(encodeWith(name, 1)).toThrow(TypeError);
            }
          }
          const [first] = Object.keys(fields);
          if (first !== undefined) {
            const rest = { ...fields };
            delete rest[first];
            // A field with a default or an alternative view may be omitted; others may not.
            try {
              codec.encode({ name: d.name, fields: rest } as never);
            } catch (e) {
              expect(String(e)).toMatch(new RegExp(`missing field ${first}`));
            }
          }
        }),
        { numRuns: 50 },
      );
      expect(checked).toBeGreaterThan(0);
      expect(() => codec.encode({ name: "NO_SUCH_INSTRUCTION", fields: {} } as never)).toThrow(
        TypeError,
      );
    });
  },
);
