import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingJournal } from "./billing-journal";
import type { CounterTicket, LimitRequest } from "./counter-store";
import { MemoryCounterStore } from "./memory-counter-store";

/*
 * Model-based properties of the embedded limiter: any interleaving of decisions, commits (answered calls) and
 * releases (calls that failed before an answer), with time moving on, never lets a hard quota's billed plus in-flight
 * calls pass its limit, never admits more than the rate limit in any window, and never refuses a call that has room.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-limiter-prop-"));

type Op = { kind: "decide"; endpoint: boolean } | { kind: "commit"; pick: number } | { kind: "release"; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("decide" as const), endpoint: fc.boolean() }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant("commit" as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("release" as const), pick: fc.nat() }), weight: 1 },
);

const scenario = fc.record({
  planLimit: fc.integer({ min: 1, max: 30 }),
  objectLimit: fc.integer({ min: 1, max: 30 }),
  rate: fc.option(fc.record({ limit: fc.integer({ min: 1, max: 20 }), windowMs: fc.integer({ min: 1, max: 5_000 }) }), {
    nil: null,
  }),
  steps: fc.array(fc.tuple(op, fc.integer({ min: 0, max: 400 })), { minLength: 1, maxLength: 300 }),
});

let run = 0;
let now = 0;
const wallStart = Date.UTC(2026, 5, 10, 12);
// One store (and journal) for every run, each run on a subscription of its own: opening a journal per run is slow.
let store: MemoryCounterStore;
beforeAll(() => {
  store = new MemoryCounterStore(new BillingJournal(path.join(dir, "journal.sqlite"), { owner: true }), {
    wall: () => wallStart + now,
    monotonic: () => 1_000_000 + now,
  });
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded limiter (fast-check model)", () => {
  it("never lets billed + in-flight calls pass a hard quota, nor the rate limit in any window, and admits while there is room", () => {
    fc.assert(
      fc.property(scenario, ({ planLimit, objectLimit, rate, steps }) => {
        now = 0;
        const sub = `sub_${++run}`;
        const plan = { scope: "plan", limit: planLimit, period: "day" as const, hard: true };
        const object = { scope: "obj", limit: objectLimit, period: "day" as const, hard: true };
        const plain: LimitRequest = { tenantId: "t", subscriptionId: sub, rate, quotas: [plan] };
        const special: LimitRequest = { tenantId: "t", subscriptionId: sub, rate, quotas: [plan, object] };
        const open: Array<{ ticket: CounterTicket; endpoint: boolean }> = [];
        const used = { plan: 0, obj: 0 };
        const admittedAt: number[] = [];
        for (const [step, advance] of steps) {
          now += advance;
          if (step.kind === "decide") {
            const d = store.decide(step.endpoint ? special : plain);
            const room = used.plan < planLimit && (!step.endpoint || used.obj < objectLimit);
            if (d.admitted && d.ticket) {
              open.push({ ticket: d.ticket, endpoint: step.endpoint });
              used.plan++;
              if (step.endpoint) used.obj++;
              admittedAt.push(now);
            } else if (rate === null) {
              // Liveness: without a rate limit, only a full quota refuses.
              expect(room).toBe(false);
              expect(d.reason).toBe("quota_exceeded");
            } else if (room) {
              expect(d.reason).toBe("rate_limited");
            }
            expect(used.plan).toBeLessThanOrEqual(planLimit);
            expect(used.obj).toBeLessThanOrEqual(objectLimit);
          } else if (open.length > 0) {
            const [taken] = open.splice(step.pick % open.length, 1);
            if (!taken) continue;
            if (step.kind === "commit") {
              store.commitWith(taken.ticket, { committed() {} });
            } else {
              store.release(taken.ticket);
              used.plan--;
              if (taken.endpoint) used.obj--;
            }
          }
        }
        if (rate) {
          // Any window (t - T, t] ending at an admission holds at most N admissions (released ones included).
          let lo = 0;
          for (let hi = 0; hi < admittedAt.length; hi++) {
            while ((admittedAt[lo] ?? 0) <= (admittedAt[hi] ?? 0) - rate.windowMs) lo++;
            expect(hi - lo + 1).toBeLessThanOrEqual(rate.limit);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
