/**
 * npm run bench:analytics — the dashboards' queries at scale (docs/decisions/090-analytics.md): one tenant with 100
 * APIs (10 providers × 10), 5,000 apps each calling 2 APIs on 3 endpoints (30,000 series), and 10 million synthetic
 * calls over 30 days in the raw log, written in time order one slice at a time, rolled up into minutes (in SQL, as the
 * gateway's flush would; a sample of 10 apps' calls is written again through the gateway's writer and must give the
 * same minute rows), then into hours and days by the worker's own fold. Then each dashboard read is timed (p50/p95 over
 * BENCH_ROUNDS runs) beside a baseline (an API read by primary key) measured in the same run, on SQLite and on
 * PostgreSQL. Targets: every dashboard p95 <= 200 ms, the log search with filters <= 300 ms.
 *
 * Synthetic data stays in a temporary database (a temp file; a uniquely named PostgreSQL database dropped after).
 * Env: BENCH_CALLS (default 10000000), BENCH_ROUNDS (default 15), BENCH_DIALECTS (default "sqlite,postgres"),
 * TEST_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/test), BENCH_SQLITE_FILE (keep the
 * SQLite database in this file and reuse it next time without loading; bench/analytics-parts.ts times each query of
 * a kept one), BENCH_PG_DB (the same for PostgreSQL: keep the database of this name and reuse it if it exists),
 * BENCH_COMPARE_SEEKS=1 (time each dashboard again without decision 093's first-rows window, right after). Loading
 * 10 million calls takes ~10–25 minutes per engine on the shared 2-core machine (docs/analytics-at-scale.md).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { buildDashboard, type ResolvedScope } from "../src/core/analytics/analytics.service";
import { foldUsageRollups } from "../src/core/analytics/analytics-jobs.service";
import { resolveRange } from "../src/core/analytics/analytics-range";
import { selectLogRows } from "../src/core/analytics/request-log.queries";
import { setFirstRowsWindow } from "../src/core/analytics/rollups.queries";
import { ensureDayPartitions, PARTITION_DAYS_AHEAD } from "../src/core/analytics/usage-partitions.queries";
import { writeUsageBatch } from "../src/core/metering/metering.queries";
import {
  LATENCY_BUCKET_BOUNDS_US,
  ROLLUP_SUM_COLUMNS,
  type UsageReason,
  type UsageRecord,
} from "../src/core/metering/usage.types";
import { type Db, type DialectName, openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";

const CALLS = Number(process.env.BENCH_CALLS ?? 10_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DIALECTS = (process.env.BENCH_DIALECTS ?? "sqlite,postgres").split(",") as DialectName[];
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** A SQLite file kept after the run and reused by the next (to time queries again without loading). */
const KEEP_FILE = process.env.BENCH_SQLITE_FILE ?? null;
/** A PostgreSQL database name kept after the run and reused by the next. */
const KEEP_PG_DB = process.env.BENCH_PG_DB ?? null;
/** Also time each dashboard with decision 092's reads (no first-rows window, decision 093) right after it. */
const COMPARE_SEEKS = process.env.BENCH_COMPARE_SEEKS === "1";
const TENANT = "bench";
const PROVIDERS = 10;
const APIS = 100;
const APPS = 5_000;
const ENDPOINTS = 3;
const APIS_PER_APP = 2;
const SERIES = APPS * APIS_PER_APP * ENDPOINTS;
const DAY_MS = 86_400_000;

interface BenchDb {
  db: Db;
  dispose(): Promise<void>;
}

