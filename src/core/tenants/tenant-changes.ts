/*
 * A tenant's configuration changed (an operator saved /admin's settings or restored a version). The tenant resolver's
 * cache listens and drops the tenant at once; in scale-out, src/api/tenant-change-bridge.ts carries the same signal
 * to every other web instance through Redis pub/sub (their cache TTL bounds staleness if a message is lost).
 */

/** "remote": the change was saved on another instance and arrived through the bridge (never published again). */
export type ChangeOrigin = "local" | "remote";

type Listener = (tenantId: string, origin: ChangeOrigin) => void;

// One set per process, not per module copy: the React Router SSR bundle carries its own copy of src/core (decision
// 001), and a save from a page action must reach the server's tenant cache all the same.
const LISTENERS_KEY = Symbol.for("portico.tenantConfigListeners");
const registry = globalThis as typeof globalThis & { [LISTENERS_KEY]?: Set<Listener> };
registry[LISTENERS_KEY] ??= new Set<Listener>();
const listeners: Set<Listener> = registry[LISTENERS_KEY];

/** Tells every listener in this process that the tenant's configuration changed. */
export function announceTenantConfigChange(tenantId: string, origin: ChangeOrigin = "local"): void {
  for (const listener of listeners) {
    try {
      listener(tenantId, origin);
    } catch {
      // A failing listener must not fail the save that announced the change.
    }
  }
}

/** Subscribes to configuration changes; returns the unsubscribe function. */
export function onTenantConfigChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
