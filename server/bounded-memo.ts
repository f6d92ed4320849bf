/**
 * `compute` remembered by key, for values many requests ask for again (a Host header, the widget's query)
 * in a table a stranger cannot grow: keys longer than `maxKeyLength` are computed and not kept, and the
 * table starts over when it holds `maxEntries`. A `compute` that throws keeps nothing.
 */
export function boundedMemo<V>(compute: (key: string) => V, { maxEntries, maxKeyLength = 256 }: { maxEntries: number; maxKeyLength?: number }): (key: string) => V {
  const seen = new Map<string, V>();
  return (key) => {
    const known = seen.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (key.length <= maxKeyLength) {
      if (seen.size >= maxEntries) seen.clear();
      seen.set(key, value);
    }
    return value;
  };
}
