/**
 * Where the gateway's CPU goes, in two ways (bench:gateway gives the throughput; this says why):
 *
 *   npx tsx bench/gateway-profile.ts cpu [c|m]        node --cpu-prof under wrk (50 connections, PROFILE_SECONDS,
 *                                                     default 10): self time by function and by origin
 *   npx tsx bench/gateway-profile.ts callgrind [c|m|b] instructions per proxied request under valgrind's callgrind
 *   npx tsx bench/gateway-profile.ts ab tsx            this checkout's gateway as `npm start` runs it (server bundle)
 *                                                     against the same sources compiled by tsx at run time
 *   npx tsx bench/gateway-profile.ts ab <dir>          this checkout's gateway against another checkout's (e.g. an
 *                                                     exported earlier commit with node_modules linked), both on
 *                                                     CPU 0, wrk runs alternating (PROFILE_ROUNDS, default 5): CPU
 *                                                     µs per request of each and the ratio, under the same load
 *
 * c = Portico gateway (embedded mode), m = minimal Node proxy, b = nginx. The callgrind mode counts instructions, not
 * seconds, so its figure does not depend on what else the machine runs (the bench's req/s and CPU µs do): it warms
 * the target up with PROFILE_WARM requests, zeroes the counters (callgrind_control -z), sends PROFILE_REQUESTS
 * (default 4000) from PROFILE_CONCURRENCY (default 50) connections, dumps, and divides. Compare two versions of the
 * code with it; figures under valgrind include its JIT handling and are only comparable with each other. Through tsx,
 * Node's start-up under valgrind takes many minutes of CPU, so the gateway runs from bench/gateway-entry.ts bundled by
 * esbuild (PROFILE_ENTRY overrides it; PROFILE_ROOT=<checkout> profiles another checkout, whose own migrations then
 * make the database; that checkout needs bench/gateway-entry.ts too). `ab` needs no valgrind; its alternating runs see the same load, but on a busy machine its per-round
 * ratios scatter widely: use many rounds.
 * 127.0.0.1 only; everything it starts is killed when it exits.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Pool } from "undici";
import {
  bundleEntry,
  createBenchDatabase,
  dumpInstructions,
  freePort,
  type GatewayRuntime,
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

const MODE = process.argv[2] ?? "cpu";
const TARGET = process.argv[3] ?? "c";
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const WARM = Number(process.env.PROFILE_WARM ?? 3000);
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.PROFILE_CONCURRENCY ?? 50);
const WORK = scratchDir(fs.mkdtempSync(path.join(os.tmpdir(), "portico-gw-profile-")));
const require = createRequire(import.meta.url);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, for the per-origin totals. */
function origin(url: string, name: string): string {
  if (url === "") return name.startsWith("(") ? name : "(native/builtin)";
  if (url.startsWith("node:")) return "node core";
  if (url.includes("/node_modules/undici/")) return "undici";
  if (url.includes("/node_modules/")) return `npm: ${url.split("/node_modules/")[1]?.split("/")[0] ?? "?"}`;
  if (url.includes("/src/")) return `portico ${url.slice(url.indexOf("/src/") + 1)}`;
  return url;
}

