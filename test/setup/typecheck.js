/**
 * `npm run typecheck`: the TypeScript compiler over tsconfig.json, less the files left out for want
 * of an upstream tree (upstreamNeeds.js): they import what only that tree builds (out/ts/ir3.ts).
 * Then the site's browser scripts, which have their own configuration.
 */
const { spawnSync } = require("child_process");
const { mkdirSync, writeFileSync } = require("fs");
const path = require("path");
const { filesLeftOut } = require("./upstreamNeeds");

const ROOT = path.join(__dirname, "..", "..");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

function tsc(project) {
  const r = spawnSync(process.execPath, [TSC, "-p", project, "--noEmit"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { files, lines } = filesLeftOut();
if (files.length === 0) tsc(path.join(ROOT, "tsconfig.json"));
else {
  // The configuration as it is, its exclusions plus those files; paths relative to the new one.
  const base = require(path.join(ROOT, "tsconfig.json"));
  const dir = path.join(ROOT, ".test-build");
  const rel = (p) => path.relative(dir, path.join(ROOT, p));
  mkdirSync(dir, { recursive: true });
  const project = path.join(dir, "tsconfig.typecheck.json");
  writeFileSync(
    project,
    JSON.stringify(
      {
        extends: rel("tsconfig.json"),
        include: base.include.map(rel),
        exclude: [...base.exclude, ...files.map((f) => f.file)].map(rel),
      },
      null,
      2,
    ),
  );
  process.stderr.write(`${lines.join("\n")}\n`);
  tsc(project);
}
tsc(path.join(ROOT, "generator", "runtime", "site", "tsconfig.json"));