async function openBenchDb(dialect: DialectName): Promise<BenchDb & { loaded: boolean }> {
  if (dialect === "sqlite" && KEEP_FILE) {
    // A kept database is reused as it is (loading 10 million calls takes long on a small machine).
    const loaded = fs.existsSync(KEEP_FILE);
    const db = openDatabase({ databaseUrl: `sqlite:${KEEP_FILE}`, dataDir: path.dirname(KEEP_FILE) });
    await migrateToLatest(db);
    return { db, loaded, dispose: () => db.close() };
  }
  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-bench-analytics-"));
    const db = openDatabase({ databaseUrl: `sqlite:${path.join(dir, "bench.sqlite")}`, dataDir: dir });
    await migrateToLatest(db);
    return {
      db,
      loaded: false,
      dispose: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = KEEP_PG_DB ?? `portico_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      return (await client.query(statement, values)).rowCount ?? 0;
    } finally {
      await client.end();
    }
  };
  const exists = KEEP_PG_DB !== null && (await admin("select 1 from pg_database where datname = $1", [name])) > 0;
  if (!exists) await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 4 });
  await migrateToLatest(db);
  return {
    db,
    // A kept database counts as loaded once the load finished (the tenant row is written first, so check a projection).
    loaded: exists && (await sql`select 1 from usage_rollups_day limit 1`.execute(db.kysely)).rows.length > 0,
    dispose: async () => {
      await db.close();
      if (!KEEP_PG_DB) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** An integer in [0, n) from the engine's random(). */
function rnd(dialect: DialectName, n: number) {
  return dialect === "sqlite" ? sql.raw(`(abs(random()) % ${n})`) : sql.raw(`floor(random() * ${n})::bigint`);
}

async function load(db: Db, now: number): Promise<void> {
  const d = db.dialect;
  const t0 = performance.now();
  await db.kysely.insertInto("tenants").values({ id: TENANT, name: "Bench", config: "{}", created_at: now }).execute();
  for (let p = 0; p < PROVIDERS; p++) {
    await db.kysely
      .insertInto("users")
      .values({
        id: `u${p}`,
        tenant_id: TENANT,
        username: `provider${p}`,
        email: null,
        name: `Provider ${p}`,
        thumbnail: null,
        position: null,
        company: null,
        location: null,
        bio: null,
        is_demo: 0,
        created_at: now,
        email_verified_at: now,
      })
      .execute();
  }
  const apis = Array.from({ length: APIS }, (_, i) => ({
    id: `a${i}`,
    tenant_id: TENANT,
    owner_id: `u${i % PROVIDERS}`,
    slug: `api-${i}`,
    name: `API ${i}`,
    created_at: now,
  }));
  for (const a of apis) {
    await sql`insert into apis (id, tenant_id, owner_id, slug, name, created_at, updated_at)
      values (${a.id}, ${a.tenant_id}, ${a.owner_id}, ${a.slug}, ${a.name}, ${now}, ${now})`.execute(db.kysely);
  }
  // Series s<i>: app i / (2·3), API (app + k·37) % 100, endpoint i % 3.
  const rows: string[] = [];
  for (let i = 0; i < SERIES; i++) {
    const app = Math.floor(i / (APIS_PER_APP * ENDPOINTS));
    const k = Math.floor(i / ENDPOINTS) % APIS_PER_APP;
    rows.push(
      `('s${i}', '${TENANT}', 'a${(app + k * 37) % APIS}', 'app${app}', 'GET /e${i % ENDPOINTS}', 'k${app}', 'p', 'sub${app}', ${now})`,
    );
  }
  for (let i = 0; i < rows.length; i += 1_000) {
    await sql`${sql.raw(`insert into usage_series (id, tenant_id, api_id, app_id, endpoint, key_id, plan_id, subscription_id, created_at) values ${rows.slice(i, i + 1_000).join(", ")}`)}`.execute(
      db.kysely,
    );
  }
  // The calls are made one time slice (a day, or less for large loads) at a time, in time order, as the gateway
  // writes them: a staging table takes the slice's calls, then the raw log and the slice's minute rollups are each
  // written from it in one statement, sorted by time, in one transaction per slice. Sorted writes put the rows of a
  // minute or an hour next to each other in the tables, as a live gateway's flushes do; one GROUP BY over the whole
  // log instead scattered them (each read of an hour's minute rows touched a page per row) and, on PostgreSQL,
  // spilled a 10-million-group aggregate to disk (603 s at 10 M calls).
  const bounds = LATENCY_BUCKET_BOUNDS_US.slice(0, -1);
  const buckets = LATENCY_BUCKET_BOUNDS_US.map((_, i) => {
    const lower = i === 0 ? null : bounds[i - 1];
    const upper = bounds[i];
    const cond = [
      lower === null ? null : `r.latency_us > ${lower}`,
      upper === undefined ? null : `r.latency_us <= ${upper}`,
    ]
      .filter(Boolean)
      .join(" and ");
    return `sum(case when ${cond} then 1 else 0 end)`;
  }).join(", ");
  const span = 30 * DAY_MS;
  const slices = Math.max(30, Math.ceil(CALLS / 350_000));
  // Whole minutes per slice, so no minute's calls are split between two slices' rollups.
  const sliceMs = Math.floor(span / slices / 60_000) * 60_000;
  const start = Math.floor(now / 60_000) * 60_000 - slices * sliceMs;
  // The days of the synthetic month get their log partitions (PostgreSQL, decision 094), as the worker would have made
  // them ahead while the calls came in; otherwise every call would land in the default partition.
  for (let day = start; day < now + DAY_MS; day += PARTITION_DAYS_AHEAD * DAY_MS) await ensureDayPartitions(db, day);
  const staging = sql.table("bench_calls");
  await sql`${sql.raw(`create ${d === "postgres" ? "unlogged " : ""}table bench_calls (x bigint, series_id text, status integer,
    latency_us bigint, created_at bigint)`)}`.execute(db.kysely);
  let minuteMs = 0;
  const t1 = performance.now();
  for (let k = 0, done = 0; k < slices; k++) {
    const n = Math.floor((CALLS * (k + 1)) / slices) - done;
    const gen =
      d === "sqlite"
        ? sql`with recursive c(x) as (select 1 union all select x + 1 from c limit ${n}) select x from c`
        : sql`select generate_series(1, ${n}) as x`;
    await db.kysely.transaction().execute(async (trx) => {
      if (d === "postgres") await sql`set local work_mem = '256MB'`.execute(trx);
      // ~95 % 200, ~3 % 4xx, ~2 % 5xx; latency 0.5–200 ms with a tail.
      await sql`insert into ${staging} (x, series_id, status, latency_us, created_at)
        select x + ${done}, 's' || ${rnd(d, SERIES)}, st, 500 + ${rnd(d, 200_000)} * (1 + ${rnd(d, 3)}),
          ${start + k * sliceMs} + ${rnd(d, sliceMs)}
        from (select x, case when ${rnd(d, 100)} < 95 then 200 when ${rnd(d, 5)} < 3 then 404 else 502 end as st
          from (${gen}) g) q`.execute(trx);
      await sql`insert into usage_records (series_id, status, reason, billable, latency_us, bytes_in, bytes_out, created_at,
          request_id)
        select series_id, status, case when status >= 500 then 'upstream_unreachable' else 'ok' end,
          case when status < 400 then 1 else 0 end, latency_us, 0, 512, created_at, 'r' || x
        from ${staging} order by created_at`.execute(trx);
      const m0 = performance.now();
      await sql`${sql.raw(`insert into usage_rollups (tenant_id, api_id, endpoint, app_id, minute, calls, billable, rejected,
          errors_4xx, errors_5xx, bytes_in, bytes_out, latency_sum_us, lat_b00, lat_b01, lat_b02, lat_b03, lat_b04, lat_b05,
          lat_b06, lat_b07, lat_b08, lat_b09, lat_b10, lat_b11, lat_b12, lat_b13)
        select s.tenant_id, s.api_id, s.endpoint, s.app_id, (r.created_at / 60000) * 60000 as m, count(*),
          sum(case when r.status < 400 then 1 else 0 end), 0,
          sum(case when r.status >= 400 and r.status < 500 then 1 else 0 end),
          sum(case when r.status >= 500 then 1 else 0 end), 0, 512 * count(*), sum(r.latency_us), ${buckets}
        from bench_calls r join usage_series s on s.id = r.series_id
        group by s.tenant_id, s.api_id, s.endpoint, s.app_id, (r.created_at / 60000) * 60000
        order by m`)}`.execute(trx);
      minuteMs += performance.now() - m0;
      await sql`delete from ${staging}`.execute(trx);
    });
    done += n;
  }
  await sql`drop table bench_calls`.execute(db.kysely);
  const t2 = performance.now();
  const checked = await checkMinuteRollups(db);
  const t3 = performance.now();
  await foldUsageRollups(db, { now });
  const t4 = performance.now();
  // A live database's autovacuum would have vacuumed and analyzed tables this size: VACUUM sets PostgreSQL's visibility
  // map (without it an index-only scan still reads the heap) and ANALYZE gives the planner its statistics.
  await sql`${sql.raw(d === "postgres" ? "vacuum analyze" : "analyze")}`.execute(db.kysely);
  const t5 = performance.now();
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)).rows[0]?.n);
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `  setup ${sec(t1 - t0)}; ${CALLS.toLocaleString("en-US")} calls in ${slices} time slices ${sec(t2 - t1 - minuteMs)}; minute rollups ${sec(
      minuteMs,
    )}; check of ${checked} minute rows against the gateway's writer ${sec(t3 - t2)}; worker fold (hour+day) ${sec(
      t4 - t3,
    )}; ${d === "postgres" ? "vacuum analyze" : "analyze"} ${sec(t5 - t4)}`,
  );
  console.log(
    `  rows: minute ${(await count("usage_rollups")).toLocaleString("en-US")}, hour ${(await count("usage_rollups_hour")).toLocaleString("en-US")}, day ${(await count("usage_rollups_day")).toLocaleString("en-US")}`,
  );
}

/**
 * The bench writes the minute rollups in SQL, not through the gateway's writer (one statement per slice instead of
 * millions of records through the flush). So it checks itself: the calls of ten apps (60 series, ~0.2 % of the log)
 * go through the gateway's `writeUsageBatch` again under another tenant, and every minute row that writes must equal
 * the bench's own row, column by column. The copies are deleted after. Returns the number of rows compared.
 */
async function checkMinuteRollups(db: Db): Promise<number> {
  const check = `${TENANT}-check`;
  const apps = Array.from({ length: 10 }, (_, i) => `app${i}`);
  const { rows } = await sql<{
    api_id: string;
    endpoint: string;
    app_id: string;
    key_id: string;
    plan_id: string;
    subscription_id: string;
    status: number | string;
    reason: UsageReason;
    billable: number | string;
    latency_us: number | string;
    bytes_in: number | string;
    bytes_out: number | string;
    created_at: number | string;
    request_id: string;
  }>`select s.api_id, s.endpoint, s.app_id, s.key_id, s.plan_id, s.subscription_id, r.status, r.reason, r.billable,
      r.latency_us, r.bytes_in, r.bytes_out, r.created_at, r.request_id
    from usage_series s join usage_records r on r.series_id = s.id
    where s.tenant_id = ${TENANT} and s.app_id in (${sql.join(apps)})`.execute(db.kysely);
  const records: UsageRecord[] = rows.map((r) => ({
    tenantId: check,
    apiId: r.api_id,
    endpoint: r.endpoint,
    appId: r.app_id,
    keyId: r.key_id,
    planId: r.plan_id,
    subscriptionId: r.subscription_id,
    status: Number(r.status),
    reason: r.reason,
    billable: Number(r.billable) === 1,
    latencyUs: Number(r.latency_us),
    bytesIn: Number(r.bytes_in),
    bytesOut: Number(r.bytes_out),
    at: Number(r.created_at),
    requestId: r.request_id,
  }));
  for (let i = 0; i < records.length; i += 5_000) await writeUsageBatch(db, records.slice(i, i + 5_000));
  const columns = ["api_id", "endpoint", "app_id", "minute", ...ROLLUP_SUM_COLUMNS];
  const read = async (tenant: string) =>
    (
      await sql<Record<string, unknown>>`select ${sql.raw(columns.join(", "))} from usage_rollups
        where tenant_id = ${tenant} and app_id in (${sql.join(apps)}) order by api_id, endpoint, app_id, minute`.execute(
        db.kysely,
      )
    ).rows.map((r) => columns.map((c) => String(r[c])).join(" "));
  const [theirs, ours] = [await read(check), await read(TENANT)];
  await sql`delete from usage_records where series_id in (select id from usage_series where tenant_id = ${check})`.execute(
    db.kysely,
  );
  await sql`delete from usage_rollups where tenant_id = ${check}`.execute(db.kysely);
  await sql`delete from usage_series where tenant_id = ${check}`.execute(db.kysely);
  const differing = theirs.filter((row, i) => row !== ours[i]);
  if (theirs.length !== ours.length || differing.length > 0 || records.length === 0) {
    throw new Error(
      `bench minute rollups differ from the gateway writer's: ${theirs.length} vs ${ours.length} rows, first difference ${differing[0] ?? "-"}`,
    );
  }
  return theirs.length;
}