/** Self time by function and origin over the samples taken between `from` and `to` (monotonic µs). */
function summarize(file: string, requests: number, from: number, to: number): void {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Sample times are V8's monotonic clock (CLOCK_MONOTONIC on Linux, as process.hrtime): keep the load window only,
  // not the start-up (module loading through tsx) nor the shutdown.
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) continue;
    const id = profile.samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + delta);
  }
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") {
      idle += us;
      continue;
    }
    total += us;
    const where = url ? `${url.replace(/^.*\/(node_modules|src)\//, "$1/")}:${lineNumber + 1}` : "";
    const key = `${functionName || "(anonymous)"} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const o = origin(url, functionName);
    byOrigin.set(o, (byOrigin.get(o) ?? 0) + us);
  }
  const per = (us: number) => (requests > 0 ? `${(us / requests).toFixed(2).padStart(7)} µs/req` : "");
  console.log(`\nbusy ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms, ${requests} requests`);
  console.log("\nself time by origin:");
  for (const [o, us] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}% ${per(us)}  ${o}`);
  }
  const top = Number(process.env.PROFILE_TOP ?? 45);
  console.log(`\nself time by function (top ${top}):`);
  for (const [f, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}% ${per(us)}  ${f}`);
  }
}

/** Exactly `count` requests over `connections` keep-alive connections; returns the non-2xx answers by status. */
async function drive(url: string, headers: Record<string, string>, count: number, connections: number) {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections, pipelining: 1 });
  let next = 0;
  const bad = new Map<number, number>();
  async function worker(): Promise<void> {
    while (next < count) {
      next++;
      const res = await pool.request({ path: target.pathname, method: "GET", headers });
      await res.body.dump();
      if (res.statusCode >= 300) bad.set(res.statusCode, (bad.get(res.statusCode) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: connections }, () => worker()));
  await pool.close();
  return bad;
}

function describeBad(bad: Map<number, number>): string {
  return [...bad].map(([status, n]) => `${n} × ${status}`).join(", ");
}

/** utime + stime of a process in microseconds (Linux /proc). */
function cpuMicros(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A bench database made by a checkout's own code (its migrations may differ from ours). */
function checkoutDatabase(root: string, dataDir: string, upstreamPort: number) {
  const setup = pathToFileURL(path.resolve(root, "bench/gateway-setup.ts")).href;
  const code = `const m = await import(${JSON.stringify(setup)});
const r = await m.createBenchDatabase(${JSON.stringify(dataDir)}, ${upstreamPort});
console.log(JSON.stringify({ dbFile: r.dbFile, basePath: r.fixture.basePath, auth: r.auth }));
process.exit(0);`;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    encoding: "utf8",
    cwd: root,
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as {
    dbFile: string;
    basePath: string;
    auth: Record<string, string>;
  };
}

/** Two gateways (this checkout and `other`), each with a database made by its own code, on CPU 0, measured in
 * alternating wrk runs. */
async function abCompare(other: string, upstreamPort: number) {
  const rounds = Number(process.env.PROFILE_ROUNDS ?? 5);
  // "tsx": this checkout twice, as `npm start` runs it (the server bundle) and compiled by tsx at run time.
  const pair: Array<{ label: string; root: string; runtime?: GatewayRuntime }> =
    other === "tsx"
      ? [
          { label: "bundle", root: ".", runtime: "bundle" },
          { label: "tsx", root: ".", runtime: "tsx" },
        ]
      : [
          { label: "this", root: "." },
          { label: path.basename(path.resolve(other)), root: other },
        ];
  const sides = pair.map((side, i) => {
    const db = checkoutDatabase(side.root, path.join(WORK, `db-${i}`), upstreamPort);
    const series = { cpu: [] as number[], rps: [] as number[], p50: [] as number[] };
    return { ...side, ...db, ...series, port: 0, pid: 0 as number | undefined, i };
  });
  for (const side of sides) {
    side.port = await freePort();
    const cmd = pinned(0, process.execPath, gatewayNodeArgs([], side.root, side.runtime));
    side.pid = start(cmd.cmd, cmd.args, gatewayEnv(path.join(WORK, `data-${side.i}`), side.dbFile, side.port)).pid;
  }
  const run = (side: (typeof sides)[number], seconds: number) => {
    const args = ["-t1", `-c${CONCURRENCY}`, `-d${seconds}s`];
    for (const [k, v] of Object.entries(side.auth)) args.push("-H", `${k}: ${v}`);
    const w = pinned(1, "wrk", [...args, `http://127.0.0.1:${side.port}${side.basePath}/items`]);
    const before = cpuMicros(side.pid);
    const out = execFileSync(w.cmd, w.args, { encoding: "utf8" });
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    if (/Non-2xx/.test(out)) console.warn(`  ! ${side.label}: non-2xx responses`);
    return { cpu: (cpuMicros(side.pid) - before) / requests, rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]) };
  };
  // One connection, the gateway on CPU 1 with wrk and the upstream (as bench:gateway measures latency): p50 in µs.
  const one = (side: (typeof sides)[number]) => {
    const args = ["-t1", "-c1", "-d3s", "--latency"];
    for (const [k, v] of Object.entries(side.auth)) args.push("-H", `${k}: ${v}`);
    execFileSync("taskset", ["-a", "-cp", "1", String(side.pid)], { stdio: "ignore" });
    const w = pinned(1, "wrk", [...args, `http://127.0.0.1:${side.port}${side.basePath}/items`]);
    const out = execFileSync(w.cmd, w.args, { encoding: "utf8" });
    execFileSync("taskset", ["-a", "-cp", "0", String(side.pid)], { stdio: "ignore" });
    const m = /\s50%\s+([\d.]+)(us|ms)/.exec(out);
    return m ? Number(m[1]) * (m[2] === "ms" ? 1000 : 1) : Number.NaN;
  };
  for (const side of sides) {
    await waitFor(`http://127.0.0.1:${side.port}${side.basePath}/items`, side.auth);
    run(side, 3);
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const line: string[] = [];
    for (const side of order) {
      const r = run(side, SECONDS);
      side.cpu.push(r.cpu);
      side.rps.push(r.rps);
      const p50 = one(side);
      side.p50.push(p50);
      line.push(`${side.label} ${r.cpu.toFixed(1)} µs/req ${r.rps.toFixed(0)} req/s, 1 conn p50 ${p50.toFixed(0)} µs`);
    }
    console.log(`  round ${round + 1} (load ${os.loadavg()[0]?.toFixed(2)}): ${line.join(" | ")}`);
  }
  const [a, b] = sides as [(typeof sides)[number], (typeof sides)[number]];
  const ratios = a.cpu.map((v, i) => v / (b.cpu[i] ?? Number.NaN));
  console.log(
    `CPU µs/req medians: ${a.label} ${median(a.cpu).toFixed(1)}, ${b.label} ${median(b.cpu).toFixed(1)}; ` +
      `${a.label}/${b.label} per round ${ratios.map((r) => r.toFixed(2)).join(", ")} (median ${median(ratios).toFixed(2)})`,
  );
  console.log(
    `1-connection p50 medians: ${a.label} ${median(a.p50).toFixed(0)} µs, ${b.label} ${median(b.p50).toFixed(0)} µs`,
  );
}

