/**
 * npx tsx bench/analytics-parts.ts — each query of a dashboard timed alone (median of 3), for the provider's one API,
 * ten APIs and the tenant admin, on a database bench:analytics kept (BENCH_SQLITE_FILE=<file>; a postgres:// URL
 * works too). Where a slow dashboard spends its time; PRESETS (default "24h,7d,30d") picks the ranges.
 */
import { sql } from "kysely";
import { percentilesOf } from "../src/core/analytics/analytics.service";
import { previousRange, resolveRange } from "../src/core/analytics/analytics-range";
import { selectPaidLines, selectQuotaSubscriptions } from "../src/core/analytics/billing-analytics.queries";
import { type AnalyticsScope, selectBuckets, selectTop, selectTotals } from "../src/core/analytics/rollups.queries";
import { ROLLUP_SUM_COLUMNS } from "../src/core/metering/usage.types";
import { openDatabase } from "../src/db/connection";

const file = process.env.BENCH_SQLITE_FILE ?? "";
const db = openDatabase({ databaseUrl: file.startsWith("postgres") ? file : `sqlite:${file}`, dataDir: "/tmp" });
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
    // The same list as before decision 091: every projection row of the range grouped by pair (same run, same data).
    await t(`${name} ${preset} top app, grouped scan (before)`, () =>
      sql`select api_id, dim, ${sql.raw(SUMS)} from ${sql.table(`usage_rollups_${range.grain}_dim`)}
        where tenant_id = 'bench' and kind = 'app' and bucket >= ${range.from} and bucket < ${range.to}
        ${scope.apiIds ? sql`and api_id in (${sql.join(scope.apiIds)})` : sql``}
        group by api_id, dim order by sum(calls) desc, api_id, dim limit 10`.execute(db.kysely),
    );
    await t(`${name} ${preset} quota subs`, () => selectQuotaSubscriptions(db, "bench", scope));
    await t(`${name} ${preset} lines`, () => selectPaidLines(db, "bench", scope, range.from, range.to));
    const sums = await selectTotals(db, "bench", scope, range);
    await t(`${name} ${preset} percentiles`, () =>
      percentilesOf(db, "bench", scope, range, sums.calls, sums.latencyBuckets),
    );
  }
}
await db.close();
