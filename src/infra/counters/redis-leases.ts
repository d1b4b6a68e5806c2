import type { CounterTicket, LimitDecision, LimitRequest, QuotaSpec } from "./counter-store";

/*
 * What one gateway instance holds of the shared Redis counters (docs/decisions/033-gateway-leases.md): leases of quota
 * and rate-limit slots, and the decisions made from them in memory (redis-counter-store.ts gets and reports leases).
 */

export interface LeaseOptions {
  /** Largest quota lease asked for (slots); the script grants at most a quarter of what is left. */
  quotaChunk: number;
  /** Largest rate-limit lease asked for. */
  rateChunk: number;
  /** An instance that does not report within this time is presumed dead and its outstanding slots billed. */
  leaseTtlMs: number;
  /** Unused quota slots idle this long go back to Redis (other instances may need them). */
  idleReturnMs: number;
}

export const DEFAULT_LEASES: LeaseOptions = {
  quotaChunk: 256,
  rateChunk: 256,
  leaseTtlMs: 30_000,
  idleReturnMs: 2_000,
};

/** This instance's lease on one quota counter. */
export class QuotaLease {
  /** Slots granted and neither reported used nor returned. */
  outstanding = 0;
  /** Slots held by admitted calls (reserved or answered) and not yet reported. */
  taken = 0;
  /** Answered calls not yet reported. */
  answered = 0;
  /** allocated in Redis just before our latest grant, plus what we took since: the headers' view of usage. */
  usedView = 0;
  lastTake = 0;
  lastReport = 0;
  /** The lease was reaped (we stalled past the TTL): report nothing more, take nothing more. */
  dropped = false;

  constructor(
    readonly tenantId: string,
    readonly subscriptionId: string,
    readonly scope: string,
    readonly periodStart: number,
    readonly periodEnd: number,
    /** Local monotonic ms after which the period is over for us (computed conservatively from Redis time). */
    readonly endsAt: number,
  ) {}

  get free(): number {
    return this.dropped ? 0 : this.outstanding - this.taken;
  }
}

/** This instance's rate-limit lease: slots counted in one sub-bucket of the shared window, usable until it ends. */
export interface RateLease {
  slots: number;
  endsAt: number;
  bucket: number;
  /** Window count before the grant plus what we took since (for X-RateLimit-Remaining). */
  usedView: number;
  resetAt: number;
  takenInLease: number;
}

export interface SubscriptionLeases {
  tenantId: string;
  subscriptionId: string;
  rate: RateLease | null;
  /** Next rate lease size: doubles while calls keep coming, within rateChunk. */
  rateWant: number;
  quotas: Map<string, QuotaLease>;
  refill: Promise<RefillResult> | null;
}

export interface RefillResult {
  status: 0 | 1 | 2;
  retryAfterMs: number;
  /** What the refused request asked for: calls needing other things try again. */
  refusedRate: boolean;
  refusedScopes: Set<string>;
}

export class RedisTicket implements CounterTicket {
  constructor(
    readonly tenantId: string,
    readonly subscriptionId: string,
    readonly leases: QuotaLease[],
  ) {}

  get counters(): Array<{ scope: string; periodStart: number }> {
    return this.leases.map((l) => ({ scope: l.scope, periodStart: l.periodStart }));
  }
}

/** Admits a call from the leases it found free (one per quota of the request, in order), taking a slot of each. */
export function admitFromLeases(
  sub: SubscriptionLeases,
  request: LimitRequest,
  leases: QuotaLease[],
  now: number,
): LimitDecision {
  let rate: LimitDecision["rate"] = null;
  if (request.rate && sub.rate) {
    const r = sub.rate;
    r.slots -= 1;
    r.takenInLease += 1;
    r.usedView += 1;
    rate = {
      limit: request.rate.limit,
      remaining: Math.max(0, request.rate.limit - r.usedView),
      resetMs: Math.max(0, Math.round(r.resetAt - now)),
    };
  }
  let quota: LimitDecision["quota"] = null;
  let overage = false;
  for (let i = 0; i < leases.length; i++) {
    const lease = leases[i] as QuotaLease;
    const q = request.quotas[i] as QuotaSpec;
    lease.taken += 1;
    lease.usedView += 1;
    lease.lastTake = now;
    if (q.limit !== null) {
      if (!q.hard && lease.usedView > q.limit) overage = true;
      quota ??= {
        limit: q.limit,
        remaining: Math.max(0, q.limit - lease.usedView),
        resetMs: Math.max(0, Math.round(lease.endsAt - now)),
      };
    }
  }
  return {
    admitted: true,
    reason: "ok",
    rate,
    quota,
    retryAfterMs: 0,
    refusedScope: null,
    overage,
    ticket: new RedisTicket(request.tenantId, request.subscriptionId, leases),
  };
}

/** The refusal of a call Redis would not lease slots for (status 1: rate limit, 2: a hard quota). */
export function refusedByLease(
  sub: SubscriptionLeases,
  request: LimitRequest,
  result: RefillResult,
  now: number,
): LimitDecision {
  const refusing = result.status === 2 ? request.quotas.find((q) => result.refusedScopes.has(q.scope)) : undefined;
  // The quota headers describe the quota that refused the call, else the first limited one.
  const quotaSpec = refusing ?? request.quotas.find((q) => q.limit !== null);
  const lease = quotaSpec ? sub.quotas.get(quotaSpec.scope) : undefined;
  return {
    admitted: false,
    reason: result.status === 2 ? "quota_exceeded" : "rate_limited",
    rate: request.rate
      ? {
          limit: request.rate.limit,
          remaining: 0,
          resetMs: Math.max(0, Math.round((sub.rate?.resetAt ?? now) - now)),
        }
      : null,
    quota:
      quotaSpec && quotaSpec.limit !== null
        ? {
            limit: quotaSpec.limit,
            remaining: result.status === 2 ? 0 : Math.max(0, quotaSpec.limit - (lease?.usedView ?? 0)),
            resetMs: Math.max(0, Math.round((lease?.endsAt ?? now) - now)),
          }
        : null,
    retryAfterMs: result.retryAfterMs,
    refusedScope: refusing?.scope ?? null,
    overage: false,
    ticket: null,
  };
}
