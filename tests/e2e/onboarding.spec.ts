import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser } from "./sign-up";

// Issue 18: a new account comes with an app and a key; My Apps leads to a first call with a checklist that only the
// data checks (a subscription, a logged call, a rollup), with the marketplace's internals under "Advanced".

async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const csrf = (await (await request.get("/gateway/csrf")).json()) as { data: { csrfToken: string } };
  const response = await request.post("/gateway/graphql", {
    headers: { "csrf-token": csrf.data.csrfToken, accept: "application/json" },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  if (!body.data) throw new Error(`GraphQL answered ${response.status()}`);
  return body.data;
}

test("sign-up gives a Default app with a key; the checklist follows a real subscription and call", async ({ page }) => {
  await signUpNewUser(page, { prefix: "first", referral: "/developer/dashboard" });
  await page.goto("/developer/dashboard");
  await waitForHydration(page);

  const checklist = page.getByTestId("onboarding-checklist");
  await expect(checklist.getByTestId("onboarding-progress")).toHaveText("0 of 4 done");
  for (const step of ["find", "subscribe", "call", "analytics"]) {
    await expect(checklist.getByTestId(`onboarding-${step}`)).toHaveAttribute("data-done", "false");
  }
  const panel = page.getByTestId("app-panel").filter({ has: page.getByTestId("app-name").getByText("Default app") });
  await expect(panel).toHaveCount(1);
  await expect(panel.getByTestId("key-row")).toHaveCount(1);

  // Internals wait behind "Advanced"; the first request names the gateway and leaves the key to the user.
  const advanced = page.getByTestId("apps-advanced");
  await expect(advanced).not.toHaveAttribute("open", /.*/);
  await expect(page.getByTestId("gateway-tenant-header")).toBeHidden();
  const base = ((await page.getByTestId("gateway-base-url").textContent()) ?? "").trim();
  const request = page.getByTestId("onboarding-request");
  await expect(request).toContainText(`curl "${base}/`);
  await expect(request).toContainText('-H "X-Api-Key: <your key>"');
  await expect(page.getByTestId("onboarding-demo-link")).toBeVisible();
  await advanced.locator("summary").click();
  await expect(page.getByTestId("gateway-tenant-header")).toBeVisible();

  // Subscribe the Default app to Portico Echo's free plan (the API the gateway tests call).
  const analyticsHref = (await panel.getByTestId("app-analytics-link").getAttribute("href")) ?? "";
  const appId = /\/developer\/apps\/([^/]+)\/analytics/.exec(analyticsHref)?.[1] ?? "";
  expect(appId).not.toBe("");
  const { api } = await graphql<{ api: { id: string } }>(
    page.request,
    "query($u: String!, $s: String!) { api(username: $u, slug: $s) { id } }",
    { u: "portico", s: "portico-echo" },
  );
  const { apiPlans } = await graphql<{ apiPlans: Array<{ id: string; name: string }> }>(
    page.request,
    "query($id: ID!) { apiPlans(apiId: $id) { id name } }",
    { id: api.id },
  );
  const basic = apiPlans.find((p) => p.name === "Basic");
  if (!basic) throw new Error("Portico Echo has no Basic plan");
  await graphql(page.request, "mutation($p: ID!, $a: ID!) { subscribeToPlan(planId: $p, appId: $a) { id } }", {
    p: basic.id,
    a: appId,
  });
  await page.reload();
  await waitForHydration(page);
  await expect(checklist.getByTestId("onboarding-find")).toHaveAttribute("data-done", "true");
  await expect(checklist.getByTestId("onboarding-subscribe")).toHaveAttribute("data-done", "true");
  await expect(checklist.getByTestId("onboarding-call")).toHaveAttribute("data-done", "false");

  // The sign-up key's secret was never shown: rotating it shows a new one once, which makes the first call.
  await panel.getByTestId("rotate-key").click();
  await panel.getByTestId("rotate-key-confirm").click();
  const secret = ((await panel.getByTestId("key-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^pk_/);
  const call = await fetch(`${base.replace("//localhost:", "//127.0.0.1:")}/portico/portico-echo/anything`, {
    headers: { "X-Api-Key": secret },
  });
  expect(call.status).toBe(200);

  // The metering flush writes the request log and the rollups: wait for it by reloading, not by a fixed delay.
  await expect(async () => {
    await page.reload();
    await expect(checklist.getByTestId("onboarding-analytics")).toHaveAttribute("data-done", "true", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(checklist.getByTestId("onboarding-call")).toHaveAttribute("data-done", "true");
  await expect(checklist.getByTestId("onboarding-progress")).toHaveText("4 of 4 done");
});
