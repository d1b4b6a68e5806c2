import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

// The server under test seeds the demo catalog and the built-in demo APIs (Portico Echo runs in-process behind the
// gateway, with a free Basic plan); see playwright.config.ts.

const ECHO = "/portico/api/portico-echo";

async function csrf(request: APIRequestContext): Promise<string> {
  const response = await request.get("/gateway/csrf");
  const body = (await response.json()) as { data: { csrfToken: string } };
  return body.data.csrfToken;
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

/**
 * Signs the page's browser context in as the demo developer and gives it an app subscribed to Portico Echo's free plan,
 * with a key created over GraphQL (so this browser never saw it: try-it has no stored key for it).
 */
async function developerKey(page: Page): Promise<string> {
  return (await developerApp(page)).secret;
}

async function developerApp(page: Page): Promise<{ secret: string; appName: string }> {
  const request = page.context().request;
  const signIn = await request.post("/authentication/sign-in", {
    headers: { "csrf-token": await csrf(request), accept: "application/json" },
    data: { email: "developer@portico.demo", password: "portico-demo-developer" },
  });
  expect(signIn.ok()).toBe(true);
  const { api } = await graphql<{ api: { id: string } }>(
    request,
    "query($u: String!, $s: String!) { api(username: $u, slug: $s) { id } }",
    { u: "portico", s: "portico-echo" },
  );
  const { apiPlans } = await graphql<{ apiPlans: Array<{ id: string; name: string }> }>(
    request,
    "query($id: ID!) { apiPlans(apiId: $id) { id name } }",
    { id: api.id },
  );
  const basic = apiPlans.find((p) => p.name === "Basic");
  if (!basic) throw new Error("Portico Echo has no Basic plan");
  const appName = `try-it ${Date.now()}`;
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
    p: basic.id,
    a: createApp.id,
  });
  return { secret: createAppKey.secret, appName };
}

async function openEndpoint(page: Page, method: string, path: string) {
  await waitForHydration(page);
  const item = page
    .getByTestId("reference-nav-item")
    .filter({
      has: page.getByTestId("method-badge").filter({ hasText: new RegExp(`^${method}$`) }),
      hasText: path,
    })
    .first();
  await item.click();
  await expect(item).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("try-it")).toBeVisible();
  return page.getByTestId("reference");
}

test("an endpoint expands into its schemas, a mock answer and code snippets", async ({ page }) => {
  await page.goto(ECHO);
  const row = await openEndpoint(page, "POST", "/anything");
  // Response schema resolved from its $ref (#/components/schemas/Echo) into a tree.
  await expect(row.getByTestId("endpoint-responses").getByTestId("schema-tree").first()).toContainText("Echo");
  await expect(row.getByTestId("endpoint-responses")).toContainText("receivedAt");
  // The body editor is prefilled from the spec's example.
  await expect(row.getByTestId("try-it-body")).toHaveValue(/"hello": "world"/);
  await row.getByTestId("try-it-send").click();
  await expect(row.getByTestId("try-it-status")).toHaveText(/^200/);
  await expect(row.getByTestId("try-it-via")).toHaveAttribute("data-via", "mock");
  // Said plainly (issue 18): a mock, and why; no "0 ms" that would read as a measured call.
  const notice = row.getByTestId("try-it-mock-notice");
  await expect(notice).toHaveAttribute("data-reason", "noKey");
  await expect(notice).toContainText("This is a mock answer, not a call to the API: no API key was sent.");
  await expect(notice).toContainText("Log in, subscribe an app to a plan");
  await expect(row.getByTestId("try-it-time")).toHaveCount(0);
  await expect(row.getByTestId("try-it-body-out")).toContainText('"method"');
  // Snippets in 10+ languages for the request being tried, with a placeholder key when there is none.
  const language = row.getByTestId("snippet-language");
  // The snippet panel arrives with the lazily loaded operation detail: poll rather than count once.
  await expect.poll(() => language.locator("option").count()).toBeGreaterThanOrEqual(11);
  await expect(row.getByTestId("snippet-code")).toContainText("curl --request POST");
  await expect(row.getByTestId("snippet-code")).toContainText("YOUR_API_KEY");
  await language.selectOption("python");
  await expect(row.getByTestId("snippet-code")).toContainText("import requests");
  // Editing the form updates the snippet.
  await row.getByTestId("try-it-body").fill('{"changed": true}');
  await expect(row.getByTestId("snippet-code")).toContainText("changed");
});

test("a path parameter is validated; without a stored key the user is sent to My Apps and may paste one", async ({
  page,
}) => {
  const key = await developerKey(page);
  await page.goto(ECHO);
  const status = await openEndpoint(page, "GET", "/status/{code}");
  await status.getByTestId("try-it-param").fill("");
  await status.getByTestId("try-it-send").click();
  await expect(status.getByTestId("try-it-error")).toBeVisible();
  await expect(status).toContainText("code is required");

  const row = await openEndpoint(page, "GET", "/anything");
  // The key was created over GraphQL: this browser never saw it, so try-it asks for one and snippets keep the placeholder.
  await expect(row.getByTestId("try-it-key-missing")).toBeVisible();
  await expect(row.getByTestId("try-it-key-missing").getByRole("link", { name: "My Apps" })).toHaveAttribute(
    "href",
    "/developer/dashboard",
  );
  await expect(row.getByTestId("snippet-code")).toContainText("YOUR_API_KEY");
  await row.getByTestId("try-it-key").fill(key);
  await row.locator('[data-param="query:q"]').fill("hello portico");
  await row.getByTestId("try-it-send").click();
  await expect(row.getByTestId("try-it-status")).toHaveText(/^200/);
  await expect(row.getByTestId("try-it-via")).toHaveAttribute("data-via", "gateway");
  // Portico Echo answers with what reached the upstream: the gateway's headers and the query.
  await expect(row.getByTestId("try-it-body-out")).toContainText("x-portico-plan");
  await expect(row.getByTestId("try-it-body-out")).toContainText("hello portico");
  await expect(row.getByTestId("try-it-time")).toContainText("ms");
  await expect(row.getByTestId("try-it-mock-notice")).toHaveCount(0);
  // A pasted key is for this page only.
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("ppKey")));
  expect(stored).toEqual([]);
});

