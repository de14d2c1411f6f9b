#!/usr/bin/env node
/**
 * The `isaforge` command line. Exit status: 0 success, 1 errors in the inputs, 2 usage errors.
 * User errors print diagnostics, never a stack trace.
 */
import { Argument, Command, CommanderError, Option } from "commander";
import { readFileSync } from "fs";
import { useBatchTiering } from "./batchTiering";
import { build, checkSpecs, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { codecIds } from "./codecs";
import { asm, disasm, type AsmOptions, type DisasmOptions } from "./disasm";
import { restoreInterruptedSwap } from "./emit/writeOutput";
import { UPSTREAM_ENV, UpstreamUsageError } from "./load/upstreamRoots";
import { packagePath } from "./paths";
import { plural } from "./diagnostics";
import { DIALECTS } from "./sourceText";

const consoleLog: Log = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

function version(): string {
  return (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string })
    .version;
}

/** What `asm --help` says of the input, per ISA as its upstream assembler reads it. */
const ASM_GRAMMAR = [
  "",
  "Input: one instruction per line, one output line each (empty for a blank line or a comment; for",
  "a line that does not assemble, `# invalid: …`, a comment, so that the output pipes into disasm).",
  "`//` starts a comment, and so does `#` first on a line or before a space (`#3` is an immediate).",
  "Whitespace around an instruction and before commas is free. No instruction is ever dropped: a",
  "`;` that is not a comment is an error, and so is an instruction after a `;` comment. Per ISA:",
  ...Object.entries(DIALECTS).map(([id, d]) => `  ${id}: ${d.note}`),
].join("\n");

/** What `disasm --help` says of the input: the forms of words people paste, and its errors. */
const DISASM_INPUT = [
  "",
  "Input: hex words, word 0 first (`0x` optional; spaces or commas between; an instruction may span",
  "lines), as people paste them:",
  "  0x0000000a 0x20044005      32-bit words",
  "  0x200440050000000a         a 64-bit value: its low word is word 0",
  "  20044005_0000000a          Mesa's high_low form",
  "  :1:0000:0000[20044005x_0000000ax] mov.f32f32 r1.y, r2.z",
  "                             a line of Mesa's ir3 dump: the words in brackets (Mesa's text is skipped)",
  "A token of several words starts an instruction (or a part of its size): words before it that are",
  "not a whole instruction are an error. `#`, `//` and `;` (Mesa's dumps) start comments, and so asm's",
  "`# invalid: …` lines are skipped.",
  "A bad token is one error at its line and column, and its line gives no words; words left over",
  "at the end are one error. Every whole instruction is still printed, and the exit status is 1.",
  "--offsets counts the words read: those of a line with a bad token are not among them.",
].join("\n");

/** `--upstream NAME=DIR`, repeatable: where an upstream tree the manifests name is checked out. */
function upstreamOption(): Option {
  return new Option(
    "--upstream <name=dir>",
    `where upstream tree NAME (mesa, envytools, etna_viv) is checked out; repeatable (default: $${UPSTREAM_ENV}, then ../shared/corpora/NAME beside the checkout)`,
  )
    .argParser((value: string, previous: string[] = []) => [...previous, value])
    .default(undefined);
}

/** build/headergen `--verbose`: every warning, not one line per warning code met more than once. */
function verboseOption(): Option {
  return new Option(
    "--verbose",
    "list every warning (by default a warning code met more than once is one line: its first warning and how many more)",
  );
}

/** disasm/asm `--specs`: a codec built from these documents instead of the generated one. */
function codecSpecsOption(): Option {
  return new Option(
    "--specs <dir>",
    "build the codec from this specs directory (cached) instead of using the generated one; with --upstream alone, from the package's specs",
  );
}

