import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

// Analytics (decision 090) through the browser: the demo developer publishes a mock API, calls it through the gateway
// with their own app, and sees the calls in the studio's analytics, the request log (filters, details), the CSV export,
// My Apps' app analytics; an error-rate alert fires into the notifications and the outbox; /admin sees the tenant.

test.describe.configure({ timeout: 180_000 });

const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };
const ADMIN = { email: "admin@portico.demo", password: "portico-demo-admin" };
const GATEWAY = `http://127.0.0.1:${Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1)}`;

const SPEC = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Metered", version: "1.0.0" },
  paths: {
    "/items": {
      get: {
        summary: "List items",
        responses: { "200": { description: "ok", content: { "application/json": { example: [{ id: 1 }] } } } },
      },
    },
  },
});

async function csrf(request: APIRequestContext): Promise<string> {
  const response = await request.get("/gateway/csrf");
  return ((await response.json()) as { data: { csrfToken: string } }).data.csrfToken;
}

async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const response = await request.post("/gateway/graphql", {
    headers: { "csrf-token": await csrf(request), accept: "application/json" },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  if (!body.data) throw new Error(`GraphQL answered ${response.status()}`);
  return body.data;
}

async function signIn(page: Page, account: { email: string; password: string }, referral: string) {
  await page.goto(`/auth?referral=${encodeURIComponent(referral)}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await waitForHydration(page);
}

/** The newest mail of a kind to an address in the e2e server's outbox (as tests/e2e/sign-up.ts reads it). */
function outboxMail(to: string, kind: string): { subject: string; body_text: string } | undefined {
  const dir = process.env.PORTICO_E2E_DATA_DIR;
  if (!dir) throw new Error("PORTICO_E2E_DATA_DIR is not set (see playwright.config.ts)");
  const db = new Database(path.join(dir, "portico.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "select subject, body_text from mail_outbox where to_address = ? and kind = ? order by created_at desc limit 1",
      )
      .get(to, kind) as { subject: string; body_text: string } | undefined;
  } finally {
    db.close();
  }
}

/** A mock API of the signed-in developer with a free plan, and an app of theirs subscribed with a key. */
async function publishAndSubscribe(request: APIRequestContext) {
  const name = `Metered ${Date.now().toString(36)}`;
  const { createApi } = await graphql<{ createApi: { id: string; slug: string; ownerUsername: string } }>(
    request,
    'mutation($n: String!) { createApi(input: { name: $n, shortDescription: "Analytics e2e" }) { id slug ownerUsername } }',
    { n: name },
  );
  await graphql(request, "mutation($id: ID!, $t: String!) { importApiSpec(apiId: $id, text: $t) { version { id } } }", {
    id: createApi.id,
    t: SPEC,
  });
  await graphql(request, "mutation($id: ID!) { setApiGatewayMode(apiId: $id, mode: MOCK) }", { id: createApi.id });
  const { createPlan } = await graphql<{ createPlan: { id: string } }>(
    request,
    'mutation($id: ID!) { createPlan(apiId: $id, input: { name: "Free", quota: 1000, quotaPeriod: DAY }) { id } }',
    { id: createApi.id },
  );
  const appName = `Analytics app ${Date.now().toString(36)}`;
  const { createApp } = await graphql<{ createApp: { id: string } }>(
    request,
    "mutation($n: String!) { createApp(name: $n) { id } }",
    { n: appName },
  );
  const { createAppKey } = await graphql<{ createAppKey: { secret: string } }>(
    request,
    "mutation($a: ID!) { createAppKey(appId: $a) { secret } }",
    { a: createApp.id },
  );
  await graphql(request, "mutation($p: ID!, $a: ID!) { subscribeToPlan(planId: $p, appId: $a) { id } }", {
    p: createPlan.id,
    a: createApp.id,
  });
  return {
    apiId: createApi.id,
    apiName: name,
    base: `${GATEWAY}/${createApi.ownerUsername}/${createApi.slug}`,
    appId: createApp.id,
    appName,
    key: createAppKey.secret,
  };
}

test("calls through the gateway show in provider analytics, the request log, the CSV, My Apps and /admin; an alert fires", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, DEVELOPER, "/studio");
  const setup = await publishAndSubscribe(page.context().request);

  // 8 answered calls (mock answers) and 4 refused ones (an undocumented path: 404): an error rate of 33.33 %.
  let requestId = "";
  for (let i = 0; i < 8; i++) {
    const response = await fetch(`${setup.base}/items?n=${i}`, { headers: { "X-Api-Key": setup.key } });
    expect(response.status).toBe(200);
    requestId = response.headers.get("x-portico-request-id") ?? "";
  }
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${setup.base}/missing`, { headers: { "X-Api-Key": setup.key } });
    expect(response.status).toBe(404);
  }
  expect(requestId).not.toBe("");

  // An alert on the error rate (above 10 % over 5 minutes), set from the analytics page.
  await page.goto(`/studio/analytics?api=${setup.apiId}&range=1h`);
  await page.getByTestId("alert-form").getByLabel("API").selectOption(setup.apiId);
  await page.getByTestId("alert-form").getByLabel("Above").fill("10");
  await page.getByTestId("alert-form").getByLabel("Over the last (minutes)").fill("5");
  await page.getByTestId("alert-create").click();
  await expect(page.getByTestId("form-notice")).toHaveText("Alert added.");

  // Provider analytics: the 12 calls (metering writes them in batches within about a second).
  await expect(async () => {
    await page.goto(`/studio/analytics?api=${setup.apiId}&range=1h`);
    await expect(page.getByTestId("analytics-dashboard")).toHaveAttribute("data-calls", "12", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("kpi-error-rate")).toContainText("33.33 %");
  await expect(page.getByTestId("top-endpoints")).toContainText("GET /items");
  await expect(page.getByTestId("top-consumers")).toContainText(setup.appName);
  await expect(page.getByTestId("top-consumers")).toContainText("Free");
  await expect(page.getByTestId("quota-table")).toContainText("Free");
  // The chart library draws in the browser.
  await expect(page.getByTestId("chart-calls").locator("canvas").first()).toBeVisible();

  // CSV export of what is shown.
  const csvHref = await page.getByTestId("csv-link").getAttribute("href");
  const csv = await page.context().request.get(csvHref ?? "");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const csvText = await csv.text();
  expect(csvText).toContain("totals,exact,12,8,4,0,33.33");
  expect(csvText).toContain("GET /items");

  // A reversed custom range is refused with a clear message.
  await page.goto(`/studio/analytics?api=${setup.apiId}&range=custom&from=2026-01-02T00:00&to=2026-01-01T00:00`);
  await expect(page.getByTestId("range-error")).toContainText("The range's end must be after its start");

  // The request log: filter the refusals, open one call's details.
  await page.goto(`/studio/logs?api=${setup.apiId}&range=1h`);
  await expect(page.getByTestId("log-table").getByTestId("log-status")).toHaveCount(12);
  await page.getByLabel("Status").fill("4xx");
  await page.getByTestId("analytics-show").click();
  await expect(page.getByTestId("log-table").getByTestId("log-status")).toHaveCount(4);
  await expect(page.getByTestId("log-table")).not.toContainText("200");
  await page.goto(`/studio/logs?api=${setup.apiId}&range=1h&requestId=${encodeURIComponent(requestId)}`);
  await page.getByTestId("log-detail-link").first().click();
  await expect(page.getByTestId("log-detail")).toContainText(requestId);
  await expect(page.getByTestId("log-detail")).toContainText(setup.appName);
  await expect(page.getByTestId("log-detail")).not.toContainText(setup.key);

  // The consumer's side: My Apps links to the app's analytics and its own log.
  await page.goto("/developer/dashboard");
  const panel = page.getByTestId("app-panel").filter({ has: page.getByTestId("app-name").getByText(setup.appName) });
  await panel.getByTestId("app-analytics-link").click();
  await expect(page).toHaveURL(new RegExp(`/developer/apps/${setup.appId}/analytics`));
  await page.goto(`/developer/apps/${setup.appId}/analytics?range=1h`);
  await expect(page.getByTestId("analytics-dashboard")).toHaveAttribute("data-calls", "12");
  await expect(page.getByTestId("quota-table")).toContainText("Free");
  await page.goto(`/developer/apps/${setup.appId}/logs?range=1h`);
  await expect(page.getByTestId("log-table").getByTestId("log-status")).toHaveCount(12);

  // The alert fires (the worker checks every 30 s): a notification and an e-mail through the outbox.
  await expect(async () => {
    const { newNotificationsByUserId } = await graphql<{
      newNotificationsByUserId: { nodes: Array<{ title: string }> };
    }>(page.context().request, "{ newNotificationsByUserId(limit: 10) { nodes { title } } }");
    expect(newNotificationsByUserId.nodes.map((n) => n.title)).toContain(`Error rate alert: ${setup.apiName}`);
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  expect(outboxMail(DEVELOPER.email, "analytics-alert")?.subject).toBe(`Error rate alert: ${setup.apiName}`);
  await page.goto(`/studio/analytics?api=${setup.apiId}&range=1h`);
  await expect(page.getByTestId("alert-row").first()).toHaveAttribute("data-state", "firing");

  // The tenant admin sees the calls across the marketplace.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signIn(admin, ADMIN, "/admin/analytics?range=1h");
  await admin.goto("/admin/analytics?range=1h");
  const calls = Number(await admin.getByTestId("analytics-dashboard").getAttribute("data-calls"));
  expect(calls).toBeGreaterThanOrEqual(12);
});
