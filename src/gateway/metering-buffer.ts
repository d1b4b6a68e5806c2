import { SeriesIds, upsertBillingCounters, writeUsageBatch } from "../core/metering/metering.queries";
import { isSqliteBusy, SqliteUsageWriter } from "../core/metering/sqlite-usage-writer";
import type { UsageRecord } from "../core/metering/usage.types";
import type { Db } from "../db/connection";
import type { BilledCounter, CounterStore } from "../infra/counters/counter-store";

export interface MeteringLogger {
  warn(obj: object, msg: string): void;
}

/** Records written per SQLite transaction; the event loop gets a turn between chunks (a few ms each at most). */
const SQLITE_CHUNK = 1_000;

/**
 * Usage records are buffered in memory and written in batches off the hot path (a timer; rollups in the same
 * transaction). The billed counts ride along into billing_counters. Records are analytics: if the database is down
 * the buffer keeps up to maxBuffered records and then drops the oldest, counting them; billing does not depend on
 * them. On SQLite the batches go through SqliteUsageWriter (own connection, prepared statements); on PostgreSQL
 * through writeUsageBatch (async I/O).
 */
export class MeteringBuffer {
  private records: UsageRecord[] = [];
  private counters = new Map<string, BilledCounter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private writer: SqliteUsageWriter | null = null;
  private writerReady: Promise<void> | null = null;
  /** Usage series ids known on the batch path (PostgreSQL); the SQLite writer keeps its own. */
  private readonly series = new SeriesIds();
  dropped = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly store: CounterStore,
    private readonly options: { flushMs: number; maxBuffered: number; maxBatch: number; logger: MeteringLogger },
  ) {}

  start(): void {
    this.writerReady = SqliteUsageWriter.open(this.db).then(
      (writer) => {
        this.writer = writer;
      },
      (error: unknown) => this.options.logger.warn({ err: error }, "metering falls back to the shared connection"),
    );
    this.timer = setInterval(() => {
      void this.flush();
    }, this.options.flushMs);
    this.timer.unref();
  }

  add(record: UsageRecord): void {
    this.records.push(record);
    if (this.records.length > this.options.maxBuffered) {
      const excess = this.records.length - this.options.maxBuffered;
      this.records.splice(0, excess);
      this.dropped += excess;
    }
  }

  get pending(): number {
    return this.records.length;
  }

  /** Writes what is buffered; concurrent callers share one flush. */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.flushOnce().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    for (const c of await this.store.drainChangedCounters()) {
      const key = `${c.subscriptionId}\u0000${c.scope}\u0000${c.periodStart}`;
      const seen = this.counters.get(key);
      if (!seen || seen.count < c.count) this.counters.set(key, c);
    }
    if (this.counters.size > 0) {
      const counters = [...this.counters.values()];
      try {
        await upsertBillingCounters(this.db, counters);
        for (const c of counters) {
          const key = `${c.subscriptionId}\u0000${c.scope}\u0000${c.periodStart}`;
          if (this.counters.get(key) === c) this.counters.delete(key);
        }
      } catch (error) {
        this.options.logger.warn({ err: error }, "billing counters not copied to the database; will retry");
      }
    }
    if (this.writerReady) await this.writerReady;
    while (this.records.length > 0) {
      const writer = this.writer;
      const batch = this.records.splice(0, writer ? SQLITE_CHUNK : this.options.maxBatch);
      try {
        if (writer) {
          writer.write(batch);
        } else {
          await writeUsageBatch(this.db, batch, this.series);
        }
        this.written += batch.length;
      } catch (error) {
        this.records.unshift(...batch);
        // Busy: another connection is writing; the next flush tries again (nothing is lost meanwhile).
        if (!isSqliteBusy(error)) {
          this.options.logger.warn(
            { err: error, pending: this.records.length },
            "usage records not written; will retry",
          );
        }
        return;
      }
      if (writer && this.records.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Stops the timer and writes everything still buffered. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (let attempt = 0; attempt < 20; attempt++) {
      await this.flush();
      if (this.records.length === 0 && this.counters.size === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    this.writer?.close();
    this.writer = null;
  }
}
