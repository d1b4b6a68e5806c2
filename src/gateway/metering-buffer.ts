import {
  SeriesIds,
  selectUsageJournalMark,
  type UsageJournalMark,
  upsertBillingCounters,
  writeUsageBatch,
} from "../core/metering/metering.queries";
import { isSqliteBusy, SqliteUsageWriter } from "../core/metering/sqlite-usage-writer";
import type { UsageRecord } from "../core/metering/usage.types";
import { recordsFromJournalLines } from "../core/metering/usage-journal-line";
import type { Db } from "../db/connection";
import type { BilledCounter, CounterStore, JournalEntry, UsageLog } from "../infra/counters/counter-store";

export interface MeteringLogger {
  warn(obj: object, msg: string): void;
}

/** A call's usage record as the gateway hands it over: it can also be written to the billing journal. */
export type MeteredRecord = UsageRecord & JournalEntry;

/** Records written per SQLite transaction; the event loop gets a turn between chunks (a few ms each at most). */
const SQLITE_CHUNK = 1_000;

function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Usage records are buffered in memory and written in batches off the hot path (a timer; rollups in the same
 * transaction). The billed counts ride along into billing_counters. On SQLite the batches go through
 * SqliteUsageWriter (own connection, prepared statements); on PostgreSQL through writeUsageBatch (async I/O).
 *
 * Embedded mode (the store has a usageLog, docs/decisions/037-durable-usage-records.md): every record is first a line
 * of the billing journal (a billed call's in the same write as its billing increment, before the answer), so the
 * buffer is only a cache of the journal. A record is written to the database once the log it landed in is sealed,
 * one transaction per log that also raises the journal's mark (usage_journal_marks) to that log; then the log files
 * are released. Calls still in flight when a log is sealed are carried into the next log by the journal. After a
 * crash, the first flush stores the records of the logs left behind above the mark. So recorded == billed, whatever
 * the crash. Scale-out (no usageLog): records are analytics only; a crash loses those of the last interval.
 *
 * If the database is down the buffer keeps up to maxBuffered records and then drops the oldest, counting them.
 */
export class MeteringBuffer {
  private records: MeteredRecord[] = [];
  private counters = new Map<string, BilledCounter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private nextFlush: Promise<void> | null = null;
  private writer: SqliteUsageWriter | null = null;
  private writerReady: Promise<void> | null = null;
  /** Usage series ids known on the batch path (PostgreSQL); the SQLite writer keeps its own. */
  private readonly series = new SeriesIds();
  private readonly log: UsageLog | null;
  /** Billed calls whose record is in the journal and who have not ended (carried into each new log). */
  private readonly inFlight = new Set<JournalEntry>();
  /** The leftovers of a previous process are stored (or there is no journal). */
  private recovered: boolean;
  /** The journal mark this buffer last wrote. */
  private marked = 0;
  dropped = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly store: CounterStore,
    private readonly options: { flushMs: number; maxBuffered: number; maxBatch: number; logger: MeteringLogger },
  ) {
    this.log = store.usageLog;
    this.recovered = this.log === null;
  }

  start(): void {
    this.writerReady = SqliteUsageWriter.open(this.db).then(
      (writer) => {
        this.writer = writer;
      },
      (error: unknown) => this.options.logger.warn({ err: error }, "metering falls back to the shared connection"),
    );
    this.log?.setCarry(() => this.inFlight);
    this.timer = setInterval(() => {
      void this.flush();
    }, this.options.flushMs);
    this.timer.unref();
  }

  /** The call's record joins the journal with its billing commit (pass it to commit/commitWith); carried until add. */
  committed(record: MeteredRecord): void {
    if (this.log) this.inFlight.add(record);
  }

  /** The call ended: its record is final. An unbilled one is written to the journal now (it has no commit). */
  add(record: MeteredRecord): void {
    if (this.log) {
      if (record.billable) this.inFlight.delete(record);
      else this.log.append(record);
    }
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

  /**
   * Writes what is buffered now. A flush already running sealed its log before this call's records may have
   * arrived, so a caller during one waits for it and then for one more (shared by every caller meanwhile).
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.nextFlush ??= this.flushing.then(() => {
        this.nextFlush = null;
        return this.flush();
      });
      return this.nextFlush;
    }
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    // In embedded mode this also seals the journal's current log (a fold starts the next one).
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
    if (this.log) await this.flushJournaled(this.log);
    else await this.flushBuffered();
  }

  /** Writes a batch through the SQLite writer or the shared connection; false (batch kept) when it failed. */
  private async write(batch: readonly UsageRecord[], mark: UsageJournalMark | null): Promise<boolean> {
    try {
      if (this.writer) this.writer.write(batch, mark);
      else await writeUsageBatch(this.db, batch, this.series, mark);
      this.written += batch.length;
      return true;
    } catch (error) {
      // Busy: another connection is writing; the next flush tries again (nothing is lost meanwhile).
      if (!isSqliteBusy(error)) {
        this.options.logger.warn({ err: error, pending: this.records.length }, "usage records not written; will retry");
      }
      return false;
    }
  }

  /** Scale-out: what is buffered, in chunks. */
  private async flushBuffered(): Promise<void> {
    while (this.records.length > 0) {
      const batch = this.records.splice(0, this.writer ? SQLITE_CHUNK : this.options.maxBatch);
      if (!(await this.write(batch, null))) {
        this.records.unshift(...batch);
        return;
      }
      if (this.writer && this.records.length > 0) await yieldTurn();
    }
  }

  /** Embedded: the records of a previous process's logs that the database lacks, then those of the sealed logs. */
  private async flushJournaled(log: UsageLog): Promise<void> {
    const journalId = log.id;
    if (!this.recovered) {
      const leftovers = log.leftovers();
      if (leftovers.length > 0) {
        let mark: number;
        try {
          mark = await selectUsageJournalMark(this.db, journalId);
        } catch (error) {
          this.options.logger.warn({ err: error }, "usage journal mark not read; will retry");
          return;
        }
        const last = Math.max(...leftovers.map((l) => l.seq));
        const missing = recordsFromJournalLines(leftovers.filter((l) => l.seq > mark));
        if (!(await this.write(missing, { journalId, logSeq: last }))) return;
        log.release(last);
        this.marked = Math.max(this.marked, last);
      }
      this.recovered = true;
    }

    const sealed = log.sealedSeq();
    const all = this.records;
    this.records = [];
    const ready: MeteredRecord[] = [];
    const later: MeteredRecord[] = [];
    for (const r of all) (r.logSeq !== 0 && r.logSeq <= sealed ? ready : later).push(r);
    ready.sort((a, b) => a.logSeq - b.logSeq);
    // One transaction per log, with its mark: the database then holds all of that log's records, or none.
    let start = 0;
    while (start < ready.length || this.marked < sealed) {
      let end = start;
      const seq = (ready[start] as MeteredRecord | undefined)?.logSeq ?? sealed;
      while (end < ready.length && (ready[end] as MeteredRecord).logSeq === seq) end++;
      const batch = ready.slice(start, end);
      const logSeq = end === ready.length ? sealed : seq;
      if (!(await this.write(batch, { journalId, logSeq }))) {
        this.records = ready.slice(start).concat(later, this.records);
        return;
      }
      this.marked = logSeq;
      log.release(logSeq);
      start = end;
      if (start < ready.length) await yieldTurn();
    }
    this.records = later.concat(this.records);
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
