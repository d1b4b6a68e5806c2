/**
 * npm run bench:mcp: what MCP costs on the gateway.
 *   (1) tools/list of a 1,000-operation API (with $refs and a recursive schema): time cold (tools built from the
 *       database) and warm, and the bytes of the whole list (every page);
 *   (2) tools/call throughput through the gateway beside a plain gateway call to the same operation, in the same run
 *       against the same gateway process, in alternating 1-second slices (BENCH_ROUNDS × BENCH_SECONDS of each): the
 *       ratio MCP / plain by requests per second and by the gateway's CPU time per request (target ≥ 0.8);
 *   (3) the same two request shapes answered by a bare node:http server (bench/mcp-shape.ts): the ratio the protocol
 *       alone allows (a POST of a JSON-RPC message and its envelope against a GET), with the same client and slices.
 * The gateway runs as its own process (what `npm start` runs), the upstream in another; the load comes from this
 * process over undici with BENCH_CONNECTIONS concurrent requests for BENCH_SECONDS each.
 *
 * BENCH_CALLGRIND=1 counts instead of timing (req/s and CPU time scatter widely on a shared machine; instruction counts
 * hardly move): the gateway-only entry (bench/gateway-entry.ts, bundled) runs under valgrind's callgrind, and after
 * BENCH_WARM calls of each kind, BENCH_ROUNDS alternating batches of BENCH_REQUESTS plain calls and MCP tools/calls are
 * each counted (callgrind_control -z, then -d): instructions per request of each and the ratio plain / MCP.
 * BENCH_GATEWAY_ROOT=<checkout> runs another checkout's gateway (its built server; under callgrind its bundled entry)
 * against this checkout's database and with this script's client, to compare two versions of the gateway alone.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Pool } from "undici";
import { getViewer } from "../src/core/accounts/accounts.service";
import { importApiSpec } from "../src/core/api-specs/api-specs.service";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { createGatewayFixture } from "../tests/factories/gateway";
import {
  bundleEntry,
  dumpInstructions,
  freePort,
  gatewayEnv,
  gatewayNodeArgs,
  scratchDir,
  start,
  stop,
  UPSTREAM_JS,
  waitFor,
} from "./gateway-setup";
import { bareShapeFigures, type ShapeFigures } from "./mcp-shape";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const OPERATIONS = 1_000;
const CALLGRIND = process.env.BENCH_CALLGRIND === "1";
const WARM = Number(process.env.BENCH_WARM ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const WORK = scratchDir(fs.mkdtempSync(path.join(os.tmpdir(), "portico-bench-mcp-")));

/** A spec of `n` operations: the first is GET /items/{id}, the rest share schemas with a cycle (Node.next). */
function bigSpec(n: number): string {
  const paths: Record<string, unknown> = {
    "/items/{id}": {
      get: {
        operationId: "getItem",
        summary: "One item",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  };
  for (let i = 1; i < n; i++) {
    paths[`/resources${i}/{id}`] = {
      post: {
        operationId: `updateResource${i}`,
        summary: `Update resource ${i}`,
        description: "Replaces the resource's fields with the ones given.",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "dryRun", in: "query", schema: { type: "boolean" } },
        ],
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Resource" } } } },
        responses: { "200": { description: "ok" } },
      },
    };
  }
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Bench", version: "1.0.0" },
    paths,
    components: {
      schemas: {
        Resource: {
          type: "object",
          properties: {
            name: { type: "string" },
            tags: { type: "array", items: { type: "string" } },
            owner: { $ref: "#/components/schemas/Node" },
          },
        },
        Node: { type: "object", properties: { id: { type: "string" }, next: { $ref: "#/components/schemas/Node" } } },
      },
    },
  });
}

async function setup(upstreamPort: number) {
  const dbFile = path.join(WORK, "portico.sqlite");
  const db = openDatabase({ databaseUrl: `sqlite:${dbFile}`, dataDir: WORK });
  await migrateToLatest(db);
  const fixture = await createGatewayFixture(db, {
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    plan: { rateLimit: { count: 1_000_000_000, unit: "second" }, quota: 1_000_000_000_000, quotaPeriod: "month" },
  });
  const owner = await getViewer(db, fixture.tenantId, fixture.providerId);
  await importApiSpec({ db, tenantId: fixture.tenantId, viewer: owner }, fixture.api.id, { text: bigSpec(OPERATIONS) });
  await db.close();
  return { dbFile, fixture };
}

