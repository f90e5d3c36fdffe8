/**
 * Sets `key` in a map that keeps at most `limit` entries: when full, the oldest entry (a Map
 * keeps insertion order) goes first. For the small in-process memos of hot paths (decoded
 * session cookies, verified tokens, a cached page's script hashes), where a hit costs a lookup
 * and an entry evicted costs only the work it saved.
 */
export function setBounded<K, V>(map: Map<K, V>, limit: number, key: K, value: V): void {
  if (!map.has(key) && map.size >= limit) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
