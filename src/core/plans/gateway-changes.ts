/*
 * Changes the data plane must see within seconds: a revoked key, a new subscription status, an edited plan, an API's
 * upstream or mode. Services announce them here; the gateway's caches listen and drop what changed (in another
 * process, the gateway bridges this through Redis pub/sub, and its short cache TTL bounds staleness without Redis).
 */

export type GatewayChange =
  | { kind: "key"; keyHash: string }
  | { kind: "app"; appId: string }
  | { kind: "subscription"; appId: string; apiId: string }
  | { kind: "plan"; planId: string }
  | { kind: "api"; apiId: string };

type Listener = (change: GatewayChange) => void;

// One set per process, not per module copy: the React Router SSR bundle carries its own copy of src/core (decision
// 001), and a key revoked or a plan subscribed from a page action must reach the gateway's listener all the same.
const LISTENERS_KEY = Symbol.for("portico.gatewayChangeListeners");
const registry = globalThis as typeof globalThis & { [LISTENERS_KEY]?: Set<Listener> };
registry[LISTENERS_KEY] ??= new Set<Listener>();
const listeners: Set<Listener> = registry[LISTENERS_KEY];

/** Announces a change to every listener in this process (and, through the bridge, to other processes). */
export function announceGatewayChange(change: GatewayChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch {
      // A failing listener must not fail the write that announced the change.
    }
  }
}

/** Subscribes to changes; returns the unsubscribe function. */
export function onGatewayChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
