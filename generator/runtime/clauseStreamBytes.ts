/**
 * A clause stream typed as hex bytes in memory order (`disasm --isa bifrost --bytes`, and the
 * site's clause panel): bytes alone (`4d 37`) or run together (`4d37d535…`, as the expected streams
 * are written); `#` and `//` start comments. No dependencies: the CLI and the site's
 * clause-decoder.js both read with it.
 */
export function readClauseStreamBytes(text: string): {
  bytes: number[];
  error?: { line: number; column: number; message: string };
} {
  const bytes: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/(#|\/\/).*$/, "");
    for (const m of line.matchAll(/[^\s,]+/g)) {
      const token = m[0].replace(/^0x/i, "");
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(token))
        return {
          bytes,
          error: {
            line: i + 1,
            column: m.index! + 1,
            message: `'${m[0]}' is not hex bytes (two hex digits each)`,
          },
        };
      for (let j = 0; j < token.length; j += 2) bytes.push(parseInt(token.slice(j, j + 2), 16));
    }
  }
  return { bytes };
}
