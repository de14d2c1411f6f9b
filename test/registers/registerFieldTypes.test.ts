/**
 * The generated register decoders type `encodeRegister`'s fields per register: a field takes a
 * number, a name of its enum's values or, for one bit, a boolean; a value name that does not exist
 * (`ROTATE_91`) or a field the register does not have is a type error. tsc on a small file that
 * imports adreno-hw as the test build generates it.
 *
 * @needs-upstream mesa
 */
import { spawnSync } from "child_process";
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";

const TSC = path.join(__dirname, "..", "..", "node_modules", "typescript", "bin", "tsc");

// tsc reads the 2 MB module: sized for a machine several times slower than a quiet one.
jest.setTimeout(180_000);

/** tsc's diagnostics for `lines` (file `use.ts`), with the decoder as `./adreno-hw`. */
function typeErrors(lines: string[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-field-types-"));
  try {
    const decoder = path.join(TEST_OUT, "ts", "registers", "adreno-hw");
    writeFileSync(
      path.join(dir, "use.ts"),
      [`import { encodeRegister } from ${JSON.stringify(decoder)};`, ...lines, ""].join("\n"),
    );
    const r = spawnSync(
      process.execPath,
      [TSC, "--noEmit", "--strict", "--target", "es2022", "--skipLibCheck", "use.ts"],
      { cwd: dir, encoding: "utf8" },
    );
    return r.stdout.split("\n").filter((l) => l.startsWith("use.ts"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("value names, field names and one-bit booleans type-check; ROTATE_91 and a field not there do not", () => {
  expect(
    typeErrors([
      'encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { ROTATE: "ROTATE_90", OVERWRITEEN: true });',
      'encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { ROTATE: 1, COLOR_FORMAT: 0x30n });',
      'encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { ROTATE: "ROTATE_91" });',
      'encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { ROTATE: true });',
      'encodeRegister("A6XX_GRAS_2D_BLIT_CNTL", { NOPE: 1 });',
    ]),
  ).toEqual([
    `use.ts(4,44): error TS2820: Type '"ROTATE_91"' is not assignable to type 'FieldNumber | "ROTATE_0" | "ROTATE_90" | "ROTATE_180" | "ROTATE_270" | "ROTATE_HFLIP" | "ROTATE_VFLIP" | undefined'. Did you mean '"ROTATE_90"'?`,
    `use.ts(5,44): error TS2322: Type 'true' is not assignable to type 'FieldNumber | "ROTATE_0" | "ROTATE_90" | "ROTATE_180" | "ROTATE_270" | "ROTATE_HFLIP" | "ROTATE_VFLIP" | undefined'.`,
    `use.ts(6,44): error TS2353: Object literal may only specify known properties, and 'NOPE' does not exist in type '{ ROTATE?: FieldNumber | "ROTATE_0" | "ROTATE_90" | "ROTATE_180" | "ROTATE_270" | "ROTATE_HFLIP" | "ROTATE_VFLIP" | undefined; OVERWRITEEN?: boolean | FieldNumber | undefined; ... 9 more ...; UNK30?: boolean | ... 1 more ... | undefined; }'.`,
  ]);
});
