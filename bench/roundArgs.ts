/**
 * The options of the bench scripts that time builds in rounds (bench/alternate.ts,
 * bench/warmBuild.ts): `--rounds N`, `--specs DIR`.
 */
export interface RoundOptions {
  rounds: number;
  specs: string;
}

/**
 * Parse `argv` for `tool` (named in errors): at least `minRounds` rounds, `rounds` by default.
 * Any other argument goes to `other`; an option (`--…`) it does not take is an error.
 */
export function parseRoundArgs(
  tool: string,
  argv: string[],
  defaults: { rounds: number; minRounds: number },
  other: (arg: string) => void,
): RoundOptions {
  const o: RoundOptions = { rounds: defaults.rounds, specs: "specs" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${tool}: ${a} needs a value`);
      return v;
    };
    if (a === "--rounds") {
      const v = value();
      o.rounds = Number(v);
      if (!Number.isInteger(o.rounds) || o.rounds < defaults.minRounds)
        throw new Error(
          `${tool}: --rounds needs an integer of at least ${defaults.minRounds}, got '${v}'`,
        );
    } else if (a === "--specs") o.specs = value();
    else if (a.startsWith("--")) throw new Error(`${tool}: unknown option ${a}`);
    else other(a);
  }
  return o;
}
