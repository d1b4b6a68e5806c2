import { CompiledQuery, sql } from "kysely";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import type { UsageRollupsTable } from "../../db/tables/gateway.tables";
import type { UsageSeriesTable } from "../../db/tables/usage.tables";
import { ROLLUP_SUM_COLUMNS, type UsageRecord } from "./usage.types";
import { rollUp } from "./usage-rollup";

const RECORD_CHUNK = 500;
const ROLLUP_CHUNK = 200;

type SumColumn = Exclude<keyof UsageRollupsTable, "tenant_id" | "api_id" | "endpoint" | "app_id" | "minute">;
const SUM_COLUMNS: readonly SumColumn[] = ROLLUP_SUM_COLUMNS;

/** The columns of a call's row in usage_records (its ids live in usage_series). */
export const RECORD_COLUMNS = [
  "series_id",
  "status",
  "reason",
  "billable",
  "latency_us",
  "bytes_in",
  "bytes_out",
  "created_at",
  "request_id",
] as const;

/** The columns that identify a series (its unique tuple). */
export const SERIES_TUPLE = [
  "tenant_id",
  "api_id",
  "app_id",
  "endpoint",
  "key_id",
  "plan_id",
  "subscription_id",
] as const;

/** A record's series as usage_series stores it: absent ids are '' (NULLs would not be unique). */
export function seriesTuple(r: UsageRecord): Omit<UsageSeriesTable, "id" | "created_at"> {
  return {
    tenant_id: r.tenantId,
    api_id: r.apiId ?? "",
    app_id: r.appId ?? "",
    endpoint: r.endpoint ?? "",
    key_id: r.keyId ?? "",
    plan_id: r.planId ?? "",
    subscription_id: r.subscriptionId ?? "",
  };
}

function seriesKey(r: UsageRecord): string {
  return `${r.tenantId}\u0000${r.apiId ?? ""}\u0000${r.appId ?? ""}\u0000${r.endpoint ?? ""}\u0000${r.keyId ?? ""}\u0000${r.planId ?? ""}\u0000${r.subscriptionId ?? ""}`;
}

function sameSeries(a: UsageRecord, b: UsageRecord): boolean {
  return (
    a.tenantId === b.tenantId &&
    a.apiId === b.apiId &&
    a.appId === b.appId &&
    a.endpoint === b.endpoint &&
    a.keyId === b.keyId &&
    a.planId === b.planId &&
    a.subscriptionId === b.subscriptionId
  );
}

/**
 * Series ids a writer knows to be committed (a series row never changes once made), so a batch makes only the new
 * ones. The last hit is checked first without building a key: a batch is mostly runs of the same caller. Owned by a
 * writer (no module state: the SSR bundle has its own copy of core).
 */
export class SeriesIds {
  private readonly ids = new Map<string, string>();
  private last: UsageRecord | null = null;
  private lastId = "";

  /** The committed id of a record's series, if known. */
  find(r: UsageRecord): string | undefined {
    if (this.last !== null && sameSeries(this.last, r)) return this.lastId;
    const id = this.ids.get(seriesKey(r));
    if (id !== undefined) {
      this.last = r;
      this.lastId = id;
    }
    return id;
  }

  /** Ids made in a batch, added once its transaction committed (a rolled-back series row must not be referenced). */
  addCommitted(made: ReadonlyMap<string, string>): void {
    if (this.ids.size + made.size > 100_000) this.ids.clear();
    for (const [key, id] of made) this.ids.set(key, id);
  }

  /** The key of a record's series in `made` maps. */
  static key(r: UsageRecord): string {
    return seriesKey(r);
  }
}

const ROLLUP_KEY = ["tenant_id", "api_id", "minute", "endpoint", "app_id"] as const;
export const ROLLUP_COLUMNS = ["tenant_id", "api_id", "endpoint", "app_id", "minute", ...SUM_COLUMNS] as const;

const sqlCache = new Map<string, string>();

/**
 * The statement text for an n-row insert, built once per (dialect, table, n): the metering flush is the gateway's
 * largest recurring cost, and compiling thousands of parameters through the query builder on every flush was most
 * of it. Identifiers are constants; every value is a bound parameter.
 */
