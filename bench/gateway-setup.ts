/**
 * What bench:gateway and bench:gateway-profile share: the upstream, the minimal Node proxy, nginx's config, the
 * gateway process and its database fixture, and the child-process bookkeeping (everything is killed on exit).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { request } from "undici";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { createGatewayFixture, type GatewayFixture } from "../tests/factories/gateway";

const children: ChildProcess[] = [];
const workDirs: string[] = [];

function cleanup(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
}
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));

/** A scratch folder removed when the script exits. */
export function scratchDir(dir: string): string {
  workDirs.push(dir);
  return dir;
}

export const pinned = (cpu: number, cmd: string, args: string[]) => ({
  cmd: "taskset",
  args: ["-c", String(cpu), cmd, ...args],
});

export function start(cmd: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

export function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
    setTimeout(() => child.kill("SIGKILL"), graceMs).unref();
  });
}

export function freePort(): Promise<number> {
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

export async function waitFor(url: string, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await request(url, { headers });
      await res.body.dump();
      if (res.statusCode < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** The upstream every target proxies to: 200 with a ~200-byte JSON body. */
export const UPSTREAM_JS = `
const http = require("node:http");
const body = Buffer.from(JSON.stringify({ ok: true, data: "x".repeat(172) }));
http.createServer((req, res) => {
  req.resume();
  req.on("end", () => { res.writeHead(200, { "content-type": "application/json", "content-length": body.length }); res.end(body); });
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** (m): node:http + undici Pool with the legacy dispatch handler, headers passed through: the Node floor. */
export const MINIMAL_PROXY_JS = `
const http = require("node:http");
const { Pool } = require(process.env.UNDICI_PATH);
const pool = new Pool(process.env.UPSTREAM, { connections: 256, pipelining: 1, keepAliveTimeout: 30000 });
class Exchange {
  constructor(res) { this.res = res; }
  onConnect() {}
  onHeaders(status, raw) {
    const out = [];
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toString("latin1").toLowerCase();
      if (name !== "connection" && name !== "keep-alive" && name !== "transfer-encoding") out.push(name, raw[i + 1].toString("latin1"));
    }
    this.res.writeHead(status, out);
    return true;
  }
  onData(chunk) { return this.res.write(chunk); }
  onComplete() { this.res.end(); }
  onError() { if (!this.res.headersSent) this.res.writeHead(502); this.res.end(); }
}
http.createServer((req, res) => {
  req.on("error", () => {});
  res.on("error", () => {});
  const headers = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name !== "host" && name !== "connection") headers.push(raw[i], raw[i + 1]);
  }
  headers.push("x-forwarded-for", req.socket.remoteAddress || "");
  pool.dispatch({ path: req.url, method: req.method, headers, body: null }, new Exchange(res));
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** nginx as a plain reverse proxy: one worker, upstream keep-alive (the fair baseline for undici pools). */
export function nginxConfig(workDir: string, port: number, upstreamPort: number): string {
  const dir = path.join(workDir, "nginx");
  fs.mkdirSync(path.join(dir, "logs"), { recursive: true });
  const conf = `worker_processes 1;
master_process off;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream app { server 127.0.0.1:${upstreamPort}; keepalive 128; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`;
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(file, conf);
  return file;
}

/**
 * A database with one subscribed app: plan with a (never reached) rate limit and a hard quota, so every call runs key
 * lookup, rate-limit and quota decisions, the billing commit and metering.
 */
export async function createBenchDatabase(
  dataDir: string,
  upstreamPort: number,
): Promise<{ dbFile: string; fixture: GatewayFixture; auth: Record<string, string> }> {
  const dbFile = path.join(dataDir, "portico.sqlite");
  const db = openDatabase({ databaseUrl: `sqlite:${dbFile}`, dataDir });
  await migrateToLatest(db);
  const fixture = await createGatewayFixture(db, {
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    plan: { rateLimit: { count: 1_000_000_000, unit: "second" }, quota: 1_000_000_000_000, quotaPeriod: "month" },
  });
  await db.close();
  return { dbFile, fixture, auth: { "x-api-key": fixture.key, "x-tenant-id": fixture.tenantId } };
}

/** The environment of a gateway-only Portico process on `port` (scale-out when redisUrl is given). */
export function gatewayEnv(dataDir: string, dbFile: string, port: number, redisUrl?: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORTICO_SERVICES: "gateway",
    PORTICO_SEED: "off",
    DATABASE_URL: `sqlite:${dbFile}`,
    PORTICO_DATA_DIR: dataDir,
    GATEWAY_PORT: String(port),
    GATEWAY_HOST: "127.0.0.1",
    GATEWAY_ALLOW_PRIVATE_UPSTREAMS: "true",
    GATEWAY_DEMO_UPSTREAMS: "false",
    LOG_LEVEL: "warn",
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
}

/**
 * How the benches run the gateway: "bundle" (default) is what `npm start` runs, the server bundled by
 * scripts/build-server.mjs (rebuilt here so it matches the sources); "tsx" compiles the TypeScript at run time
 * (BENCH_GATEWAY_RUNTIME=tsx; docs/decisions/035-precompiled-server.md compares the two).
 */
export type GatewayRuntime = "bundle" | "tsx";

export function benchGatewayRuntime(): GatewayRuntime {
  return process.env.BENCH_GATEWAY_RUNTIME === "tsx" ? "tsx" : "bundle";
}

const bundled = new Set<string>();

/** node's arguments to run Portico's server entry from `root` (this checkout, or another one for A/B runs). */
export function gatewayNodeArgs(
  extraNodeArgs: string[] = [],
  root = ".",
  runtime: GatewayRuntime = benchGatewayRuntime(),
): string[] {
  const script = path.resolve(root, "scripts/build-server.mjs");
  // An older checkout without the bundle script runs through tsx, as its own `npm start` did.
  if (runtime === "tsx" || !fs.existsSync(script)) {
    return [...extraNodeArgs, "--import", "tsx", path.resolve(root, "src/server/main.ts")];
  }
  if (!bundled.has(script)) {
    execFileSync(process.execPath, [script], { stdio: "ignore" });
    bundled.add(script);
  }
  return [...extraNodeArgs, "--enable-source-maps", path.resolve(root, "build/node/server/main.mjs")];
}

/** Total instructions (Ir) in a callgrind dump file. */
export function dumpInstructions(file: string): number {
  const text = fs.readFileSync(file, "utf8");
  const m = /^(?:summary|totals):\s+(\d+)/m.exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * bench/gateway-entry.ts of a checkout bundled into one file by esbuild (installed with tsx), so valgrind's Node
 * loads no TypeScript compiler; packages stay imports, resolved from the checkout's node_modules.
 */
export async function bundleEntry(root: string): Promise<string> {
  const { build } = await import("esbuild");
  // Inside the checkout (packages resolve from its node_modules), but not in node_modules: that may be a link shared
  // by several checkouts, and two profiles at once would overwrite each other's bundle.
  const outfile = path.resolve(root, "build/node/profile/gateway.mjs");
  await build({
    entryPoints: [path.resolve(root, "bench/gateway-entry.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    target: "node20",
    outfile,
    // PROFILE_KEEP_NAMES=1 compiles as tsx does (esbuild's keepNames: a __name() call per named function and class).
    keepNames: process.env.PROFILE_KEEP_NAMES === "1",
    logLevel: "warning",
  });
  return outfile;
}
