import { chromium } from "playwright";
const [,, outPrefix, ...paths] = process.argv;
const width = Number(process.env.W ?? 1280), height = Number(process.env.H ?? 800);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: process.env.DARK ? "dark" : "light" });
if (process.env.COOKIE) await ctx.addCookies(JSON.parse(process.env.COOKIE));
const page = await ctx.newPage();
for (const [i, p] of paths.entries()) {
  const res = await page.goto(`http://localhost:4600${p}`, { waitUntil: "networkidle" });
  const title = await page.title();
  console.log(res?.status(), p, "|", title);
  await page.screenshot({ path: `${outPrefix}-${i}.png`, fullPage: !!process.env.FULL });
}
await browser.close();
