import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

// The server under test seeds the shipped demo catalog (data/demo) into a fresh database; see playwright.config.ts.

test("hub renders collections from the seeded catalog", async ({ page }) => {
  const response = await page.goto("/hub");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("hero-title")).toContainText(/one SDK, one API key, one dashboard/i);
  const carousels = page.getByTestId("collection-carousel");
  await expect(carousels.first()).toBeVisible();
  expect(await carousels.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByText("Top Weather APIs").first()).toBeVisible();
  expect(await page.getByTestId("api-card").count()).toBeGreaterThan(10);
  await expect(page).toHaveTitle(/Portico/);
  // Structured breadcrumb data on every page.
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(jsonLd).toContain("BreadcrumbList");
});

test("a category page lists that category's APIs", async ({ page }) => {
  await page.goto("/categories");
  await page.getByTestId("category-card").filter({ hasText: "Weather" }).first().click();
  await expect(page).toHaveURL(/\/category\/weather$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Weather");
  expect(await page.getByTestId("api-card").count()).toBeGreaterThan(5);
  await expect(page.getByTestId("breadcrumbs")).toContainText("Home");
});

test("an API page shows the endpoints of its stored spec", async ({ page }) => {
  await page.goto("/tvmaze-com/api/tvmaze-user");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/TVmaze/i);
  await expect(page.getByTestId("tab-bar")).toBeVisible();
  const rows = page.getByTestId("reference-nav-item");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByTestId("method-badge").first()).toHaveText(/GET|POST|PUT|DELETE|PATCH/);
  await expect(page.getByTestId("endpoint-docs")).toBeVisible();
  // The filter narrows the navigation to matching operations as you type.
  await waitForHydration(page);
  await page.getByTestId("reference-filter").fill("vote");
  await expect(rows.first()).toContainText(/vote/i);
  expect(await rows.count()).toBeLessThan(10);
});