export function makeProgram(log: Log, setStatus: (status: number) => void): Command {
  const isaList = codecIds().join(", ");
  const program = new Command();
  program
    .name("isaforge")
    .description("Compile GPU ISA documents into one validated model and generated artifacts.")
    .version(version(), "-V, --version")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => log.out(s.replace(/\n$/, "")),
      writeErr: (s) => log.err(s.replace(/\n$/, "")),
    })
    .showHelpAfterError("(run isaforge --help for usage)");

  program
    .command("build")
    .description("read, validate and analyze the specs, then regenerate the output directory")
    .addOption(
      new Option("--specs <dir>", "directory of ISA folders, each with a manifest.json").default(
        "specs",
      ),
    )
    .addOption(upstreamOption())
    .addOption(new Option("--out <dir>", "output directory").default("out"))
    .addOption(
      new Option("--only <id...>", "emit only these ISAs (all are still read and checked)"),
    )
    .addOption(
      new Option(
        "--check",
        "regenerate in memory and exit 1 naming every file that differs from --out",
      ),
    )
    .addOption(
      new Option(
        "--no-cache",
        "ignore and do not update the build cache (node_modules/.cache/isaforge, or $ISAFORGE_CACHE_DIR)",
      ),
    )
    .addOption(verboseOption())
    .action(
      async (opts: {
        specs: string;
        out: string;
        only?: string[];
        check?: boolean;
        cache: boolean;
        upstream?: string[];
        verbose?: boolean;
      }) => {
        setStatus(await build(opts, log));
      },
    );

  program
    .command("check")
    .description("read, validate and analyze the specs; write nothing")
    .addOption(
      new Option("--specs <dir>", "directory of ISA folders, each with a manifest.json").default(
        "specs",
      ),
    )
    .addOption(upstreamOption())
    .option(
      "--strict",
      "treat warnings as errors (what Mesa accepts but a new document should not do)",
    )
    .action((opts: { specs: string; strict?: boolean; upstream?: string[] }) => {
      const { models, status } = checkSpecs(opts.specs, log, opts);
      if (models)
        log.out(
          `ok: ${models.map((m) => `${m.isa.id} (${plural(m.instructions.length, "instruction")})`).join(", ")}`,
        );
      setStatus(status);
    });
  program
    .command("disasm")
    .description(
      "disassemble instruction words, one instruction per output line: hex words (word 0 first, any number per line, # and // comments), or bytes with --bytes, or a raw little-endian file with --binary",
    )
    .argument("[file]", "input file (default: standard input)")
    .option("--isa <id>", `ISA whose codec to use: ${isaList}`)
    .option(
      "--gpu <n>",
      "GPU generation (e.g. 600 for ir3 a6xx); default: the newest; refused for an ISA without generations",
    )
    .option("--bytes", "the input is hex bytes, each word's in little-endian order")
    .option("--binary", "the input is a raw binary of little-endian 32-bit words")
    .option("--offsets", "print each instruction's byte offset (hex) before it, as objdump does")
    .option("--raw", "print each instruction's words (with --bytes, its bytes) before its text")
    .option("--strict", "exit 1 if any instruction matches nothing")
    .option(
      "--verbose",
      "clause streams (bifrost): Mesa's verbose form, with each quadword, the header, register blocks and constants",
    )
    .addOption(codecSpecsOption())
    .addOption(upstreamOption())
    .option(
      "--show-errors",
      "append Mesa's show_errors comment (isaspec ISAs: '\\t; dontcare bits in …'); the others print the same",
    )
    .addHelpText("after", DISASM_INPUT)
    .showHelpAfterError(`(ISAs: ${isaList}; run isaforge disasm --help for usage)`)
    .action((file: string | undefined, opts: DisasmOptions) => setStatus(disasm(file, opts, log)));

  program
    .command("headergen")
    .description(
      "write C headers from a rules-ng register database as headergen does: one header per document read (FILE and every file it imports, each at its path under the database, e.g. bus/pbus.xml.h); FILE and imports are looked up in each RNN_PATH directory (default: FILE's own), then beside the importing file",
    )
    .argument("<file>", "the rules-ng database document (e.g. root.xml)")
    .option("--out <dir>", "directory for the headers (default: beside each document)")
    .option(
      "--style <style>",
      "envytools (envytools' headergen) or etna_viv (the rules-ng-ng headergen of etna_viv's headers: NAME(x) setters)",
      "envytools",
    )
    .addOption(verboseOption())
    .action((file: string, opts: { out?: string; style: string; verbose?: boolean }) => {
      const { headergen } = require("./headergen") as typeof import("./headergen");
      setStatus(headergen(file, opts, log));
    });

  program
    .command("gen-header")
    .description(
      "print what Mesa's freedreno gen_header.py prints for a register database: c-defines, c-pack-structs or py-defines (imports are looked up in --rnn)",
    )
    .requiredOption("--rnn <dir>", "the database directory (imports are read from DIR/FILE)")
    .requiredOption("--xml <file>", "the document to dump (e.g. DIR/adreno/a6xx.xml)")
    .addArgument(
      new Argument("<mode>", "what to print").choices([
        "c-defines",
        "c-pack-structs",
        "py-defines",
      ]),
    )
    .action(
      (mode: "c-defines" | "c-pack-structs" | "py-defines", opts: { rnn: string; xml: string }) => {
        const { genHeaderCommand } = require("./genHeader") as typeof import("./genHeader");
        setStatus(genHeaderCommand({ rnn: opts.rnn, xml: opts.xml, mode }, log));
      },
    );

  // Intel genxml (Mesa src/intel/genxml): drop-ins for its generators and its decoder's printing.
  program
    .command("genxml-pack")
    .description(
      "print what Mesa's gen_pack_header.py prints for an Intel genxml document (genN_pack.h): imports are read beside DOC",
    )
    .argument("<doc>", "the genxml document (e.g. src/intel/genxml/gen12.xml)")
    .option(
      "--engines <list>",
      "comma-separated engines whose instructions to keep: render, blitter, video",
      "render",
    )
    .option(
      "--include-symbols <list>",
      "comma-separated structs, instructions and registers to keep (enums are always kept)",
    )
    .option("--opencl", "the OpenCL variant (genN_cl_pack.h)")
    .option("--repack", "also write a _repack function per struct and instruction")
    .option("-o, --output <file>", "write to FILE instead of standard output")
    .action((doc: string, opts: import("./genxmlIntel").GenxmlPackArgs) => {
      const { genxmlPackCommand } = require("./genxmlIntel") as typeof import("./genxmlIntel");
      setStatus(genxmlPackCommand(doc, opts, log));
    });

  program
    .command("genxml-bits")
    .description(
      "print what Mesa's gen_bits_header.py writes (genX_bits.h): per generation, lengths of items and widths and starts of fields",
    )
    .argument("<doc...>", "the genxml documents, oldest generation first")
    .requiredOption("--include-symbols <list>", "comma-separated ITEM or ITEM::FIELD to describe")
    .option(
      "--cpp-guard <name>",
      "the include guard (default: from the -o file's name; STDOUT without -o)",
    )
    .option("--engines <list>", "comma-separated engines whose instructions to keep", "render")
    .option("-o, --output <file>", "write to FILE instead of standard output")
    .action((docs: string[], opts: import("./genxmlIntel").GenxmlBitsArgs) => {
      const { genxmlBitsCommand } = require("./genxmlIntel") as typeof import("./genxmlIntel");
      setStatus(genxmlBitsCommand(docs, opts, log));
    });

  program
    .command("genxml-sort")
    .description(
      "gen_sort_tags.py: write an Intel genxml document in canonical order, or with --validate exit 1 (naming the first element out of place) unless it already is",
    )
    .argument("<doc>", "the genxml document")
    .option("--validate", "check the order instead of writing the sorted document")
    .option("--quiet", "with --validate: print nothing on standard output")
    .option("-o, --output <file>", "write the sorted document to FILE instead of standard output")
    .action((doc: string, opts: import("./genxmlIntel").GenxmlSortArgs) => {
      const { genxmlSortCommand } = require("./genxmlIntel") as typeof import("./genxmlIntel");
      setStatus(genxmlSortCommand(doc, opts, log));
    });

  // Panfrost genxml (Mesa's src/panfrost/lib/genxml): the pack header and the decoder.
  program
    .command("panfrost-pack")
    .description(
      "write what Mesa's Panfrost gen_pack.py writes for a genxml document (vN_pack.h), on stdout or to -o FILE",
    )
    .argument("<doc>", "the Panfrost genxml document (e.g. src/panfrost/lib/genxml/v10.xml)")
    .option("-o, --output <file>", "write the header to FILE (whole, or not at all)")
    .action((doc: string, opts: { output?: string }) => {
      const { panfrostPackCommand } =
        require("./genxmlPanfrost") as typeof import("./genxmlPanfrost");
      setStatus(panfrostPackCommand(doc, opts, log));
    });

  program
    .command("genxml-decode")
    .description(
      "print dwords as Mesa's decoders print them: Intel (intel_print_group) one struct, instruction or register by name, or without --struct every command of a command buffer; Panfrost (the generated unpack + print functions, warnings first) one struct by name",
    )
    .argument("[file]", "hex 32-bit words, word 0 first (default: standard input)")
    .requiredOption(
      "--doc <doc>",
      "the genxml document (src/intel/genxml/gen12.xml, src/panfrost/lib/genxml/v10.xml)",
    )
    .option(
      "--struct <name>",
      "the struct, instruction or register the dwords are (Panfrost: by C name, MALI_PRIMITIVE, or as written, Primitive)",
    )
    .option("--binary", "the input is raw little-endian dwords")
    .option(
      "--isl-formats <tsv>",
      "Intel: value<TAB>name lines naming surface formats (as the decoder's ISL table)",
    )
    .action((file: string | undefined, opts: import("./genxmlIntel").GenxmlDecodeArgs) => {
      const { genxmlDialect } = require("./genxmlDialect") as typeof import("./genxmlDialect");
      if (genxmlDialect(opts.doc) === "panfrost") {
        const { panfrostDecodeCommand } =
          require("./genxmlPanfrost") as typeof import("./genxmlPanfrost");
        setStatus(panfrostDecodeCommand(file, opts, log));
      } else {
        const { genxmlDecodeCommand } = require("./genxmlIntel") as typeof import("./genxmlIntel");
        setStatus(genxmlDecodeCommand(file, opts, log));
      }
    });

  program
    .command("genxml-c-decoder")
    .description(
      "write a C decoder for an Intel genxml document: gxi_print(out, kind, name, dwords, count, surface_format) prints an item as intel_print_group does",
    )
    .argument("<doc>", "the genxml document")
    .option("-o, --output <file>", "write to FILE instead of standard output")
    .action((doc: string, opts: { output?: string }) => {
      const { genxmlCDecoderCommand } = require("./genxmlIntel") as typeof import("./genxmlIntel");
      setStatus(genxmlCDecoderCommand(doc, opts, log));
    });

  program
    .command("lookup")
    .description(
      "decode a register address (and value) of a rules-ng database as envytools' lookup does: ADDRESS and VALUE in hex; -f FILE (default root.xml, through RNN_PATH; with RNN_PATH unset, as given or else in the envytools tree's rnndb/, the tree --upstream envytools=DIR, $ISAFORGE_UPSTREAM or ../shared/corpora/envytools names), -d DOMAIN (default NV_MMIO), -a VARIANT (a chipset name, or number: 50 is NV50), -v VARSET VARIANT, -c for no colour",
    )
    .usage(
      "[-f FILE] [-a VARIANT] [-d DOMAIN] [-c] [-v VARSET VARIANT]... [--upstream envytools=DIR] ADDRESS [VALUE]",
    )
    .argument("[args...]")
    .allowUnknownOption()
    .action((args: string[]) => {
      const { lookup } = require("./lookup") as typeof import("./lookup");
      setStatus(lookup(args, log));
    });

  program
    .command("asm")
    .description("assemble text, one instruction per line, into hex words (word 0 first)")
    .argument("[file]", "input file (default: standard input)")
    .option("--isa <id>", `ISA whose codec to use: ${isaList}`)
    .option(
      "--gpu <n>",
      "GPU generation: only its instructions are candidates (e.g. 600 for ir3 a6xx); refused for an ISA without generations",
    )
    .option(
      "--bytes",
      "print each instruction as its bytes in little-endian order, as disasm --bytes reads",
    )
    .addOption(codecSpecsOption())
    .addOption(upstreamOption())
    .addHelpText("after", ASM_GRAMMAR)
    .showHelpAfterError(`(ISAs: ${isaList}; run isaforge asm --help for usage)`)
    .action((file: string | undefined, opts: AsmOptions) => setStatus(asm(file, opts, log)));
  program.addHelpText("after", `\nISAs with codecs (disasm, asm --isa): ${isaList}`);
  return program;
}

/** The output directory a command line names (`--out DIR` / `--out=DIR`), default `out`. */
function outOption(argv: string[]): string {
  const i = argv.indexOf("--out");
  if (i >= 0 && argv[i + 1]) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith("--out="));
  return eq ? eq.slice("--out=".length) : "out";
}

/** Run the CLI on `argv` (without node and script); resolves to the exit status. */
export async function runCli(argv: string[], log: Log = consoleLog): Promise<number> {
  let status = EXIT_OK;
  const program = makeProgram(log, (s) => (status = s));
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT_USAGE;
  }
  try {
    // A build killed between its two renames left the previous output aside: put it back first.
    restoreInterruptedSwap(outOption(argv));
    await program.parseAsync(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (e instanceof UpstreamUsageError) {
      log.err(`isaforge: error[usage]: ${e.message}`);
      return EXIT_USAGE;
    }
    log.err(
      `isaforge: internal error: ${e instanceof Error ? (process.env.ISAFORGE_DEBUG ? e.stack : e.message) : String(e)}`,
    );
    return EXIT_INPUT_ERRORS;
  }
  return status;
}

if (require.main === module) {
  useBatchTiering();
  void runCli(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
  });
}
