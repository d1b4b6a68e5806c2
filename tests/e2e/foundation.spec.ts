import { expect, test } from "./fixtures";

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
  const rows = page.getByTestId("endpoint-row");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByTestId("method-badge").first()).toHaveText(/GET|POST|PUT|DELETE|PATCH/);
  // The filter narrows the list to matching operations.
  await page.getByTestId("endpoint-filter").fill("vote");
  await page.getByTestId("endpoint-filter").press("Enter");
  await expect(page).toHaveURL(/\?q=vote/);
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
