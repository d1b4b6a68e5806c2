import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type {
  BilledCounter,
  CounterStore,
  CounterTicket,
  LimitDecision,
  LimitRequest,
  QuotaSpec,
} from "./counter-store";
import { LuaScript } from "./lua-script";
import { counterKeys, LEASES_KEY, leaseMember, parseLeaseMember, quotaKeyPrefix, rateKey } from "./redis-keys";
import {
  admitFromLeases,
  DEFAULT_LEASES,
  type LeaseOptions,
  QuotaLease,
  RedisTicket,
  type RefillResult,
  refusedByLease,
  type SubscriptionLeases,
} from "./redis-leases";
import { LEASE_LUA, REAP_LUA, REPORT_LUA } from "./redis-scripts";
import { SUB_BUCKETS } from "./sliding-window";

const LEASE = new LuaScript(LEASE_LUA);
const REPORT = new LuaScript(REPORT_LUA);
const REAP = new LuaScript(REAP_LUA);

const monotonic = () => performance.now();

/**
 * Scale-out mode: several gateway instances share limits exactly through Redis, one round trip per lease instead of
 * per call. A lease reserves slots atomically (LEASE_LUA), so the sum of what all instances hold never passes a hard
 * quota or a rate limit; an instance admits from its lease in memory. Answered calls are reported and idle slots
 * handed back on every metering flush and on close; an instance that dies has its outstanding slots billed after the
 * lease TTL (billed >= answered). See docs/decisions/033-gateway-leases.md.
 */
export class RedisCounterStore implements CounterStore {
  readonly kind = "redis" as const;
  /** Usage records stay buffered in memory here: a crash loses those of the last flush interval (decision 037). */
  readonly usageLog = null;
  private readonly instance = `${process.pid.toString(36)}.${randomBytes(6).toString("hex")}`;
  private readonly subs = new Map<string, SubscriptionLeases>();
  /** Leases of ended periods (or replaced after a reap) still to report. */
  private retired: QuotaLease[] = [];
  private readonly options: LeaseOptions;

  constructor(
    private readonly redis: Redis,
    options: Partial<LeaseOptions> = {},
  ) {
    this.options = { ...DEFAULT_LEASES, ...options };
  }

  static connect(url: string, options: Partial<LeaseOptions> = {}): RedisCounterStore {
    const redis = new Redis(url, { enableAutoPipelining: true, maxRetriesPerRequest: 2, lazyConnect: false });
    // Connection problems surface as rejected decisions (answered 503); the listener keeps them from crashing us.
    redis.on("error", () => {});
    return new RedisCounterStore(redis, options);
  }

  private leasesOf(request: LimitRequest): SubscriptionLeases {
    let sub = this.subs.get(request.subscriptionId);
    if (!sub) {
      sub = {
        tenantId: request.tenantId,
        subscriptionId: request.subscriptionId,
        rate: null,
        rateWant: 4,
        quotas: new Map(),
        refill: null,
      };
      this.subs.set(request.subscriptionId, sub);
    }
    return sub;
  }

  /** The current lease of a quota, or null when there is none for the running period. */
  private currentLease(sub: SubscriptionLeases, scope: string, now: number): QuotaLease | null {
    const lease = sub.quotas.get(scope);
    if (!lease) return null;
    if (now >= lease.endsAt || lease.dropped) {
      sub.quotas.delete(scope);
      this.retired.push(lease);
      return null;
    }
    return lease;
  }

  decide(request: LimitRequest): LimitDecision | Promise<LimitDecision> {
    return this.decideFrom(this.leasesOf(request), request, 0);
  }

