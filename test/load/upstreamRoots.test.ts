/**
 * Upstream trees: where a manifest's `upstream: TREE:PATH` documents are read from (--upstream,
 * $ISAFORGE_UPSTREAM, ../shared/corpora/TREE), what a spec whose tree is absent does (skipped, with
 * one note naming the option that builds it), and the errors for a bad root or a missing document.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { loadSpec } from "../../generator/load/loadSpecs";
import {
  parseUpstreamRef,
  upstreamRoots,
  UpstreamUsageError,
} from "../../generator/load/upstreamRoots";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "isaforge-upstream-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A one-document isaspec spec `toy` whose document is `tree:isa/toy.xml`. */
function toySpec(tree = "tree"): string {
  const specs = path.join(dir, "specs");
  mkdirSync(path.join(specs, "toy"), { recursive: true });
  writeFileSync(
    path.join(specs, "toy", "manifest.json"),
    JSON.stringify(
      {
        id: "toy",
        title: "Toy",
        vendor: "Nobody",
        instructionWidth: 16,
        wordSize: 16,
        byteOrder: "little",
        documents: [{ upstream: `${tree}:isa/toy.xml`, format: "isaspec" }],
        companions: [],
      },
      null,
      2,
    ),
  );
  return specs;
}

/** A checkout of tree `tree` holding `isa/toy.xml`: one 16-bit instruction. */
function toyTree(name = "checkout"): string {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, "isa"), { recursive: true });
  writeFileSync(
    path.join(root, "isa", "toy.xml"),
    [
      "<isa>",
      '<bitset name="#root" size="16"><gen min="0"/></bitset>',
      '<bitset name="nop" extends="#root">',
      "  <display>nop</display>",
      '  <pattern low="0" high="15">0000000000000000</pattern>',
      "</bitset>",
      "</isa>",
      "",
    ].join("\n"),
  );
  return root;
}

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err };
}

describe("upstream references and roots", () => {
  test("TREE:PATH, with PATH relative to the tree", () => {
    expect(parseUpstreamRef("mesa:src/freedreno/isa/ir3.xml")).toEqual({
      tree: "mesa",
      path: "src/freedreno/isa/ir3.xml",
    });
    expect(parseUpstreamRef("mesa:/abs/ir3.xml")).toBeUndefined();
    expect(parseUpstreamRef("mesa:../up/ir3.xml")).toBeUndefined();
    expect(parseUpstreamRef("src/freedreno/isa/ir3.xml")).toBeUndefined();
  });

  test("--upstream wins over $ISAFORGE_UPSTREAM, which wins over the corpora beside the checkout", () => {
    const roots = upstreamRoots(["mesa=/from/option"], "mesa=/from/env:envytools=/env/envytools");
    expect(roots.get("mesa")).toEqual({ name: "mesa", dir: "/from/option", source: "option" });
    expect(roots.get("envytools")).toEqual({
      name: "envytools",
      dir: "/env/envytools",
      source: "environment",
    });
    const saved = process.env.ISAFORGE_CORPORA;
    process.env.ISAFORGE_CORPORA = dir;
    try {
      mkdirSync(path.join(dir, "etna_viv"));
      const defaults = upstreamRoots([], undefined);
      expect(defaults.get("etna_viv")).toEqual({
        name: "etna_viv",
        dir: path.join(dir, "etna_viv"),
        source: "default",
      });
      expect(defaults.get("mesa")).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.ISAFORGE_CORPORA;
      else process.env.ISAFORGE_CORPORA = saved;
    }
  });

  test("a pair that is not NAME=DIR is a usage error naming it", () => {
    expect(() => upstreamRoots(["mesa"], undefined)).toThrow(
      new UpstreamUsageError("--upstream takes NAME=DIR (e.g. mesa=~/src/mesa), not 'mesa'"),
    );
    expect(() => upstreamRoots([], "=/x")).toThrow(
      "ISAFORGE_UPSTREAM takes NAME=DIR (e.g. mesa=~/src/mesa), not '=/x'",
    );
  });
});

