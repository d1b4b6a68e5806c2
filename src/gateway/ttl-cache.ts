/**
 * A bounded map whose entries expire after ttlMs, with one shared load per missing key (a burst of calls with a new
 * key makes one database query, not hundreds). Oldest entries go first when full.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The cached value, or a promise of the loaded one. */
  get(key: string, load: () => Promise<V>): V | Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load().then(
      (value) => {
        // A change announced while loading deleted the in-flight entry: do not cache the stale answer.
        if (this.loading.get(key) === promise) {
          this.loading.delete(key);
          this.set(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(predicate: (value: V, key: string) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
    this.loading.clear();
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }
}
