/**
 * npx tsx bench/analytics-parts.ts — each query of a dashboard timed alone (median of 3), for the provider's one API,
 * ten APIs and the tenant admin, on a database bench:analytics kept (BENCH_SQLITE_FILE=<file>; a postgres:// URL
 * works too). Where a slow dashboard spends its time; PRESETS (default "24h,7d,30d") picks the ranges. Each top list
 * is also compared with the query it replaced, the two alternated over ROUNDS (default 7) runs in this run.
 * ONLY_WINDOW=1 keeps to the per-query times and decision 093's comparison (the first-rows window against seeks only).
 */
import { sql } from "kysely";
import { percentilesOf } from "../src/core/analytics/analytics.service";
import { previousRange, resolveRange } from "../src/core/analytics/analytics-range";
import { selectPaidLines, selectQuotaSubscriptions } from "../src/core/analytics/billing-analytics.queries";
import {
  type AnalyticsScope,
  selectBuckets,
  selectTop,
  selectTotals,
  setFirstRowsWindow,
  setGroupedRowsPerSeek,
} from "../src/core/analytics/rollups.queries";
import { ROLLUP_SUM_COLUMNS } from "../src/core/metering/usage.types";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";

const file = process.env.BENCH_SQLITE_FILE ?? "";
const db = openDatabase({ databaseUrl: file.startsWith("postgres") ? file : `sqlite:${file}`, dataDir: "/tmp" });
// A database kept before a migration (092's latest totals) gets it here, as the app would at start.
await migrateToLatest(db);
const now = Number(
  (await sql<{ c: number }>`select created_at as c from tenants where id = 'bench'`.execute(db.kysely)).rows[0]?.c,
);
const SUMS = ROLLUP_SUM_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(", ");
const providerApis = Array.from({ length: 10 }, (_, i) => `a${i * 10 + 3}`);
const scopes: Array<[string, AnalyticsScope]> = [
  ["one API", { apiIds: ["a3"], appIds: null }],
  ["10 APIs", { apiIds: providerApis, appIds: null }],
  ["admin", { apiIds: null, appIds: null }],
];
const ROUNDS = Number(process.env.ROUNDS ?? 7);
/**
 * The current query against the one it replaced, alternated (a, b, a, b…) so both see the same machine load: medians
 * of wall time and of this process's CPU time, and the wall ratio.
 */