  private decideFrom(
    sub: SubscriptionLeases,
    request: LimitRequest,
    attempt: number,
  ): LimitDecision | Promise<LimitDecision> {
    if (sub.refill) return sub.refill.then((r) => this.afterRefill(sub, request, r, attempt));
    const now = monotonic();
    let needRate = false;
    if (request.rate) {
      const rate = sub.rate;
      needRate = rate === null || rate.slots <= 0 || now >= rate.endsAt;
    }
    let needQuota: QuotaSpec[] | null = null;
    const leases: QuotaLease[] = [];
    for (const q of request.quotas) {
      const lease = this.currentLease(sub, q.scope, now);
      if (lease && lease.free > 0) {
        leases.push(lease);
      } else {
        needQuota ??= [];
        needQuota.push(q);
      }
    }
    if (!needRate && needQuota === null) return admitFromLeases(sub, request, leases, now);
    const refill = this.refill(sub, request, needRate, needQuota ?? [], now);
    sub.refill = refill;
    const clear = () => {
      if (sub.refill === refill) sub.refill = null;
    };
    refill.then(clear, clear);
    return refill.then((r) => this.afterRefill(sub, request, r, attempt));
  }

  private afterRefill(
    sub: SubscriptionLeases,
    request: LimitRequest,
    result: RefillResult,
    attempt: number,
  ): LimitDecision | Promise<LimitDecision> {
    if (result.status !== 0) {
      const refusedHere =
        (result.refusedRate && request.rate !== null) || request.quotas.some((q) => result.refusedScopes.has(q.scope));
      if (refusedHere || attempt > 50) return refusedByLease(sub, request, result, monotonic());
    }
    // Look the subscription up again rather than reuse `sub`: were it forgotten meanwhile (forgetIdle), leases granted
    // to a detached object would never be reported (and would be billed as a dead instance's).
    return this.decideFrom(this.leasesOf(request), request, attempt + 1);
  }

  /** One LEASE round trip for what this subscription's call lacks. */
  private async refill(
    sub: SubscriptionLeases,
    request: LimitRequest,
    needRate: boolean,
    needQuota: QuotaSpec[],
    sentAt: number,
  ): Promise<RefillResult> {
    const { quotaChunk, rateChunk, leaseTtlMs } = this.options;
    // Unused slots of an ended rate lease go back to their sub-bucket.
    let returnBucket = 0;
    let returnCount = 0;
    if (needRate && sub.rate && sub.rate.slots > 0) {
      returnBucket = sub.rate.bucket;
      returnCount = sub.rate.slots;
    }
    if (needRate) {
      // Calls keep coming: ask for more next time; a lease that ran out unused halves the next one.
      const used = sub.rate?.takenInLease ?? 0;
      sub.rateWant = sub.rate && sub.rate.slots > 0 ? Math.max(1, used) : Math.min(rateChunk, sub.rateWant * 2);
    }
    const rate = request.rate;
    const keys = [rateKey(sub.subscriptionId)];
    const args: Array<string | number> = [
      this.instance,
      rate?.limit ?? 0,
      rate?.windowMs ?? 0,
      SUB_BUCKETS,
      needRate && rate ? sub.rateWant : 0,
      returnBucket,
      returnCount,
      leaseTtlMs,
    ];
    for (const q of needQuota) {
      keys.push(quotaKeyPrefix(sub.subscriptionId, q.scope));
      args.push(q.limit ?? -1, q.period, q.hard ? 1 : 0, quotaChunk);
    }
    if (returnCount > 0 && sub.rate) sub.rate.slots = 0;
    const n = await LEASE.run(this.redis, keys, args);
    const at = (i: number) => n[i] ?? 0;
    const status = at(0) as 0 | 1 | 2;
    if (status !== 0) {
      return {
        status,
        retryAfterMs: at(2),
        refusedRate: status === 1,
        // The script answers each quota's allocation before the call: the hard quotas that were full refused it.
        refusedScopes: new Set(
          status === 2
            ? needQuota.filter((q, i) => q.hard && q.limit !== null && at(7 + 4 * i + 3) >= q.limit).map((q) => q.scope)
            : [],
        ),
      };
    }
    const rateGrant = at(3);
    if (needRate && rate) {
      // Conservative: the lease ends when the sub-bucket ends, counted from when we sent the request.
      sub.rate = {
        slots: rateGrant,
        endsAt: sentAt + at(5),
        bucket: Math.floor(at(1) / Math.max(1, Math.ceil(rate.windowMs / SUB_BUCKETS))),
        usedView: at(4),
        resetAt: sentAt + at(6),
        takenInLease: 0,
      };
    }
    const redisNow = at(1);
    needQuota.forEach((q, i) => {
      const periodStart = at(7 + i * 4);
      const periodEnd = at(8 + i * 4);
      const grant = at(9 + i * 4);
      const allocatedBefore = at(10 + i * 4);
      let lease = sub.quotas.get(q.scope);
      if (!lease || lease.periodStart !== periodStart || lease.dropped) {
        if (lease) this.retired.push(lease);
        lease = new QuotaLease(
          sub.tenantId,
          sub.subscriptionId,
          q.scope,
          periodStart,
          periodEnd,
          sentAt + (periodEnd - redisNow),
        );
        sub.quotas.set(q.scope, lease);
      }
      lease.outstanding += grant;
      lease.usedView = allocatedBefore;
      if (lease.lastTake === 0) lease.lastTake = sentAt;
      if (lease.lastReport === 0) lease.lastReport = sentAt;
      // Registered for the sweep, so the slots are billed even if this instance dies before its first report.
      if (grant > 0) this.track(lease, redisNow + leaseTtlMs);
    });
    return { status: 0, retryAfterMs: 0, refusedRate: false, refusedScopes: new Set() };
  }

