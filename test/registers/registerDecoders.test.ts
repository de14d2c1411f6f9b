/**
 * The generated register decoders (out/ts/registers/<id>.ts): every register of adreno-hw and
 * etnaviv-hw encodes from its fields and decodes back to them; the decoder's text is lookup's (one
 * function: rnndec.ts's lookupLine); what cannot be encoded is refused naming the register and field.
 *
 * @needs-upstream mesa etna_viv
 */
import fc from "fast-check";
import * as adreno from "../../out/ts/registers/adreno-hw";
import * as etnaviv from "../../out/ts/registers/etnaviv-hw";
import type { CodecDatabase, CodecElement } from "../../generator/runtime/registerCodec";
import { lookupLine, NO_COLORS } from "../../generator/runtime/rnndec";
import { readShippedSpec } from "../helpers/shippedModels";

// Whole databases read and walked: sized for a machine several times slower than a quiet one.
jest.setTimeout(120_000);

interface Reg {
  domain: string;
  element: CodecElement;
  /** The variants it exists on: its own, or those of the nearest element above that narrows them. */
  sets: { varset: string; variants: string[] }[];
}

function registers(db: CodecDatabase): Reg[] {
  const out: Reg[] = [];
  const walk = (domain: string, list: CodecElement[], inherited: Reg["sets"]) => {
    for (const e of list) {
      if (e.dead) continue;
      const sets = e.variantSets ?? inherited;
      if (e.kind === "reg" && e.fullName !== undefined) out.push({ domain, element: e, sets });
      walk(domain, e.elements, sets);
    }
  };
  for (const d of db.domains) walk(d.name, d.elements, d.variantSets ?? []);
  return out;
}

/** `encodeRegister` of either module, for a name and fields only known at run time. */
type UntypedEncode = (
  name: string,
  fields: Record<string, bigint>,
  options: { domain?: string; variant?: Record<string, string>; indices?: number[] },
) => { address: bigint; value: bigint };

/** One variant per varset the register's variants name, so that its own fields are the ones decoded. */
function variantFor(sets: Reg["sets"]): Record<string, string> {
  return Object.fromEntries(sets.map((s) => [s.varset, s.variants[0]]));
}

describe.each([
  ["adreno-hw", adreno],
  ["etnaviv-hw", etnaviv],
] as const)("%s", (_, mod) => {
  const regs = registers(mod.database);
  const named = new Map<string, number>();
  for (const r of regs)
    named.set(
      `${r.domain} ${r.element.fullName}`,
      (named.get(`${r.domain} ${r.element.fullName}`) ?? 0) + 1,
    );

  test("has registers", () => {
    expect(regs.length).toBeGreaterThan(500);
  });

  test("every register's address decodes to it, with index 0 in every array, where no earlier element covers it", () => {
    const wrong: string[] = [];
    for (const d of mod.database.domains) {
      // rnndec takes the first element that holds an address: spans of what came before, in order.
      const spans: { start: number; end: number }[] = [];
      const walk = (list: CodecElement[]) => {
        for (const e of list) {
          if (e.dead) continue;
          // A register takes its width; a register or array with a length its whole run.
          const one = e.kind === "reg" ? Math.max(1, Math.floor(e.width! / d.width)) : 0;
          const size =
            e.length !== 1 && e.kind !== "stripe" ? e.stride * (e.length || 1) + one : one;
          if (
            e.kind === "reg" &&
            e.fullName !== undefined &&
            !spans.some((s) => s.start <= e.absoluteOffset && e.absoluteOffset < s.end)
          ) {
            const r = regs.find((x) => x.element === e)!;
            const got = mod.decodeRegister(e.absoluteOffset, undefined, {
              domain: d.name as never,
              variant: variantFor(r.sets),
            });
            if (got.register !== e.fullName)
              wrong.push(`${e.fullName} → ${got.register ?? got.path}`);
          }
          if (size > 0) spans.push({ start: e.absoluteOffset, end: e.absoluteOffset + size });
          if (e.kind !== "reg") walk(e.elements);
        }
      };
      walk(d.elements);
    }
    expect(wrong).toEqual([]);
  });

  test("field values encode and decode back (property)", () => {
    const withFields = regs.filter(
      (r) => r.element.type.fields.length > 0 && !r.element.type.shr && !r.element.type.add,
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...withFields),
        fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
        ({ domain, element: e, sets }, seeds) => {
          const fields: Record<string, bigint> = {};
          const variant = variantFor(sets);
          e.type.fields.forEach((f, i) => {
            if (f.dead || f.variantSets || f.type.shr) return;
            // One value per bit range: later fields of the same bits are left out.
            if (
              e.type.fields.slice(0, i).some((g) => !g.dead && g.low <= f.high && f.low <= g.high)
            )
              return;
            const width = f.high - f.low + 1;
            fields[f.name] = BigInt(seeds[i % 64]) & ((1n << BigInt(width)) - 1n);
          });
          const indices = e.strides.map(() => 0);
          // Registers that share a name, or an address with one declared before, are left out.
          fc.pre(named.get(`${domain} ${e.fullName}`) === 1);
          fc.pre(
            mod.decodeRegister(e.absoluteOffset, undefined, { domain: domain as never, variant })
              .register === e.fullName,
          );
          // Names and fields built at run time: the types (per register) cannot follow them.
          const encode = mod.encodeRegister as unknown as UntypedEncode;
          const { address, value } = encode(e.fullName!, fields, {
            domain: domain as never,
            variant,
            indices,
          });
          const decoded = mod.decodeRegister(address, value, { domain: domain as never, variant });
          for (const [name, v] of Object.entries(fields))
            expect(decoded.fields.find((f) => f.name === name)?.raw).toBe(v);
        },
      ),
      { numRuns: 300 },
    );
  });
});

