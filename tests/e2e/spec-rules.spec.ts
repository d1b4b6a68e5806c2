import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The remaining spec rules (decision 122): Docs, /bang, /configs, the dictionary decision, the new hub experience.

const ADMIN = { email: "admin@portico.demo", password: "portico-demo-admin" };

async function signIn(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
}

test("Docs in the menu opens the product documentation, page by page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/hub");
  await page.getByTestId("nav-docs").click();
  // The first Markdown page of a fresh server loads the sanitizer (jsdom) on demand, which can take seconds.
  await expect(page).toHaveURL(/\/docs$/, { timeout: 30_000 });
  await expect(page.getByTestId("docs-article")).toContainText("Create an app");
  await page.getByTestId("docs-nav").getByRole("link", { name: "The gateway" }).click();
  await expect(page.getByTestId("docs-article")).toContainText("X-Api-Key");
  expect((await page.goto("/docs/no-such-page"))?.status()).toBe(404);
});

test("/bang searches, /configs describes the tenant, the discussions dictionary is an honest 404", async ({ page }) => {
  await page.goto("/bang?q=weather%2Fforecast");
  await expect(page).toHaveURL(/\/search\/weatherforecast$/);
  const configs = await page.request.get("/configs");
  expect(configs.headers()["content-type"]).toContain("application/json");
  const body = (await configs.json()) as { brandName: string; featureFlags: Record<string, boolean> };
  expect(body.brandName).toBeTruthy();
  expect(body.featureFlags.unified_masthead).toBe(true);
  expect((await page.goto("/portico/api/portico-echo/discussions/dictionary"))?.status()).toBe(404);
});

test.describe("new hub experience (tenant 2)", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test.afterAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: "portico_tenant", value: "2", url: baseURL ?? "" }]);
    const page = await context.newPage();
    await signIn(page);
    await page.evaluate(async () => {
      const csrf = (await (await fetch("/gateway/csrf")).json()).data.csrfToken as string;
      const call = async (query: string, variables: Record<string, unknown> = {}) =>
        (
          await fetch("/gateway/graphql", {
            method: "POST",
            headers: { "content-type": "application/json", "csrf-token": csrf },
            body: JSON.stringify({ query, variables }),
          })
        ).json();
      const history = await call("{ tenantSettingsHistory { id version } }");
      const first = history.data.tenantSettingsHistory.find((v: { version: number }) => v.version === 1);
      if (first)
        await call("mutation($id: ID!) { revertTenantSettings(versionId: $id) { version } }", { id: first.id });
    });
    await context.close();
  });

  test("with the flag on, choosing the new hub sets pubhub=1, reloads, and shows the new variant", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "portico_tenant", value: "2", url: baseURL ?? "" }]);
    await page.goto("/hub");
    await expect(page.getByTestId("hub-try-new")).toHaveCount(0);
    await signIn(page);
    await page.goto("/admin/settings");
    await page.locator('[data-setting="featureFlags.new-hub-experience"]').check();
    await page.getByTestId("settings-save").click();
    await expect(page.getByTestId("form-notice")).toContainText("Saved as version");
    await page.goto("/hub");
    await page.getByTestId("hub-try-new").click();
    // The page reloads itself (100 ms later), then the server renders the new hub: wait for the reloaded page.
    await expect(page.getByTestId("new-hub")).toBeVisible({ timeout: 15_000 });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "pubhub")?.value).toBe("1");
    await page.getByTestId("hub-classic").click();
    await expect(page.getByTestId("hub-try-new")).toBeVisible({ timeout: 15_000 });
  });
});
