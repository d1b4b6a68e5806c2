import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import type { BilledCounter } from "./counter-store";

export interface JournalDelta {
  tenantId: string;
  subscriptionId: string;
  scope: string;
  periodStart: number;
  delta: number;
}

/** A counter row with the version of the fold that last changed it. */
type ChangedRow = BilledCounter & { version: number };

/*
 * The billing journal's SQLite half (docs/decisions/030-exact-billing-counter.md): the folded counters, the sequence
 * number of the last log folded into them, and the journal's id. The log files and the hot path are BillingJournal's;
 * this file only owns the table so that a fold (sums + folded_seq) is one transaction.
 */
export class JournalTable {
  private readonly sqlite: SqliteDatabase.Database;
  private readonly readStmt: SqliteDatabase.Statement<[string, string, number], { count: number }>;
  private readonly upsertStmt: SqliteDatabase.Statement<[string, string, string, number, number, number]>;
  private readonly seqStmt: SqliteDatabase.Statement<[], { v: number }>;
  private readonly setSeqStmt: SqliteDatabase.Statement<[number]>;
  private readonly changedStmt: SqliteDatabase.Statement<
    [number],
    { tenant_id: string; subscription_id: string; scope: string; period_start: number; count: number; version: number }
  >;
  private readonly foldMany: (deltas: JournalDelta[], version: number, seq: number) => void;
  /** Identifies the journal in the main database's usage marks; kept in journal_meta. */
  readonly id: string;
  /** The highest version written to the table when it was opened. */
  readonly maxVersion: number;

  constructor(file: string, options: { fsync: boolean; owner: boolean }) {
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.sqlite = new SqliteDatabase(file);
    this.sqlite.pragma("journal_mode = WAL");
    this.sqlite.pragma(`synchronous = ${options.fsync ? "FULL" : "NORMAL"}`);
    this.sqlite.exec(`CREATE TABLE IF NOT EXISTS billing_counters (
      subscription_id TEXT NOT NULL, scope TEXT NOT NULL, period_start INTEGER NOT NULL,
      tenant_id TEXT NOT NULL, count INTEGER NOT NULL, version INTEGER NOT NULL,
      PRIMARY KEY (subscription_id, scope, period_start)) WITHOUT ROWID`);
    this.sqlite.exec("CREATE INDEX IF NOT EXISTS billing_counters_version ON billing_counters (version)");
    this.sqlite.exec("CREATE TABLE IF NOT EXISTS journal_meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL)");
    this.readStmt = this.sqlite.prepare(
      "SELECT count FROM billing_counters WHERE subscription_id = ? AND scope = ? AND period_start = ?",
    );
    this.upsertStmt = this.sqlite.prepare(
      `INSERT INTO billing_counters (subscription_id, scope, tenant_id, period_start, count, version)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (subscription_id, scope, period_start)
       DO UPDATE SET count = count + excluded.count, version = excluded.version`,
    );
    this.seqStmt = this.sqlite.prepare("SELECT COALESCE(MAX(v), 0) AS v FROM journal_meta WHERE k = 'folded_seq'");
    this.setSeqStmt = this.sqlite.prepare(
      "INSERT INTO journal_meta (k, v) VALUES ('folded_seq', ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v",
    );
    this.changedStmt = this.sqlite.prepare(
      "SELECT tenant_id, subscription_id, scope, period_start, count, version FROM billing_counters WHERE version > ?",
    );
    const max = this.sqlite.prepare("SELECT MAX(version) AS v FROM billing_counters").get() as { v: number | null };
    this.maxVersion = max.v ?? 0;
    this.foldMany = this.sqlite.transaction((deltas: JournalDelta[], version: number, seq: number) => {
      for (const d of deltas) {
        if (d.delta !== 0) this.upsertStmt.run(d.subscriptionId, d.scope, d.tenantId, d.periodStart, d.delta, version);
      }
      this.setSeqStmt.run(seq);
    });
    const idRow = this.sqlite.prepare("SELECT v FROM journal_meta WHERE k = 'journal_id'").get() as
      | { v: number }
      | undefined;
    let id = idRow?.v;
    if (id === undefined && options.owner) {
      id = randomInt(1, 2 ** 47);
      this.sqlite.prepare("INSERT INTO journal_meta (k, v) VALUES ('journal_id', ?)").run(id);
    }
    this.id = String(id ?? 0);
  }

  /** Log files up to this sequence number are folded into the table. */
  foldedSeq(): number {
    return this.seqStmt.get()?.v ?? 0;
  }

  /** The folded count of one counter (0 when never folded). */
  read(subscriptionId: string, scope: string, periodStart: number): number {
    return this.readStmt.get(subscriptionId, scope, periodStart)?.count ?? 0;
  }

  /** Adds the deltas under `version` and records `seq` as folded, in one transaction. */
  fold(deltas: JournalDelta[], version: number, seq: number): void {
    this.foldMany(deltas, version, seq);
  }

  /** Counters whose version is above `version`. */
  changedSince(version: number): ChangedRow[] {
    return this.changedStmt.all(version).map((r) => ({
      tenantId: r.tenant_id,
      subscriptionId: r.subscription_id,
      scope: r.scope,
      periodStart: r.period_start,
      count: r.count,
      version: r.version,
    }));
  }

  close(): void {
    this.sqlite.close();
  }
}