describe("specs whose documents are in upstream trees", () => {
  test("the document is read from the tree, and named TREE:PATH wherever the tree is", () => {
    const specs = toySpec();
    const diags = new Diagnostics();
    const spec = loadSpec(specs, "toy", diags, upstreamRoots([`tree=${toyTree()}`], undefined));
    expect(diags.items.map(formatDiagnostic)).toEqual([]);
    expect(spec!.documents.map((d) => [d.path, d.role])).toEqual([
      ["tree:isa/toy.xml", "upstream"],
    ]);
    expect(spec!.documentInfo[0]).toMatchObject({ path: "tree:isa/toy.xml", role: "upstream" });
    expect(spec!.documentInfo[0].upstream).toBeUndefined();
  });

  test("a tree that is not on this machine skips the spec with one note naming how to set it", () => {
    const specs = toySpec("nowhere");
    const diags = new Diagnostics();
    expect(loadSpec(specs, "toy", diags, upstreamRoots([], undefined))).toBeUndefined();
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `${path.basename(specs)}/toy/manifest.json:10:7: note[skipped-spec]: toy is not built: its documents are in the upstream tree 'nowhere', which is not on this machine; to build it, give --upstream nowhere=DIR or ISAFORGE_UPSTREAM=nowhere=DIR`,
    ]);
    expect(diags.hasErrors).toBe(false);
  });

  test("a document missing from its tree is an error at the manifest, naming the root and the option", () => {
    const specs = toySpec();
    const empty = path.join(dir, "empty");
    mkdirSync(empty);
    const diags = new Diagnostics();
    loadSpec(specs, "toy", diags, upstreamRoots([`tree=${empty}`], undefined));
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `${path.basename(specs)}/toy/manifest.json:10:7: error[missing-file]: 'isa/toy.xml' is not in upstream tree '${empty}' (tree, from --upstream); point --upstream tree=DIR or ISAFORGE_UPSTREAM=tree=DIR at a checkout that has it`,
    ]);
  });

  test("a root that is not a directory is an error naming where it was set", () => {
    const specs = toySpec();
    const diags = new Diagnostics();
    loadSpec(specs, "toy", diags, upstreamRoots([], `tree=${path.join(dir, "missing")}`));
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `${path.basename(specs)}/toy/manifest.json:10:7: error[upstream-root]: upstream tree '${path.join(dir, "missing")}' (tree, from $ISAFORGE_UPSTREAM) is not a directory; set it with --upstream tree=DIR or ISAFORGE_UPSTREAM=tree=DIR`,
    ]);
  });

  test("a document with both path and upstream, or neither, is an error", () => {
    const specs = toySpec();
    const file = path.join(specs, "toy", "manifest.json");
    const manifest = JSON.parse(require("fs").readFileSync(file, "utf8"));
    manifest.documents = [
      { path: "a.xml", upstream: "tree:isa/toy.xml", format: "isaspec" },
      { format: "isaspec" },
    ];
    writeFileSync(file, JSON.stringify(manifest, null, 2));
    const diags = new Diagnostics();
    loadSpec(specs, "toy", diags, upstreamRoots([`tree=${toyTree()}`], undefined));
    const message =
      "error[manifest-document]: a document has either 'path' (a file of the spec) or 'upstream' (TREE:PATH of a document in an upstream tree), not both or neither";
    expect(diags.items.map(formatDiagnostic)).toEqual([
      `${path.basename(specs)}/toy/manifest.json:9:5: ${message}`,
      `${path.basename(specs)}/toy/manifest.json:14:5: ${message}`,
    ]);
  });

  test("build: a skipped spec is a note and exit 0; --upstream builds it", async () => {
    const specs = toySpec();
    const out = path.join(dir, "out");
    const skipped = await run("build", "--specs", specs, "--out", out, "--no-cache");
    expect(skipped.status).toBe(0);
    expect(skipped.err).toEqual([
      "specs/toy/manifest.json:10:7: note[skipped-spec]: toy is not built: its documents are in the upstream tree 'tree', which is not on this machine; to build it, give --upstream tree=DIR or ISAFORGE_UPSTREAM=tree=DIR",
    ]);
    const built = await run(
      "build",
      "--specs",
      specs,
      "--out",
      out,
      "--no-cache",
      "--upstream",
      `tree=${toyTree()}`,
    );
    expect(built.err).toEqual([]);
    expect(built.status).toBe(0);
    expect(built.out).toEqual([expect.stringMatching(/^wrote \d+ files to .*\/out\/ \(toy\)$/)]);
  });

  test("build: a bad --upstream is a usage error (exit 2)", async () => {
    const r = await run("build", "--specs", toySpec(), "--upstream", "tree", "--no-cache");
    expect(r.status).toBe(2);
    expect(r.err).toEqual([
      "isaforge: error[usage]: --upstream takes NAME=DIR (e.g. mesa=~/src/mesa), not 'tree'",
    ]);
  });
});