async function main(): Promise<void> {
  const upstreamPort = await freePort();
  const upstreamFile = path.join(WORK, "upstream.cjs");
  fs.writeFileSync(upstreamFile, UPSTREAM_JS);
  const up = pinned(1, process.execPath, [upstreamFile]);
  start(up.cmd, up.args, { PORT: String(upstreamPort) });
  await waitFor(`http://127.0.0.1:${upstreamPort}/items`);
  if (MODE === "ab") {
    console.log(`profile ab: this checkout against ${TARGET} (load average ${os.loadavg()[0]?.toFixed(2)})`);
    await abCompare(TARGET, upstreamPort);
    return;
  }
  // PROFILE_ROOT: another checkout (its own migrations make the database); PROFILE_ENTRY: a prebuilt JS entry to run
  // instead of the tsx server entry (under valgrind, tsx's start-up costs minutes of CPU).
  const root = process.env.PROFILE_ROOT;
  const made = root ? checkoutDatabase(root, path.join(WORK, "data"), upstreamPort) : null;
  const { dbFile, fixture, auth } = made
    ? { dbFile: made.dbFile, fixture: { basePath: made.basePath }, auth: made.auth }
    : await createBenchDatabase(path.join(WORK, "data"), upstreamPort);

  const port = await freePort();
  const profileDir = path.join(WORK, "profile");
  fs.mkdirSync(profileDir, { recursive: true });
  const callgrindOut = path.join(profileDir, "callgrind.out");
  const valgrind =
    MODE === "callgrind"
      ? ["valgrind", "--tool=callgrind", "--smc-check=all-non-file", `--callgrind-out-file=${callgrindOut}`]
      : [];
  const nodeFlags = MODE === "cpu" ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--cpu-prof-interval=50"] : [];
  let command: string[];
  let env: Record<string, string> = {};
  let url: string;
  let headers: Record<string, string> = {};
  if (TARGET === "c") {
    const entry = process.env.PROFILE_ENTRY ?? (MODE === "callgrind" ? await bundleEntry(root ?? ".") : undefined);
    command = entry ? [process.execPath, ...nodeFlags, entry] : [process.execPath, ...gatewayNodeArgs(nodeFlags)];
    env = gatewayEnv(path.join(WORK, "data-c"), dbFile, port);
    url = `http://127.0.0.1:${port}${fixture.basePath}/items`;
    headers = auth;
  } else if (TARGET === "m") {
    const file = path.join(WORK, "minimal-proxy.cjs");
    // A clean exit on SIGTERM, so --cpu-prof writes its file.
    fs.writeFileSync(file, `${MINIMAL_PROXY_JS}\nprocess.on("SIGTERM", () => process.exit(0));\n`);
    command = [process.execPath, ...nodeFlags, file];
    env = { PORT: String(port), UPSTREAM: `http://127.0.0.1:${upstreamPort}`, UNDICI_PATH: require.resolve("undici") };
    url = `http://127.0.0.1:${port}${fixture.basePath}/items`;
  } else {
    const conf = nginxConfig(WORK, port, upstreamPort);
    command = ["/usr/sbin/nginx", "-p", path.join(WORK, "nginx"), "-c", conf];
    url = `http://127.0.0.1:${port}/items`;
  }
  const argv = [...valgrind, ...command];
  const full = pinned(0, argv[0] as string, argv.slice(1));
  const child = start(full.cmd, full.args, env);
  await waitFor(url, headers, 600_000);
  console.log(`profile ${MODE} of ${TARGET} (load average ${os.loadavg()[0]?.toFixed(2)})`);

  if (MODE === "cpu") {
    const wrkArgs = ["-t1", `-c${CONCURRENCY}`, `-d${SECONDS}s`];
    for (const [k, v] of Object.entries(headers)) wrkArgs.push("-H", `${k}: ${v}`);
    const w = pinned(1, "wrk", [...wrkArgs, url]);
    const warm = pinned(1, "wrk", ["-t1", `-c${CONCURRENCY}`, "-d3s", ...wrkArgs.slice(3), url]);
    execFileSync(warm.cmd, warm.args, { encoding: "utf8" });
    const from = Number(process.hrtime.bigint() / 1000n);
    const out = execFileSync(w.cmd, w.args, { encoding: "utf8" });
    const to = Number(process.hrtime.bigint() / 1000n);
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    console.log(out.trim());
    await stop(child, "SIGTERM", 20_000);
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error("no .cpuprofile written");
    if (process.env.PROFILE_KEEP) fs.copyFileSync(path.join(profileDir, file), process.env.PROFILE_KEEP);
    summarize(path.join(profileDir, file), requests, from, to);
    return;
  }

  // callgrind: warm up (JIT tiers settle), zero, measure, dump.
  const warmBad = await drive(url, headers, WARM, CONCURRENCY);
  execFileSync("callgrind_control", ["-z", String(child.pid)], { stdio: "ignore" });
  const bad = await drive(url, headers, REQUESTS, CONCURRENCY);
  execFileSync("callgrind_control", ["-d", String(child.pid)], { stdio: "ignore" });
  // Non-2xx answers during the warm-up only shift the JIT's state; during the measurement they change the work per request.
  if (warmBad.size > 0) console.warn(`  ! warm-up: ${describeBad(warmBad)}`);
  if (bad.size > 0) console.warn(`  ! measured: ${describeBad(bad)} (not a clean figure)`);
  const dumps = fs.readdirSync(profileDir).filter((f) => f.startsWith("callgrind.out") && f !== "callgrind.out");
  const last = dumps.sort().at(-1);
  if (!last) throw new Error("no callgrind dump written");
  const ir = dumpInstructions(path.join(profileDir, last));
  console.log(`  ${TARGET}: ${(ir / REQUESTS).toFixed(0)} instructions per request (${ir} over ${REQUESTS} requests)`);
  await stop(child, "SIGKILL");
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
