import { chromium } from "playwright";
import { addReferenceApis } from "./reference-setup";

/*
 * The API reference part of `npm run bench:pages`: SSR p50/p99 and HTML bytes of the reference of the generated
 * 1,100-operation spec beside the 3-operation fixture's in the same run, then Chromium's time to interactive (the
 * document hydrated) and to open an operation from the navigation. Targets (issue): SSR ≤ 30 ms p50, HTML ≤ 150 KB,
 * interactive ≤ 1 s, opening an operation ≤ 100 ms.
 */

interface Timing {
  p50: number;
  p99: number;
  bytes: number;
}

async function ssr(url: string, runs: number): Promise<Timing> {
  let bytes = 0;
  for (let i = 0; i < 10; i++) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers: { Accept: "text/html" } });
    bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), bytes };
}

async function browserTimes(base: string, path: string): Promise<{ interactive: number; open: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}${path}`); // warm the asset cache
    const start = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: "commit" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const interactive = Date.now() - start;
    const opens: number[] = [];
    const count = await page.getByTestId("reference-nav-item").count();
    for (const step of [1, 2, 3, 4, 5]) {
      const item = page.getByTestId("reference-nav-item").nth((step * 3) % count);
      const id = await item.getAttribute("data-endpoint-id");
      const t0 = Date.now();
      await item.click();
      await page.locator(`[data-testid="reference-nav-item"][data-endpoint-id="${id}"][aria-current="page"]`).waitFor();
      await page.getByTestId("operation-title").waitFor();
      opens.push(Date.now() - t0);
    }
    opens.sort((a, b) => a - b);
    return { interactive, open: opens[Math.floor(opens.length / 2)] ?? 0 };
  } finally {
    await browser.close();
  }
}

export async function benchReferencePages(base: string): Promise<void> {
  const paths = await addReferenceApis(base, `-${Date.now().toString(36)}`);
  const small = paths["reference-fixture"];
  const large = paths["generated-large"];
  if (!small || !large) throw new Error("reference fixtures missing");
  const rows: Array<[string, Timing]> = [
    ["same API's About tab (page chrome)", await ssr(`${base}${large}/details`, 200)],
    ["reference, 3 operations", await ssr(`${base}${small}`, 200)],
    ["reference, 1,100 operations", await ssr(`${base}${large}`, 200)],
    ["reference, 1,100 operations ?op=op700", await ssr(`${base}${large}?op=op700`, 200)],
  ];
  const baseline = rows[1]?.[1];
  console.log(`\n${"API reference".padEnd(40)} p50 ms   p99 ms   HTML bytes   p50 / 3-op   bytes / 3-op`);
  for (const [label, t] of rows) {
    const p50Ratio = baseline ? (t.p50 / baseline.p50).toFixed(2) : "-";
    const bytesRatio = baseline ? (t.bytes / baseline.bytes).toFixed(2) : "-";
    console.log(
      `${label.padEnd(40)} ${t.p50.toFixed(1).padStart(6)} ${t.p99.toFixed(1).padStart(8)} ${String(t.bytes).padStart(12)}   ${p50Ratio.padStart(10)}   ${bytesRatio.padStart(12)}`,
    );
  }
  const smallBrowser = await browserTimes(base, small);
  const largeBrowser = await browserTimes(base, large);
  console.log(`\nChromium                                 interactive ms   open an operation ms (median of 5)`);
  console.log(
    `reference, 3 operations                  ${String(smallBrowser.interactive).padStart(14)}   ${smallBrowser.open}`,
  );
  console.log(
    `reference, 1,100 operations              ${String(largeBrowser.interactive).padStart(14)}   ${largeBrowser.open}`,
  );
}