  commit(): undefined {
    return undefined;
  }

  /** In memory: the answered call is reported with the next flush (a crash bills the whole outstanding lease). */
  commitWith(ticket: CounterTicket): boolean {
    if (ticket instanceof RedisTicket) for (const lease of ticket.leases) lease.answered += 1;
    return true;
  }

  /** The slot goes back to the lease, for the next call. */
  release(ticket: CounterTicket): void {
    if (ticket instanceof RedisTicket) for (const lease of ticket.leases) lease.taken = Math.max(0, lease.taken - 1);
  }

  /** Puts a lease hash in the sweep's sorted set (earliest deadline wins); the member carries the tenant. */
  private track(lease: QuotaLease, deadline: number): void {
    const member = leaseMember(lease.tenantId, lease.subscriptionId, lease.scope, lease.periodStart);
    this.redis.zadd(LEASES_KEY, "LT", deadline, member).catch(() => {});
  }

  /** Reports one lease: answered calls become used, unused slots go back when `giveBack`. */
  private async report(lease: QuotaLease, giveBack: boolean): Promise<BilledCounter | null> {
    if (lease.dropped) return null;
    const answered = lease.answered;
    const back = giveBack ? Math.max(0, lease.outstanding - lease.taken) : 0;
    const keys = counterKeys(lease.subscriptionId, lease.scope, lease.periodStart);
    const n = await REPORT.run(this.redis, keys, [this.instance, answered, back, this.options.leaseTtlMs]);
    const [left = 0, used = 0, deadline = -1] = n;
    lease.lastReport = monotonic();
    lease.answered -= answered;
    lease.taken = Math.max(0, lease.taken - answered);
    if (left < 0) {
      // Reaped while we stalled: those slots were billed already; start over with a new lease.
      lease.dropped = true;
      lease.outstanding = 0;
    } else {
      lease.outstanding = left;
      if (deadline > 0) this.track(lease, deadline);
    }
    return {
      tenantId: lease.tenantId,
      subscriptionId: lease.subscriptionId,
      scope: lease.scope,
      periodStart: lease.periodStart,
      count: used,
    };
  }

