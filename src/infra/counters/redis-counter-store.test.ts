import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextPeriodStart, periodStart } from "../../core/plans/quota-period";
import type { LimitRequest } from "./counter-store";
import { RedisCounterStore } from "./redis-counter-store";
import { LEASE_LUA } from "./redis-scripts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15";
let store: RedisCounterStore;
let other: RedisCounterStore;
let raw: Redis;

const sub = () => `sub_test_${Math.random().toString(36).slice(2)}`;

beforeAll(() => {
  store = RedisCounterStore.connect(REDIS_URL);
  other = RedisCounterStore.connect(REDIS_URL);
  raw = new Redis(REDIS_URL);
});
afterAll(async () => {
  await store.close();
  await other.close();
  await raw.quit();
});

describe("redis counter store (scale-out)", () => {
  it("admits exactly the hard quota from two stores deciding concurrently", async () => {
    const id = sub();
    const req: LimitRequest = {
      tenantId: "t",
      subscriptionId: id,
      rate: null,
      quotas: [{ scope: "plan", limit: 25, period: "day", hard: true }],
    };
    const decisions = await Promise.all(Array.from({ length: 250 }, (_, i) => (i % 2 ? store : other).decide(req)));
    expect(decisions.filter((d) => d.admitted)).toHaveLength(25);
    expect(await store.billedCount(id, "plan", periodStart("day", Date.now()))).toBe(25);
    const refused = decisions.find((d) => !d.admitted);
    expect(refused?.reason).toBe("quota_exceeded");
    expect(refused?.retryAfterMs).toBeGreaterThan(0);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(86_400_000);
  });

  it("names the per-endpoint quota that refused, while the plan quota has room", async () => {
    const id = sub();
    const req: LimitRequest = {
      tenantId: "t",
      subscriptionId: id,
      rate: null,
      quotas: [
        { scope: "plan", limit: 100, period: "day", hard: true },
        { scope: "obj_single", limit: 2, period: "day", hard: true },
      ],
    };
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await store.decide(req));
    expect(decisions.map((d) => d.admitted)).toEqual([true, true, false]);
    expect(decisions[2]).toMatchObject({ reason: "quota_exceeded", refusedScope: "obj_single" });
    expect(decisions[2]?.quota).toMatchObject({ limit: 2, remaining: 0 });
    expect(decisions[0]?.refusedScope).toBeNull();
  });

  it("admits exactly the rate limit in a burst and hands back released reservations", async () => {
    const id = sub();
    const req: LimitRequest = {
      tenantId: "t",
      subscriptionId: id,
      rate: { limit: 10, windowMs: 60_000 },
      quotas: [{ scope: "plan", limit: null, period: "month", hard: true }],
    };
    const decisions = await Promise.all(Array.from({ length: 60 }, () => store.decide(req)));
    const admitted = decisions.filter((d) => d.admitted);
    expect(admitted).toHaveLength(10);
    expect(decisions.find((d) => !d.admitted)?.reason).toBe("rate_limited");
    expect(admitted.map((d) => d.rate?.remaining).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const start = periodStart("month", Date.now());
    expect(await store.billedCount(id, "plan", start)).toBe(10);
    for (const d of admitted.slice(0, 4)) if (d.ticket) store.release(d.ticket);
    await new Promise((r) => setTimeout(r, 50));
    expect(await store.billedCount(id, "plan", start)).toBe(6);
  });

  it("computes the same calendar periods as the TypeScript maths", async () => {
    for (const period of ["day", "month", "year"] as const) {
      const reply = (await raw.eval(
        LEASE_LUA,
        2,
        "portico:{lua-check}:rl",
        `portico:{lua-check}:q:${period}`,
        "test-instance",
        0,
        0,
        20,
        0,
        0,
        0,
        30_000,
        -1,
        period,
        0,
        0,
      )) as number[];
      const [now, start, end] = [Number(reply[1]), Number(reply[7]), Number(reply[8])];
      expect(start).toBe(periodStart(period, now));
      expect(end).toBe(nextPeriodStart(period, now));
    }
  });

  it("hands unused leased slots back, so another instance can admit them, and never overshoots", async () => {
    const id = sub();
    const a = RedisCounterStore.connect(REDIS_URL, { idleReturnMs: 0 });
    const b = RedisCounterStore.connect(REDIS_URL);
    const req: LimitRequest = {
      tenantId: "t",
      subscriptionId: id,
      rate: null,
      quotas: [{ scope: "plan", limit: 8, period: "day", hard: true }],
    };
    // a's first lease is a quarter of what is left (2 slots); it uses one.
    expect((await a.decide(req)).admitted).toBe(true);
    const fromB = await Promise.all(Array.from({ length: 20 }, () => b.decide(req)));
    expect(fromB.filter((d) => d.admitted)).toHaveLength(6);
    await a.drainChangedCounters();
    const more = await Promise.all(Array.from({ length: 5 }, () => b.decide(req)));
    expect(more.filter((d) => d.admitted)).toHaveLength(1);
    expect(await a.billedCount(id, "plan", periodStart("day", Date.now()))).toBe(8);
    await a.close();
    await b.close();
  });

  it("bills the outstanding lease of an instance that stopped reporting (billed >= answered)", async () => {
    const id = sub();
    const dead = RedisCounterStore.connect(REDIS_URL, { leaseTtlMs: 200 });
    const live = RedisCounterStore.connect(REDIS_URL, { leaseTtlMs: 200 });
    const req: LimitRequest = {
      tenantId: "t",
      subscriptionId: id,
      rate: null,
      quotas: [{ scope: "plan", limit: null, period: "day", hard: true }],
    };
    const decisions = await Promise.all(Array.from({ length: 5 }, () => dead.decide(req)));
    for (const d of decisions) if (d.ticket) dead.commitWith(d.ticket);
    // The instance dies: it never reports its 5 answered calls (nor returns its unused slots).
    await raw.ping();
    await new Promise((r) => setTimeout(r, 300));
    // Other tests' leases may be due in the same sweep set: sweep until ours came up.
    let used: Awaited<ReturnType<typeof live.drainChangedCounters>>[number] | undefined;
    for (let i = 0; i < 20 && !used; i++) {
      used = (await live.drainChangedCounters()).find((c) => c.subscriptionId === id && c.scope === "plan");
    }
    expect(used?.tenantId).toBe("t");
    expect(used?.count).toBeGreaterThanOrEqual(5);
    const start = periodStart("day", Date.now());
    expect(Number(await raw.get(`portico:{${id}}:q:plan:${start}:u`))).toBeGreaterThanOrEqual(5);
    await live.close();
    // A late report from the presumed-dead instance adds nothing: its slots were billed already.
    await dead.close();
    expect(Number(await raw.get(`portico:{${id}}:q:plan:${start}:u`))).toBe(used?.count);
  });

  it("forgets a subscription once its leases are reported and handed back, and keeps one with calls in flight", async () => {
    const id = sub();
    const a = RedisCounterStore.connect(REDIS_URL, { idleReturnMs: 0 });
    const req: LimitRequest = {
      tenantId: "t",
      subscriptionId: id,
      rate: { limit: 1_000, windowMs: 1_000 },
      quotas: [{ scope: "plan", limit: 6, period: "day", hard: true }],
    };
    const start = periodStart("day", Date.now());
    const first = await a.decide(req);
    const inFlight = await a.decide(req);
    if (!first.ticket || !inFlight.ticket) throw new Error("not admitted");
    a.commitWith(first.ticket);
    expect(a.trackedSubscriptions).toBe(1);
    // Once the rate lease's sub-bucket (50 ms) has ended, only the quota lease can hold the subscription: the
    // answered call is reported, but the call still in flight keeps it.
    await new Promise((r) => setTimeout(r, 60));
    await a.drainChangedCounters();
    expect(a.trackedSubscriptions).toBe(1);
    a.commitWith(inFlight.ticket);
    // Its report leaves nothing outstanding: the subscription is forgotten.
    await a.drainChangedCounters();
    expect(a.trackedSubscriptions).toBe(0);
    expect(await a.billedCount(id, "plan", start)).toBe(2);
    // Forgotten state is rebuilt from Redis on the next call: the quota stays exact (6 in all, 4 more).
    const more = await Promise.all(Array.from({ length: 10 }, () => a.decide(req)));
    expect(more.filter((d) => d.admitted)).toHaveLength(4);
    for (const d of more) if (d.ticket) a.commitWith(d.ticket);
    expect(await a.billedCount(id, "plan", start)).toBe(6);
    await a.close();
  });
});
