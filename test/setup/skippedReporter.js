/**
 * A jest reporter that names every skipped test at the end of the run, with the reason its name
 * gives (a test that needs an upstream tree this run lacks: test/helpers/builtSpecs.ts), so that no
 * test is skipped silently. The files left out whole are listed by the global setup.
 */
class SkippedReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.testResults.flatMap((file) =>
      file.testResults
        .filter((t) => t.status === "pending" || t.status === "skipped")
        .map((t) => `  ${file.testFilePath.replace(`${process.cwd()}/`, "")}: ${t.fullName}`),
    );
    if (skipped.length > 0)
      process.stderr.write(`\n${skipped.length} skipped:\n${skipped.join("\n")}\n`);
  }
}

module.exports = SkippedReporter;