function multiRowInsert(
  dialect: Db["dialect"],
  table: string,
  columns: readonly string[],
  rows: number,
  suffix = "",
): string {
  const key = `${dialect}:${table}:${rows}`;
  let text = sqlCache.get(key);
  if (text) return text;
  const groups: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const marks: string[] = [];
    for (let c = 0; c < columns.length; c++) marks.push(dialect === "postgres" ? `$${++n}` : "?");
    groups.push(`(${marks.join(", ")})`);
  }
  text = `insert into ${table} (${columns.join(", ")}) values ${groups.join(", ")}${suffix}`;
  if (sqlCache.size > 200) sqlCache.clear();
  sqlCache.set(key, text);
  return text;
}

export const ROLLUP_CONFLICT = ` on conflict (${ROLLUP_KEY.join(", ")}) do update set ${SUM_COLUMNS.map(
  (c) => `${c} = usage_rollups.${c} + excluded.${c}`,
).join(", ")}`;

/**
 * Writes a batch of usage records and folds them into the per-minute rollups in one transaction, so records and
 * rollups never disagree. Records of several tenants may share a batch (the gateway's buffer is cross-tenant). Series
 * not in `known` are made (a conflicting insert from another instance is fine) and read back; `known` learns them once
 * the transaction committed. Records without an API are not stored (the gateway never hands such records over).
 * `mark`: the journal logs these records complete (decision 037), raised in the same transaction.
 */
export async function writeUsageBatch(
  db: Db,
  records: readonly UsageRecord[],
  known: SeriesIds = new SeriesIds(),
  mark: UsageJournalMark | null = null,
): Promise<void> {
  const stored = records.filter((r) => r.apiId !== null);
  if (stored.length === 0 && !mark) return;
  const rollups = rollUp(stored);
  const made = new Map<string, string>();
  await db.kysely.transaction().execute(async (trx) => {
    if (mark)
      await trx.executeQuery(CompiledQuery.raw(markStatement(db.dialect), [mark.journalId, mark.logSeq, Date.now()]));
    const usage = trx;
    const ids: string[] = new Array(stored.length);
    const missing = new Map<string, UsageRecord>();
    stored.forEach((r, i) => {
      const id = known.find(r);
      if (id !== undefined) ids[i] = id;
      else missing.set(SeriesIds.key(r), r);
    });
    const now = Date.now();
    for (const [key, r] of missing) {
      const tuple = seriesTuple(r);
      await usage
        .insertInto("usage_series")
        .values({ id: newId("us"), ...tuple, created_at: now })
        .onConflict((oc) => oc.columns([...SERIES_TUPLE]).doNothing())
        .execute();
      let query = usage.selectFrom("usage_series").select("id");
      for (const column of SERIES_TUPLE) query = query.where(column, "=", tuple[column]);
      const row = await query.executeTakeFirstOrThrow();
      made.set(key, row.id);
    }
    stored.forEach((r, i) => {
      ids[i] ??= made.get(SeriesIds.key(r)) as string;
    });
    for (let i = 0; i < stored.length; i += RECORD_CHUNK) {
      const chunk = stored.slice(i, i + RECORD_CHUNK);
      const params: unknown[] = [];
      chunk.forEach((r, j) => {
        params.push(
          ids[i + j],
          r.status,
          r.reason,
          r.billable ? 1 : 0,
          Math.round(r.latencyUs),
          r.bytesIn,
          r.bytesOut,
          r.at,
          r.requestId ?? null,
        );
      });
      await trx.executeQuery(
        CompiledQuery.raw(multiRowInsert(db.dialect, "usage_records", RECORD_COLUMNS, chunk.length), params),
      );
    }
    for (let i = 0; i < rollups.length; i += ROLLUP_CHUNK) {
      const chunk = rollups.slice(i, i + ROLLUP_CHUNK);
      const params: unknown[] = [];
      for (const row of chunk) for (const c of ROLLUP_COLUMNS) params.push(row[c]);
      const text = multiRowInsert(db.dialect, "usage_rollups", ROLLUP_COLUMNS, chunk.length, ROLLUP_CONFLICT);
      await trx.executeQuery(CompiledQuery.raw(text, params));
    }
  });
  known.addCommitted(made);
}

