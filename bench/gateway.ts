/**
 * npm run bench:gateway: requests/s, p50 and p99 of
 *   (a) the upstream directly, (b) nginx as a plain reverse proxy in front of it, (c) Portico's gateway with key auth,
 *   rate limit, quota and metering in embedded mode, (d) the same in scale-out mode (Redis counters),
 * then the ratios c/b, d/b, c/a and the latency each proxy adds at one connection (p50 over direct).
 * (m) is a minimal Node proxy (node:http + an undici Pool, the dispatch handler the gateway uses, no auth/limits/
 * metering): the floor for any Node gateway, measured in the same run.
 *
 * On a shared machine throughput swings with the load, so every target is measured BENCH_ROUNDS times (default 3),
 * interleaved, and the summary gives the median and the range; the proxy's CPU time per request (user + system from
 * /proc, all its threads) is the steadier figure. For (d) the Redis server's CPU per request is shown too.
 *
 * Pinning (2-core machine): the proxy under test runs alone on CPU 0 (`taskset -c 0`); the upstream and wrk share
 * CPU 1, identical for every target, so the ratios compare the proxies. The one-connection latency runs move the
 * proxy to CPU 1 as well (cross-CPU wakeups would otherwise dominate: nginx measured +140 µs that way). Redis (scale-out) is the system service and
 * is not pinned. nginx runs one worker with upstream keep-alive, the fair baseline for a Node proxy with undici pools.
 * 127.0.0.1 only; every run is bounded by BENCH_SECONDS (default 8 s at 50 connections, 5 s at 1 connection).
 * Installs nginx and wrk with apt-get when missing.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import {
  createBenchDatabase,
  freePort,
  gatewayEnv,
  gatewayNodeArgs,
  MINIMAL_PROXY_JS,
  nginxConfig,
  pinned,
  scratchDir,
  start,
  stop,
  UPSTREAM_JS,
  waitFor,
} from "./gateway-setup";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS_ONE = Number(process.env.BENCH_SECONDS_ONE ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/14";
const WORK = scratchDir(fs.mkdtempSync(path.join(os.tmpdir(), "portico-bench-gw-")));
const require = createRequire(import.meta.url);

interface Result {
  label: string;
  rps: number;
  p50us: number;
  p99us: number;
  /** CPU time the proxy process spent per request (user + system), when measured. */
  cpuUs?: number;
  /** CPU time Redis spent per request (scale-out). */
  redisCpuUs?: number;
}

/** utime + stime of a process in microseconds (Linux /proc). */
function cpuMicros(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / 100;
  } catch {
    return null;
  }
}

let lastWrkRequests = 0;

/** The Redis server's pid (to charge its CPU to scale-out requests), when it runs on this machine. */
function redisPid(): number | undefined {
  try {
    const info = execFileSync("redis-cli", ["-u", REDIS_URL, "info", "server"], { encoding: "utf8" });
    const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
    return Number.isFinite(pid) && fs.existsSync(`/proc/${pid}/stat`) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** wrk against a proxy, with the proxy's CPU time per request (robust when other load shares the machine). */
function wrkMeasured(
  label: string,
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
  alsoPid?: number,
): Result {
  const before = cpuMicros(pid);
  const alsoBefore = cpuMicros(alsoPid);
  const result = wrk(label, url, headers, CONNECTIONS, SECONDS);
  const after = cpuMicros(pid);
  const alsoAfter = cpuMicros(alsoPid);
  const out = lastWrkRequests;
  if (before !== null && after !== null && out > 0) result.cpuUs = (after - before) / out;
  if (alsoBefore !== null && alsoAfter !== null && out > 0) result.redisCpuUs = (alsoAfter - alsoBefore) / out;
  return result;
}

function have(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: "ignore" });
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ENOENT";
  }
}

