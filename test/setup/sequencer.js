/**
 * The order jest starts test files in: the longest first, so that no long file starts near the end
 * of the run while the other workers have nothing left to do.
 *
 * Jest's own sequencer knows a file's duration only from its cache of earlier runs on this machine,
 * which CI's fresh clone lacks; it then orders by file size, and a short file that packs and builds
 * (test/package/packages.test.ts) ran last, alone, for minutes. Here a file jest has no time for
 * takes the one test/setup/testDurations.json gives (seconds, from a measured run: `npm run
 * test:durations`); a file neither knows keeps jest's order by size, after the timed ones.
 */
const Sequencer = require("@jest/test-sequencer").default;
const path = require("path");

const ROOT = path.join(__dirname, "..", "..");
const MEASURED = require("./testDurations.json");

class LongestFirst extends Sequencer {
  /** Seconds per file path from the repository root. */
  measured = MEASURED.seconds;

  sort(tests) {
    const sorted = super.sort(tests);
    // Stable: jest's order (failed first, then by time or size) among files of equal standing.
    const rank = new Map(sorted.map((t, i) => [t, i]));
    const duration = (t) => {
      const measured = this.measured[path.relative(ROOT, t.path).split(path.sep).join("/")];
      return t.duration ?? (measured === undefined ? undefined : measured * 1000);
    };
    return sorted.sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      const da = duration(a);
      const db = duration(b);
      if ((da === undefined) !== (db === undefined)) return da === undefined ? 1 : -1;
      if (da !== undefined && da !== db) return db - da;
      return rank.get(a) - rank.get(b);
    });
  }
}

module.exports = LongestFirst;