/** The database holds the usage records of a gateway journal's logs up to logSeq (decision 037). */
export interface UsageJournalMark {
  journalId: string;
  logSeq: number;
}

/** Raises a journal's mark (never lowers it): parameters journal id, log seq, time. */
export function markStatement(dialect: Db["dialect"]): string {
  return dialect === "postgres"
    ? `insert into usage_journal_marks (journal_id, log_seq, updated_at) values ($1, $2, $3)
       on conflict (journal_id) do update set log_seq = greatest(usage_journal_marks.log_seq, excluded.log_seq),
       updated_at = excluded.updated_at`
    : `insert into usage_journal_marks (journal_id, log_seq, updated_at) values (?, ?, ?)
       on conflict (journal_id) do update set log_seq = max(usage_journal_marks.log_seq, excluded.log_seq),
       updated_at = excluded.updated_at`;
}

/** Up to which log the database holds a journal's usage records (0: none). */
export async function selectUsageJournalMark(db: Db, journalId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("usage_journal_marks")
    .select("log_seq")
    .where("journal_id", "=", journalId)
    .executeTakeFirst();
  return row ? Number(row.log_seq) : 0;
}

/** Copies billed counts into billing_counters; a count never goes down (late or repeated copies are harmless). */
export async function upsertBillingCounters(
  db: Db,
  counters: ReadonlyArray<{
    tenantId: string;
    subscriptionId: string;
    scope: string;
    periodStart: number;
    count: number;
  }>,
): Promise<void> {
  if (counters.length === 0) return;
  const now = Date.now();
  const larger =
    db.dialect === "postgres"
      ? sql<number>`greatest(billing_counters.count, excluded.count)`
      : sql<number>`max(billing_counters.count, excluded.count)`;
  for (let i = 0; i < counters.length; i += RECORD_CHUNK) {
    await db.kysely
      .insertInto("billing_counters")
      .values(
        counters.slice(i, i + RECORD_CHUNK).map((c) => ({
          tenant_id: c.tenantId,
          subscription_id: c.subscriptionId,
          scope: c.scope,
          period_start: c.periodStart,
          count: c.count,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["subscription_id", "scope", "period_start"]).doUpdateSet({ count: larger, updated_at: now }),
      )
      .execute();
  }
}

export async function selectBilledCount(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  scope: string,
  periodStart: number,
): Promise<number> {
  const row = await db.kysely
    .selectFrom("billing_counters")
    .select("count")
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .where("scope", "=", scope)
    .where("period_start", "=", periodStart)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export interface UsageFilter {
  apiId?: string;
  appId?: string;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

export async function selectRollups(db: Db, tenantId: string, filter: UsageFilter) {
  let query = db.kysely
    .selectFrom("usage_rollups")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("minute", ">=", filter.from)
    .where("minute", "<", filter.to);
  if (filter.apiId) query = query.where("api_id", "=", filter.apiId);
  if (filter.appId) query = query.where("app_id", "=", filter.appId);
  return query.orderBy("minute").orderBy("api_id").orderBy("endpoint").orderBy("app_id").limit(50_000).execute();
}

/** Counts records by reason (and billable flag) for a tenant's API or app in a time range. */
export async function countRecordsByReason(db: Db, tenantId: string, filter: UsageFilter) {
  let query = db.kysely
    .selectFrom("usage_records as r")
    .innerJoin("usage_series as s", "s.id", "r.series_id")
    .select(["r.reason", "r.billable", (eb) => eb.fn.countAll<number>().as("n")])
    .where("s.tenant_id", "=", tenantId)
    .where("r.created_at", ">=", filter.from)
    .where("r.created_at", "<", filter.to);
  if (filter.apiId) query = query.where("s.api_id", "=", filter.apiId);
  if (filter.appId) query = query.where("s.app_id", "=", filter.appId);
  const rows = await query.groupBy(["r.reason", "r.billable"]).execute();
  return rows.map((r) => ({ reason: r.reason, billable: Number(r.billable) === 1, count: Number(r.n) }));
}