test("an unmatched route answers 404 with the spec's message", async ({ page }) => {
  const response = await page.goto("/this/route/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("This page could not be found");
  const badSlug = await page.goto("/category/Not_A_Valid_Slug");
  expect(badSlug?.status()).toBe(404);
});

test("an XSS-shaped path is redirected to /error", async ({ page }) => {
  await page.goto("/search/%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByTestId("error-message")).toBeVisible();
  await page.goto("/category/javascript:alert(1)");
  await expect(page).toHaveURL(/\/error$/);
});

test("/he/hub is right-to-left Hebrew", async ({ page }) => {
  await page.goto("/he/hub");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(html).toHaveAttribute("lang", "he");
  await expect(page.getByTestId("collection-carousel").first()).toBeVisible();
});

test("the dark-mode toggle persists across reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/hub");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.getByTestId("theme-toggle").click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByTestId("theme-toggle").click();
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test.describe("second tenant", () => {
  test.use({ extraHTTPHeaders: { "x-tenant-id": "2" } });

  test("shows its own brand, and its own catalog once signed in", async ({ page }) => {
    // Tenant 2 is a private hub (public mode off): signed-out visitors land on its sign-in page.
    await page.goto("/hub");
    await expect(page).toHaveURL(/\/auth\?referral=%2Fhub$/);
    await expect(page.getByTestId("brand-logo")).toContainText("Acme");
    await expect(page).toHaveTitle(/Acme/);
    await page.getByLabel("E-mail").fill("developer@portico.demo");
    await page.getByLabel("Password").fill("portico-demo-developer");
    await page.getByTestId("sign-in-submit").click();
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByTestId("brand-logo")).toContainText("Acme");
    await expect(page.getByText("Top Weather APIs")).toHaveCount(0);
    // Tenant 1's APIs do not exist here.
    const otherTenantsApi = await page.goto("/tvmaze-com/api/tvmaze-user");
    expect(otherTenantsApi?.status()).toBe(404);
  });
});

test("client-side data requests of an XSS-shaped path get React Router's redirect to /error", async ({ request }) => {
  const response = await request.get("/search/%3Cscript%3Ealert(1)%3C%2Fscript%3E.data", { maxRedirects: 0 });
  expect(response.status()).toBe(204);
  expect(response.headers()["x-remix-redirect"]).toBe("/error");
});

test("the error page's texts", async ({ page }) => {
  const generic = await page.goto("/error");
  expect(generic?.status()).toBe(500);
  await expect(page.getByTestId("error-message")).toHaveText("An error occurred");
  await page.goto("/error?status=404");
  await expect(page.getByTestId("error-message")).toHaveText("Page not found");
  await page.getByRole("link", { name: "Back to the API Hub" }).click();
  await expect(page).toHaveURL(/\/hub$/);
});

test("layout: skip link, templated titles, footer links and breadcrumbs", async ({ page }) => {
  await page.goto("/category/weather");
  await expect(page).toHaveTitle("Weather APIs | Portico");
  await expect(page.getByTestId("top-bar")).toHaveAttribute("data-masthead", "classic");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Weather APIs on Portico/);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const footer = page.getByTestId("site-footer");
  for (const name of ["About", "Blog", "Careers", "Team", "Press", "Contact", "Terms", "Privacy"]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByTestId("cookie-preferences")).toBeVisible();
  await expect(footer.getByTestId("language-dropdown")).toBeVisible();
  // Breadcrumbs lead the content (issue 18), not the footer.
  await expect(footer.getByTestId("breadcrumbs")).toHaveCount(0);
  const crumbs = page.locator("main").getByTestId("breadcrumbs");
  await expect(crumbs).toContainText("Weather");
  const crumbsTop = (await crumbs.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const headingTop = (await page.getByRole("heading", { level: 1 }).boundingBox())?.y ?? 0;
  expect(crumbsTop).toBeLessThan(headingTop);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("BreadcrumbList");
  expect(jsonLd.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", "API Categories", "Weather"]);
});

test("below 1200px the product links move into a side drawer with the search box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/hub");
  await expect(page.getByTestId("nav-hub")).toBeHidden();
  // Search and "Log in" stay in the phone's bar (issue 18); "Sign up" moves into the drawer.
  await expect(page.getByTestId("login-link")).toBeVisible();
  await expect(page.getByTestId("signup-link")).toBeHidden();
  await waitForHydration(page);
  await page.getByTestId("bar-search-button").click();
  await expect(page.getByTestId("nav-drawer").getByPlaceholder("Search for APIs")).toBeFocused();
  await page.keyboard.press("Escape");
  await page.getByTestId("drawer-toggle").click();
  const drawer = page.getByTestId("nav-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByPlaceholder("Search for APIs")).toBeVisible();
  await expect(drawer.getByTestId("drawer-login")).toBeVisible();
  await expect(drawer.getByTestId("drawer-hub")).toBeVisible();
});

test("the language cookie lasts 365 days and is read only at the root", async ({ page, context }) => {
  await page.goto("/hub");
  await page.getByTestId("language-dropdown").locator("summary").click();
  await page.locator('[data-locale="de"]').click();
  await expect(page).toHaveURL(/\/de\/hub$/);
  const cookie = (await context.cookies()).find((c) => c.name === "portico_lang");
  expect(cookie?.value).toBe("de");
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
  await page.goto("/");
  await expect(page).toHaveURL(/\/de$/);
  await page.goto("/hub");
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

test("/page lists the static pages, and /{entity}/{name} leads to profiles and APIs", async ({ page }) => {
  await page.goto("/page");
  await expect(page).toHaveTitle("Pages | Portico");
  await page.getByTestId("page-index").getByRole("link", { name: "About Portico" }).click();
  await expect(page).toHaveURL(/\/page\/about$/);
  await expect(page.getByTestId("page-body")).toContainText("open-source API marketplace");

  await page.goto("/tvmaze-com");
  await expect(page).toHaveURL(/\/user\/tvmaze-com$/);
  await page.goto("/tvmaze-com/tvmaze-user");
  await expect(page).toHaveURL(/\/tvmaze-com\/api\/tvmaze-user$/);
  await page.goto("/de/tvmaze-com");
  await expect(page).toHaveURL(/\/de\/user\/tvmaze-com$/);
  const missing = await page.goto("/nobody-here/nothing");
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("This page could not be found");
  // Settings are personal: signed-out visitors sign in first.
  await page.goto("/tvmaze-com/settings");
  await expect(page).toHaveURL(/\/auth\?referral=%2Ftvmaze-com%2Fsettings$/);
});

test("cookie preferences: the footer reopens the choice, which is kept for 365 days", async ({ page, context }) => {
  await page.goto("/hub");
  await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
  await page.getByTestId("cookie-preferences").click();
  const banner = page.getByTestId("cookie-consent");
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId("cookie-consent-current")).toContainText("all cookies");
  await banner.getByTestId("consent-necessary").click();
  await expect(banner).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === "portico_consent");
  expect(cookie?.value).toBe("necessary");
  expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400).toBeGreaterThan(364);
});