interface Rpc {
  status: number;
  body: string;
  sessionId: string | null;
}

/** The headers of an MCP POST: `headers` with the JSON-RPC content type and accept (made once per set, not per call). */
const rpcHeaderSets = new WeakMap<Record<string, string>, Record<string, string>>();
function rpcHeaders(headers: Record<string, string>): Record<string, string> {
  let full = rpcHeaderSets.get(headers);
  if (!full) {
    full = { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers };
    rpcHeaderSets.set(headers, full);
  }
  return full;
}

async function rpc(pool: Pool, url: string, headers: Record<string, string>, message: unknown): Promise<Rpc> {
  const res = await pool.request({
    path: url,
    method: "POST",
    headers: rpcHeaders(headers),
    body: JSON.stringify(message),
  });
  const body = await res.body.text();
  const sessionId = res.headers["mcp-session-id"];
  return { status: res.statusCode, body, sessionId: typeof sessionId === "string" ? sessionId : null };
}

/** Requests/s of `one` run by `connections` loops for `seconds`; throws on the first non-2xx answer. */
async function throughput(one: () => Promise<number>, seconds: number, connections: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const status = await one();
        if (status >= 300) throw new Error(`answer ${status}`);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** utime and stime of a process in microseconds (Linux /proc). */
function cpuMicros(pid: number | undefined): { user: number; sys: number } | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return { user: (Number(fields[11]) * 1_000_000) / 100, sys: (Number(fields[12]) * 1_000_000) / 100 };
  } catch {
    return null;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Exactly `count` calls over `connections` loops; throws on the first non-2xx answer. */
async function fixedCount(one: () => Promise<number>, count: number, connections: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        next++;
        const status = await one();
        if (status >= 300) throw new Error(`answer ${status}`);
      }
    }),
  );
}

/** The newest dump callgrind wrote (callgrind.out.1, .2, ...). */
function newestDump(dir: string): string {
  const numbered = fs
    .readdirSync(dir)
    .map((f) => ({ f, n: Number(/\.(\d+)$/.exec(f)?.[1] ?? -1) }))
    .filter((d) => d.n >= 0)
    .sort((a, b) => b.n - a.n);
  const last = numbered[0];
  if (!last) throw new Error("no callgrind dump written");
  return path.join(dir, last.f);
}

/** BENCH_CALLGRIND=1: instructions per plain call and per MCP tools/call, alternating batches. */
async function countInstructions(
  pid: number | undefined,
  plain: () => Promise<number>,
  mcpCall: () => Promise<number>,
  dir: string,
  basePath: string,
): Promise<void> {
  if (!pid) throw new Error("the gateway did not start");
  await fixedCount(plain, WARM, CONNECTIONS);
  await fixedCount(mcpCall, WARM, CONNECTIONS);
  const per: Record<"plain" | "mcp", number[]> = { plain: [], mcp: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, one] of [
      ["plain", plain],
      ["mcp", mcpCall],
    ] as const) {
      execFileSync("callgrind_control", ["-z", String(pid)], { stdio: "ignore" });
      await fixedCount(one, REQUESTS, CONNECTIONS);
      execFileSync("callgrind_control", ["-d", String(pid)], { stdio: "ignore" });
      per[label].push(dumpInstructions(newestDump(dir)) / REQUESTS);
    }
  }
  const plainIr = median(per.plain);
  const mcpIr = median(per.mcp);
  const list = (values: number[]) => values.map((v) => (v / 1000).toFixed(0)).join(", ");
  console.log(
    `GET ${basePath}/items/7 under callgrind, ${ROUNDS} alternating batches of ${REQUESTS} after ${WARM} of each:\n` +
      `  plain gateway call   ${(plainIr / 1000).toFixed(0).padStart(6)} k instructions/request (${list(per.plain)})\n` +
      `  MCP tools/call       ${(mcpIr / 1000).toFixed(0).padStart(6)} k instructions/request (${list(per.mcp)})\n` +
      `  ratio plain/MCP by instructions per request: ${(plainIr / mcpIr).toFixed(2)}x`,
  );
}

function sliceCount(): number {
  return Math.max(2, Math.round((ROUNDS * SECONDS) / 1));
}

/**
 * Requests/s and the server's CPU µs per request of each kind, in alternating 1-second slices (after a 1-second warm-up
 * of each), so a busy neighbour on a shared machine weighs on both alike; the CPU time per request (from /proc) is
 * the steadier figure. BENCH_ONLY=mcp|plain runs one side only (for a profile of it).
 */
