/**
 * npm run bench:pages — SSR throughput and latency of /hub, a category page and an API page on the seeded catalog,
 * printed beside the same server's /healthz as the baseline, plus the size of the JavaScript /hub ships (gzip) and of its HTML.
 * Uses wrk when installed (apt-get install wrk), else a small in-process load loop. 127.0.0.1 only, bounded time.
 * Then the API reference of a 1,100-operation spec beside a 3-operation one (bench/reference-pages.ts);
 * `--reference-only` runs just that part.
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startBuiltWebServer } from "./built-web-server";
import { benchReferencePages } from "./reference-pages";

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "portico-bench-pages");

interface Result {
  label: string;
  rps: number;
  p50ms: number;
  p99ms: number;
}

function hasWrk(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk --version exits 1 but prints its banner; ENOENT means it is missing.
    return (error as NodeJS.ErrnoException).code !== "ENOENT";
  }
}

function parseWrkLatency(value: string, unit: string): number {
  const n = Number.parseFloat(value);
  if (unit === "us") return n / 1000;
  if (unit === "s") return n * 1000;
  return n;
}

function runWrk(label: string, url: string): Result {
  const out = execFileSync(
    "wrk",
    ["-t", "1", "-c", String(CONNECTIONS), "-d", `${DURATION_S}s`, "--latency", "-H", "Accept: text/html", url],
    { encoding: "utf8" },
  );
  const rps = Number.parseFloat(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? "0");
  const p50 = /50%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  if (non2xx) throw new Error(`${label}: ${non2xx[1]} error responses from ${url}`);
  return {
    label,
    rps,
    p50ms: p50 ? parseWrkLatency(p50[1] ?? "0", p50[2] ?? "ms") : 0,
    p99ms: p99 ? parseWrkLatency(p99[1] ?? "0", p99[2] ?? "ms") : 0,
  };
}

async function runLoop(label: string, url: string): Promise<Result> {
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_S * 1000;
  async function worker() {
    while (performance.now() < deadline) {
      const start = performance.now();
      const response = await fetch(url, { headers: { Accept: "text/html" } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${label}: status ${response.status}`);
      latencies.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { label, rps: latencies.length / DURATION_S, p50ms: at(0.5), p99ms: at(0.99) };
}

async function firstHref(pattern: RegExp, page: string): Promise<string> {
  const html = await (await fetch(`${BASE}${page}`)).text();
  const match = pattern.exec(html);
  if (!match?.[1]) throw new Error(`no link matching ${pattern} on ${page}`);
  return match[1];
}

async function shippedJsGzipBytes(page: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await (await fetch(`${BASE}${page}`)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  // Module preloads are held inert until the first paint (decision 165) and released by the after-paint script, which
  // also starts the Intl warm-up worker.
  for (const m of html.matchAll(/<link[^>]+(?:rel|data-after-paint)="modulepreload"[^>]+href="([^"]+)"/g)) {
    if (m[1]) urls.add(m[1]);
  }
  for (const m of html.matchAll(/data-intl-warmup="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"|import "([^"]+\.js)"/g)) {
    const u = m[1] ?? m[2] ?? m[3];
    if (u?.startsWith("/assets/")) urls.add(u);
  }
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzip };
}

async function main(): Promise<void> {
  const server = await startBuiltWebServer({ port: PORT, dataDir: DATA_DIR });
  try {
    if (process.argv.includes("--reference-only")) {
      await benchReferencePages(BASE);
      return;
    }
    const categoryPath = await firstHref(/href="(\/category\/[a-z0-9-]+)"/, "/categories");
    const apiPath = await firstHref(/href="(\/[^"/]+\/api\/[a-z0-9-]+)"/, categoryPath);
    const targets: Array<[string, string]> = [
      ["/healthz (baseline)", "/healthz"],
      ["/hub", "/hub"],
      ["/search/weather", "/search/weather"],
      [`category ${categoryPath}`, categoryPath],
      [`API page ${apiPath}`, apiPath],
    ];
    const useWrk = hasWrk();
    console.log(`load: ${useWrk ? "wrk" : "in-process fetch loop"}, ${CONNECTIONS} connections, ${DURATION_S}s each`);
    // Warm up so JIT and caches are in their steady state before measuring.
    for (const [, p] of targets) for (let i = 0; i < 50; i++) await (await fetch(`${BASE}${p}`)).arrayBuffer();
    const results: Result[] = [];
    for (const [label, p] of targets) {
      results.push(useWrk ? runWrk(label, `${BASE}${p}`) : await runLoop(label, `${BASE}${p}`));
    }
    const baseline = results[0];
    const width = Math.max(38, ...results.map((r) => r.label.length));
    console.log(`\n${"page".padEnd(width)}   req/s     p50 ms   p99 ms   req/s vs /healthz`);
    for (const r of results) {
      const ratio = baseline && baseline.rps > 0 ? (r.rps / baseline.rps).toFixed(3) : "-";
      console.log(
        `${r.label.padEnd(width)} ${r.rps.toFixed(0).padStart(7)} ${r.p50ms.toFixed(2).padStart(8)} ${r.p99ms.toFixed(2).padStart(8)}   ${ratio}`,
      );
    }
    for (const page of ["/hub", "/search/weather", apiPath]) {
      const js = await shippedJsGzipBytes(page);
      console.log(`\nJavaScript shipped for ${page}: ${js.files} files, ${js.raw} bytes raw, ${js.gzip} bytes gzip`);
    }
    const html = Buffer.from(await (await fetch(`${BASE}/hub`)).arrayBuffer());
    console.log(`HTML of /hub: ${html.length} bytes raw, ${gzipSync(html, { level: 9 }).length} bytes gzip`);
    await benchReferencePages(BASE);
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
