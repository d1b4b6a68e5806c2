import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// Paid plans (decision 040) through the browser: the subscription modal of a paid plan (card hints, a declined test card with the
// spec's message, a success card, the confirmation), a call through the gateway with the app's key, the Billing page
// (subscription, invoice, printable invoice, cancel at period end), and the /pricing page's FAQ.
// Test cards: docs/payments-test-cards.md. Server: playwright.config.ts.

test.describe.configure({ timeout: 120_000 });

const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };
const ECHO = "/portico/api/portico-echo";
const DECLINED = "Please try entering your credit card details again, or use a different card.";

async function signIn(page: Page, referral: string) {
  await page.goto(`/auth?referral=${encodeURIComponent(referral)}`);
  await page.getByLabel("E-mail").fill(DEVELOPER.email);
  await page.getByLabel("Password").fill(DEVELOPER.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await waitForHydration(page);
}

async function fillCard(page: Page, card: { number: string; expiry?: string; cvc?: string }) {
  const modal = page.getByTestId("subscribe-modal");
  await modal.getByTestId("card-holderName").fill("Ada Lovelace");
  await modal.getByTestId("card-number").fill(card.number);
  await modal.getByTestId("card-expiry").fill(card.expiry ?? "12 / 39");
  await modal.getByTestId("card-cvc").fill(card.cvc ?? "123");
}

test("Paid plan: modal with the spec's texts, declined card, success card, confirmation, gateway call, Billing", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "/developer/dashboard");
  await expect(page).toHaveURL(/\/developer\/dashboard$/);
  const gateway = ((await page.getByTestId("gateway-base-url").textContent()) ?? "")
    .trim()
    .replace("//localhost:", "//127.0.0.1:");

  // An app with a key (shown once).
  const appName = unique("Paid app");
  await page.getByTestId("new-app-name").fill(appName);
  await page.getByTestId("create-app-submit").click();
  const panel = page.getByTestId("app-panel").filter({ has: page.getByTestId("app-name").getByText(appName) });
  await panel.getByTestId("create-key").click();
  const key = ((await panel.getByTestId("key-secret").textContent()) ?? "").trim();
  expect(key).toMatch(/^pk_/);

  // The Pro plan ($19.00 a month, overage) opens the modal: an accessible, labelled modal dialog.
  await page.goto(`${ECHO}/pricing`);
  const pro = page.locator('[data-testid="plan-card"][data-plan-name="Pro"]');
  await pro.getByTestId("plan-subscribe").click();
  const modal = page.getByTestId("subscribe-modal");
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute("aria-modal", "true");
  await expect(page.getByRole("dialog", { name: "Subscribe to Pro" })).toBeVisible();
  await modal.getByTestId("modal-app").selectOption({ label: appName });
  await modal.getByTestId("subscribe-continue").click();

  // Payment step: monthly price, total due today and the payment terms of the spec.
  await expect(modal).toHaveAttribute("data-step", "pay");
  await expect(page.getByRole("heading", { name: "Payment" })).toBeFocused();
  await expect(modal.getByTestId("quote-monthly")).toHaveText("$19.00");
  await expect(modal.getByTestId("quote-total")).toHaveText("$19.00");
  await expect(modal.getByTestId("terms-billed")).toContainText(
    "billed when you subscribe and again at the next recurring interval",
  );
  await expect(modal.getByTestId("terms-hold")).toContainText("pre-authorized for a hold of $0.50");
  await expect(modal.getByTestId("terms-hold")).toContainText("released after several days");
  await expect(modal.getByTestId("terms-overage")).toHaveAttribute("data-mode", "CHARGED");
  await expect(modal.getByTestId("terms-overage")).toContainText("$0.0001 per request");
  await expect(modal.getByTestId("terms-refunds")).toContainText("support mailbox");

  // Client-side hints stop a mistyped number before anything is sent.
  await fillCard(page, { number: "4242 4242 4242 4241" });
  await modal.getByTestId("subscribe-pay").click();
  await expect(modal.getByTestId("card-hint-number")).toBeVisible();
  await expect(modal.getByTestId("card-number")).toBeFocused();
  await expect(modal.getByTestId("subscribe-modal-error")).toHaveCount(0);

  // Every subscribe request's idempotency key, in order; the first success-card request is cut off on the way.
  const keys: string[] = [];
  let cutNext = false;
  await page.route("**/gateway/graphql", async (route) => {
    const body = route.request().postDataJSON() as { query?: string; variables?: { idempotencyKey?: string } };
    if (!body.query?.includes("subscribeToPlan")) return route.continue();
    keys.push(body.variables?.idempotencyKey ?? "");
    if (cutNext) {
      cutNext = false;
      return route.abort("connectionreset");
    }
    return route.continue();
  });

  // A declined test card: the spec's message, word for word; the modal stays on the payment step.
  await modal.getByTestId("card-number").fill("4000 0000 0000 0002");
  await modal.getByTestId("subscribe-pay").click();
  await expect(modal.getByTestId("subscribe-modal-error")).toHaveText(DECLINED);
  await expect(modal).toHaveAttribute("data-step", "pay");

  // A success card whose request is lost: sending again reuses its key, so the server can never charge twice.
  await modal.getByTestId("card-number").fill("4242 4242 4242 4242");
  cutNext = true;
  await modal.getByTestId("subscribe-pay").click();
  await expect(modal.getByTestId("subscribe-modal-error")).toHaveText(
    "Currently Unavailable. Please refresh the page or try again later.",
  );
  await modal.getByTestId("subscribe-pay").click();
  const confirmation = modal.getByTestId("subscribe-confirmation");
  await expect(confirmation).toHaveAttribute("data-status", "SUBSCRIBED");
  await expect(confirmation).toContainText(`${appName} is subscribed to Pro`);
  await expect(modal.getByTestId("confirmation-charge")).toContainText("$19.00");
  await modal.getByTestId("subscribe-done").click();
  await expect(modal).toHaveCount(0);
  await page.unroute("**/gateway/graphql");
  expect(keys).toHaveLength(3);
  expect(keys[1]).not.toBe(keys[0]);
  expect(keys[2]).toBe(keys[1]);
  await expect(pro.getByTestId("plan-subscribed-app").filter({ hasText: appName })).toBeVisible();

  // The app's key calls the API through the gateway.
  await expect(async () => {
    const response = await fetch(`${gateway}/portico/portico-echo/anything?from=billing-e2e`, {
      headers: { "X-Api-Key": key },
    });
    expect(response.status).toBe(200);
  }).toPass({ timeout: 10_000 });

  // Billing: the subscription with its price and renewal date, and its paid invoice.
  await page.goto("/developer/dashboard");
  await page.getByTestId("billing-link").click();
  await expect(page).toHaveURL(/\/developer\/billing$/);
  const sub = page.getByTestId("billing-subscription").filter({ hasText: appName });
  await expect(sub.getByTestId("billing-status")).toHaveText("Subscribed");
  await expect(sub.getByTestId("billing-plan")).toHaveText("Pro");
  await expect(sub.getByTestId("billing-price")).toHaveText("$19.00 / month");
  await expect(sub.getByTestId("billing-period-end")).not.toHaveText("—");
  const invoice = page.getByTestId("invoice-row").filter({ hasText: "$19.00" }).first();
  await expect(invoice).toHaveAttribute("data-status", "paid");
  await invoice.getByTestId("invoice-link").click();
  await expect(page).toHaveURL(/\/developer\/billing\/invoices\//);
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  const document = page.frameLocator('[data-testid="invoice-frame"]');
  await expect(document.locator("body")).toContainText("Pro");
  await expect(document.locator("body")).toContainText("$19.00");

  // Cancel at period end: the plan keeps working until then.
  await page.goto("/developer/billing");
  await sub.getByTestId("cancel-subscription").click();
  await sub.getByTestId("cancel-subscription-confirm").click();
  await expect(sub.getByTestId("billing-cancels")).toBeVisible();
  await expect(sub.getByTestId("billing-status")).toHaveText("Subscribed");
});