test("the text is lookup's: a register path, its fields, flags, enum names and leftover bits", () => {
  expect(adreno.lookup(0x8400, 0x12345678, { domain: "A6XX", variant: "A7XX" })).toBe(
    "GRAS_2D_BLIT_CNTL => { ROTATE = ROTATE_0 | OVERWRITEEN | UNK4 = 0x7 | COLOR_FORMAT = 0x56 | UNK17 = 0x2 | MASK = 0x3 | IFMT = 0x12 | RASTER_MODE = TYPE_TILED }",
  );
  expect(
    adreno.lookup(0x8400, 0x12345678, { domain: "A6XX", variant: "A7XX", colors: true }),
  ).toContain("\x1b[0;32mGRAS_2D_BLIT_CNTL\x1b[0m => { ");
});

test("what cannot be encoded is refused, naming the register and the field", () => {
  const opts = { domain: "A6XX" } as const;
  expect(() => adreno.encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { ROTATE: 8 }, opts)).toThrow(
    "A6XX_GRAS_2D_BLIT_CNTL.ROTATE: 8 does not fit in 3 bits",
  );
  // What the types refuse (registerFieldTypes.test.ts) is refused at run time too, for JavaScript.
  // @ts-expect-error: A6XX_GRAS_2D_BLIT_CNTL has no field NOPE
  expect(() => adreno.encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { NOPE: 1 }, opts)).toThrow(
    /A6XX_GRAS_2D_BLIT_CNTL has no field 'NOPE' \(fields: ROTATE, /,
  );
  expect(() =>
    // @ts-expect-error: ROTATE_9 is no value of ROTATE's enum
    adreno.encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { ROTATE: "ROTATE_9" }, opts),
  ).toThrow(
    "A6XX_GRAS_2D_BLIT_CNTL.ROTATE: 'ROTATE_9' is not one of its values (ROTATE_0, ROTATE_90, ROTATE_180, ROTATE_270, ROTATE_HFLIP, ROTATE_VFLIP)",
  );
  expect(() => adreno.encodeRegister("A6XX_NOT_A_REGISTER" as never, {} as never, opts)).toThrow(
    "no register 'A6XX_NOT_A_REGISTER' in domain 'A6XX'",
  );
  expect(() => adreno.decodeRegister(0, 0, { domain: "A6XX", variant: "A9XX" })).toThrow(
    "'A9XX' is not a variant of 'chip' (A2XX, A3XX, A4XX, A5XX, A6XX, A7XX)",
  );
  expect(
    adreno.encodeRegister(
      "A6XX_GRAS_2D_BLIT_CNTL",
      { ROTATE: "ROTATE_90", OVERWRITEEN: true },
      opts,
    ),
  ).toEqual({ address: 0x8400n, value: 0x9n });
});

test("the generated decoder prints what lookup prints from the model, for every register of adreno-hw and etnaviv-hw", () => {
  for (const [id, mod] of [
    ["adreno-hw", adreno],
    ["etnaviv-hw", etnaviv],
  ] as const) {
    const { model } = readShippedSpec(id);
    const db = model!.registerDatabases!;
    const wrong: string[] = [];
    for (const { domain, element: e, sets } of registers(mod.database)) {
      const dom = db
        .map((d) => d.domains.find((x) => x.name === domain))
        .find((d) => d && d.elements.length > 0)!;
      const chosen = new Map(sets.map((s) => [s.varset, s.variants[s.variants.length - 1]]));
      for (const value of [0n, 0xdeadbeefn, 0xffffffffffffffffn]) {
        const want = lookupLine(
          { db: db.find((d) => d.domains.includes(dom))!, chosen, colors: NO_COLORS },
          dom,
          BigInt(e.absoluteOffset),
          value,
        );
        const got = mod.lookup(e.absoluteOffset, value, {
          domain: domain as never,
          variant: Object.fromEntries(chosen),
        });
        if (got !== want) wrong.push(`${e.fullName}: ${got} ≠ ${want}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  }
  // Every register of both databases (130 s with the machine shared by five jest runs).
}, 600_000);
