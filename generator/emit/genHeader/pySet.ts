/**
 * The iteration order of a CPython 3.11+ `set` of str, as with `PYTHONHASHSEED=0`. gen_header.py
 * iterates such a set (`Parser.variants`, the domains of registers with a `usage`) to list the
 * usage arrays of registers without variants, so its output depends on the hash seed: Python
 * randomizes it per run unless PYTHONHASHSEED is set. isaforge reproduces the one deterministic
 * order, seed 0 (hash key all zero): str hashes are SipHash-1-3 of the string's bytes (ASCII/Latin-1
 * strings, which domain names are), and the set is CPython's open-addressing table (setobject.c).
 */

const M64 = (1n << 64n) - 1n;

function rotl(x: bigint, b: bigint): bigint {
  return ((x << b) | (x >> (64n - b))) & M64;
}

/** CPython's `siphash13(k0, k1, bytes)` (Python/pyhash.c), as unsigned 64 bits. */
export function siphash13(bytes: Uint8Array, k0 = 0n, k1 = 0n): bigint {
  let v0 = k0 ^ 0x736f6d6570736575n;
  let v1 = k1 ^ 0x646f72616e646f6dn;
  let v2 = k0 ^ 0x6c7967656e657261n;
  let v3 = k1 ^ 0x7465646279746573n;
  const round = () => {
    v0 = (v0 + v1) & M64;
    v2 = (v2 + v3) & M64;
    v1 = rotl(v1, 13n) ^ v0;
    v3 = rotl(v3, 16n) ^ v2;
    v0 = rotl(v0, 32n);
    v2 = (v2 + v1) & M64;
    v0 = (v0 + v3) & M64;
    v1 = rotl(v1, 17n) ^ v2;
    v3 = rotl(v3, 21n) ^ v0;
    v2 = rotl(v2, 32n);
  };
  const word = (at: number, n: number) => {
    let w = 0n;
    for (let i = n - 1; i >= 0; i--) w = (w << 8n) | BigInt(bytes[at + i]);
    return w;
  };
  let at = 0;
  for (; bytes.length - at >= 8; at += 8) {
    const m = word(at, 8);
    v3 ^= m;
    round();
    v0 ^= m;
  }
  const b = ((BigInt(bytes.length) << 56n) | word(at, bytes.length - at)) & M64;
  v3 ^= b;
  round();
  v0 ^= b;
  v2 ^= 0xffn;
  round();
  round();
  round();
  return v0 ^ v1 ^ v2 ^ v3;
}

/** `hash(s)` under PYTHONHASHSEED=0, as the unsigned bits of the signed Py_hash_t. */
export function pyStrHash(s: string): bigint {
  if (s === "") return 0n;
  const codes = [...s].map((c) => c.codePointAt(0)!);
  // Latin-1 strings are stored (and hashed) one byte per character; others are not needed here.
  if (codes.some((c) => c > 0xff))
    throw new Error(`pyStrHash: non-Latin-1 string ${JSON.stringify(s)}`);
  const h = siphash13(Uint8Array.from(codes));
  return h === M64 ? M64 - 1n : h; // -1 is reserved: Python makes it -2
}

/** The order a CPython set iterates the distinct strings added in `added` order. */
export function pySetOrder(added: Iterable<string>): string[] {
  const LINEAR_PROBES = 9;
  let table: ({ key: string; hash: bigint } | undefined)[] = new Array(8).fill(undefined);
  let used = 0;
  const insertClean = (t: typeof table, key: string, hash: bigint) => {
    const mask = t.length - 1;
    let perturb = hash;
    let i = Number(hash & BigInt(mask));
    for (;;) {
      const probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
      for (let j = 0; j <= probes; j++) {
        const e = t[i + j];
        if (e === undefined) return { slot: i + j, found: false };
        if (e.hash === hash && e.key === key) return { slot: i + j, found: true };
      }
      perturb >>= 5n;
      i = Number((BigInt(i) * 5n + 1n + perturb) & BigInt(mask));
    }
  };
  for (const key of added) {
    const hash = pyStrHash(key);
    const { slot, found } = insertClean(table, key, hash);
    if (found) continue;
    table[slot] = { key, hash };
    used++;
    const mask = table.length - 1;
    // No deletions, so fill == used; setobject.c resizes when the table is 3/5 full.
    if (used * 5 < mask * 3) continue;
    const minused = used > 50000 ? used * 2 : used * 4;
    let size = 8;
    while (size <= minused) size *= 2;
    const old = table;
    table = new Array(size).fill(undefined);
    for (const e of old) if (e) table[insertClean(table, e.key, e.hash).slot] = e;
  }
  return table.filter((e): e is { key: string; hash: bigint } => e !== undefined).map((e) => e.key);
}