/** The load time of a kept database: the tenant's creation. */
async function loadedAt(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("tenants")
    .select("created_at")
    .where("id", "=", TENANT)
    .executeTakeFirstOrThrow();
  return Number(row.created_at);
}

function pct(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Wall time p50/p95, and this process's CPU time p50 (user + system): SQLite runs in this process, so on a shared,
 * overloaded machine its CPU time is the steadier measure of the work a query does (PostgreSQL's is in its server).
 */
async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number; cpu50: number }> {
  await run();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { p50: pct(samples, 0.5), p95: pct(samples, 0.95), cpu50: pct(cpu, 0.5) };
}

async function benchDialect(dialect: DialectName): Promise<void> {
  console.log(`\n== ${dialect} ==`);
  const bench = await openBenchDb(dialect);
  const { db } = bench;
  try {
    const now = bench.loaded ? await loadedAt(db) : Date.now();
    if (!bench.loaded) await load(db, now);
    const baseline = await time(() =>
      db.kysely.selectFrom("apis").selectAll().where("id", "=", "a42").executeTakeFirst(),
    );
    console.log(
      `  baseline (API by primary key): p50 ${baseline.p50.toFixed(2)} ms, p95 ${baseline.p95.toFixed(2)} ms`,
    );
    const providerApis = Array.from({ length: APIS / PROVIDERS }, (_, i) => `a${i * PROVIDERS + 3}`);
    const scopes: Array<[string, ResolvedScope]> = [
      ["provider, one API", { audience: "provider", scope: { apiIds: ["a3"], appIds: null }, apis: [] }],
      ["provider, 10 APIs", { audience: "provider", scope: { apiIds: providerApis, appIds: null }, apis: [] }],
      ["consumer, one app", { audience: "consumer", scope: { apiIds: null, appIds: ["app77"] }, apis: [] }],
      ["tenant admin", { audience: "admin", scope: { apiIds: null, appIds: null }, apis: [] }],
    ];
    const rows: string[] = [];
    let worst = 0;
    for (const [label, scope] of scopes) {
      for (const preset of ["1h", "24h", "7d", "30d"]) {
        const t = await time(() => buildDashboard(db, TENANT, scope, { preset }, now));
        worst = Math.max(worst, t.p95);
        // Decision 092's reads (one seek per pair, no first-rows window) timed right after, for a before/after.
        let seeksOnly = "";
        if (COMPARE_SEEKS) {
          setFirstRowsWindow(0);
          try {
            const b = await time(() => buildDashboard(db, TENANT, scope, { preset }, now));
            seeksOnly = `  seeks only p50 ${b.p50.toFixed(1)} ms p95 ${b.p95.toFixed(1)} ms`;
          } finally {
            setFirstRowsWindow(null);
          }
        }
        rows.push(
          `  ${`${label}, ${preset}`.padEnd(30)} p50 ${t.p50.toFixed(1).padStart(8)} ms  p95 ${t.p95
            .toFixed(1)
            .padStart(8)} ms  (${(t.p95 / Math.max(baseline.p95, 0.001)).toFixed(0)}× baseline p95)  cpu p50 ${t.cpu50
            .toFixed(1)
            .padStart(7)} ms${seeksOnly}`,
        );
      }
    }
    console.log(rows.join("\n"));
    console.log(`  worst dashboard p95: ${worst.toFixed(1)} ms (target 200 ms)`);
    const range = resolveRange({ preset: "24h" }, now);
    const searches: Array<[string, Parameters<typeof selectLogRows>[3], ResolvedScope["scope"]]> = [
      [
        "log: provider API, 24h",
        { from: range.from, to: range.to, status: null, endpoint: null, requestId: null, before: null },
        { apiIds: ["a3"], appIds: null },
      ],
      [
        "log: + status 5xx + endpoint",
        {
          from: range.from,
          to: range.to,
          status: { min: 500, max: 600 },
          endpoint: "GET /e1",
          requestId: null,
          before: null,
        },
        { apiIds: ["a3"], appIds: null },
      ],
      [
        "log: consumer app, 4xx, 24h",
        {
          from: range.from,
          to: range.to,
          status: { min: 400, max: 500 },
          endpoint: null,
          requestId: null,
          before: null,
        },
        { apiIds: null, appIds: ["app77"] },
      ],
      [
        "log: provider 10 APIs, 24h",
        { from: range.from, to: range.to, status: null, endpoint: null, requestId: null, before: null },
        { apiIds: providerApis, appIds: null },
      ],
    ];
    for (const [label, filter, scope] of searches) {
      const t = await time(() => selectLogRows(db, TENANT, scope, filter, 51));
      console.log(
        `  ${label.padEnd(30)} p50 ${t.p50.toFixed(1).padStart(8)} ms  p95 ${t.p95.toFixed(1).padStart(8)} ms  (${(
          t.p95 / Math.max(baseline.p95, 0.001)
        ).toFixed(0)}× baseline p95; target 300 ms)`,
      );
    }
  } finally {
    await bench.dispose();
  }
}

console.log(
  `bench:analytics — ${CALLS.toLocaleString("en-US")} calls, ${APIS} APIs, ${APPS} apps, ${SERIES} series, 30 days; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const dialect of DIALECTS) await benchDialect(dialect);
console.log(
  `\nload at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