test.describe("second tenant's consent banner", () => {
  test.use({ extraHTTPHeaders: { "x-tenant-id": "2" }, cookieConsent: null });

  test("asks once, before anything optional happens", async ({ page }) => {
    await page.goto("/auth");
    const banner = page.getByTestId("cookie-consent");
    await expect(banner).toContainText("Cookies on Acme Internal Hub");
    await banner.getByTestId("consent-accept").click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("brand-logo")).toContainText("Acme Internal Hub");
    await expect(page.getByTestId("cookie-consent")).toHaveCount(0);
  });
});

test("the notifications tray: unread badge, list, read one and all", async ({ page }) => {
  await page.goto("/auth?referral=%2Fhub");
  await page.getByLabel("E-mail").fill("admin@portico.demo");
  await page.getByLabel("Password").fill("portico-demo-admin");
  await page.getByTestId("sign-in-submit").click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByTestId("notifications-badge")).toHaveText("2");
  // The tray opens once the app has loaded (after the first paint, decision 165).
  await waitForHydration(page);
  await page.getByTestId("notifications-button").click();
  const panel = page.getByTestId("notifications-panel");
  await expect(panel.getByTestId("notification")).toHaveCount(2);
  await expect(panel.getByTestId("notification").first()).toContainText("One key for every API");
  // Fewer than 10 arrived: nothing more to load.
  await expect(panel.getByTestId("notifications-more")).toHaveCount(0);
  await panel.getByTestId("notification-read").first().click();
  await expect(panel.locator('[data-testid="notification"][data-read="true"]')).toHaveCount(1);
  await expect(page.getByTestId("notifications-badge")).toHaveText("1");
  await panel.getByTestId("notifications-read-all").click();
  await expect(panel.locator('[data-testid="notification"][data-read="true"]')).toHaveCount(2);
  await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("notifications-button")).toBeVisible();
  await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
  // Signed in with the unified_masthead flag (on by default): one navigation over hub, apps and studio.
  await expect(page.getByTestId("top-bar")).toHaveAttribute("data-masthead", "unified");
  await expect(page.getByTestId("nav-my-apps")).toBeVisible();
  await expect(page.getByTestId("nav-my-apis")).toBeVisible();
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByTestId("menu-settings")).toHaveAttribute("href", "/auth/user/settings");
  // The user menu's Admin entry leads to a real screen.
  await page.getByTestId("menu-admin").click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
  await expect(page.getByTestId("admin-users-table")).toBeVisible();
  // On a phone the user area moves into the drawer, the bell stays in the bar.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("user-menu-button")).toBeHidden();
  await expect(page.getByTestId("notifications-button")).toBeVisible();
});
