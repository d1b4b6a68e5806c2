import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import {
  markStatement,
  RECORD_COLUMNS,
  ROLLUP_COLUMNS,
  ROLLUP_CONFLICT,
  SERIES_TUPLE,
  SeriesIds,
  seriesTuple,
  type UsageJournalMark,
} from "./metering.queries";
import type { UsageRecord } from "./usage.types";
import { rollUp } from "./usage-rollup";

/** SQLite's "the database is locked": another connection holds the write lock right now. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}

/**
 * The gateway's metering writer on SQLite: its own connection to the database file with prepared single-row
 * statements, run synchronously in one transaction per batch. Through Kysely the same batch cost two to three times
 * more CPU (every flush prepared a fresh 500-row statement); at thousands of calls per second that was the gateway's
 * largest item after the sockets.
 *
 * busy_timeout is 0 on purpose: the main connection's transactions can stay open across awaits (Kysely on SQLite), and
 * a synchronous wait for them on the same thread would never end. A locked database throws SQLITE_BUSY at once
 * (isSqliteBusy) and the caller keeps the batch for its next flush.
 */
export class SqliteUsageWriter {
  private readonly sqlite: SqliteDatabase.Database;
  private readonly insertRecord: SqliteDatabase.Statement<unknown[]>;
  private readonly insertSeries: SqliteDatabase.Statement<unknown[]>;
  private readonly selectSeries: SqliteDatabase.Statement<unknown[], string>;
  private readonly upsertRollup: SqliteDatabase.Statement<unknown[]>;
  private readonly upsertMark: SqliteDatabase.Statement<unknown[]>;
  private readonly writeAll: (records: readonly UsageRecord[], mark: UsageJournalMark | null) => Map<string, string>;
  private readonly known = new SeriesIds();

  private constructor(file: string) {
    this.sqlite = new SqliteDatabase(file);
    this.sqlite.pragma("busy_timeout = 0");
    this.sqlite.pragma("synchronous = NORMAL");
    const marks = (n: number) => new Array(n).fill("?").join(", ");
    this.insertRecord = this.sqlite.prepare(
      `insert into usage_records (${RECORD_COLUMNS.join(", ")}) values (${marks(RECORD_COLUMNS.length)})`,
    );
    this.insertSeries = this.sqlite.prepare(
      `insert into usage_series (id, ${SERIES_TUPLE.join(", ")}, created_at) values (${marks(SERIES_TUPLE.length + 2)})
       on conflict (${SERIES_TUPLE.join(", ")}) do nothing`,
    );
    this.selectSeries = this.sqlite
      .prepare<unknown[], string>(
        `select id from usage_series where ${SERIES_TUPLE.map((c) => `${c} = ?`).join(" and ")}`,
      )
      .pluck();
    this.upsertRollup = this.sqlite.prepare(
      `insert into usage_rollups (${ROLLUP_COLUMNS.join(", ")}) values (${marks(ROLLUP_COLUMNS.length)})${ROLLUP_CONFLICT}`,
    );
    this.upsertMark = this.sqlite.prepare(markStatement("sqlite"));
    const transaction = this.sqlite.transaction((records: readonly UsageRecord[], mark: UsageJournalMark | null) => {
      if (mark) this.upsertMark.run(mark.journalId, mark.logSeq, Date.now());
      // Series made in this transaction: the writer learns them only once it committed.
      const made = new Map<string, string>();
      for (const r of records) {
        if (r.apiId === null) continue;
        let seriesId = this.known.find(r);
        if (seriesId === undefined) {
          const key = SeriesIds.key(r);
          seriesId = made.get(key) ?? this.series(r);
          made.set(key, seriesId);
        }
        this.insertRecord.run(
          seriesId,
          r.status,
          r.reason,
          r.billable ? 1 : 0,
          Math.round(r.latencyUs),
          r.bytesIn,
          r.bytesOut,
          r.at,
          r.requestId ?? null,
        );
      }
      for (const row of rollUp(records)) this.upsertRollup.run(ROLLUP_COLUMNS.map((c) => row[c]));
      return made;
    });
    // IMMEDIATE: take the write lock up front, so a busy database fails before any work is done.
    this.writeAll = transaction.immediate;
  }

  /** A writer for the database behind `db`, or null when it is not a SQLite file (PostgreSQL, :memory:). */
  static async open(db: Db): Promise<SqliteUsageWriter | null> {
    if (db.dialect !== "sqlite") return null;
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db.kysely);
    const file = rows.find((r) => r.name === "main")?.file ?? "";
    return file === "" ? null : new SqliteUsageWriter(file);
  }

  /** The id of a record's series: made (another process may have made it first) and read back. */
  private series(r: UsageRecord): string {
    const tuple = seriesTuple(r);
    const values = SERIES_TUPLE.map((c) => tuple[c]);
    this.insertSeries.run(newId("us"), ...values, Date.now());
    const id = this.selectSeries.get(...values);
    if (id === undefined) throw new Error("usage series row missing after insert");
    return id;
  }

  /**
   * Writes records and their per-minute rollups in one transaction, with the journal mark they complete when given;
   * throws SQLITE_BUSY when the database is locked.
   */
  write(records: readonly UsageRecord[], mark: UsageJournalMark | null = null): void {
    if (records.length > 0 || mark) this.known.addCommitted(this.writeAll(records, mark));
  }

  close(): void {
    this.sqlite.close();
  }
}