test("Billing: a free subscription changes to a paid plan, with a card because none is on file", async ({ page }) => {
  await signIn(page, `${ECHO}/pricing`);
  const appName = unique("Upgrade app");
  const basic = page.locator('[data-testid="plan-card"][data-plan-name="Basic"]');
  await basic.getByTestId("plan-subscribe").click();
  await basic.getByTestId("subscribe-app").selectOption({ label: "New app…" });
  await basic.getByTestId("subscribe-new-app").fill(appName);
  await basic.getByTestId("subscribe-submit").click();
  await expect(basic.getByTestId("subscribe-result")).toHaveAttribute("data-status", "subscribed");

  await page.goto("/developer/billing");
  const sub = page.getByTestId("billing-subscription").filter({ hasText: appName });
  await expect(sub.getByTestId("billing-price")).toHaveText("Free");
  await sub.getByTestId("change-plan").click();
  await sub.getByTestId("change-plan-select").selectOption({ label: "Pro · $19.00 / month" });
  await sub.getByTestId("change-plan-confirm").click();
  // No card on file for a free subscription: the server asks for one and the card form appears.
  const cardForm = sub.getByTestId("change-plan-card");
  await expect(cardForm).toBeVisible();
  await cardForm.getByTestId("card-holderName").fill("Ada Lovelace");
  await cardForm.getByTestId("card-number").fill("4242 4242 4242 4242");
  await cardForm.getByTestId("card-expiry").fill("12 / 39");
  await cardForm.getByTestId("card-cvc").fill("123");
  await cardForm.getByRole("button", { name: "Change plan" }).click();
  await expect(sub.getByTestId("billing-plan")).toHaveText("Pro");
  await expect(sub.getByTestId("billing-price")).toHaveText("$19.00 / month");
});

