import { expect, test } from "./fixtures";

// Decision 162: a signed-out visitor gets the hub as server HTML without React, plus one small script. Every control
// on it must still work; React pages that navigate to the hub keep rendering it themselves.

test("a visitor's hub ships no React app and no loader data, only the visitor script", async ({ page }) => {
  const response = await page.goto("/hub");
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain("__reactRouterContext");
  expect(html).not.toContain('rel="modulepreload"');
  // Its links are plain links: no route-discovery attribute for a router that never runs here.
  expect(html).toContain('href="/categories"');
  expect(html).not.toContain("data-discover");
  expect(html).toMatch(/<script src="\/assets\/visitor-page-[\w-]+\.js" nonce="[\w-]+" defer/);
  await expect(page.locator("html")).toHaveAttribute("data-visitor-ready", "true");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", /.*/);
  // The CSP nonce of the response is the one on the script (cached pages get their own, decision 161).
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /nonce="([\w-]+)" defer/.exec(html)?.[1];
  expect(csp).toContain(`'nonce-${nonce}'`);
});

test("the hero's typeahead: options, arrow keys, Enter opens the highlighted API; Escape closes", async ({ page }) => {
  await page.goto("/hub");
  const hero = page.getByTestId("hero-search");
  const input = hero.getByTestId("hero-search-input");
  await input.fill("weath/er");
  await expect(input).toHaveValue("weather");
  const options = hero.getByTestId("search-option");
  await expect(options.first()).toBeVisible();
  await expect(hero.getByTestId("search-all-results")).toContainText(/To All Results \(\d+\)/);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await input.press("Escape");
  await expect(hero.getByTestId("search-dropdown")).toBeHidden();
  await input.press("ArrowDown");
  await expect(options.first()).toBeVisible();
  await input.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const href = await options.first().getAttribute("href");
  // The SearchClick event goes out (keepalive) although the choice leaves the page at once.
  const click = page.waitForRequest(
    (r) => r.url().endsWith("/gateway/graphql") && (r.postData() ?? "").includes("trackSearchClick"),
  );
  await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const event = await click;
  expect(JSON.parse(event.postData() ?? "{}").variables).toMatchObject({ position: 1, searchIndex: "apis" });
  expect(event.headers()["csrf-token"]).toBeTruthy();
});

test("Enter without a highlighted option goes to the results; the clear button empties the box", async ({ page }) => {
  await page.goto("/hub");
  const input = page.getByTestId("hero-search-input");
  await input.fill("maps");
  const clear = page.getByTestId("hero-search").getByTestId("search-clear");
  await expect(clear).toBeVisible();
  await clear.click();
  await expect(input).toHaveValue("");
  await expect(clear).toBeHidden();
  await input.fill("geo");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\/geo$/);
});

test("'/' focuses the top bar's search; the theme toggle switches and is remembered", async ({ page }) => {
  await page.goto("/hub");
  await page.getByTestId("hero-title").click();
  await page.keyboard.press("/");
  await expect(page.getByTestId("search-input")).toBeFocused();
  await page.getByTestId("search-input").fill("weather");
  await expect(page.getByTestId("top-bar").getByTestId("search-option").first()).toBeVisible();

  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});

test("Compare on the cards fills the tray, which leads to the comparison", async ({ page }) => {
  await page.goto("/hub");
  const toggles = page.getByTestId("compare-toggle");
  await toggles.nth(0).click();
  await expect(toggles.nth(0)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("compare-tray-item")).toHaveCount(1);
  await toggles.nth(1).click();
  await expect(page.getByTestId("compare-tray-item")).toHaveCount(2);
  await page.getByTestId("compare-tray-go").click();
  await expect(page).toHaveURL(/\/compare\?apis=[^,]+,[^,]+$/);
  // The React pages read the same stored selection.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("portico.compare") ?? "[]").length)).toBe(2);
});

test("Follow on a card leads a visitor to sign in and back; the carousel arrows scroll", async ({ page }) => {
  await page.goto("/hub");
  const strip = page.getByTestId("collection-carousel").first().locator("[data-carousel-strip]");
  await page.getByTestId("collection-carousel").first().getByRole("button", { name: "Scroll forward" }).click();
  await expect.poll(() => strip.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(0);
  await page.getByTestId("follow-button").first().click();
  await expect(page).toHaveURL(/\/auth\?referral=%2Fhub$/);
});

test("on a phone the drawer opens, searches and closes without React", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/hub");
  await page.getByTestId("bar-search-button").click();
  const drawer = page.getByTestId("nav-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("drawer-search-input")).toBeFocused();
  await drawer.getByTestId("drawer-search-input").fill("weather");
  await expect(drawer.getByTestId("search-option").first()).toBeVisible();
  await drawer.getByRole("button", { name: "Close menu" }).click();
  await expect(drawer).toBeHidden();
  await page.getByTestId("drawer-toggle").click();
  await expect(drawer).toBeVisible();
  await context.close();
});

test("a React page navigates to the hub on the client, and the hub's cards work there", async ({ page }) => {
  await page.goto("/categories");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => {
    (window as Window & { stayedOnPage?: boolean }).stayedOnPage = true;
  });
  await page.getByTestId("nav-hub").click();
  await expect(page).toHaveURL(/\/hub$/);
  // The hub's data and route chunk arrive after the URL changed; a loaded machine takes a few seconds.
  await expect(page.getByTestId("hero-title")).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as Window & { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  await page.getByTestId("compare-toggle").first().click();
  await expect(page.getByTestId("compare-tray")).toBeVisible();
});