  /** Reports every lease with answered calls, renews the others, hands back idle and ended ones. */
  private async settle(filter?: (lease: QuotaLease) => boolean, giveBackAll = false): Promise<BilledCounter[]> {
    const now = monotonic();
    const jobs: Array<Promise<BilledCounter | null>> = [];
    const retired = this.retired;
    this.retired = [];
    const kept: QuotaLease[] = [];
    for (const lease of retired) {
      if (filter && !filter(lease)) kept.push(lease);
      else jobs.push(this.report(lease, true));
    }
    const renewAfter = this.options.leaseTtlMs / 3;
    for (const sub of this.subs.values()) {
      for (const lease of sub.quotas.values()) {
        if (filter && !filter(lease)) continue;
        const idle = now - lease.lastTake > this.options.idleReturnMs;
        const giveBack = giveBackAll || (idle && lease.free > 0);
        if (lease.answered > 0 || giveBack || (lease.outstanding > 0 && now - lease.lastReport > renewAfter)) {
          jobs.push(this.report(lease, giveBack));
        }
      }
    }
    const out: BilledCounter[] = [];
    for (const result of await Promise.allSettled(jobs)) {
      if (result.status === "fulfilled" && result.value) out.push(result.value);
    }
    // A retired lease with calls still in flight is reported again once they are answered or released.
    for (const lease of retired) if (!kept.includes(lease) && lease.taken > 0 && !lease.dropped) kept.push(lease);
    this.retired.push(...kept);
    if (!filter) this.forgetIdle(monotonic());
    return out;
  }

  /** Subscriptions this instance holds lease state for (tests, metrics). */
  get trackedSubscriptions(): number {
    return this.subs.size;
  }

  /** Subscriptions holding nothing any more are forgotten (bounded memory over many subscriptions). */
  private forgetIdle(now: number): void {
    for (const [id, sub] of this.subs) {
      if (sub.refill || (sub.rate && sub.rate.slots > 0 && now < sub.rate.endsAt)) continue;
      let holding = false;
      for (const lease of sub.quotas.values()) if (lease.outstanding > 0 || lease.taken > 0) holding = true;
      if (!holding) this.subs.delete(id);
    }
  }

  /** Leases of instances that stopped reporting (crashed): their outstanding slots are billed. */
  private async sweep(): Promise<BilledCounter[]> {
    const due = await this.redis.zrangebyscore(LEASES_KEY, 0, Date.now(), "LIMIT", 0, 200);
    const out: BilledCounter[] = [];
    for (const member of due) {
      const counter = parseLeaseMember(member);
      if (!counter) {
        await this.redis.zrem(LEASES_KEY, member);
        continue;
      }
      const { tenantId, subscriptionId, scope, periodStart } = counter;
      const keys = counterKeys(subscriptionId, scope, periodStart);
      const [deadline = -1, used = 0] = await REAP.run(this.redis, keys, []);
      if (deadline < 0) await this.redis.zrem(LEASES_KEY, member);
      else await this.redis.zadd(LEASES_KEY, deadline, member);
      out.push({ tenantId, subscriptionId, scope, periodStart, count: used });
    }
    return out;
  }

  /** Billed so far: used plus what other instances hold (as if they died now); settles this instance's lease first. */
  async billedCount(subscriptionId: string, scope: string, start: number): Promise<number> {
    await this.settle((l) => l.subscriptionId === subscriptionId && l.scope === scope && l.periodStart === start, true);
    const value = await this.redis.get(counterKeys(subscriptionId, scope, start)[0]);
    return value === null ? 0 : Number(value);
  }

  /** Called on every metering flush: reports, renews and returns leases, sweeps dead instances' leases. */
  async drainChangedCounters(): Promise<BilledCounter[]> {
    const reported = await this.settle();
    try {
      reported.push(...(await this.sweep()));
    } catch {
      // Sweeping is best effort; the next flush (of any instance) retries.
    }
    return reported;
  }

  async close(): Promise<void> {
    await this.settle(undefined, true).catch(() => []);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
