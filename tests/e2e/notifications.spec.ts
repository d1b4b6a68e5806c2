import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// Decisions 085 and 086: notifications come from what happened (follow, message, subscription decisions, an answer
// marked), once, after the recipient's preferences; contact the creator goes to the provider's inbox and back, and the
// provider can block the sender. Every click waits for hydration first (a click on server HTML is lost).

test.describe.configure({ timeout: 180_000 });

/** In the signed-in provider's page: a new API, optionally with a free plan that needs approval. */
async function createApiWithPlan(input: { name: string; plan: boolean }): Promise<{ apiId: string; path: string }> {
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
    await post("mutation($n: String!) { createApi(input: { name: $n }) { id slug ownerUsername } }", { n: input.name })
  ).data?.createApi;
  if (input.plan) {
    await post("mutation($a: ID!, $i: PlanInput!) { createPlan(apiId: $a, input: $i) { id } }", {
      a: api?.id,
      i: { name: "Reviewed", approvalRequired: true },
    });
  }
  return { apiId: api?.id ?? "", path: `/${api?.ownerUsername}/api/${api?.slug}` };
}

async function newUser(browser: Browser, baseURL: string | undefined, prefix: string) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const username = await signUpNewUser(page, { prefix });
  return { page, username };
}

/** Opens the tray (after a reload, so the badge is fresh) and returns its notifications. */
async function openTray(page: Page) {
  await page.reload();
  await waitForHydration(page);
  await page.getByTestId("notifications-button").click();
  const panel = page.getByTestId("notifications-panel");
  await expect(panel).toBeVisible();
  // The first tray load of a fresh server also loads the HTML sanitizer: give it time on a loaded machine.
  await expect(panel.getByText("Loading")).toHaveCount(0, { timeout: 20_000 });
  return panel;
}

test("contact → the provider's inbox → reply → the consumer sees it; a follow tells the owner", async ({
  page,
  browser,
  baseURL,
}) => {
  const provider = await signUpNewUser(page, { prefix: "inbox-owner" });
  const apiName = unique("Contact API");
  const { path } = await page.evaluate(createApiWithPlan, { name: apiName, plan: false });
  const consumer = await newUser(browser, baseURL, "inbox-user");

  // Follow → the owner is told once.
  await consumer.page.goto(path);
  await waitForHydration(consumer.page);
  await consumer.page.getByTestId("follow-button").click();
  await expect(consumer.page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true");

  // Contact: subject and message, then the conversation in the consumer's messages.
  await consumer.page.getByTestId("contact-button").click();
  await expect(consumer.page).toHaveURL(new RegExp(`${path}/contact$`));
  await waitForHydration(consumer.page);
  const form = consumer.page.getByTestId("contact-form");
  await form.getByTestId("contact-submit").click();
  // The browser's own check stops an empty form; the server's message shows for a blank one.
  await form.getByLabel("Subject").fill("   ");
  await form.getByLabel("Message").fill("Hello");
  await form.getByTestId("contact-submit").click();
  await expect(consumer.page.getByText("Subject and message are required")).toBeVisible();
  await form.getByLabel("Subject").fill("Higher quota?");
  await form.getByLabel("Message").fill("Can we get <b>more</b> calls?");
  await form.getByTestId("contact-submit").click();
  await expect(consumer.page).toHaveURL(/\/developer\/messages\/thr_/);
  await expect(consumer.page.getByTestId("thread-message")).toHaveText(/Can we get <b>more<\/b> calls\?/);

  // The provider: a notification for each, and the thread in the studio inbox.
  await page.goto("/hub");
  const tray = await openTray(page);
  await expect(
    tray.getByTestId("notification").filter({ hasText: `${consumer.username} followed ${apiName}` }),
  ).toHaveCount(1);
  await expect(tray.getByTestId("notification").filter({ hasText: "New message from" })).toContainText("Higher quota?");
  await page.goto("/studio/inbox");
  await waitForHydration(page);
  const row = page.getByTestId("thread-row").filter({ hasText: "Higher quota?" });
  await expect(row).toHaveAttribute("data-unread", "true");
  await row.click();
  await expect(page.getByTestId("thread-subject")).toHaveText("Higher quota?");
  await page.getByLabel("Reply").fill("Yes: try the Pro plan.");
  await page.getByTestId("thread-reply-submit").click();
  await expect(page.getByTestId("thread-message").filter({ hasText: "Yes: try the Pro plan." })).toBeVisible();

  // The consumer: the reply is unread in their messages, and a notification links to it.
  await consumer.page.goto("/developer/messages");
  await expect(consumer.page.getByTestId("thread-row").first()).toHaveAttribute("data-unread", "true");
  const consumerTray = await openTray(consumer.page);
  const note = consumerTray.getByTestId("notification").filter({ hasText: `New message from ${provider}` });
  await expect(note).toHaveCount(1);
  await note.getByRole("link").click();
  await expect(consumer.page.getByTestId("thread-message").filter({ hasText: "Yes: try the Pro plan." })).toBeVisible();
  const consumerThread = consumer.page.url();

  // The provider blocks the sender: their next message is refused with the clear reason, and nothing is stored.
  await waitForHydration(page);
  await page.getByTestId("thread-block").click();
  await expect(page.getByText("You blocked this sender: they cannot send you messages.")).toBeVisible();
  await consumer.page.goto(consumerThread);
  await waitForHydration(consumer.page);
  await consumer.page.getByLabel("Reply").fill("Hello again?");
  await consumer.page.getByTestId("thread-reply-submit").click();
  await expect(consumer.page.getByText("This provider does not accept your messages")).toBeVisible();
  await expect(consumer.page.getByTestId("thread-message")).toHaveCount(2);
  await consumer.page.context().close();
});

test("an answer marked: the asker marks the provider's reply, the provider is told, unmarking removes the badge", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpNewUser(page, { prefix: "answer-owner" });
  const { path } = await page.evaluate(createApiWithPlan, { name: unique("Answer API"), plan: false });
  const asker = await newUser(browser, baseURL, "answer-asker");

  await asker.page.goto(`${path}/discussions`);
  await waitForHydration(asker.page);
  await asker.page.getByLabel("Title").fill("Is there a sandbox?");
  await asker.page.getByLabel("Body").fill("For tests.");
  await asker.page.getByTestId("discussion-post").click();
  await expect(asker.page.getByTestId("discussion-title")).toHaveText("Is there a sandbox?");
  const thread = asker.page.url();

  // The provider replies; nobody may mark it yet but the asker and the provider.
  await page.goto(thread);
  await waitForHydration(page);
  await page.getByLabel("Add a comment").fill("Yes: use the mock mode.");
  await page.getByTestId("comment-post").click();
  await expect(page.getByTestId("discussion-comment")).toHaveCount(1);

  await asker.page.reload();
  await waitForHydration(asker.page);
  const reply = asker.page.getByTestId("discussion-comment");
  await reply.getByTestId("mark-answer").click();
  await expect(reply.getByTestId("accepted-answer")).toHaveText(/Accepted answer/);
  await expect(reply).toHaveAttribute("data-answer", "true");

  const tray = await openTray(page);
  const note = tray.getByTestId("notification").filter({ hasText: "marked your reply as the answer" });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText("Is there a sandbox?");

  await waitForHydration(asker.page);
  await reply.getByTestId("unmark-answer").click();
  await expect(reply.getByTestId("accepted-answer")).toHaveCount(0);
  await expect(reply.getByTestId("mark-answer")).toBeVisible();
  await asker.page.context().close();
});