test("/pricing: plans, scale and dashboard blocks, and a five-question FAQ that opens by keyboard", async ({
  page,
}) => {
  const response = await page.goto("/pricing");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Pricing/);
  await expect(page.getByTestId("pricing-tier")).toHaveCount(3);
  await expect(page.getByTestId("pricing-scale")).toBeVisible();
  await expect(page.getByTestId("pricing-dashboard")).toBeVisible();
  const faq = page.getByTestId("pricing-faq");
  await expect(faq.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
  const items = faq.getByTestId("faq-item");
  await expect(items).toHaveCount(5);
  const second = items.nth(1);
  await expect(second.getByText("pre-authorize a hold of 0.50 dollars")).toBeHidden();
  await second.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(second.getByText("pre-authorize a hold of 0.50 dollars")).toBeVisible();
  // Other languages have the page too.
  expect((await page.goto("/he/pricing"))?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("Studio earnings: a provider sees a subscriber's payment per API and per plan", async ({
  page,
  browser,
  baseURL,
}) => {
  // A provider with a paid plan (GraphQL, as the studio does), and a developer who pays for it.
  await signUpNewUser(page, { prefix: "earner", referral: "/hub" });
  const planId = await page.evaluate(graphqlPlanSetup, "Earnings API");
  expect(planId).toMatch(/\S/);

  const dev = await (await browser.newContext({ baseURL })).newPage();
  await signIn(dev, "/hub");
  const subscribed = await dev.evaluate(async (plan) => {
    const csrf = ((await (await fetch("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data.csrfToken;
    const post = async (query: string, variables: Record<string, unknown>) =>
      (await (
        await fetch("/gateway/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", "csrf-token": csrf },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data?: Record<string, { id: string; status?: string }> };
    const app = (await post("mutation($n: String!) { createApp(name: $n) { id } }", { n: "Earnings app" })).data
      ?.createApp;
    const card = { holderName: "Ada Lovelace", number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };
    const sub = await post(
      "mutation($p: ID!, $a: ID!, $c: CardInput, $k: String) { subscribeToPlan(planId: $p, appId: $a, card: $c, idempotencyKey: $k) { id status } }",
      { p: plan, a: app?.id, c: card, k: crypto.randomUUID() },
    );
    return sub.data?.subscribeToPlan?.status ?? "";
  }, planId);
  expect(subscribed).toBe("SUBSCRIBED");
  await dev.context().close();

  await page.goto("/studio");
  await page.getByTestId("studio-earnings-link").click();
  await expect(page).toHaveURL(/\/studio\/earnings$/);
  await expect(page.getByTestId("earnings-gross")).toContainText("$29.00");
  await expect(page.getByTestId("earnings-api-row")).toContainText("Earnings API");
  await expect(page.getByTestId("earnings-plan-row")).toContainText("Scale");
  await expect(page.getByTestId("earnings-plan-row")).toContainText("$29.00");
});

/** In the provider's page: an API with a paid plan "Scale" ($29.00 a month); returns the plan id. */
async function graphqlPlanSetup(name: string): Promise<string> {
  const csrf = ((await (await fetch("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data.csrfToken;
  const post = async (query: string, variables: Record<string, unknown>) =>
    (await (
      await fetch("/gateway/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "csrf-token": csrf },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as { data?: Record<string, { id: string }> };
  const api = (await post("mutation($n: String!) { createApi(input: { name: $n }) { id } }", { n: name })).data
    ?.createApi;
  const plan = await post("mutation($a: ID!, $i: PlanInput!) { createPlan(apiId: $a, input: $i) { id } }", {
    a: api?.id,
    i: { name: "Scale", monthlyPriceCents: 2900, quota: 5000, quotaPeriod: "MONTH", hardLimit: true },
  });
  return plan.data?.createPlan?.id ?? "";
}
