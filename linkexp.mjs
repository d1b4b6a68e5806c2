import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu"] });
const page = await browser.newPage();
await page.goto("http://127.0.0.1:3960/healthz");
const hrefs = await (await fetch("http://127.0.0.1:3960/demo-developer/api/generated-large")).text().then((h) => [...h.matchAll(/data-after-paint="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
for (const mode of ["rel", "fragment", "rel", "fragment", "preload-as-script"]) {
  const ms = await page.evaluate(({ hrefs, mode }) => {
    const v = Math.random();
    const links = hrefs.map((h) => { const l = document.createElement("link"); l.setAttribute("data-x", ""); l.href = `${h}?${v}`; return l; });
    if (mode === "rel") { links.forEach((l) => document.head.append(l)); const t = performance.now(); links.forEach((l) => (l.rel = "modulepreload")); return performance.now() - t; }
    const t = performance.now();
    const f = document.createDocumentFragment();
    links.forEach((l) => { l.rel = mode === "fragment" ? "modulepreload" : "preload"; if (mode !== "fragment") { l.as = "script"; l.crossOrigin = "anonymous"; } f.append(l); });
    document.head.append(f);
    return performance.now() - t;
  }, { hrefs, mode });
  console.log(mode, ms.toFixed(1));
}
await browser.close();
