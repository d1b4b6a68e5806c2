import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayFixture } from "../../tests/factories/gateway";
import { startUpstream } from "../../tests/test-gateway";
import { countRecordsByReason } from "../core/metering/metering.queries";
import { periodStart } from "../core/plans/quota-period";
import type { Db } from "../db/connection";
import { openDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { BillingJournal } from "../infra/counters/billing-journal";

/*
 * kill -9 the gateway process in the middle of a stream of calls, restart it, and compare the billing counter with
 * the calls the clients saw answered. The counter is written before an answer leaves the process, so it can only be
 * above the answered count, by at most the calls in flight at the kill (see docs/decisions/030-exact-billing-counter.md).
 * Usage records ride in the same journal writes (decision 037): after the restarts, the billed usage records equal
 * the billing counter exactly.
 */

const CLIENTS = 20;
let dataDir = "";
let sqliteFile = "";
let db: Db;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let child: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function startChild(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", path.resolve("src/server/main.ts")], {
    env: { ...process.env, ...env, GATEWAY_PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  proc.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`gateway exited: ${stderr}`);
    try {
      const res = await request(`http://127.0.0.1:${port}/healthz`);
      await res.body.dump();
      if (res.statusCode === 200) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill("SIGKILL");
  throw new Error(`gateway did not start: ${stderr}`);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-crash-"));
  sqliteFile = path.join(dataDir, "portico.sqlite");
  db = openDatabase({ databaseUrl: `sqlite:${sqliteFile}`, dataDir });
  await migrateToLatest(db);
  upstream = await startUpstream((req, res) => {
    req.resume();
    // A little latency so calls are in flight when the kill lands.
    setTimeout(() => res.end("ok"), 1 + Math.floor(Math.random() * 3));
  });
});

afterAll(async () => {
  child?.kill("SIGKILL");
  await upstream?.close();
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("crash safety of the embedded billing counter", () => {
  it("after kill -9 and restart, billed >= answered and the gap is at most the calls in flight", async () => {
    const f = await createGatewayFixture(db, { upstreamUrl: upstream.url, plan: { quota: null } });
    const env = {
      PORTICO_SERVICES: "gateway",
      PORTICO_SEED: "off",
      DATABASE_URL: `sqlite:${sqliteFile}`,
      PORTICO_DATA_DIR: dataDir,
      GATEWAY_HOST: "127.0.0.1",
      GATEWAY_ALLOW_PRIVATE_UPSTREAMS: "true",
      GATEWAY_DEMO_UPSTREAMS: "false",
      LOG_LEVEL: "silent",
    };
    const port = await freePort();
    const journalFile = path.join(dataDir, "gateway-billing.sqlite");
    const month = periodStart("month", Date.now());
    const since = Date.now() - 60_000;
    child = await startChild(env, port);

    let answered = 0;
    // Two crashes: the second lands on a gateway that restored the first one's leftovers.
    for (let round = 1; round <= 2; round++) {
      const before = answered;
      let failed = 0;
      let stop = false;
      const agents = Array.from({ length: CLIENTS }, () => new Agent({ connections: 1 }));
      const loops = agents.map(async (dispatcher) => {
        while (!stop) {
          try {
            const res = await request(`http://127.0.0.1:${port}${f.basePath}/items`, {
              headers: { "x-tenant-id": f.tenantId, "x-api-key": f.key },
              dispatcher,
            });
            if (res.statusCode === 200) answered++;
            await res.body.dump().catch(() => {});
          } catch {
            failed++;
            if (stop) return;
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      });
      // Kill once a good number of calls were answered (time-based waits flake on a loaded machine).
      const deadline = Date.now() + 30_000;
      while (answered - before < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      child.kill("SIGKILL");
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await Promise.all(loops);
      await Promise.all(agents.map((a) => a.destroy()));
      expect(answered - before).toBeGreaterThan(100);
      expect(failed).toBeGreaterThan(0);
      child = await startChild(env, port);
    }

    const journal = new BillingJournal(journalFile);
    const billed = journal.read(f.subscriptionId, "plan", month);
    journal.close();
    console.info(`crash test: answered ${answered}, billed ${billed}, in flight at most ${CLIENTS} per kill`);
    expect(billed).toBeGreaterThanOrEqual(answered);
    expect(billed - answered).toBeLessThanOrEqual(2 * CLIENTS);

    // The restarted gateway carries on from the persisted count.
    const res = await request(`http://127.0.0.1:${port}${f.basePath}/items`, {
      headers: { "x-tenant-id": f.tenantId, "x-api-key": f.key },
    });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
    child.kill("SIGTERM");
    await new Promise((r) => child?.once("exit", r));
    child = null;
    const after = new BillingJournal(journalFile);
    expect(after.read(f.subscriptionId, "plan", month)).toBe(billed + 1);
    after.close();

    // Every billed call has exactly one usage record, the calls answered before the kills included.
    const byReason = await countRecordsByReason(db, f.tenantId, { appId: f.appId, from: since, to: Date.now() + 1 });
    const recorded = byReason.filter((r) => r.billable).reduce((sum, r) => sum + r.count, 0);
    console.info(`crash test: recorded ${recorded} billed calls of ${billed + 1}`);
    expect(recorded).toBe(billed + 1);
    expect(byReason.filter((r) => !r.billable)).toEqual([]);
  }, 300_000);
});
