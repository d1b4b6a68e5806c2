import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { nextPeriodStart, periodStart } from "../../core/plans/quota-period";
import { BillingJournal } from "./billing-journal";
import type { LimitRequest } from "./counter-store";
import { MemoryCounterStore } from "./memory-counter-store";

const dirs: string[] = [];
function journalFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-journal-"));
  dirs.push(dir);
  return path.join(dir, "billing.sqlite");
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const request = (limit: number | null, hard = true): LimitRequest => ({
  tenantId: "t",
  subscriptionId: "sub_1",
  rate: null,
  quotas: [{ scope: "plan", limit, period: "month", hard }],
});

describe("memory counter store", () => {
  it("never admits more than a hard quota, counting reservations still in flight", async () => {
    const store = MemoryCounterStore.open(journalFile());
    const decisions = Array.from({ length: 50 }, () => store.decide(request(10)));
    expect(decisions.filter((d) => d.admitted)).toHaveLength(10);
    // Released reservations hand their slot back; committed ones keep it.
    const admitted = decisions.filter((d) => d.admitted);
    for (const d of admitted.slice(0, 3)) if (d.ticket) store.release(d.ticket);
    await Promise.all(admitted.slice(3).map((d) => (d.ticket ? store.commit(d.ticket) : undefined)));
    const again = Array.from({ length: 10 }, () => store.decide(request(10)));
    expect(again.filter((d) => d.admitted)).toHaveLength(3);
    await store.close();
  });

  it("persists billed calls before commit resolves, and a new process starts from them", async () => {
    const file = journalFile();
    const store = MemoryCounterStore.open(file);
    const tickets = Array.from({ length: 4 }, () => store.decide(request(5)).ticket);
    await Promise.all(tickets.map((t) => (t ? store.commit(t) : undefined)));
    // Read through a second handle, as a restarted process would, before this one closes.
    const reader = new BillingJournal(file);
    expect(reader.read("sub_1", "plan", periodStart("month", Date.now()))).toBe(4);
    reader.close();
    await store.close();
    const restarted = MemoryCounterStore.open(file);
    const after = Array.from({ length: 5 }, () => restarted.decide(request(5)));
    expect(after.filter((d) => d.admitted)).toHaveLength(1);
    await restarted.close();
  });

  it("replays the log of a process that died (kill -9) exactly once, ignoring a torn last line", async () => {
    const file = journalFile();
    const crashed = MemoryCounterStore.open(file);
    const tickets = Array.from({ length: 3 }, () => crashed.decide(request(10)).ticket);
    await Promise.all(tickets.map((t) => (t ? crashed.commit(t) : undefined)));
    // The process dies here: no fold, no close. A write cut short by a power loss leaves a line without newline.
    const logs = fs.readdirSync(path.dirname(file)).filter((n) => n.includes(".log."));
    expect(logs).toHaveLength(1);
    fs.appendFileSync(path.join(path.dirname(file), logs[0] ?? ""), "0 99");
    const restarted = MemoryCounterStore.open(file);
    const start = periodStart("month", Date.now());
    expect(await restarted.billedCount("sub_1", "plan", start)).toBe(3);
    const after = Array.from({ length: 10 }, () => restarted.decide(request(10)));
    expect(after.filter((d) => d.admitted)).toHaveLength(7);
    await restarted.close();
    const reader = new BillingJournal(file);
    expect(reader.read("sub_1", "plan", start)).toBe(3);
    reader.close();
  });

  it("keeps counting across folds into SQLite (one group write per event-loop turn)", async () => {
    const file = journalFile();
    const store = MemoryCounterStore.open(file);
    const start = periodStart("month", Date.now());
    for (let round = 0; round < 3; round++) {
      const tickets = Array.from({ length: 4 }, () => store.decide(request(null)).ticket);
      await Promise.all(tickets.map((t) => (t ? store.commit(t) : undefined)));
      const changed = await store.drainChangedCounters();
      expect(changed.find((c) => c.scope === "plan")?.count).toBe(4 * (round + 1));
    }
    const reader = new BillingJournal(file);
    expect(reader.read("sub_1", "plan", start)).toBe(12);
    reader.close();
    await store.close();
  });

  it("counts soft-quota overage instead of refusing", () => {
    const store = MemoryCounterStore.open(journalFile());
    const decisions = Array.from({ length: 4 }, () => store.decide(request(2, false)));
    expect(decisions.every((d) => d.admitted)).toBe(true);
    expect(decisions.map((d) => d.overage)).toEqual([false, false, true, true]);
    void store.close();
  });

  it("reports quota headers and a retry time at the period end", () => {
    const store = MemoryCounterStore.open(journalFile());
    store.decide(request(1));
    const refused = store.decide(request(1));
    expect(refused.admitted).toBe(false);
    expect(refused.reason).toBe("quota_exceeded");
    expect(refused.quota).toMatchObject({ limit: 1, remaining: 0 });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    void store.close();
  });
});

describe("quota periods", () => {
  it("contain the instant and are contiguous", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom("day" as const, "month" as const, "year" as const),
        (t, period) => {
          const start = periodStart(period, t);
          const end = nextPeriodStart(period, t);
          expect(start).toBeLessThanOrEqual(t);
          expect(end).toBeGreaterThan(t);
          expect(periodStart(period, end)).toBe(end);
          expect(nextPeriodStart(period, end - 1)).toBe(end);
        },
      ),
    );
  });
});
