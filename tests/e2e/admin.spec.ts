import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// The /admin screen (ADMIN_PANEL_ACCESS): guard, user search, grant/revoke with the last-admin rule, search reports.

const ADMIN = { email: "admin@portico.demo", password: "portico-demo-admin" };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await waitForHydration(page);
}

function signUp(page: Page): Promise<string> {
  return signUpNewUser(page, { prefix: "adm" });
}

/** Records a Search event through the public GraphQL mutation, as the search box does. */
async function trackSearch(page: Page, term: string, total: number) {
  const status = await page.evaluate(
    async ({ term, total }) => {
      const csrf = await (await fetch("/gateway/csrf", { credentials: "include" })).json();
      const response = await fetch("/gateway/graphql", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json", "csrf-token": csrf.data.csrfToken },
        body: JSON.stringify({
          query: "mutation($t: String!, $n: Int!) { trackSearchEvent(term: $t, total: $n) }",
          variables: { t: term, n: total },
        }),
      });
      return response.status;
    },
    { term, total },
  );
  expect(status).toBe(200);
}

test("signed out /admin goes to sign in; a signed-in user without the role gets 403", async ({ page }) => {
  await page.goto("/admin?tab=search");
  await expect(page).toHaveURL(/\/auth\?referral=%2Fadmin%3Ftab%3Dsearch$/);
  await signUp(page);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByTestId("menu-admin")).toHaveCount(0);
});

test("the admin finds a user, makes them admin and back, and cannot remove the last admin", async ({ page }) => {
  const username = await signUp(page);
  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("menu-admin").click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();

  await page.getByLabel("Search users").fill("portico-admin");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
  await page.getByTestId("admin-revoke").click();
  await expect(page.getByText("The marketplace must keep at least one administrator")).toBeVisible();
  await expect(page.getByTestId("admin-user-role")).toHaveText("Admin");

  await page.getByLabel("Search users").fill(username);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${username}`));
  const row = page.locator(`[data-testid="admin-user-row"][data-username="${username}"]`);
  await expect(row.getByTestId("admin-user-role")).toHaveText("User");
  await row.getByTestId("admin-grant").click();
  await expect(page.getByText(`${username} is now an administrator.`)).toBeVisible();
  await expect(row.getByTestId("admin-user-role")).toHaveText("Admin");
  await row.getByTestId("admin-revoke").click();
  await expect(page.getByText(`${username} is no longer an administrator.`)).toBeVisible();
  await expect(row.getByTestId("admin-user-role")).toHaveText("User");

  await page.getByLabel("Search users").fill("no-such-user-anywhere");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("admin-no-users")).toBeVisible();
});

test("the admin reads the search reports of the period", async ({ page }) => {
  await signIn(page, ADMIN);
  const term = unique("zeroterm");
  await trackSearch(page, term, 0);
  await trackSearch(page, term, 0);
  await page.goto("/admin");
  await page.getByTestId("admin-tab-search").click();
  await expect(page).toHaveURL(/\/admin\?tab=search$/);
  await expect(page.getByTestId("admin-zero-terms")).toContainText(term);
  await expect(page.getByTestId("admin-top-terms")).toContainText(term);
  await page.getByTestId("admin-period").selectOption("7");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByTestId("admin-zero-terms")).toContainText(term);
  await expect(page.getByTestId("admin-click-through")).toBeVisible();
});

test("the admin ignores a corporate domain and takes it back", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin");
  await page.getByTestId("admin-tab-domains").click();
  await expect(page).toHaveURL(/\/admin\?tab=domains$/);
  const form = page.getByTestId("admin-add-domain");
  await form.getByLabel("Domain to ignore").fill("not a domain");
  await form.getByRole("button", { name: "Ignore" }).click();
  await expect(page.getByText("Enter a domain like example.com")).toBeVisible();
  const domain = `${unique("corp")}.test`;
  await form.getByLabel("Domain to ignore").fill(domain);
  await form.getByRole("button", { name: "Ignore" }).click();
  await expect(page.getByText(`${domain} is ignored: its users are not offered Join Organization.`)).toBeVisible();
  const row = page.locator(`[data-testid="admin-domain-row"][data-domain="${domain}"]`);
  await expect(row.getByTestId("admin-domain-state")).toHaveText("Hidden (ignored)");
  await row.getByTestId("admin-unignore-domain").click();
  await expect(page.getByText(`${domain} is no longer ignored.`)).toBeVisible();
  await expect(row.getByTestId("admin-domain-state")).toHaveText("Offered");
});

test("a promoted user reaches /admin, steps down and lands on the hub", async ({ page, browser }) => {
  const username = await signUp(page);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.goto(`/admin?q=${encodeURIComponent(username)}`);
  await adminPage.getByTestId("admin-grant").click();
  await expect(adminPage.getByTestId("admin-user-role")).toHaveText("Admin");
  await adminContext.close();

  // Roles are read on every request: the user's open session has the admin screen now.
  await page.goto(`/admin?q=${encodeURIComponent(username)}`);
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
  await page.getByTestId("admin-revoke").click();
  await expect(page).toHaveURL(/\/hub$/);
  expect((await page.goto("/admin"))?.status()).toBe(403);
});

async function signUpAt(page: Page, domain: string): Promise<string> {
  const username = await signUpNewUser(page, { prefix: "dom", emailDomain: domain });
  await waitForHydration(page);
  return username;
}

test("a colleague joins through the corporate domain; once the admin ignores it, Join Organization is hidden", async ({
  page,
  browser,
}) => {
  const domain = `${unique("acme")}.test`;
  const orgName = `Domain Org ${Date.now().toString(36)}`;
  await signUpAt(page, domain);
  await page.goto("/org/organizations/create");
  await page.getByLabel("Name").fill(orgName);
  await page.getByLabel("Company e-mail domain (optional)").fill(domain);
  await page.getByTestId("create-org-submit").click();
  await expect(page).toHaveURL(/\/org\?org=/);

  const colleague = await browser.newContext();
  const colleaguePage = await colleague.newPage();
  const colleagueName = await signUpAt(colleaguePage, domain);
  await colleaguePage.getByTestId("orgs-menu-button").click();
  await colleaguePage.getByTestId("menu-join-org").click();
  await expect(colleaguePage).toHaveURL(/\/org\/organizations\/join$/);
  await colleaguePage.getByTestId("joinable-org").filter({ hasText: orgName }).getByRole("button").click();
  await expect(colleaguePage).toHaveURL(/\/org\?org=/);
  await expect(colleaguePage.getByTestId("member-row").filter({ hasText: colleagueName })).toBeVisible();
  await colleague.close();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.goto("/admin?tab=domains");
  const row = adminPage.locator(`[data-testid="admin-domain-row"][data-domain="${domain}"]`);
  await expect(row).toContainText(orgName);
  await row.getByTestId("admin-ignore-domain").click();
  await expect(row.getByTestId("admin-domain-state")).toHaveText("Hidden (ignored)");
  await adminContext.close();

  const late = await browser.newContext();
  const latePage = await late.newPage();
  await signUpAt(latePage, domain);
  await latePage.getByTestId("orgs-menu-button").click();
  await expect(latePage.getByTestId("menu-create-org")).toBeVisible();
  await expect(latePage.getByTestId("menu-join-org")).toHaveCount(0);
  await latePage.goto("/org/organizations/join");
  await expect(latePage.getByTestId("no-joinable")).toBeVisible();
  await late.close();
});
