/**
 * A display naming a field no bitset defines (test/fixtures/isaspec-dangling-display): Mesa builds
 * it (isa.py checks no references) and its decoder prints nothing there, saying `no field 'DST'`
 * with show_errors. isaforge warns, builds, and prints the same; `check --strict` refuses it.
 */
import { mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { emitTsCodec } from "../../generator/emit/emitTsCodec";
import { loadGeneratedCodec } from "../../generator/emit/manual/loadGeneratedCodec";
import { buildModels } from "../../generator/pipeline";

const SPECS = path.join(__dirname, "..", "fixtures", "isaspec-dangling-display");
const WARNING =
  "t.xml:4:2: warning[dangling-reference]: {DST} in the display of '#root' names no field or derived field of 'add'; Mesa reads it as nothing (no field 'DST')";

describe("a display naming an undefined field", () => {
  const diags = new Diagnostics();
  const [model] = buildModels(SPECS, diags);
  const file = emitTsCodec([model]).find((f) => f.path === "ts/toy.ts")!;
  const codec = loadGeneratedCodec(file.content, file.path);

  test("is a warning, not an error", () => {
    expect(diags.items.map(formatDiagnostic).map((l) => l.replace(/^.*?(t\.xml)/, "$1"))).toEqual([
      WARNING,
    ]);
    expect(diags.errorCount).toBe(0);
  });

  test("prints nothing there, as Mesa does, and says so with show_errors", () => {
    const word = 0x01000005; // add, IMM = 5
    expect(codec.disassemble([word])).toBe("add , 5");
    expect(codec.disassemble([word], { showErrors: true })).toBe("add , 5\t; no field 'DST'");
    expect(Array.from(codec.assemble("add , 5"))).toEqual([word]);
  });

  test("build goes on (exit 0) and check --strict refuses it (exit 1)", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "isaforge-dangling-"));
    try {
      const err: string[] = [];
      const io = { out: () => undefined, err: (l: string) => err.push(l) };
      expect(await runCli(["build", "--specs", SPECS, "--out", out, "--no-cache"], io)).toBe(0);
      expect(err.join("\n")).toContain("warning[dangling-reference]");
      expect(await runCli(["check", "--strict", "--specs", SPECS], io)).toBe(1);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