test("subscription approval and rejection reach the consumer as notifications", async ({ page, browser, baseURL }) => {
  await signUpNewUser(page, { prefix: "sub-owner" });
  const apiName = unique("Reviewed API");
  const { apiId, path } = await page.evaluate(createApiWithPlan, { name: apiName, plan: true });
  const consumer = await newUser(browser, baseURL, "sub-user");

  const apps = [unique("Approved app"), unique("Rejected app")];
  for (const app of apps) {
    await consumer.page.goto(`${path}/pricing`);
    await waitForHydration(consumer.page);
    const card = consumer.page.locator('[data-testid="plan-card"][data-plan-name="Reviewed"]');
    await card.getByTestId("plan-subscribe").click();
    await card.getByTestId("subscribe-app").selectOption({ label: "New app…" });
    await card.getByTestId("subscribe-new-app").fill(app);
    await card.getByTestId("subscribe-submit").click();
    await expect(card.getByTestId("subscribe-result")).toHaveAttribute("data-status", "pending_approval");
  }

  // The provider hears of both requests, then decides them in the plan manager.
  await page.goto("/hub");
  const providerTray = await openTray(page);
  await expect(providerTray.getByTestId("notification").filter({ hasText: "asked to subscribe" })).toHaveCount(2);
  await page.goto(`/studio/apis/${apiId}`);
  await waitForHydration(page);
  await page.getByTestId("studio-plans").click();
  for (const [app, decision] of [
    [apps[0], "approve"],
    [apps[1], "reject"],
  ] as const) {
    const request = page.getByTestId("pending-list").getByTestId("managed-subscription").filter({ hasText: app });
    await request.getByTestId(`decide-${decision}`).click();
    await expect(request).toHaveCount(0);
  }

  const tray = await openTray(consumer.page);
  await expect(
    tray.getByTestId("notification").filter({ hasText: `Your subscription to ${apiName} was approved` }),
  ).toHaveCount(1);
  await expect(
    tray.getByTestId("notification").filter({ hasText: `Your request to subscribe to ${apiName} was rejected` }),
  ).toHaveCount(1);
  await consumer.page.context().close();
});

test("with the event turned off in settings, a follow produces no notification", async ({ page, browser, baseURL }) => {
  await signUpNewUser(page, { prefix: "quiet-owner" });
  const apiName = unique("Quiet API");
  const { path } = await page.evaluate(createApiWithPlan, { name: apiName, plan: false });
  await page.goto("/user/settings");
  await waitForHydration(page);
  const settings = page.getByTestId("notification-settings");
  await settings.getByTestId("pref-api_followed").selectOption("off");
  await settings.getByTestId("notification-settings-submit").click();
  await expect(settings.getByText("Notification settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("pref-api_followed")).toHaveValue("off");

  const fan = await newUser(browser, baseURL, "quiet-fan");
  await fan.page.goto(path);
  await waitForHydration(fan.page);
  await fan.page.getByTestId("follow-button").click();
  await expect(fan.page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true");
  // A message still arrives (its kind stays on): the tray works, and the follow left nothing in it.
  await fan.page.getByTestId("contact-button").click();
  await waitForHydration(fan.page);
  await fan.page.getByTestId("contact-form").getByLabel("Subject").fill("Ping");
  await fan.page.getByTestId("contact-form").getByLabel("Message").fill("Just checking");
  await fan.page.getByTestId("contact-submit").click();
  await expect(fan.page).toHaveURL(/\/developer\/messages\/thr_/);

  const tray = await openTray(page);
  await expect(tray.getByTestId("notification").filter({ hasText: "New message from" })).toHaveCount(1);
  await expect(tray.getByTestId("notification").filter({ hasText: "followed" })).toHaveCount(0);
  await fan.page.context().close();
});
