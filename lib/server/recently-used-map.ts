/** A map that keeps at most `capacity` entries, forgetting the least recently used one first. */
export class RecentlyUsedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry, without counting this as a use (see remember). */
  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps (or refreshes) an entry as the most recently used. */
  remember(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
