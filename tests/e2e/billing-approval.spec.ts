import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// Paid plans (decision 040) beyond the basic card flow (billing.spec.ts): a paid plan that needs the provider's approval (decision 045:
// nothing due today, the provider approves from the studio, only then is the first period charged), and the spec's
// organization context choice (a second team of a subscribed organization is added at no extra cost).

test.describe.configure({ timeout: 120_000 });

const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };

async function signIn(page: Page, referral: string) {
  await page.goto(`/auth?referral=${encodeURIComponent(referral)}`);
  await page.getByLabel("E-mail").fill(DEVELOPER.email);
  await page.getByLabel("Password").fill(DEVELOPER.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  // The referral page is server HTML until the app has loaded after its first paint (decision 165): a click on the
  // plan's Subscribe button before that opens nothing.
  await waitForHydration(page);
}

/** In the provider's page: an API with a paid plan "Gated" ($12.00 a month) that needs approval. */
async function approvalPlanSetup(name: string): Promise<{ apiId: string; path: string }> {
  const csrf = ((await (await fetch("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data.csrfToken;
  const post = async (query: string, variables: Record<string, unknown>) =>
    (await (
      await fetch("/gateway/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "csrf-token": csrf },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as { data?: Record<string, { id: string; slug?: string; ownerUsername?: string }> };
  const api = (
    await post("mutation($n: String!) { createApi(input: { name: $n }) { id slug ownerUsername } }", { n: name })
  ).data?.createApi;
  await post("mutation($a: ID!, $i: PlanInput!) { createPlan(apiId: $a, input: $i) { id } }", {
    a: api?.id,
    i: { name: "Gated", monthlyPriceCents: 1200, approvalRequired: true },
  });
  return { apiId: api?.id ?? "", path: `/${api?.ownerUsername}/api/${api?.slug}` };
}

test("Paid plan with approval: nothing due today, the provider approves in the studio, then the card is charged", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpNewUser(page, { prefix: "approver", referral: "/hub" });
  const { apiId, path } = await page.evaluate(approvalPlanSetup, unique("Gated API"));
  expect(apiId).toMatch(/\S/);

  // The developer asks for access through the modal: the card is checked, nothing is due today.
  const dev = await (await browser.newContext({ baseURL })).newPage();
  await signIn(dev, `${path}/pricing`);
  await dev.locator('[data-testid="plan-card"][data-plan-name="Gated"]').getByTestId("plan-subscribe").click();
  const modal = dev.getByTestId("subscribe-modal");
  await modal.getByTestId("modal-app").selectOption({ label: "New app…" });
  const appName = unique("Gated app");
  await modal.getByTestId("modal-new-app").fill(appName);
  await modal.getByTestId("subscribe-continue").click();
  await expect(modal).toHaveAttribute("data-step", "pay");
  await expect(modal.getByTestId("quote-monthly")).toHaveText("$12.00");
  await expect(modal.getByTestId("quote-total")).toHaveText("$0.00");
  await expect(modal.getByTestId("charged-on-approval")).toContainText("charged $12.00 when the provider approves");
  await expect(modal.getByTestId("terms-hold")).toContainText("$0.50");
  await modal.getByTestId("card-holderName").fill("Ada Lovelace");
  await modal.getByTestId("card-number").fill("4242 4242 4242 4242");
  await modal.getByTestId("card-expiry").fill("12 / 39");
  await modal.getByTestId("card-cvc").fill("123");
  await modal.getByTestId("subscribe-pay").click();
  await expect(modal.getByTestId("subscribe-confirmation")).toHaveAttribute("data-status", "PENDING_APPROVAL");
  await expect(modal.getByTestId("confirmation-charge")).toHaveCount(0);

  // The provider: studio → the API → plans and requests (1 waiting) → approve.
  await page.goto(`/studio/apis/${apiId}`);
  await expect(page.getByTestId("studio-pending-approvals")).toHaveText("1 waiting");
  await page.getByTestId("studio-plans").click();
  await expect(page).toHaveURL(new RegExp(`${path}/plans/manage$`));
  const request = page.getByTestId("pending-list").getByTestId("managed-subscription").filter({ hasText: appName });
  await request.getByTestId("decide-approve").click();
  const approved = page.getByTestId("subscriber-list").getByTestId("managed-subscription").filter({ hasText: appName });
  await expect(approved).toHaveAttribute("data-status", "subscribed");

  // The developer now has a paid invoice for the first period.
  await dev.goto("/developer/billing");
  const sub = dev.getByTestId("billing-subscription").filter({ hasText: appName });
  await expect(sub.getByTestId("billing-status")).toHaveText("Subscribed");
  await expect(sub.getByTestId("billing-period-end")).not.toHaveText("—");
  await expect(dev.getByTestId("invoice-row").filter({ hasText: "$12.00" }).first()).toHaveAttribute(
    "data-status",
    "paid",
  );
  await dev.context().close();
});

/** In the provider's page: an API with "Pro" ($10.00, no approval) and "Enterprise" ($49.97, needs approval). */
async function changePlanSetup(name: string): Promise<{ apiId: string; path: string }> {
  const csrf = ((await (await fetch("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data.csrfToken;
  const post = async (query: string, variables: Record<string, unknown>) =>
    (await (
      await fetch("/gateway/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "csrf-token": csrf },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as { data?: Record<string, { id: string; slug?: string; ownerUsername?: string }> };
  const api = (
    await post("mutation($n: String!) { createApi(input: { name: $n }) { id slug ownerUsername } }", { n: name })
  ).data?.createApi;
  for (const input of [
    { name: "Pro", monthlyPriceCents: 1000 },
    { name: "Enterprise", monthlyPriceCents: 4997, approvalRequired: true },
  ]) {
    await post("mutation($a: ID!, $i: PlanInput!) { createPlan(apiId: $a, input: $i) { id } }", {
      a: api?.id,
      i: input,
    });
  }
  return { apiId: api?.id ?? "", path: `/${api?.ownerUsername}/api/${api?.slug}` };
}

test("Changing to a plan that needs approval: nothing charged, the old plan kept on rejection, switched on approval", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpNewUser(page, { prefix: "changer", referral: "/hub" });
  const { path } = await page.evaluate(changePlanSetup, unique("Tiered API"));
  const dev = await (await browser.newContext({ baseURL })).newPage();
  await signIn(dev, `${path}/pricing`);
  const appName = unique("Tiered app");
  const fillCard = async (modal: ReturnType<Page["getByTestId"]>) => {
    await modal.getByTestId("card-holderName").fill("Ada Lovelace");
    await modal.getByTestId("card-number").fill("4242 4242 4242 4242");
    await modal.getByTestId("card-expiry").fill("12 / 39");
    await modal.getByTestId("card-cvc").fill("123");
  };
  const openModal = async (plan: string) => {
    await dev.goto(`${path}/pricing`);
    await dev.locator(`[data-testid="plan-card"][data-plan-name="${plan}"]`).getByTestId("plan-subscribe").click();
    return dev.getByTestId("subscribe-modal");
  };
  const requestEnterprise = async () => {
    const modal = await openModal("Enterprise");
    await modal.getByTestId("modal-app").selectOption({ label: `${appName} (Subscribed)` });
    await modal.getByTestId("subscribe-continue").click();
    await expect(modal).toHaveAttribute("data-step", "pay");
    await expect(modal.getByTestId("quote-total")).toHaveText("$0.00");
    await expect(modal.getByTestId("change-on-approval")).toContainText("you stay on Pro");
    await expect(modal.getByTestId("change-on-approval")).toContainText("Charged only if the provider approves: $");
    await expect(modal.getByTestId("terms-hold")).toContainText("$0.50");
    await fillCard(modal);
    await expect(modal.getByTestId("subscribe-pay")).toHaveText("Request Enterprise");
    await modal.getByTestId("subscribe-pay").click();
    await expect(modal.getByTestId("subscribe-confirmation")).toHaveAttribute("data-status", "SUBSCRIBED");
    await expect(modal.getByRole("heading", { name: "Plan change requested" })).toBeVisible();
    await expect(modal.getByTestId("subscribe-confirmation")).toContainText(`${appName} stays on Pro`);
    await expect(modal.getByTestId("confirmation-charge")).toHaveCount(0);
  };
  const billingCard = async () => {
    await dev.goto("/developer/billing");
    return dev.getByTestId("billing-subscription").filter({ hasText: appName });
  };
  const decide = async (decision: "approve" | "reject") => {
    await page.goto(`${path}/plans/manage`);
    const row = page.getByTestId("pending-list").getByTestId("managed-subscription").filter({ hasText: appName });
    await expect(row.getByTestId("managed-change-request")).toHaveText("Asks to move from Pro to Enterprise");
    await row.getByTestId(`decide-${decision}`).click();
    await expect(
      page.getByTestId("subscriber-list").getByTestId("managed-subscription").filter({ hasText: appName }),
    ).toHaveAttribute("data-status", "subscribed");
  };

  // Pro, paid by card.
  const pro = await openModal("Pro");
  await pro.getByTestId("modal-app").selectOption({ label: "New app…" });
  await pro.getByTestId("modal-new-app").fill(appName);
  await pro.getByTestId("subscribe-continue").click();
  await fillCard(pro);
  await pro.getByTestId("subscribe-pay").click();
  await expect(pro.getByTestId("subscribe-confirmation")).toHaveAttribute("data-status", "SUBSCRIBED");

  // Asking for Enterprise charges nothing and keeps Pro.
  await requestEnterprise();
  let card = await billingCard();
  await expect(card.getByTestId("billing-plan")).toHaveText("Pro");
  await expect(card.getByTestId("billing-plan-request")).toHaveAttribute("data-request-status", "pending");

  // Rejected: still Pro, and the consumer is told.
  await decide("reject");
  card = await billingCard();
  await expect(card.getByTestId("billing-status")).toHaveText("Subscribed");
  await expect(card.getByTestId("billing-plan")).toHaveText("Pro");
  await expect(card.getByTestId("billing-plan-request")).toHaveText(
    "Your request for Enterprise was rejected; you stay on Pro.",
  );

  // Asking again works; approval switches the plan.
  await requestEnterprise();
  await decide("approve");
  card = await billingCard();
  await expect(card.getByTestId("billing-plan")).toHaveText("Enterprise");
  await expect(card.getByTestId("billing-plan-request")).toHaveCount(0);

  // Back down to Pro mid-period: nothing is due and no card is checked, so no "hold of $0.00" is listed.
  const down = await openModal("Pro");
  await down.getByTestId("modal-app").selectOption({ label: `${appName} (Subscribed)` });
  await down.getByTestId("subscribe-continue").click();
  await expect(down).toHaveAttribute("data-step", "pay");
  await expect(down.getByTestId("quote-total")).toHaveText("$0.00");
  await expect(down.getByTestId("terms-billed")).toBeVisible();
  await expect(down.getByTestId("terms-hold")).toHaveCount(0);
  await dev.context().close();
});

test("Organization context: a team subscribes with a card, a second team of the organization is added at no extra cost", async ({
  page,
}) => {
  await signUpNewUser(page, { prefix: "orgpayer", referral: "/hub" });
  const orgName = unique("Paying Org");
  const created = await page.evaluate(async (name) => {
    const csrf = ((await (await fetch("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data.csrfToken;
    const post = async (query: string, variables: Record<string, unknown>) =>
      (await (
        await fetch("/gateway/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", "csrf-token": csrf },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data?: Record<string, { id: string }> };
    const org = (await post("mutation($n: String!) { createOrganization(input: { name: $n }) { id } }", { n: name }))
      .data?.createOrganization;
    for (const team of ["Alpha", "Beta"]) {
      await post("mutation($o: ID!, $n: String!) { createTeam(organizationId: $o, name: $n) { id } }", {
        o: org?.id,
        n: team,
      });
    }
    return org?.id ?? "";
  }, orgName);
  expect(created).toMatch(/\S/);

  const subscribeAs = async (team: string) => {
    await page.goto("/portico/api/portico-echo/pricing");
    await page.locator('[data-testid="plan-card"][data-plan-name="Pro"]').getByTestId("plan-subscribe").click();
    const modal = page.getByTestId("subscribe-modal");
    await modal
      .locator('[data-testid="subscribe-context"][data-context-type="Team"]')
      .and(modal.getByLabel(new RegExp(`${team}.*${orgName}`)))
      .check();
    await modal.getByTestId("modal-app").selectOption({ label: "New app…" });
    await modal.getByTestId("modal-new-app").fill(`${team} app`);
    await modal.getByTestId("subscribe-continue").click();
    await expect(modal).toHaveAttribute("data-step", "pay");
    return modal;
  };

  // Team Alpha: the organization's first subscription to the API, paid by card.
  let modal = await subscribeAs("Alpha");
  await expect(modal.getByTestId("quote-total")).toHaveText("$19.00");
  await modal.getByTestId("card-holderName").fill("Ada Lovelace");
  await modal.getByTestId("card-number").fill("4242 4242 4242 4242");
  await modal.getByTestId("card-expiry").fill("12 / 39");
  await modal.getByTestId("card-cvc").fill("123");
  await modal.getByTestId("subscribe-pay").click();
  await expect(modal.getByTestId("subscribe-confirmation")).toHaveAttribute("data-status", "SUBSCRIBED");
  await modal.getByTestId("subscribe-done").click();

  // Team Beta, same plan: added at no extra cost, no card asked.
  modal = await subscribeAs("Beta");
  await expect(modal.getByTestId("team-added-free")).toContainText("added at no extra cost");
  await expect(modal.getByTestId("quote-total")).toHaveText("$0.00");
  await expect(modal.getByTestId("card-fields")).toHaveCount(0);
  await modal.getByTestId("subscribe-pay").click();
  await expect(modal.getByTestId("subscribe-confirmation")).toHaveAttribute("data-status", "SUBSCRIBED");
  await expect(modal.getByTestId("confirmation-charge")).toHaveCount(0);
});
