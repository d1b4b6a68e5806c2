import { expect, test } from "./fixtures";

// Decision 165: a page React hydrates holds its app (module preloads, React Router's module script, the catalog's
// preload) until a frame is painted; the after-paint script releases it and React hydrates without a mismatch.

for (const path of ["/categories", "/docs"]) {
  test(`${path}: the document holds the app until painted, then hydrates without an error`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const response = await page.goto(path);
    const html = (await response?.text()) ?? "";
    // If React Router's markup changes, these needles stop matching and the app loads before the first paint again.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('data-after-paint="modulepreload"');
    // The router runs here: its links keep their route-discovery attribute (visitor pages drop it).
    expect(html).toContain('data-discover="true"');
    expect(html).toMatch(/<script nonce="[\w-]+" type="text\/x-after-paint">/);
    expect(html).toMatch(/<meta name="i18n-catalog" content="\/i18n\/[^"]+\.json"/);
    expect(html).toMatch(/<script nonce="[\w-]+" data-intl-warmup="\/assets\/intl-warmup\.worker-[\w-]+\.js"/);

    // Hydrated: the released module script ran (React Router drops its inline scripts from the page once hydrated).
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator('script[type="text/x-after-paint"]')).toHaveCount(0);
    await expect(page.locator('link[rel="preload"][as="fetch"][href^="/i18n/"]')).toHaveCount(1);
    // Every script file and the catalog were asked for after the first paint (before decision 165: while the document
    // was parsed).
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const app = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$|\/i18n\/.+\.json$/.test(new URL(entry.name).pathname));
      return { paint, count: app.length, earliest: Math.min(...app.map((entry) => entry.startTime)) };
    });
    expect(timing.count).toBeGreaterThan(5);
    expect(timing.earliest).toBeGreaterThanOrEqual(timing.paint);
    // The Intl warm-up worker ran (or gave up) before hydration.
    expect(await page.evaluate(() => window.__porticoIntl !== undefined)).toBe(true);
    // No hydration mismatch (React's error 418 made it client-render the whole page once).
    expect(errors).toEqual([]);
  });
}

test("a button clicked before the app loaded is clicked once, when it has", async ({ page }) => {
  // The app's entry module is held until the click is made, so the click surely lands on server HTML.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/portico/api/portico-echo", { waitUntil: "domcontentloaded" });
  const toggle = page.getByTestId("compare-toggle").first();
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-click-pending", "");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // Pressed (clicked once: a second click would have taken it out again), and the tray shows the API.
  await expect(page.getByTestId("compare-tray")).toContainText("Portico Echo");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(toggle).not.toHaveAttribute("data-click-pending", "");
});
