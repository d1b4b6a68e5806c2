/**
 * npm run bench:request-log — what recording the request log costs the gateway (docs/decisions/090-analytics.md).
 * The gateway's hot path only names the call (`x-portico-request-id`, which it answers anyway); what the log adds is
 * one more bound column per call in the metering flush, which in embedded mode runs on the gateway's own thread. This
 * times that flush (writeUsageBatch: series, records, minute rollups, one transaction) per call with the request id
 * and without it (as before migration 090), in interleaved rounds of the same run, on SQLite and PostgreSQL, and
 * prints the ratio. Env: BENCH_BATCHES (default 40 per round), BENCH_ROUNDS (default 5), BENCH_DIALECTS.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SeriesIds, writeUsageBatch } from "../src/core/metering/metering.queries";
import type { UsageRecord } from "../src/core/metering/usage.types";
import { type Db, type DialectName, openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";

const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BATCH = 500;
const DIALECTS = (process.env.BENCH_DIALECTS ?? "sqlite,postgres").split(",") as DialectName[];
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function open(dialect: DialectName): Promise<{ db: Db; dispose: () => Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-bench-reqlog-"));
    const db = openDatabase({ databaseUrl: `sqlite:${path.join(dir, "b.sqlite")}`, dataDir: dir });
    await migrateToLatest(db);
    const dispose = async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return { db, dispose };
  }
  const name = `portico_bench_reqlog_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 2 });
  await migrateToLatest(db);
  const dispose = async () => {
    await db.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  return { db, dispose };
}

let seq = 0;
function batch(withId: boolean): UsageRecord[] {
  const at = Date.now();
  return Array.from({ length: BATCH }, (_, i) => ({
    tenantId: "bench",
    apiId: `api${i % 10}`,
    endpoint: `GET /e${i % 3}`,
    appId: `app${i % 50}`,
    keyId: `key${i % 50}`,
    planId: "plan",
    subscriptionId: `sub${i % 50}`,
    status: i % 20 === 0 ? 502 : 200,
    reason: "ok",
    billable: true,
    latencyUs: 1_000 + (i % 97) * 37,
    bytesIn: 0,
    bytesOut: 512,
    at,
    ...(withId ? { requestId: `k3x9q2-${(++seq).toString(36)}` } : {}),
  }));
}

/** µs per call of BATCHES flushes of BATCH calls: wall time, and this process's CPU time (SQLite's work). */
async function round(db: Db, known: SeriesIds, withId: boolean): Promise<{ wall: number; cpu: number }> {
  const c = process.cpuUsage();
  const t = performance.now();
  for (let b = 0; b < BATCHES; b++) await writeUsageBatch(db, batch(withId), known);
  const used = process.cpuUsage(c);
  const calls = BATCHES * BATCH;
  return { wall: ((performance.now() - t) * 1000) / calls, cpu: (used.user + used.system) / calls };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

console.log(
  `bench:request-log — ${BATCHES}×${BATCH} calls per round, ${ROUNDS} rounds; load ${os.loadavg()[0]?.toFixed(1)}`,
);
for (const dialect of DIALECTS) {
  const { db, dispose } = await open(dialect);
  try {
    const known = new SeriesIds();
    await round(db, known, true); // warm-up: series, statements, caches
    const without: Array<{ wall: number; cpu: number }> = [];
    const withIds: Array<{ wall: number; cpu: number }> = [];
    for (let r = 0; r < ROUNDS; r++) {
      without.push(await round(db, known, false));
      withIds.push(await round(db, known, true));
    }
    for (const m of ["wall", "cpu"] as const) {
      const a = median(without.map((x) => x[m]));
      const b = median(withIds.map((x) => x[m]));
      console.log(
        `  ${dialect.padEnd(8)} flush per call (${m}): without request id ${a.toFixed(2)} µs, with ${b.toFixed(2)} µs (median of ${ROUNDS}); ratio ${(b / a).toFixed(3)}`,
      );
    }
  } finally {
    await dispose();
  }
}
