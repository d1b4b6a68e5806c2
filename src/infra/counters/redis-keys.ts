/*
 * Redis key names of the scale-out counters (the layout is described in redis-scripts.ts). Keys of one subscription
 * share the {hash tag}, so one script touches a single Redis Cluster slot.
 */

const PREFIX = "portico";

/** The sorted set of lease hashes by their earliest deadline (no hash tag: read by every instance's sweep). */
export const LEASES_KEY = `${PREFIX}:leases`;

export function rateKey(subscriptionId: string): string {
  return `${PREFIX}:{${subscriptionId}}:rl`;
}

export function quotaKeyPrefix(subscriptionId: string, scope: string): string {
  return `${PREFIX}:{${subscriptionId}}:q:${scope}`;
}

/** allocated, lease hash and used keys of one counter. */
export function counterKeys(subscriptionId: string, scope: string, periodStart: number): [string, string, string] {
  const allocated = `${quotaKeyPrefix(subscriptionId, scope)}:${periodStart}`;
  return [allocated, `${allocated}:l`, `${allocated}:u`];
}

/** A member of LEASES_KEY: the lease hash key of a counter, with the tenant it bills (the sweep reports it). */
export function leaseMember(tenantId: string, subscriptionId: string, scope: string, periodStart: number): string {
  return `${tenantId}|${counterKeys(subscriptionId, scope, periodStart)[1]}`;
}

/** The counter a LEASES_KEY member names; null for a member that is not one. */
export function parseLeaseMember(
  member: string,
): { tenantId: string; subscriptionId: string; scope: string; periodStart: number } | null {
  const match = /^([^|]*)\|(portico:\{(.+)\}:q:(.+):(\d+):l)$/.exec(member);
  if (!match) return null;
  const [, tenantId = "", , subscriptionId = "", scope = "", start = "0"] = match;
  return { tenantId, subscriptionId, scope, periodStart: Number(start) };
}