async function compare(label: string, now: () => Promise<unknown>, before: () => Promise<unknown>) {
  await now();
  await before();
  const runs = {
    now: { wall: [] as number[], cpu: [] as number[] },
    before: { wall: [] as number[], cpu: [] as number[] },
  };
  for (let i = 0; i < ROUNDS; i++) {
    for (const [which, f] of [
      ["now", now],
      ["before", before],
    ] as const) {
      const c = process.cpuUsage();
      const a = performance.now();
      await f();
      runs[which].wall.push(performance.now() - a);
      const used = process.cpuUsage(c);
      runs[which].cpu.push((used.user + used.system) / 1000);
    }
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  const [nw, bw] = [med(runs.now.wall), med(runs.before.wall)];
  console.log(
    `${label.padEnd(48)} now ${nw.toFixed(1).padStart(7)} ms (cpu ${med(runs.now.cpu).toFixed(1)})  before ${bw
      .toFixed(1)
      .padStart(7)} ms (cpu ${med(runs.before.cpu).toFixed(1)})  now/before ${(nw / Math.max(bw, 0.001)).toFixed(2)}`,
  );
}

/**
 * The top list of decision 091 (before 092's latest totals): every (API, dim) pair of usage_series, two seeks each.
 * Only for comparison; the grouped path for short ranges is the same in both and left out.
 */
function twoSeeksPerPair(scope: AnalyticsScope, grain: string, by: "endpoint" | "app_id", from: number, to: number) {
  const table = sql.table(`usage_rollups_${grain}_dim`);
  const kind = by === "endpoint" ? "endpoint" : "app";
  const apis = scope.apiIds ? sql` and api_id in (${sql.join(scope.apiIds)})` : sql``;
  const at = (end: number) => sql`coalesce((select d.cum_calls from ${table} d where d.tenant_id = 'bench'
      and d.kind = ${kind} and d.api_id = x.api_id and d.dim = x.k and d.bucket < ${end}
      order by d.bucket desc limit 1), 0)`;
  return sql<{ api_id: string; k: string }>`select x.api_id, x.k, ${at(to)} - ${at(from)} as c
    from (select distinct api_id, ${sql.ref(by)} as k from usage_series where tenant_id = 'bench'${apis}) x
    order by c desc, x.api_id, x.k limit 10`.execute(db.kysely);
}

/** 091's whole top list with the grouped path off: its reads in order (pairs, range total, ranking, winners' sums). */
async function topBefore092(scope: AnalyticsScope, range: ReturnType<typeof resolveRange>, by: "endpoint" | "app_id") {
  const apis = scope.apiIds ? sql` and api_id in (${sql.join(scope.apiIds)})` : sql``;
  await sql`select api_id, count(distinct ${sql.ref(by)}) as n from usage_series where tenant_id = 'bench'${apis}
    group by api_id`.execute(db.kysely);
  await selectTotals(db, "bench", scope, range);
  const { rows: winners } = await twoSeeksPerPair(scope, range.grain, by, range.from, range.to);
  if (winners.length === 0) return;
  const pairs = sql.join(
    winners.map((w) => sql`(api_id = ${w.api_id} and dim = ${w.k})`),
    sql` or `,
  );
  await sql`select api_id, dim, ${sql.raw(SUMS)} from ${sql.table(`usage_rollups_${range.grain}_dim`)}
    where tenant_id = 'bench' and kind = ${by === "endpoint" ? "endpoint" : "app"} and (${pairs})
      and bucket >= ${range.from} and bucket < ${range.to} group by api_id, dim`.execute(db.kysely);
}

/** Median wall and CPU (this process: SQLite's work) time of 3 runs after a warm-up. */
async function t(label: string, f: () => Promise<unknown>) {
  await f();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    const c = process.cpuUsage();
    const a = performance.now();
    await f();
    wall.push(performance.now() - a);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const mid = (xs: number[]) => [...xs].sort((x, y) => x - y)[1] ?? 0;
  console.log(
    `${label.padEnd(48)} wall ${mid(wall).toFixed(1).padStart(8)} ms  cpu ${mid(cpu).toFixed(1).padStart(8)} ms`,
  );
}
for (const [name, scope] of scopes) {
  for (const preset of (process.env.PRESETS ?? "24h,7d,30d").split(",")) {
    if (preset === "1h") continue; // the minute grain reads no projection
    const range = resolveRange({ preset }, now);
    const before = previousRange(range);
    await t(`${name} ${preset} buckets`, () => selectBuckets(db, "bench", scope, range));
    await t(`${name} ${preset} totals`, () => selectTotals(db, "bench", scope, range));
    await t(`${name} ${preset} totals prev`, () => selectTotals(db, "bench", scope, before));
    await t(`${name} ${preset} top endpoint`, () => selectTop(db, "bench", scope, range, "endpoint"));
    await t(`${name} ${preset} top app`, () => selectTop(db, "bench", scope, range, "app_id"));
    // The top lists as the dashboard reads them (decision 093's first-rows window where the cost model picks one)
    // against one seek per pair for every pair (decision 092), alternated.
    for (const by of ["app_id", "endpoint"] as const) {
      await compare(
        `${name} ${preset} top ${by}: window vs seeks only`,
        () => selectTop(db, "bench", scope, range, by),
        async () => {
          setFirstRowsWindow(0);
          try {
            await selectTop(db, "bench", scope, range, by);
          } finally {
            setFirstRowsWindow(null);
          }
        },
      );
    }
    if (!process.env.ONLY_WINDOW) {
      // The running totals alone (the grouped path forced off), against 091's two seeks per pair.
      setGroupedRowsPerSeek(0);
      for (const by of ["app_id", "endpoint"] as const) {
        await compare(
          `${name} ${preset} top ${by}: latest totals vs two seeks`,
          () => selectTop(db, "bench", scope, range, by),
          () => topBefore092(scope, range, by),
        );
      }
      setGroupedRowsPerSeek(null);
      // The same list as before decision 091: every projection row of the range grouped by pair (same run, same data).
      await t(`${name} ${preset} top app, grouped scan (before)`, () =>
        sql`select api_id, dim, ${sql.raw(SUMS)} from ${sql.table(`usage_rollups_${range.grain}_dim`)}
          where tenant_id = 'bench' and kind = 'app' and bucket >= ${range.from} and bucket < ${range.to}
          ${scope.apiIds ? sql`and api_id in (${sql.join(scope.apiIds)})` : sql``}
          group by api_id, dim order by sum(calls) desc, api_id, dim limit 10`.execute(db.kysely),
      );
    }
    await t(`${name} ${preset} quota subs`, () => selectQuotaSubscriptions(db, "bench", scope));
    await t(`${name} ${preset} lines`, () => selectPaidLines(db, "bench", scope, range.from, range.to));
    const sums = await selectTotals(db, "bench", scope, range);
    await t(`${name} ${preset} percentiles`, () =>
      percentilesOf(db, "bench", scope, range, sums.calls, sums.latencyBuckets),
    );
  }
}
await db.close();
