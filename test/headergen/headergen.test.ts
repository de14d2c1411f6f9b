/**
 * `isaforge headergen` against rules-ng-ng headergen: Mesa commits the headers etna_viv's headergen
 * wrote for its database (src/etnaviv/hw/*.xml.h), and ../shared/corpora/expected/etna_viv/
 * mesa-hw-headers.json has the SHA-256 of each one's body (every byte after the banner's closing
 * `*\/` line). The database is the etna_viv tree's rnndb/ at the version those headers were made
 * from, so every body must come out byte for byte.
 */
import { createHash } from "crypto";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { defaultRootDir } from "../../generator/load/upstreamRoots";
import { copyCorpus, CORPUS } from "../helpers/rnndbCorpus";
import { TEST_OUT } from "../helpers/testOutput";

const DIGESTS = path.join(defaultRootDir("expected"), "etna_viv", "mesa-hw-headers.json");
const haveCorpus = existsSync(CORPUS) && existsSync(DIGESTS);

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err };
}

/** A header's body: every byte after the first line that is exactly `*\/`. */
function body(text: string): string {
  const end = text.indexOf("\n*/\n");
  if (end < 0) throw new Error("no line '*/' closes the banner");
  return text.slice(end + "\n*/\n".length);
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

(haveCorpus ? describe : describe.skip)(
  "headergen on etna_viv's database (needs the etna_viv tree and expected/etna_viv beside the checkout)",
  () => {
    const expected = haveCorpus
      ? (
          JSON.parse(readFileSync(DIGESTS, "utf8")) as {
            headers: { file: string; document: string; body_sha256: string; body_bytes: number }[];
          }
        ).headers
      : [];

    test("Mesa commits seven headers, each from one document of the database", () => {
      expect(expected.map((h) => h.document)).toEqual([
        "cmdstream.xml",
        "common.xml",
        "common_3d.xml",
        "state.xml",
        "state_3d.xml",
        "state_blt.xml",
        "texdesc_3d.xml",
      ]);
    });

    test("--style etna_viv writes every header Mesa commits with the very body Mesa's has", async () => {
      const corpus = copyCorpus();
      const out = path.join(corpus.dir, "headers");
      try {
        // As etna_viv's gen_headers.sh: headergen on each root writes a header for every file
        // the root reads (state.xml imports state_3d.xml, state_blt.xml, common.xml, …).
        for (const root of ["cmdstream.xml", "state.xml", "texdesc_3d.xml"]) {
          const r = await run(
            "headergen",
            path.join(corpus.dir, root),
            "--out",
            out,
            "--style",
            "etna_viv",
          );
          expect({ root, status: r.status }).toEqual({ root, status: 0 });
        }
        for (const h of expected) {
          const text = body(readFileSync(path.join(out, h.file), "utf8"));
          expect({ file: h.file, bytes: Buffer.byteLength(text), sha256: sha256(text) }).toEqual({
            file: h.file,
            bytes: h.body_bytes,
            sha256: h.body_sha256,
          });
        }
        // headergen writes one for every document it read; etna_viv's gen_headers.sh deletes this one.
        expect(readFileSync(path.join(out, "copyright.xml.h"), "utf8")).toMatch(
          /\n#ifndef COPYRIGHT_XML\n|^#ifndef COPYRIGHT_XML\n/,
        );
      } finally {
        corpus.cleanup();
      }
    }, 180_000);

    test("the build's etnaviv-hw headers (out/c/etnaviv-hw) have the very bodies Mesa's have", () => {
      for (const h of expected) {
        const text = body(readFileSync(path.join(TEST_OUT, "c", "etnaviv-hw", h.file), "utf8"));
        expect({ file: h.file, sha256: sha256(text) }).toEqual({
          file: h.file,
          sha256: h.body_sha256,
        });
      }
    });

    test("the body does not depend on the files' times (the banner does)", async () => {
      const headers = async (mtime: string | undefined) => {
        const corpus = copyCorpus(mtime ? { "cmdstream.xml": mtime, "common.xml": mtime } : {});
        const out = path.join(corpus.dir, "headers");
        try {
          const r = await run(
            "headergen",
            path.join(corpus.dir, "cmdstream.xml"),
            "--out",
            out,
            "--style",
            "etna_viv",
          );
          expect(r.status).toBe(0);
          return readFileSync(path.join(out, "cmdstream.xml.h"), "utf8");
        } finally {
          corpus.cleanup();
        }
      };
      const [a, b] = [await headers("2001-02-03 04:05:06"), await headers("2024-04-10 11:43:40")];
      expect(a).not.toBe(b);
      expect(a).toContain("from 2001-02-03 04:05:06)");
      expect(body(a)).toBe(body(b));
    });

    test("imports are looked up in RNN_PATH when not beside the file", async () => {
      const corpus = copyCorpus();
      const elsewhere = mkdtempSync(path.join(tmpdir(), "isaforge-rnn-"));
      const saved = process.env.RNN_PATH;
      try {
        copyFileSync(path.join(corpus.dir, "cmdstream.xml"), path.join(elsewhere, "cmdstream.xml"));
        process.env.RNN_PATH = `/nonexistent:${corpus.dir}`;
        const r = await run("headergen", path.join(elsewhere, "cmdstream.xml"));
        expect(r.err).toEqual([]);
        expect(readFileSync(path.join(elsewhere, "common.xml.h"), "utf8")).toContain(
          "#define SYNC_RECIPIENT_FE\t\t\t\t\t0x00000001\n",
        );
        delete process.env.RNN_PATH;
        const missing = await run("headergen", path.join(elsewhere, "cmdstream.xml"));
        expect(missing.status).toBe(1);
        expect(missing.err[0]).toMatch(
          /cmdstream\.xml:27:1: error\[missing-import\]: imported file 'copyright\.xml' not found/,
        );
      } finally {
        if (saved === undefined) delete process.env.RNN_PATH;
        else process.env.RNN_PATH = saved;
        rmSync(elsewhere, { recursive: true, force: true });
        corpus.cleanup();
      }
    });
  },
);