test("a key shown in My Apps is used by try-it and snippets, masked until revealed, and forgotten on logout", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { appName } = await developerApp(page);
  await page.goto("/developer/dashboard");
  const panel = page.getByTestId("app-panel").filter({ has: page.getByTestId("app-name").getByText(appName) });
  await panel.getByTestId("create-key").click();
  const key = ((await panel.getByTestId("key-secret").textContent()) ?? "").trim();
  expect(key).toMatch(/^pk_/);

  await page.goto(ECHO);
  const row = await openEndpoint(page, "GET", "/anything");
  const value = row.getByTestId("try-it-key-value");
  await expect(value).toHaveText(`••••${key.slice(-4)}`);
  await expect(row.getByTestId("try-it-key-field")).toContainText(appName);
  await row.locator('[data-param="query:q"]').fill("hello portico");
  await row.getByTestId("try-it-send").click();
  await expect(row.getByTestId("try-it-status")).toHaveText(/^200/);
  await expect(row.getByTestId("try-it-via")).toHaveAttribute("data-via", "gateway");

  // Snippets show the key masked; copy copies the real key, so the copied snippet runs as is.
  const code = row.getByTestId("snippet-code");
  await expect(code).toContainText(`••••${key.slice(-4)}`);
  await expect(code).not.toContainText(key);
  await row.getByTestId("snippet-copy").click();
  await expect(row.getByTestId("snippet-copy")).toHaveAttribute("data-state", "copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(key);
  expect(copied).toContain("q=hello%20portico");
  await row.getByTestId("try-it-key-copy").click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // One Reveal shows the key in the form and in the snippets.
  await row.getByTestId("try-it-key-reveal").click();
  await expect(value).toHaveText(key);
  await expect(code).toContainText(key);

  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("menu-logout").click();
  await expect(page).toHaveURL(/\/hub$/);
  const left = await page.evaluate(() => JSON.stringify(localStorage));
  expect(left).not.toContain(key);
});

test("the try-it route refuses calls without the CSRF token and never leaves the API's own route", async ({ page }) => {
  await page.goto(ECHO);
  const id = await page.getByTestId("reference-nav-item").first().getAttribute("data-endpoint-id");
  const url = `/resources/try-it/portico/portico-echo/${id}`;
  const request = page.context().request;
  const noToken = await request.post(url, { data: { intent: "send", params: {} } });
  expect(noToken.status()).toBe(403);
  const token = await csrf(request);
  const other = await request.post("/resources/try-it/portico/portico-echo/end_unknown", {
    headers: { "csrf-token": token },
    data: { intent: "send", params: {} },
  });
  expect(other.status()).toBe(404);
});

test("two APIs picked from cards are compared side by side at a shareable address", async ({ page }) => {
  await page.goto("/hub");
  await page.evaluate(() => window.localStorage.removeItem("portico.compare"));
  await page.reload();
  const cards = page.getByTestId("api-card");
  const first = cards.nth(0);
  const second = cards.nth(1);
  const names = [
    (await first.locator("h3").textContent())?.trim() ?? "",
    (await second.locator("h3").textContent())?.trim() ?? "",
  ];
  await first.getByTestId("compare-toggle").click();
  await expect(first.getByTestId("compare-toggle")).toHaveAttribute("aria-pressed", "true");
  await second.getByTestId("compare-toggle").click();
  const tray = page.getByTestId("compare-tray");
  await expect(tray.getByTestId("compare-tray-item")).toHaveCount(2);
  await tray.getByTestId("compare-tray-go").click();
  await expect(page).toHaveURL(/\/compare\?apis=[^,]+\/[^,]+,[^,]+\/[^,]+$/);
  const table = page.getByTestId("compare-table");
  await expect(table.getByTestId("compare-column")).toHaveCount(2);
  for (const name of names) await expect(table).toContainText(name);
  for (const row of [
    "pricing",
    "cheapest",
    "rate",
    "quota",
    "auth",
    "endpoints",
    "protocols",
    "popularity",
    "latency",
  ]) {
    await expect(page.getByTestId(`compare-row-${row}`)).toBeVisible();
  }
  // The address alone reproduces the comparison (shareable), and bad input gets a clear message.
  const shared = page.url();
  await page.context().clearCookies();
  await page.goto(shared);
  await expect(page.getByTestId("compare-column")).toHaveCount(2);
  await page.goto("/compare?apis=a/b,c/d,e/f,g/h,i/j");
  await expect(page.getByTestId("compare-problems")).toContainText("You can compare at most 4 APIs at a time");
  await page.goto("/compare?apis=nobody/nothing-here,bad%20ref");
  await expect(page.getByTestId("compare-problems")).toContainText("No API found at nobody/nothing-here");
  await expect(page.getByTestId("compare-problems")).toContainText("is not an API reference");
});

test("the API page header adds the API to the comparison", async ({ page }) => {
  await page.goto(ECHO);
  await page.evaluate(() => window.localStorage.removeItem("portico.compare"));
  await page.reload();
  await page.getByTestId("compare-toggle").first().click();
  await expect(page.getByTestId("compare-tray")).toContainText("Portico Echo");
  const stored = await page.evaluate(() => window.localStorage.getItem("portico.compare"));
  expect(stored).toContain("portico/portico-echo");
});
