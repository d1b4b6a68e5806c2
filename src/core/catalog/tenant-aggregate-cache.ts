import type { Db } from "../../db/connection";

/**
 * A small per-tenant, per-database memo for catalog aggregates that are the same for every visitor (the hub's
 * category counts, headline stats and public carousel). Nothing viewer-dependent may go through it: private APIs,
 * follow state and the like are read per request. See docs/decisions/060-hub-aggregates-cache.md.
 *
 * Entries live AGGREGATE_TTL_MS, so a catalog change made by any process (another web instance, the importer, a
 * direct SQL fix) shows on the hub within that time; writes in this process that change what the hub shows call
 * invalidateTenantAggregates so they show at once. The pending promise is stored, so a burst of first requests shares
 * one query; a failed load is dropped rather than cached.
 */
export const AGGREGATE_TTL_MS = 15_000;

/** Tenants whose aggregates one database keeps at most; the oldest entry goes first beyond that. */
const MAX_TENANTS = 1_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

// Keyed by Db first: tests and tools open several databases whose tenants share ids.
const byDb = new WeakMap<Db, Map<string, Entry>>();

function keyOf(tenantId: string, name: string): string {
  return `${tenantId}\u0000${name}`;
}

/** `load()`'s result for (db, tenant, name), reused for AGGREGATE_TTL_MS. `now` is for tests. */
export function cachedTenantAggregate<T>(
  db: Db,
  tenantId: string,
  name: string,
  load: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  let entries = byDb.get(db);
  if (!entries) {
    entries = new Map();
    byDb.set(db, entries);
  }
  const key = keyOf(tenantId, name);
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (hit) entries.delete(key);
  const value = load();
  const entry: Entry = { expires: now + AGGREGATE_TTL_MS, value };
  entries.set(key, entry);
  // Map iteration order is insertion order: the first key is the oldest entry.
  while (entries.size > MAX_TENANTS * 4) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** Forgets every cached aggregate of the tenant (call after a write that changes the public catalog). */
export function invalidateTenantAggregates(db: Db, tenantId: string): void {
  const entries = byDb.get(db);
  if (!entries) return;
  const prefix = `${tenantId}\u0000`;
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
}
