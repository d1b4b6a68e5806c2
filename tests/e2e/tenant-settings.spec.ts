import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// /admin/settings (decision 120): an operator changes brand, theme, a switch, a flag and a string in the browser and
// the public pages show it at once; restoring the first version puts everything back (other specs share this server).

const ADMIN = { email: "admin@portico.demo", password: "portico-demo-admin" };
const API_PAGE = "/portico/api/portico-echo";

async function signIn(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
}

// Whatever happens in a test, the tenant's configuration goes back to version 1 for the specs that run after this one.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
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
    if (first) await call("mutation($id: ID!) { revertTenantSettings(versionId: $id) { version } }", { id: first.id });
  });
  await page.close();
});

test("brand, theme, a switch, a flag and a string change the public pages at once, and a restore undoes them", async ({
  page,
  browser,
}) => {
  const brand = `Operators Hub ${Date.now().toString(36)}`;
  await signIn(page);
  await page.goto("/admin/settings");
  await expect(page.getByTestId("settings-save")).toBeDisabled();

  await page.locator('[data-setting="brandName"]').fill(brand);
  await page.locator('[data-setting="theme.backgroundColor"]').fill("#7c2d12");
  // The live preview follows the draft before anything is saved.
  await expect(page.getByTestId("theme-preview-light").locator("div").first()).toHaveCSS(
    "background-color",
    "rgb(124, 45, 18)",
  );
  await page.locator('[data-setting="switches.tutorials"]').uncheck();
  await page.locator('[data-setting="featureFlags.dark_mode"]').uncheck();
  await page.getByTestId("strings-search").fill("hub.heroTitle");
  const row = page.locator('[data-testid="string-row"][data-key="hub.heroTitle"]');
  await row.getByTestId("string-override").fill("Every API our operators approved");
  await expect(row.getByTestId("string-preview")).toContainText("Every API our operators approved");
  await expect(page.getByTestId("settings-dirty")).toBeVisible();
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("form-notice")).toContainText("Saved as version");

  // A visitor (another browser context, signed out) sees the new configuration on the very next page.
  const visitor = await browser.newPage();
  await visitor.goto(page.url().replace(/\/admin\/settings.*$/, "/hub"));
  await expect(visitor.getByTestId("hero-title")).toHaveText("Every API our operators approved");
  await expect(visitor.getByTestId("site-footer")).toContainText(brand);
  await expect(visitor.locator("html")).toHaveAttribute("style", /--nav-bg:\s*#7c2d12/);
  await expect(visitor.getByTestId("theme-toggle")).toHaveCount(0);
  await visitor.goto(page.url().replace(/\/admin\/settings.*$/, API_PAGE));
  await expect(visitor.getByTestId("tab-bar")).toBeVisible();
  await expect(visitor.getByTestId("tab-tutorials")).toHaveCount(0);

  // History names who changed what; restoring version 1 (the configuration before the first change) undoes it all.
  await page.reload();
  const latest = page.getByTestId("settings-version").first();
  await expect(latest).toContainText("portico-admin");
  await expect(latest).toContainText("featureFlags.dark_mode");
  await page.locator('[data-testid="settings-version"][data-version="1"]').getByTestId("settings-restore").click();
  await expect(page.getByTestId("form-notice")).toContainText("Version 1 restored");
  await visitor.goto(page.url().replace(/\/admin\/settings.*$/, "/hub"));
  await expect(visitor.getByTestId("hero-title")).not.toHaveText("Every API our operators approved");
  await expect(visitor.getByTestId("theme-toggle")).toBeVisible();
  await visitor.close();
});

test("an invalid colour is refused with the field's message and nothing changes", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/settings");
  await page.locator('[data-setting="accentColor"]').fill("blue");
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("settings-section-theme")).toContainText("must be a hex colour");
  await expect(page.getByTestId("settings-dirty")).toBeVisible();
});

test("signed out, /admin/settings asks to sign in; the operator tenant's admin reaches /admin/tenants", async ({
  page,
}) => {
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/auth\?referral=%2Fadmin%2Fsettings$/);
  await signIn(page);
  await page.goto("/admin/tenants");
  await expect(page.getByTestId("create-tenant-form")).toBeVisible();
});
