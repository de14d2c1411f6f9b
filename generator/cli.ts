#!/usr/bin/env node
/**
 * The `isaforge` command line. Exit status: 0 success, 1 errors in the inputs, 2 usage errors.
 * User errors print diagnostics, never a stack trace.
 */
import { Command, CommanderError, Option } from "commander";
import { readFileSync } from "fs";
import { build, checkSpecs, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { packagePath } from "./paths";

const consoleLog: Log = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

function version(): string {
  return (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string })
    .version;
}

export function makeProgram(log: Log, setStatus: (status: number) => void): Command {
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
    .action(async (opts: { specs: string; out: string; only?: string[]; check?: boolean }) => {
      setStatus(await build(opts, log));
    });

  program
    .command("check")
    .description("read, validate and analyze the specs; write nothing")
    .addOption(
      new Option("--specs <dir>", "directory of ISA folders, each with a manifest.json").default(
        "specs",
      ),
    )
    .action((opts: { specs: string }) => {
      const { models, status } = checkSpecs(opts.specs, log);
      if (models)
        log.out(
          `ok: ${models.map((m) => `${m.isa.id} (${m.instructions.length} instructions)`).join(", ")}`,
        );
      setStatus(status);
    });
  return program;
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
    await program.parseAsync(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    log.err(`isaforge: internal error: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT_INPUT_ERRORS;
  }
  return status;
}

if (require.main === module) {
  void runCli(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
  });
}