async function alternatingSlices(
  pid: number | undefined,
  plain: () => Promise<number>,
  mcp: () => Promise<number>,
): Promise<ShapeFigures> {
  if (process.env.BENCH_ONLY !== "mcp") await throughput(plain, 1, CONNECTIONS);
  if (process.env.BENCH_ONLY !== "plain") await throughput(mcp, 1, CONNECTIONS);
  const totals = {
    plain: { requests: 0, seconds: 0, cpuUs: 0, sysUs: 0 },
    mcp: { requests: 0, seconds: 0, cpuUs: 0, sysUs: 0 },
  };
  for (let i = 0; i < sliceCount(); i++) {
    for (const [label, one] of [
      ["plain", plain],
      ["mcp", mcp],
    ] as const) {
      if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== label) continue;
      const cpu0 = cpuMicros(pid);
      const t0 = performance.now();
      const rps = await throughput(one, 1, CONNECTIONS);
      const seconds = (performance.now() - t0) / 1000;
      const cpu1 = cpuMicros(pid);
      totals[label].requests += rps * seconds;
      totals[label].seconds += seconds;
      if (cpu0 !== null && cpu1 !== null) {
        totals[label].cpuUs += cpu1.user + cpu1.sys - cpu0.user - cpu0.sys;
        totals[label].sysUs += cpu1.sys - cpu0.sys;
      }
    }
  }
  return {
    plainRps: totals.plain.requests / totals.plain.seconds,
    mcpRps: totals.mcp.requests / totals.mcp.seconds,
    plainCpuUs: totals.plain.cpuUs / totals.plain.requests,
    mcpCpuUs: totals.mcp.cpuUs / totals.mcp.requests,
    plainSysUs: totals.plain.sysUs / totals.plain.requests,
    mcpSysUs: totals.mcp.sysUs / totals.mcp.requests,
  };
}

function figureLines(f: ShapeFigures, plainLabel: string, mcpLabel: string): string {
  const width = Math.max(plainLabel.length, mcpLabel.length) + 2;
  return (
    `  ${plainLabel.padEnd(width)} ${f.plainRps.toFixed(0).padStart(7)} req/s   server CPU ${f.plainCpuUs.toFixed(0)} µs/request (${f.plainSysUs.toFixed(0)} in the kernel)\n` +
    `  ${mcpLabel.padEnd(width)} ${f.mcpRps.toFixed(0).padStart(7)} req/s   server CPU ${f.mcpCpuUs.toFixed(0)} µs/request (${f.mcpSysUs.toFixed(0)} in the kernel)\n` +
    `  ratio MCP/plain: ${(f.mcpRps / f.plainRps).toFixed(2)}x by req/s, ${(f.plainCpuUs / f.mcpCpuUs).toFixed(2)}x by CPU per request`
  );
}

