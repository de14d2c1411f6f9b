/** Which optional table columns have content: an empty column only pads the table (and the file). */
export function optionalColumns<T extends object, K extends keyof T>(
  rows: T[],
  keys: K[],
): Record<K, boolean> {
  const out = {} as Record<K, boolean>;
  for (const k of keys) out[k] = rows.some((r) => r[k] !== "");
  return out;
}