function ensureTools(): void {
  const missing: string[] = [];
  if (!have("/usr/sbin/nginx", ["-v"]) && !have("nginx", ["-v"])) missing.push("nginx");
  if (!have("wrk", ["--version"])) missing.push("wrk");
  if (missing.length === 0) return;
  console.log(`installing ${missing.join(", ")} with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  execFileSync(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), "update"], {
    stdio: "inherit",
  });
  execFileSync(sudo[0] ?? "apt-get", [...(sudo.length ? ["apt-get"] : []), "install", "-y", ...missing], {
    stdio: "inherit",
  });
}

/** Moves a process and all its threads to one CPU. */
function repin(pid: number, cpu: number): void {
  execFileSync("taskset", ["-a", "-cp", String(cpu), String(pid)], { stdio: "ignore" });
}

function toMicros(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const n = Number.parseFloat(m[1] ?? "");
  return m[2] === "us" ? n : m[2] === "ms" ? n * 1000 : n * 1_000_000;
}

function wrk(
  label: string,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Result {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  const { cmd, args: full } = pinned(1, "wrk", [...args, url]);
  const out = execFileSync(cmd, full, { encoding: "utf8" });
  lastWrkRequests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const rps = Number.parseFloat(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? "NaN");
  const p50 = toMicros(/\s50%\s+(\S+)/.exec(out)?.[1] ?? "");
  const p99 = toMicros(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "");
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1];
  if (non2xx) console.warn(`  ! ${label}: ${non2xx} non-2xx responses`);
  return { label, rps, p50us: p50, p99us: p99 };
}

function fmt(r: Result): string {
  const cpu = r.cpuUs === undefined ? "" : `   CPU ${r.cpuUs.toFixed(1).padStart(6)} µs/req`;
  const redis = r.redisCpuUs === undefined ? "" : ` (+ Redis ${r.redisCpuUs.toFixed(1)})`;
  return `${r.label.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${(r.p50us / 1000).toFixed(3).padStart(7)} ms   p99 ${(r.p99us / 1000).toFixed(3).padStart(7)} ms${cpu}${redis}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** "median (min–max)" of one figure over the rounds. */
function spread(values: number[], digits = 0): string {
  const ok = values.filter((v) => Number.isFinite(v));
  if (ok.length === 0) return "n/a";
  return `${median(ok).toFixed(digits)} (${Math.min(...ok).toFixed(digits)}–${Math.max(...ok).toFixed(digits)})`;
}

type Target = "a" | "b" | "m" | "c" | "d";
const LABELS: Record<Target, string> = {
  a: "(a) upstream direct",
  b: "(b) nginx reverse proxy",
  m: "(m) minimal Node http + undici proxy",
  c: "(c) Portico gateway, embedded",
  d: "(d) Portico gateway, scale-out (Redis)",
};

async function main(): Promise<void> {
  ensureTools();
  console.log(
    `bench:gateway: ${ROUNDS} rounds of ${CONNECTIONS} connections for ${SECONDS}s and 1 connection for ${SECONDS_ONE}s; proxies on CPU 0, upstream and wrk on CPU 1`,
  );
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  const upstreamPort = await freePort();
  const upstreamFile = path.join(WORK, "upstream.cjs");
  fs.writeFileSync(upstreamFile, UPSTREAM_JS);
  const up = pinned(1, process.execPath, [upstreamFile]);
  start(up.cmd, up.args, { PORT: String(upstreamPort) });
  const direct = `http://127.0.0.1:${upstreamPort}/items`;
  await waitFor(direct);

  const { dbFile, fixture, auth } = await createBenchDatabase(path.join(WORK, "data"), upstreamPort);

  // Every proxy starts once and idles while the others are measured.
  const nginxPort = await freePort();
  const nginxCmd = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  const ng = pinned(0, nginxCmd, ["-p", path.join(WORK, "nginx"), "-c", nginxConfig(WORK, nginxPort, upstreamPort)]);
  const nginx = start(ng.cmd, ng.args);
  const minimalPort = await freePort();
  const minimalFile = path.join(WORK, "minimal-proxy.cjs");
  fs.writeFileSync(minimalFile, MINIMAL_PROXY_JS);
  const mp = pinned(0, process.execPath, [minimalFile]);
  const minimal = start(mp.cmd, mp.args, {
    PORT: String(minimalPort),
    UPSTREAM: `http://127.0.0.1:${upstreamPort}`,
    UNDICI_PATH: require.resolve("undici"),
  });
  const embeddedPort = await freePort();
  const gw = pinned(0, process.execPath, gatewayNodeArgs());
  const embedded = start(gw.cmd, gw.args, gatewayEnv(path.join(WORK, "data-c"), dbFile, embeddedPort));
  const scaledPort = await freePort();
  const scaled = start(gw.cmd, gw.args, gatewayEnv(path.join(WORK, "data-d"), dbFile, scaledPort, REDIS_URL));
  const targets: Record<Target, { url: string; headers: Record<string, string>; pid?: number; also?: number }> = {
    a: { url: direct, headers: {} },
    b: { url: `http://127.0.0.1:${nginxPort}/items`, headers: {}, pid: nginx.pid },
    m: { url: `http://127.0.0.1:${minimalPort}${fixture.basePath}/items`, headers: {}, pid: minimal.pid },
    c: { url: `http://127.0.0.1:${embeddedPort}${fixture.basePath}/items`, headers: auth, pid: embedded.pid },
    d: {
      url: `http://127.0.0.1:${scaledPort}${fixture.basePath}/items`,
      headers: auth,
      pid: scaled.pid,
      also: redisPid(),
    },
  };
  for (const t of Object.values(targets)) {
    await waitFor(t.url, t.headers);
    wrk("warm-up", t.url, t.headers, CONNECTIONS, 2);
  }

  const order: Target[] = ["a", "b", "m", "c", "d"];
  const runs: Record<Target, Result[]> = { a: [], b: [], m: [], c: [], d: [] };
  const ones: Record<Target, Result[]> = { a: [], b: [], m: [], c: [], d: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`\nround ${round} (load ${os.loadavg()[0]?.toFixed(2)}):`);
    for (const key of order) {
      const t = targets[key];
      const r =
        key === "a"
          ? wrk(LABELS.a, t.url, t.headers, CONNECTIONS, SECONDS)
          : wrkMeasured(LABELS[key], t.url, t.headers, t.pid, t.also);
      runs[key].push(r);
      // At one connection the latency is what matters, and a hop between CPUs costs a cross-CPU wakeup (an IPI in a
      // VM: it made nginx look 140 µs slow). So the proxy joins wrk and the upstream on CPU 1 for this run.
      if (t.pid) repin(t.pid, 1);
      ones[key].push(wrk(`${LABELS[key]}, 1 conn`, t.url, t.headers, 1, SECONDS_ONE));
      if (t.pid) repin(t.pid, 0);
      console.log(`  ${fmt(r)}`);
    }
  }
  await Promise.all([nginx, minimal, embedded, scaled].map((c) => stop(c)));

  const med = (key: Target, pick: (r: Result) => number | undefined) =>
    median(runs[key].map(pick).filter((v): v is number => v !== undefined));
  console.log(`\nsummary over ${ROUNDS} rounds: median (min–max)`);
  for (const key of order) {
    const rs = runs[key];
    const cpu =
      key === "a"
        ? ""
        : `   CPU µs/req ${spread(
            rs.map((r) => r.cpuUs ?? Number.NaN),
            1,
          )}`;
    const redis =
      key === "d"
        ? `   Redis µs/req ${spread(
            rs.map((r) => r.redisCpuUs ?? Number.NaN),
            1,
          )}`
        : "";
    console.log(`  ${LABELS[key].padEnd(40)} req/s ${spread(rs.map((r) => r.rps)).padEnd(24)}${cpu}${redis}`);
  }
  const rps = (key: Target) => med(key, (r) => r.rps);
  const ratio = (x: Target, y: Target) => {
    const per = runs[x].map((r, i) => r.rps / (runs[y][i]?.rps ?? Number.NaN));
    return `${(rps(x) / rps(y)).toFixed(2)} (per round ${per.map((v) => v.toFixed(2)).join(", ")})`;
  };
  const cb = rps("c") / rps("b");
  console.log("\nratios (medians):");
  console.log(`  c/b = ${ratio("c", "b")}   (target >= 0.60) ${cb >= 0.6 ? "ok" : "BELOW TARGET"}`);
  console.log(`  d/b = ${ratio("d", "b")}`);
  console.log(`  c/a = ${ratio("c", "a")}`);
  console.log(`  m/b = ${ratio("m", "b")}   (the floor of a Node proxy on this machine)`);
  const cpu = (key: Target) => med(key, (r) => r.cpuUs);
  console.log(
    `  CPU per request (medians): nginx ${cpu("b").toFixed(1)} µs, minimal Node ${cpu("m").toFixed(1)} µs, embedded ${cpu("c").toFixed(1)} µs, scale-out ${cpu("d").toFixed(1)} µs + Redis ${med("d", (r) => r.redisCpuUs).toFixed(1)} µs`,
  );
  console.log(
    `  CPU-bound ratio nginx/embedded = ${(cpu("b") / cpu("c")).toFixed(2)} (what c/b tends to when the proxy's core is the bottleneck)`,
  );
  console.log(
    `  load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} on ${os.cpus().length} CPUs`,
  );
  const p50One = (key: Target) => median(ones[key].map((r) => r.p50us));
  console.log(
    "added p50 latency over direct at 1 connection, proxy on the same CPU as wrk and the upstream (medians):",
  );
  const added = (key: Target) => (p50One(key) - p50One("a")).toFixed(1);
  console.log(
    `  nginx ${added("b")} µs, minimal Node ${added("m")} µs, Portico embedded ${added("c")} µs (target <= 60 µs), scale-out ${added("d")} µs   [direct p50 ${p50One("a").toFixed(1)} µs]`,
  );
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
