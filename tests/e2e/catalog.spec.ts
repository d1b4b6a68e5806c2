import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

// Issue 15 through the browser: the server imports the first 400 specs of the APIs.guru directory before it listens
// (PORTICO_DIRECTORY in playwright.config.ts). Hub collections and category pages lead with documented APIs, a
// directory API shows its endpoints, an undocumented one opens on About, and a demo plan can be subscribed and called.

test.describe.configure({ timeout: 120_000 });
// API pages with a thousand endpoints and a redirect to About take longer than 5 s on a loaded shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };

/** Opens the API page behind a card (its name link). */
async function openCard(page: Page, card: ReturnType<Page["getByTestId"]>) {
  const href = await card.getByRole("heading").getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/[^/]+\/api\/[^/]+$/);
  await page.goto(href ?? "");
  await expect(page.getByTestId("tab-bar")).toBeVisible();
  await waitForHydration(page);
}

test("hub collections are led by documented APIs: the first card of each opens on its endpoints", async ({ page }) => {
  await page.goto("/hub");
  const carousels = page.getByTestId("collection-carousel");
  await expect(carousels.first()).toBeVisible();
  const count = await carousels.count();
  expect(count).toBeGreaterThanOrEqual(3);
  // The weather collection exists again: public-apis listings documented by their provider's directory spec.
  await expect(page.getByText("Top Weather APIs").first()).toBeVisible();
  for (const index of [0, count - 1]) {
    await page.goto("/hub");
    await openCard(page, page.getByTestId("collection-carousel").nth(index).getByTestId("api-card").first());
    await expect(page.getByTestId("reference-nav-item").first()).toBeVisible();
  }
});

test("a category page lists documented APIs first and an undocumented API opens on About", async ({ page }) => {
  await page.goto("/category/weather");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Weather");
  const cards = page.getByTestId("api-card");
  expect(await cards.count()).toBeGreaterThan(5);
  await openCard(page, cards.first());
  await expect(page.getByTestId("reference-nav-item").first()).toBeVisible();

  // The last card of the first page is a listing without a spec: it opens on About, which says so.
  await page.goto("/category/weather");
  await openCard(page, page.getByTestId("api-card").last());
  await expect(page).toHaveURL(/\/details$/);
  await expect(page.getByTestId("not-documented")).toContainText("Not documented here yet");
  await expect(page.getByTestId("not-documented").getByRole("link").first()).toHaveAttribute("href", /^https?:\/\//);
});

test("a directory API shows its endpoints, its definition's origin and demo-labelled metrics", async ({ page }) => {
  await page.goto("/collection/ready-to-try");
  const card = page.getByTestId("api-card").first();
  await expect(card).toBeVisible();
  await openCard(page, card);
  const rows = page.getByTestId("reference-nav-item");
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId("method-badge").first()).toHaveText(/GET|POST|PUT|DELETE|PATCH/);
  await page.getByTestId("tab-about").click();
  await expect(page.getByTestId("api-readme")).toContainText("APIs.guru OpenAPI Directory");
  await expect(page.getByTestId("not-documented")).toHaveCount(0);
  await expect(page.getByTestId("demo-data-note")).toBeVisible();
});

test("subscribe to a random demo plan of a directory API and call it through the gateway's mock", async ({ page }) => {
  // A random API of the subscribable collection (every member has demo plans).
  await page.goto("/collection/ready-to-try");
  const cards = page.getByTestId("api-card");
  await expect(cards.first()).toBeVisible();
  const pick = Math.floor(Math.random() * (await cards.count()));
  const href = (await cards.nth(pick).getByRole("heading").getByRole("link").getAttribute("href")) ?? "";
  const [, owner, slug] = /^\/([^/]+)\/api\/([^/?]+)/.exec(href) ?? [];
  expect(owner && slug).toBeTruthy();

  // A GET endpoint to call: path parameters that are whole segments, filled with 1 (what the demo plans require).
  await page.goto(href);
  const badges = page.getByTestId("reference-nav-item").getByTestId("method-badge");
  await expect(badges.first()).toBeVisible();
  const rows = await page.getByTestId("reference-nav-item").all();
  let path = "";
  for (const row of rows) {
    const method = ((await row.getByTestId("method-badge").textContent()) ?? "").trim();
    const template = ((await row.locator("code").first().textContent()) ?? "").trim();
    const wholeSegments = template.split("/").every((s) => !s.includes("{") || /^\{[^{}]+\}$/.test(s));
    if (method === "GET" && wholeSegments) {
      path = template.replace(/\{[^}]+\}/g, "1");
      break;
    }
  }
  expect(path).not.toBe("");

  await page.goto(`/auth?referral=${encodeURIComponent(`${href}/pricing`)}`);
  await page.getByLabel("E-mail").fill(DEVELOPER.email);
  await page.getByLabel("Password").fill(DEVELOPER.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await page.goto(`${href}/pricing`);
  await waitForHydration(page);
  const basic = page.locator('[data-testid="plan-card"][data-plan-name="Basic"]');
  await expect(basic).toContainText("Demo plan");
  await expect(basic.getByTestId("plan-price")).toHaveText("Free");
  await expect(page.locator('[data-testid="plan-card"][data-plan-name="Ultra"]')).toBeVisible();

  // Subscribe with a new app made inline, then make its key on My Apps.
  const appName = `Demo plan app ${Date.now()}`;
  await basic.getByTestId("plan-subscribe").click();
  await basic.getByTestId("subscribe-app").selectOption({ label: "New app…" });
  await basic.getByTestId("subscribe-new-app").fill(appName);
  await basic.getByTestId("subscribe-submit").click();
  await expect(basic.getByTestId("subscribe-result")).toHaveAttribute("data-status", "subscribed");

  await page.goto("/developer/dashboard");
  const gateway = ((await page.getByTestId("gateway-base-url").textContent()) ?? "")
    .trim()
    .replace("//localhost:", "//127.0.0.1:");
  const panel = page.getByTestId("app-panel").filter({ has: page.getByTestId("app-name").getByText(appName) });
  await panel.getByTestId("create-key").click();
  const key = ((await panel.getByTestId("key-secret").textContent()) ?? "").trim();
  expect(key).toMatch(/^pk_/);

  const response = await fetch(`${gateway}/${owner}/${slug}${path}`, { headers: { "X-Api-Key": key } });
  expect(`${response.status} ${path} ${response.headers.get("x-portico-mock")}`).toMatch(/ true$/);
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("x-ratelimit-limit")).toBe("10");
});