async function main(): Promise<void> {
  const upstreamPort = await freePort();
  const gatewayPort = await freePort();
  const upstreamFile = path.join(WORK, "upstream.cjs");
  fs.writeFileSync(upstreamFile, UPSTREAM_JS);
  start(process.execPath, [upstreamFile], { PORT: String(upstreamPort) });
  const { dbFile, fixture } = await setup(upstreamPort);
  // BENCH_PROFILE=<dir>: the gateway writes a CPU profile there (node --cpu-prof) when the bench ends.
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROFILE] : [];
  const callgrindDir = path.join(WORK, "callgrind");
  if (CALLGRIND) fs.mkdirSync(callgrindDir, { recursive: true });
  const gateway = CALLGRIND
    ? start(
        "valgrind",
        [
          "--tool=callgrind",
          "--smc-check=all-non-file",
          `--callgrind-out-file=${path.join(callgrindDir, "callgrind.out")}`,
          process.execPath,
          await bundleEntry(process.env.BENCH_GATEWAY_ROOT ?? "."),
        ],
        gatewayEnv(WORK, dbFile, gatewayPort),
      )
    : start(
        process.execPath,
        gatewayNodeArgs(profile, process.env.BENCH_GATEWAY_ROOT ?? "."),
        gatewayEnv(WORK, dbFile, gatewayPort),
      );
  const base = `http://127.0.0.1:${gatewayPort}`;
  const auth = { "x-api-key": fixture.key, "x-tenant-id": fixture.tenantId };
  await waitFor(`${base}/healthz`, {}, CALLGRIND ? 900_000 : 60_000);
  const pool = new Pool(base, { connections: CONNECTIONS + 4, pipelining: 1 });
  const mcpPath = `/_mcp${fixture.basePath}`;

  const init = await rpc(pool, mcpPath, auth, {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
  });
  if (!init.sessionId) throw new Error(`initialize failed: ${init.status} ${init.body}`);
  const session = { ...auth, "mcp-session-id": init.sessionId, "mcp-protocol-version": "2025-06-18" };
  await rpc(pool, mcpPath, session, { jsonrpc: "2.0", method: "notifications/initialized" });

  // The same operation, plain and as an MCP tools/call: counted under callgrind, or timed in (2) below.
  const plainPath = `${fixture.basePath}/items/7`;
  const plain = async () => {
    const res = await pool.request({ path: plainPath, method: "GET", headers: auth });
    await res.body.dump();
    return res.statusCode;
  };
  let callId = 1_000;
  const mcpCall = async () => {
    const res = await rpc(pool, mcpPath, session, {
      jsonrpc: "2.0",
      id: callId++,
      method: "tools/call",
      params: { name: "getItem", arguments: { id: "7" } },
    });
    if (!res.body.includes('"result"')) throw new Error(`tools/call failed: ${res.body.slice(0, 200)}`);
    return res.status;
  };
  if (CALLGRIND) {
    await countInstructions(gateway.pid, plain, mcpCall, callgrindDir, fixture.basePath);
    await pool.close();
    await stop(gateway, "SIGKILL");
    return;
  }

  // (1) tools/list: every page, cold then warm.
  async function listAll(): Promise<{ ms: number; bytes: number; tools: number }> {
    const t0 = performance.now();
    let bytes = 0;
    let tools = 0;
    let cursor: string | undefined;
    for (let id = 10; ; id++) {
      const page = await rpc(pool, mcpPath, session, {
        jsonrpc: "2.0",
        id,
        method: "tools/list",
        params: cursor ? { cursor } : {},
      });
      bytes += Buffer.byteLength(page.body);
      const parsed = JSON.parse(page.body) as { result?: { tools: unknown[]; nextCursor?: string } };
      if (!parsed.result) throw new Error(`tools/list failed: ${page.body.slice(0, 200)}`);
      tools += parsed.result.tools.length;
      cursor = parsed.result.nextCursor;
      if (!cursor) break;
    }
    return { ms: performance.now() - t0, bytes, tools };
  }
  const sent = { plain: 0, mcp: 0 };
  const counted = (label: keyof typeof sent, one: () => Promise<number>) => () => {
    sent[label]++;
    return one();
  };
  if (process.env.BENCH_ONLY) {
    // A profile of one side (BENCH_PROFILE): no tools/list, and the calls counted, to turn the profile into µs/call.
    await alternatingSlices(gateway.pid, counted("plain", plain), counted("mcp", mcpCall));
    console.log(`BENCH_ONLY=${process.env.BENCH_ONLY}: ${sent.plain} plain calls, ${sent.mcp} MCP calls sent`);
    await pool.close();
    await stop(gateway);
    return;
  }
  const cold = await listAll();
  const warm: number[] = [];
  for (let i = 0; i < 10; i++) warm.push((await listAll()).ms);
  console.log(
    `tools/list, ${OPERATIONS}-operation API: ${cold.tools} tools, ${(cold.bytes / 1024).toFixed(0)} KB in all pages ` +
      `(${(cold.bytes / cold.tools).toFixed(0)} B per tool); cold ${cold.ms.toFixed(0)} ms, warm median ${median(warm).toFixed(1)} ms`,
  );

  // (2) both kinds of call, timed.
  const gatewayFigures = await alternatingSlices(gateway.pid, plain, mcpCall);
  console.log(
    `\nGET ${fixture.basePath}/items/7, ${sliceCount()} alternating 1 s slices each, ${CONNECTIONS} concurrent requests:\n` +
      figureLines(gatewayFigures, "plain gateway call", "MCP tools/call") +
      ` (target >= 0.80x)`,
  );
  // (3) the same two request shapes against a bare node:http server: the protocol's own share of the ratio.
  if (!process.env.BENCH_ONLY) {
    const bare = await bareShapeFigures(WORK, CONNECTIONS, alternatingSlices, { auth, session });
    console.log(
      `\nThe same two exchanges with a bare node:http server (no gateway), same client and slices:\n` +
        figureLines(bare, "GET, JSON answer", "tools/call shape"),
    );
  }
  await pool.close();
  await stop(gateway);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
