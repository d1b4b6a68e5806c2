import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// The gateway (decision 032) through the browser: My Apps (app, key shown once, copy), the Pricing tab (free plan subscribe, paid plan
// modal), calls through the gateway (from the test and from the API page's try-it) up to the 429 with
// Retry-After, revocation (401), and the provider's plan manager with approvals. Server: playwright.config.ts.

// Each test walks a whole journey (several pages, two users): more than the default 30 s on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };
const ECHO = "/portico/api/portico-echo";

async function signIn(page: Page, account: { email: string; password: string }, referral: string) {
  await page.goto(`/auth?referral=${encodeURIComponent(referral)}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await waitForHydration(page);
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** The gateway's public base URL as My Apps shows it, reachable from the test (the listener binds 127.0.0.1). */
async function gatewayBase(page: Page): Promise<string> {
  const shown = (await page.getByTestId("gateway-base-url").textContent()) ?? "";
  return shown.trim().replace("//localhost:", "//127.0.0.1:");
}

async function callEcho(base: string, key: string, query = ""): Promise<Response> {
  return fetch(`${base}/portico/portico-echo/anything${query}`, { headers: { "X-Api-Key": key } });
}

test("My Apps: create an app and a key shown once, subscribe from Pricing, call through the gateway to the 429, revoke to 401", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  // Signed out, My Apps sends to sign in with the referral; then it opens with nofollow.
  await page.goto("/developer/dashboard");
  await expect(page).toHaveURL(/\/auth\?referral=%2Fdeveloper%2Fdashboard/);
  await signIn(page, DEVELOPER, "/developer/dashboard");
  await expect(page).toHaveURL(/\/developer\/dashboard$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /nofollow/);
  await expect(page.getByTestId("gateway-key-header")).toHaveText("X-Api-Key");
  const gateway = await gatewayBase(page);

  // Create an app, then a key: the full key once, with a warning and a copy button.
  const appName = unique("E2E app");
  await page.getByTestId("new-app-name").fill(appName);
  await page.getByTestId("create-app-submit").click();
  const panel = page.getByTestId("app-panel").filter({ has: page.getByTestId("app-name").getByText(appName) });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("no-keys")).toBeVisible();
  await panel.getByTestId("create-key").click();
  await expect(panel.getByTestId("key-warning")).toContainText("shown only once");
  const shown = ((await panel.getByTestId("key-secret").textContent()) ?? "").trim();
  await panel.getByTestId("copy-key").click();
  await expect(panel.getByTestId("key-copied")).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(shown);
  expect(key).toMatch(/^pk_/);
  const prefix = ((await panel.getByTestId("key-prefix").first().textContent()) ?? "").replace("…", "");
  expect(prefix.length).toBeLessThan(key.length);
  expect(key.startsWith(prefix)).toBe(true);

  // After a reload the list shows only the prefix: the full key is gone for good.
  await page.reload();
  await expect(panel.getByTestId("key-row")).toHaveCount(1);
  await expect(panel.getByTestId("key-reveal")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  // Not subscribed yet: the gateway refuses the key with 403.
  expect((await callEcho(gateway, key)).status).toBe(403);

  // Pricing tab: plan texts word for word; a paid plan opens the subscription modal; the free plan subscribes the app.
  await page.goto(ECHO);
  await page.getByTestId("tab-pricing").click();
  await expect(page).toHaveURL(new RegExp(`${ECHO}/pricing$`));
  const basic = page.locator('[data-testid="plan-card"][data-plan-name="Basic"]');
  const pro = page.locator('[data-testid="plan-card"][data-plan-name="Pro"]');
  await expect(basic.getByTestId("plan-price")).toHaveText("Free");
  await expect(basic.getByTestId("plan-recommended")).toBeVisible();
  await expect(basic.getByTestId("plan-rate-limit")).toHaveText("10 requests per minute");
  await expect(basic.getByTestId("plan-quota")).toHaveText("1,000 / day");
  await expect(pro.getByTestId("plan-price")).toHaveText("$19.00");
  await expect(pro.getByTestId("plan-rate-limit")).toHaveText("100 requests per second");
  await expect(pro.getByTestId("plan-quota")).toHaveText("1,000,000 / mo");
  await expect(pro.getByTestId("plan-limit-mode")).toHaveText("Overage: $0.0001 per request");
  // Paid plans open the subscription modal (tests/e2e/billing.spec.ts pays in it); Escape closes it.
  await pro.getByTestId("plan-subscribe").click();
  await expect(page.getByTestId("subscribe-modal")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("subscribe-modal")).toHaveCount(0);
  await basic.getByTestId("plan-subscribe").click();
  await basic.getByTestId("subscribe-app").selectOption({ label: appName });
  await basic.getByTestId("subscribe-submit").click();
  await expect(basic.getByTestId("subscribe-result")).toHaveAttribute("data-status", "subscribed");
  await expect(basic.getByTestId("plan-subscribed-app").filter({ hasText: appName })).toBeVisible();

  // A call from the test with the copied key goes through.
  const first = await callEcho(gateway, key, "?from=e2e");
  expect(first.status).toBe(200);
  expect(first.headers.get("x-ratelimit-limit")).toBe("10");

  // The API page's try-it calls through the gateway with the same key.
  await page.goto(ECHO);
  await waitForHydration(page);
  await page.getByTestId("reference-nav-item").filter({ hasText: "/anything" }).first().click();
  await expect(page.getByTestId("operation-path")).toHaveText(/\/anything/);
  const row = page.getByTestId("reference");
  // My Apps kept the key it showed once in this browser: try-it uses it, masked to its last four characters.
  await expect(row.getByTestId("try-it-key-value")).toHaveText(new RegExp(`${key.slice(-4)}$`));
  await row.getByTestId("try-it-send").click();
  await expect(row.getByTestId("try-it-via")).toHaveAttribute("data-via", "gateway");
  await expect(row.getByTestId("try-it-status")).toContainText("200");

  // Over the plan's rate limit (10 per minute): 429 with Retry-After and the rate-limit headers.
  let limited: Response | null = null;
  for (let i = 0; i < 12 && !limited; i++) {
    const response = await callEcho(gateway, key, `?n=${i}`);
    if (response.status === 429) limited = response;
    else expect(response.status).toBe(200);
  }
  expect(limited?.status).toBe(429);
  expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(limited?.headers.get("x-ratelimit-remaining")).toBe("0");
  // try-it shows the same 429.
  await row.getByTestId("try-it-send").click();
  await expect(row.getByTestId("try-it-status")).toContainText("429");

  // My Apps shows the subscription and the metered calls (records are batched off the hot path).
  await page.goto("/developer/dashboard");
  await expect(panel.getByTestId("subscription-status")).toHaveText("Subscribed");
  await expect(async () => {
    await page.reload();
    expect(Number(await panel.getByTestId("usage-calls").textContent())).toBeGreaterThanOrEqual(10);
  }).toPass({ timeout: 15_000 });
  await expect(panel.getByTestId("usage-chart")).toBeVisible();

  // Revoke (after confirming): the gateway answers 401.
  await panel.getByTestId("revoke-key").click();
  await panel.getByTestId("revoke-key-confirm").click();
  await expect(panel.getByTestId("key-status")).toHaveText("Revoked");
  await expect(async () => {
    expect((await callEcho(gateway, key)).status).toBe(401);
  }).toPass({ timeout: 5_000 });
});

test("Pricing signed out prompts to log in; rotating a key keeps the old one during the overlap", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto(`${ECHO}/pricing`);
  await expect(page.getByTestId("login-panel")).toBeVisible();
  await expect(page.getByTestId("plan-subscribe-login").first()).toHaveAttribute("href", /\/auth\?referral=/);

  const dev = await newPage(browser, baseURL);
  await signIn(dev, DEVELOPER, "/developer/dashboard");
  const gateway = await gatewayBase(dev);
  const appName = unique("Rotate app");
  // Subscribe with an app created inline from the Pricing tab.
  await dev.goto(`${ECHO}/pricing`);
  const basic = dev.locator('[data-testid="plan-card"][data-plan-name="Basic"]');
  await basic.getByTestId("plan-subscribe").click();
  await basic.getByTestId("subscribe-app").selectOption({ label: "New app…" });
  await basic.getByTestId("subscribe-submit").click();
  await expect(basic.getByTestId("error-newAppName")).toHaveText("The app needs a name");
  await basic.getByTestId("subscribe-new-app").fill(appName);
  await basic.getByTestId("subscribe-submit").click();
  await expect(basic.getByTestId("subscribe-result")).toContainText(`${appName} is subscribed to Basic.`);

  await dev.goto("/developer/dashboard");
  const panel = dev.getByTestId("app-panel").filter({ has: dev.getByTestId("app-name").getByText(appName) });
  await panel.getByTestId("create-key").click();
  const oldKey = ((await panel.getByTestId("key-secret").textContent()) ?? "").trim();
  await panel.getByTestId("dismiss-key").click();
  await expect(panel.getByTestId("key-reveal")).toHaveCount(0);
  await panel.getByTestId("rotate-key").click();
  await panel.getByTestId("rotate-key-confirm").click();
  const rotated = panel.locator('[data-testid="key-row"]').filter({ has: dev.getByTestId("key-reveal") });
  const newKey = ((await rotated.getByTestId("key-secret").textContent()) ?? "").trim();
  expect(newKey).toMatch(/^pk_/);
  expect(newKey).not.toBe(oldKey);
  await expect(panel.locator('[data-testid="key-row"][data-status="EXPIRING"]')).toHaveCount(1);
  await expect(panel.locator('[data-testid="key-row"][data-status="ACTIVE"]')).toHaveCount(1);
  expect((await callEcho(gateway, oldKey)).status).toBe(200);
  expect((await callEcho(gateway, newKey)).status).toBe(200);

  // Rename the app; deleting it is refused while it is subscribed, then works after unsubscribing.
  const renamed = `${appName} renamed`;
  await panel.getByTestId("edit-app").click();
  await panel.getByTestId("edit-app-name").fill(renamed);
  await panel.getByTestId("edit-app-save").click();
  const renamedPanel = dev.getByTestId("app-panel").filter({ has: dev.getByTestId("app-name").getByText(renamed) });
  await expect(renamedPanel).toBeVisible();
  await renamedPanel.getByTestId("delete-app").click();
  await renamedPanel.getByTestId("delete-app-confirm").click();
  await expect(renamedPanel.getByTestId("delete-app-form").getByTestId("action-error")).toContainText("Unsubscribe");
  await renamedPanel.getByTestId("unsubscribe").click();
  await renamedPanel.getByTestId("unsubscribe-confirm").click();
  await expect(renamedPanel.getByTestId("no-subscriptions")).toBeVisible();
  await renamedPanel.getByTestId("delete-app-confirm").click();
  await expect(renamedPanel).toHaveCount(0);
  expect((await callEcho(gateway, newKey)).status).toBe(401);
  await dev.context().close();
});

test("Provider: plans with every field, field errors, approval-required plan approved from the plan manager", async ({
  page,
  browser,
  baseURL,
}) => {
  // A provider with an API of their own (created through the studio's GraphQL operations).
  const username = await signUpNewUser(page, { prefix: "prov", referral: "/hub" });
  await waitForHydration(page);
  const { slug, apiId } = await page.evaluate(async () => {
    const csrf = (await (await fetch("/gateway/csrf")).json()) as { data: { csrfToken: string } };
    const post = async (query: string, variables: Record<string, unknown>) => {
      const r = await fetch("/gateway/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "csrf-token": csrf.data.csrfToken },
        body: JSON.stringify({ query, variables }),
      });
      return (await r.json()) as { data?: Record<string, { id?: string; slug?: string }>; errors?: unknown };
    };
    const created = await post("mutation($n: String!) { createApi(input: { name: $n }) { id slug } }", {
      n: "E2E Plans API",
    });
    const api = created.data?.createApi;
    const spec = JSON.stringify({
      openapi: "3.0.3",
      info: { title: "E2E Plans API", version: "1.0.0" },
      paths: {
        "/items": { get: { summary: "List items", responses: { "200": { description: "ok" } } } },
        "/items/{id}": {
          get: {
            summary: "One item",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
    await post("mutation($a: ID!, $t: String) { importApiSpec(apiId: $a, text: $t) { version { id } } }", {
      a: api?.id,
      t: spec,
    });
    return { slug: api?.slug ?? "", apiId: api?.id ?? "" };
  });
  expect(slug).not.toBe("");
  const apiPage = `/${username}/api/${slug}`;

  await page.goto(`${apiPage}/pricing`);
  await expect(page.getByTestId("no-plans")).toBeVisible();
  await expect(page.getByTestId("manage-plans-link")).toHaveAttribute("href", `${apiPage}/plans/manage`);
  // The studio's API page leads to the plan manager too.
  await page.goto(`/studio/apis/${apiId}`);
  await page.getByTestId("studio-plans").click();
  await expect(page).toHaveURL(new RegExp(`${apiPage}/plans/manage$`));

  // Field errors from the form's zod check.
  const form = page.getByTestId("plan-create-form");
  await form.getByTestId("plan-field-name").fill("Partner");
  await form.getByTestId("plan-field-monthlyPrice").fill("12.345");
  await form.getByTestId("plan-rate-count-kind").check();
  await form.getByTestId("plan-field-rateLimitCount").fill("0");
  await form.getByTestId("plan-field-quota").fill("ten");
  await form.getByTestId("plan-save").click();
  await expect(form.getByTestId("error-monthlyPrice")).toHaveText("Enter a monthly price such as 19.00");
  await expect(form.getByTestId("error-rateLimitCount")).toHaveText("Enter a whole number of requests, at least 1");
  await expect(form.getByTestId("error-quota")).toHaveText("Enter a whole number of requests, at least 1");

  // A valid free plan: 2 requests per hour, 100 / mo with overage, one per-endpoint object, approval required.
  await form.getByTestId("plan-field-monthlyPrice").fill("");
  await form.getByTestId("plan-field-rateLimitCount").fill("2");
  await form.getByTestId("plan-field-rateLimitUnit").selectOption("hour");
  await form.getByTestId("plan-field-quota").fill("100");
  await form.getByTestId("plan-overage-mode").check();
  await form.getByTestId("plan-field-overagePrice").fill("0.002");
  await form.getByTestId("plan-field-recommended").check();
  await form.getByTestId("plan-field-approvalRequired").check();
  await form.getByTestId("plan-field-features").fill("Two calls an hour\nHuman support");
  await form.getByTestId("plan-add-object").click();
  const object = form.getByTestId("plan-object-fields").first();
  await object.getByLabel("Name").fill("Single items");
  await object.getByLabel("Requests").fill("5");
  await object.getByLabel("GET /items/{id}").check();
  await form.getByTestId("plan-save").click();
  await expect(form.getByTestId("plan-saved")).toBeVisible();
  const managed = page.locator('[data-testid="managed-plan"][data-plan-name="Partner"]');
  await expect(managed.getByTestId("plan-rate-limit")).toHaveText("2 requests per hour");
  await expect(managed.getByTestId("plan-quota")).toHaveText("100 / mo");
  await expect(managed.getByTestId("plan-limit-mode")).toHaveText("Overage: $0.002 per request");
  await expect(managed.getByTestId("plan-object")).toContainText("GET /items/{id}");

  // A second, paid, private plan with one request per day; private plans stay off the public Pricing tab.
  // The create form stays open after a save (it opened by itself: the API had no plan), emptied for the next one.
  await expect(form.getByTestId("plan-field-name")).toHaveValue("");
  await form.getByTestId("plan-field-name").fill("Internal");
  await form.getByTestId("plan-field-monthlyPrice").fill("5");
  await form.getByLabel("One request per unit").check();
  await form.getByTestId("plan-field-rateLimitUnit").selectOption("day");
  await form.getByTestId("plan-field-private").check();
  await form.getByTestId("plan-save").click();
  const internal = page.locator('[data-testid="managed-plan"][data-plan-name="Internal"]');
  await expect(internal.getByTestId("plan-rate-limit")).toHaveText("one request per day");

  // Edit: deprecate Internal.
  await internal.getByTestId("plan-edit").click();
  await internal.getByTestId("plan-field-deprecated").check();
  await internal.getByTestId("plan-save").click();
  await expect(internal.getByTestId("managed-deprecated")).toBeVisible();

  // The developer subscribes to Partner: pending approval.
  const dev = await newPage(browser, baseURL);
  await signIn(dev, DEVELOPER, `${apiPage}/pricing`);
  await expect(dev.locator('[data-testid="plan-card"][data-plan-name="Internal"]')).toHaveCount(0);
  const partner = dev.locator('[data-testid="plan-card"][data-plan-name="Partner"]');
  await expect(partner.getByTestId("plan-rate-limit")).toHaveText("2 requests per hour");
  await expect(partner.getByTestId("plan-price")).toHaveText("Free");
  const appName = unique("Partner app");
  await partner.getByTestId("plan-subscribe").click();
  await partner.getByTestId("subscribe-app").selectOption({ label: "New app…" });
  await partner.getByTestId("subscribe-new-app").fill(appName);
  await partner.getByTestId("subscribe-submit").click();
  await expect(partner.getByTestId("subscribe-result")).toHaveAttribute("data-status", "pending_approval");
  await dev.goto("/developer/dashboard");
  const devPanel = dev.getByTestId("app-panel").filter({ has: dev.getByTestId("app-name").getByText(appName) });
  await expect(devPanel.getByTestId("subscription-status")).toHaveText("Pending approval");

  // The provider approves it.
  await page.reload();
  const pending = page.getByTestId("pending-list").getByTestId("managed-subscription").filter({ hasText: appName });
  await pending.getByTestId("decide-approve").click();
  await expect(
    page.getByTestId("subscriber-list").getByTestId("managed-subscription").filter({ hasText: appName }),
  ).toHaveAttribute("data-status", "subscribed");
  await dev.reload();
  await expect(devPanel.getByTestId("subscription-status")).toHaveText("Subscribed");

  // The API has no reachable upstream: the provider switches the gateway to mock mode (answers from the spec).
  await expect(page.getByTestId("gateway-mode")).toHaveAttribute("data-mode", "proxy");
  await page.getByTestId("gateway-mode-mock").check();
  await page.getByTestId("gateway-mode-save").click();
  await expect(page.getByTestId("gateway-mode-saved")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("gateway-mode")).toHaveAttribute("data-mode", "mock");

  // Someone else's plan manager is a 404.
  const other = await dev.goto(`${apiPage}/plans/manage`);
  expect(other?.status()).toBe(404);
  await dev.context().close();
});
