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
import { openDatabase } from "../src/db/connection";

const file = process.env.BENCH_SQLITE_FILE ?? "";
const db = openDatabase({ databaseUrl: file.startsWith("postgres") ? file : `sqlite:${file}`, dataDir: "/tmp" });
const now = Number(
  (await sql<{ c: number }>`select created_at as c from tenants where id = 'bench'`.execute(db.kysely)).rows[0]?.c,
);
const providerApis = Array.from({ length: 10 }, (_, i) => `a${i * 10 + 3}`);
const scopes: Array<[string, AnalyticsScope]> = [
  ["one API", { apiIds: ["a3"], appIds: null }],
  ["10 APIs", { apiIds: providerApis, appIds: null }],
  ["admin", { apiIds: null, appIds: null }],
];
async function t(label: string, f: () => Promise<unknown>) {
  await f();
  const s: number[] = [];
  for (let i = 0; i < 3; i++) {
    const a = performance.now();
    await f();
    s.push(performance.now() - a);
  }
  s.sort((a, b) => a - b);
  console.log(`${label.padEnd(40)} ${s[1]?.toFixed(1)} ms`);
}
for (const [name, scope] of scopes) {
  for (const preset of (process.env.PRESETS ?? "24h,7d,30d").split(",")) {
    const range = resolveRange({ preset }, now);
    const before = previousRange(range);
    await t(`${name} ${preset} buckets`, () => selectBuckets(db, "bench", scope, range));
    await t(`${name} ${preset} totals`, () => selectTotals(db, "bench", scope, range));
    await t(`${name} ${preset} totals prev`, () => selectTotals(db, "bench", scope, before));
    await t(`${name} ${preset} top endpoint`, () => selectTop(db, "bench", scope, range, "endpoint"));
    await t(`${name} ${preset} top app`, () => selectTop(db, "bench", scope, range, "app_id"));
    await t(`${name} ${preset} quota subs`, () => selectQuotaSubscriptions(db, "bench", scope));
    await t(`${name} ${preset} lines`, () => selectPaidLines(db, "bench", scope, range.from, range.to));
    const sums = await selectTotals(db, "bench", scope, range);
    await t(`${name} ${preset} percentiles`, () =>
      percentilesOf(db, "bench", scope, range, sums.calls, sums.latencyBuckets),
    );
  }
}
await db.close();
