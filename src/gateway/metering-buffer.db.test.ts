import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeEachDialect } from "../../tests/db-dialects";
import { countRecordsByReason } from "../core/metering/metering.queries";
import type { UsageReason } from "../core/metering/usage.types";
import { usageJournalLine } from "../core/metering/usage-journal-line";
import { periodStart } from "../core/plans/quota-period";
import type { LimitRequest } from "../infra/counters/counter-store";
import { MemoryCounterStore } from "../infra/counters/memory-counter-store";
import { type MeteredRecord, MeteringBuffer } from "./metering-buffer";

/*
 * The protocol of decision 037 without a child process: usage records written to the billing journal, sealed logs
 * stored with their mark, a call in flight carried into the next log, and a "crash" (the store and buffer abandoned,
 * a new pair opened on the same journal) after which the database holds every call exactly once.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

class FakeCall implements MeteredRecord {
  tenantId = "t_durable";
  apiId = "api_d";
  endpoint = "GET /items";
  appId = "app_d";
  keyId = "key_d";
  planId = "pln_d";
  subscriptionId = "sub_d";
  billable = false;
  latencyUs = 500;
  bytesIn = 0;
  bytesOut = 0;
  at = Date.now();
  logSeq = 0;
  constructor(
    readonly requestId: string,
    public status: number,
    public reason: UsageReason,
  ) {}
  journalLine(): string {
    return usageJournalLine(this);
  }
}

const limits: LimitRequest = {
  tenantId: "t_durable",
  subscriptionId: "sub_d",
  rate: null,
  quotas: [{ scope: "plan", limit: null, period: "month", hard: false }],
};

const options = { flushMs: 2_000_000_000, maxBuffered: 1_000, maxBatch: 500, logger: { warn() {} } };
const turn = () => new Promise((resolve) => setImmediate(resolve));

describeEachDialect("metering buffer over the billing journal", ({ db }) => {
  it("stores every call exactly once across a crash, the one in flight at a log's seal included", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-usage-journal-"));
    dirs.push(dir);
    const file = path.join(dir, "billing.sqlite");
    const store = MemoryCounterStore.open(file, { retainLogs: true });
    const buffer = new MeteringBuffer(db(), store, options);
    buffer.start();

    async function billedCall(id: string): Promise<FakeCall> {
      const call = new FakeCall(id, 200, "ok");
      const ticket = store.decide(limits).ticket;
      if (!ticket) throw new Error("not admitted");
      call.billable = true;
      buffer.committed(call);
      await store.commit(ticket, call);
      return call;
    }

    const long = await billedCall("long"); // a stream still running at the crash
    buffer.add(await billedCall("done-1"));
    buffer.add(new FakeCall("refused-1", 429, "rate_limited"));
    await turn();
    await buffer.flush(); // seals log 1: done-1 and refused-1 stored, the long call carried into log 2
    const done2 = await billedCall("done-2");
    done2.status = 201;
    buffer.add(done2); // answered, still in memory only
    buffer.add(new FakeCall("refused-2", 403, "not_subscribed"));
    await turn();
    expect(long.logSeq).toBeGreaterThan(1);

    // Crash: nothing more is flushed or closed; a new process opens the same journal.
    const restarted = MemoryCounterStore.open(file, { retainLogs: true });
    const after = new MeteringBuffer(db(), restarted, options);
    after.start();
    await after.flush();

    const since = Date.now() - 60_000;
    const rows = await countRecordsByReason(db(), "t_durable", { appId: "app_d", from: since, to: Date.now() + 1 });
    const billed = await restarted.billedCount("sub_d", "plan", periodStart("month", Date.now()));
    expect(billed).toBe(3);
    expect(rows.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual([
      { reason: "not_subscribed", billable: false, count: 1 },
      { reason: "ok", billable: true, count: 3 },
      { reason: "rate_limited", billable: false, count: 1 },
    ]);

    // Stored logs are released; a second start stores nothing twice.
    await after.close();
    await restarted.close();
    const again = MemoryCounterStore.open(file, { retainLogs: true });
    const third = new MeteringBuffer(db(), again, options);
    third.start();
    await third.flush();
    await third.close();
    await again.close();
    const total = await countRecordsByReason(db(), "t_durable", { appId: "app_d", from: since, to: Date.now() + 1 });
    expect(total.reduce((sum, r) => sum + r.count, 0)).toBe(5);
    expect(fs.readdirSync(dir).filter((name) => name.includes(".log."))).toEqual([]);
  });

  it("a flush asked for while another runs also writes the records that arrived after that one began", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-usage-journal-"));
    dirs.push(dir);
    const store = MemoryCounterStore.open(path.join(dir, "billing.sqlite"), { retainLogs: true });
    const buffer = new MeteringBuffer(db(), store, options);
    buffer.start();
    const call = (id: string) => Object.assign(new FakeCall(id, 200, "ok"), { appId: "app_late" });
    buffer.add(call("early"));
    await turn();
    const running = buffer.flush(); // what the timer starts: it seals the log before the next calls end
    buffer.add(call("late-1"));
    buffer.add(call("late-2"));
    await turn(); // the calls ended: their lines are in the journal's current log
    await buffer.flush();
    await running;
    const rows = await countRecordsByReason(db(), "t_durable", {
      appId: "app_late",
      from: Date.now() - 60_000,
      to: Date.now() + 1,
    });
    expect(rows).toEqual([{ reason: "ok", billable: false, count: 3 }]);
    await buffer.close();
    await store.close();
  });
});
