import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { confirmationLinkFor, confirmEmail, signUpNewUser, unique } from "./sign-up";

// Accounts (decision 020) through the browser: sign-up/in/out, optimistic follow/save, organizations and teams, the context
// switcher, public mode and the private second tenant. The server seeds data/demo (see playwright.config.ts).

const API_PATH = "/tvmaze-com/api/tvmaze-user";
const DEVELOPER = { email: "developer@portico.demo", password: "portico-demo-developer" };
const ADMIN = { email: "admin@portico.demo", password: "portico-demo-admin" };

async function signUp(page: Page, referral = "/hub") {
  const username = await signUpNewUser(page, { prefix: "e2e", referral });
  await waitForHydration(page);
  return username;
}

async function signIn(page: Page, account: { email: string; password: string }, referral?: string) {
  await page.goto(referral ? `/auth?referral=${encodeURIComponent(referral)}` : "/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await waitForHydration(page);
}

/** Holds every GraphQL request until the returned function is called. */
async function holdGraphql(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/gateway/graphql", async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test("sign up with field-level errors, land on the referral, and sign out keeping only the theme", async ({ page }) => {
  await page.goto("/auth/sign-up?referral=%2Fcategories");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Password").fill("short");
  await page.getByTestId("sign-up-submit").click();
  await expect(page.getByTestId("error-email")).toHaveText("Enter a valid e-mail address");
  await expect(page.getByTestId("error-username")).toHaveText("Username must be at least 3 characters");
  await expect(page.getByTestId("error-password")).toHaveText("Password must be at least 8 characters");

  const username = unique("e2e");
  await page.getByLabel("E-mail").fill(`${username}@example.test`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByTestId("sign-up-submit").click();
  // Sign-up signs nobody in: it asks to confirm the address, and the mailed link signs in (decision 022).
  await expect(page.getByTestId("sign-up-sent")).toContainText("Check your inbox to confirm your address.");
  await expect(page.getByTestId("login-link")).toBeVisible();
  await confirmEmail(page, `${username}@example.test`);
  await expect(page).toHaveURL(/\/categories$/);

  await page.getByTestId("user-menu-button").click();
  await expect(page.getByTestId("user-menu-panel")).toContainText(`Signed in as ${username}`);
  await expect(page.getByTestId("menu-profile")).toHaveAttribute("href", `/user/${username}`);
  await expect(page.getByTestId("menu-my-apps")).toHaveAttribute("href", "/developer/dashboard");
  await expect(page.getByTestId("menu-my-apis")).toHaveAttribute("href", "/studio");
  await expect(page.getByTestId("menu-admin")).toHaveCount(0);

  await page.evaluate(() => {
    localStorage.setItem("portico_theme", "dark");
    localStorage.setItem("portico_context", JSON.stringify({ id: "x" }));
  });
  await page.getByTestId("menu-logout").click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByTestId("login-link")).toBeVisible();
  const storage = await page.evaluate(() => ({ ...localStorage }));
  expect(storage).toEqual({ portico_theme: "dark" });
  // The session is gone on the server too: a personal screen asks to sign in again.
  await page.goto("/user/settings");
  await expect(page).toHaveURL(/\/auth\?referral=%2Fuser%2Fsettings$/);
});

test("an unconfirmed account signs in, sees it in settings, asks for a new link and confirms", async ({ page }) => {
  const username = unique("unconf");
  const email = `${username}@example.test`;
  await page.goto("/auth/sign-up");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByTestId("sign-up-submit").click();
  await expect(page.getByTestId("sign-up-sent")).toBeVisible();
  const first = await confirmationLinkFor(email);

  await signIn(page, { email, password: "correct horse battery staple" }, "/user/settings");
  await expect(page.getByTestId("email-status")).toHaveText("Not confirmed");
  await page.getByTestId("resend-verification").click();
  await expect(page.getByTestId("settings-email").getByTestId("form-notice")).toHaveText(
    "We sent a new confirmation link to your e-mail address.",
  );
  const second = await confirmationLinkFor(email);
  expect(second).not.toBe(first);
  await confirmEmail(page, email);
  await page.goto("/user/settings");
  await expect(page.getByTestId("email-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("resend-verification")).toHaveCount(0);
});

test("sign in: one message for a wrong password, then back to the referral; the admin sees Admin", async ({ page }) => {
  await page.goto("/auth?referral=%2Fcollections");
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("error-password")).toHaveText("Invalid e-mail or password");
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page).toHaveURL(/\/collections$/);
  await waitForHydration(page);
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByTestId("menu-admin")).toHaveAttribute("href", "/admin");
});

test("follow and save update at once, before the server answers, and persist", async ({ page }) => {
  await signUp(page);
  await page.goto(API_PATH);
  const follow = page.getByTestId("follow-button");
  const save = page.getByTestId("save-button");
  const count = page.getByTestId("followers-count");
  const before = Number(((await count.textContent()) ?? "").replace(/\D/g, ""));
  await expect(follow).toHaveAttribute("aria-pressed", "false");

  const release = await holdGraphql(page);
  const sent = page.waitForRequest("**/gateway/graphql");
  await follow.click();
  await save.click();
  // Both changed while the mutations are still held back.
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  // The accessible name starts with the visible word, then names the API (WCAG 2.5.3, issue 18).
  await expect(follow).toHaveAccessibleName(/^Following TVmaze/i);
  await expect(count).toContainText(String(before + 1));
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await sent;
  const answered = page.waitForResponse("**/gateway/graphql");
  release();
  await answered;
  await page.unroute("**/gateway/graphql");

  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true", { timeout: 1000 });
    await expect(page.getByTestId("save-button")).toHaveAttribute("aria-pressed", "true", { timeout: 1000 });
  }).toPass();
  await page.goto("/my-saved-apis");
  await expect(page.getByTestId("saved-apis").getByTestId("api-card")).toHaveCount(1);
  await expect(page.getByTestId("saved-apis")).toContainText(/TVmaze/i);
  await expect(page.getByTestId("no-private-apis")).toHaveText("No private APIs have been shared with you yet.");
});

test("a refused follow is rolled back with a message", async ({ page }) => {
  await signUp(page);
  await page.goto(API_PATH);
  await page.route("**/gateway/graphql", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ errors: [{ message: "API not found", extensions: { code: "NOT_FOUND" } }] }),
    }),
  );
  const follow = page.getByTestId("follow-button");
  await follow.click();
  await expect(page.getByTestId("notice")).toHaveText(/could not be saved/);
  await expect(follow).toHaveAttribute("aria-pressed", "false");
});

test("signed out: follow asks to log in or register; saved APIs show the login prompt", async ({ page }) => {
  await page.goto(API_PATH);
  await page.getByTestId("follow-button").click();
  const prompt = page.getByTestId("login-prompt");
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId("prompt-login")).toHaveAttribute(
    "href",
    `/auth?referral=${encodeURIComponent(API_PATH)}`,
  );
  await page.goto("/my-saved-apis");
  await expect(page.getByTestId("login-panel")).toContainText("Log in or register");
  await page.getByTestId("panel-login").click();
  await expect(page).toHaveURL(/\/auth\?referral=%2Fmy-saved-apis$/);
});

test("create an organization and a team, add developers, switch context, sign out", async ({ page }) => {
  const username = await signUp(page);
  const orgName = `E2E Org ${Date.now().toString(36)}`;

  await page.getByTestId("orgs-menu-button").click();
  await page.getByTestId("menu-create-org").click();
  await expect(page).toHaveURL(/\/org\/organizations\/create$/);
  await page.getByLabel("Name").fill(orgName);
  await page.getByTestId("create-org-submit").click();
  await expect(page).toHaveURL(/\/org\?org=/);
  await expect(page.getByTestId("org-title")).toHaveText(orgName);
  await expect(page.getByTestId("member-row")).toContainText(username);

  await page.getByTestId("create-team-form").getByLabel("Team name").fill("Core Team");
  await page.getByTestId("create-team-form").getByRole("button").click();
  const team = page.getByTestId("team-card").filter({ hasText: "Core Team" });
  await expect(team).toBeVisible();
  // Only organization members can be developers: the spec's message for anyone else.
  await team.getByLabel("Add developer").fill("demo-developer");
  await team.getByRole("button", { name: "Add developer" }).click();
  await expect(team.getByTestId("form-error")).toContainText("Error adding developers. Please try again later.");
  await team.getByLabel("Add developer").fill(username);
  await team.getByRole("button", { name: "Add developer" }).click();
  await expect(team.getByTestId("team-developer")).toHaveText(new RegExp(username));

  // Context switcher: personal account by default, the organization and its team on offer.
  await expect(page.getByTestId("current-context")).toHaveText("Personal account");
  await page.getByTestId("context-switcher-button").click();
  const options = page.getByTestId("context-switcher-panel").getByTestId("context-option");
  await expect(options).toHaveCount(3);
  await options.filter({ hasText: "Core Team" }).click();
  await expect(page.getByTestId("current-context")).toHaveText(`Core Team (${orgName})`);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("portico_context_token")), { timeout: 5000 })
    .not.toBeNull();
  await page.reload();
  await expect(page.getByTestId("current-context")).toHaveText(`Core Team (${orgName})`);

  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("menu-logout").click();
  await expect(page).toHaveURL(/\/hub$/);
  expect(await page.evaluate(() => localStorage.getItem("portico_context"))).toBeNull();
});

test("an organization admin edits the organization's settings and deletes it; others get 404", async ({
  page,
  browser,
}) => {
  await signUp(page);
  const orgName = `Settings Org ${Date.now().toString(36)}`;
  await page.goto("/org/organizations/create");
  await page.getByLabel("Name").fill(orgName);
  await page.getByTestId("create-org-submit").click();
  await expect(page).toHaveURL(/\/org\?org=/);
  await page.getByTestId("org-settings-link").click();
  await expect(page).toHaveURL(/\/[a-z0-9-]+\/settings$/);
  const settingsPath = new URL(page.url()).pathname;

  const form = page.getByTestId("org-settings-form");
  await form.getByLabel("Picture URL (optional)").fill("javascript:alert(1)");
  await page.getByTestId("org-settings-submit").click();
  await expect(form.getByText("The URL is not valid. Please verify.")).toBeVisible();
  await form.getByLabel("Picture URL (optional)").fill("");
  await form.getByLabel("Description (optional)").fill("We build weather APIs.");
  await page.getByTestId("org-settings-submit").click();
  await expect(page.getByTestId("form-notice")).toHaveText("Saved.");
  await page.goto(`/orghomepage/${settingsPath.split("/")[1]}`);
  await expect(page.getByText("We build weather APIs.")).toBeVisible();

  // Another signed-in user does not administer it: the page does not exist for them.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage);
  expect((await otherPage.goto(settingsPath))?.status()).toBe(404);
  await other.close();

  // Deleting needs the name typed again; then the organization is gone.
  await page.goto(settingsPath);
  await page.getByLabel(`Type ${orgName} to confirm`).fill("wrong name");
  await page.getByTestId("org-delete-submit").click();
  await expect(page.getByText("Type the organization's name to delete it")).toBeVisible();
  await page.getByLabel(`Type ${orgName} to confirm`).fill(orgName);
  await page.getByTestId("org-delete-submit").click();
  await expect(page).toHaveURL(/\/org$/);
  expect((await page.goto(settingsPath))?.status()).toBe(404);
});

test("the profile shows the user's fields and only the owner edits them", async ({ page }) => {
  const username = await signUp(page);
  await page.goto("/user/settings");
  await page.getByLabel("Name").fill("Ada E2E");
  await page.getByLabel("Company").fill("Analytical Engines");
  await page.getByLabel("Bio").fill("Writes the first programs.");
  await page.getByTestId("settings-submit").click();
  await expect(page.getByTestId("form-notice")).toBeVisible();
  await page.goto(`/user/${username}`);
  await expect(page.getByTestId("profile-name")).toHaveText("Ada E2E");
  await expect(page.getByTestId("profile-bio")).toHaveText("Writes the first programs.");
  await expect(page.getByTestId("edit-profile")).toBeVisible();
  await page.getByTestId("profile-tab-followers").click();
  await expect(page).toHaveURL(/tab=followers/);
  await expect(page.getByTestId("profile-tab-panel")).toContainText("No followers yet.");
  await expect(page.getByTestId("no-discussions")).toBeVisible();

  // A question posted on an API shows in the profile's discussions table, under All and Questions, not Answers.
  const title = unique("Question");
  await page.goto(`${API_PATH}/discussions`);
  await page.locator("#discussion-title").fill(title);
  await page.locator("#discussion-body").fill("How are rate limits counted?");
  await page.getByTestId("discussion-post").click();
  // The first thread page a fresh server renders loads the Markdown and sanitizer modules (several seconds under tsx
  // on a loaded machine): a cold start, not a slow page.
  await expect(page.getByTestId("discussion-title")).toHaveText(title, { timeout: 30_000 });
  await page.goto(`/user/${username}`);
  const rows = page.getByTestId("profile-discussion-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toHaveAttribute("data-type", "question");
  await page.getByTestId("discussion-filter-answers").click();
  await expect(page).toHaveURL(/discussions=answers/);
  await expect(page.getByTestId("no-discussions")).toBeVisible();
  await page.getByTestId("discussion-filter-questions").click();
  await expect(rows).toHaveCount(1);

  // Another user sees a follow button instead of the edit link.
  await page.goto("/user/demo-developer");
  await expect(page.getByTestId("edit-profile")).toHaveCount(0);
  await page.getByTestId("follow-user-button").click();
  await expect(page.getByTestId("follow-user-button")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("count-followers")).toHaveText("1");
});

test.describe("private second tenant", () => {
  test.use({ extraHTTPHeaders: { "x-tenant-id": "2" } });

  test("signed-out visitors go to /auth with the full path; the demo developer signs in there", async ({ page }) => {
    await page.goto("/collections?sort=new");
    await expect(page).toHaveURL(/\/auth\?referral=%2Fcollections%3Fsort%3Dnew$/);
    await expect(page.getByTestId("brand-logo")).toContainText("Acme");
    await page.getByLabel("E-mail").fill(DEVELOPER.email);
    await page.getByLabel("Password").fill(DEVELOPER.password);
    await page.getByTestId("sign-in-submit").click();
    await expect(page).toHaveURL(/\/collections\?sort=new$/);
    await expect(page.getByTestId("user-menu-button")).toBeVisible();
    await waitForHydration(page);
  });

  test("private APIs carry a lock for the admin and are a 404 for everyone else", async ({ page }) => {
    await signIn(page, ADMIN, "/my-saved-apis");
    const preview = page.getByTestId("private-apis-preview");
    await expect(preview.getByTestId("api-card").first()).toBeVisible();
    await expect(preview.getByTestId("private-lock").first()).toBeVisible();
    await preview.getByTestId("api-card").first().getByRole("link").first().click();
    await expect(page.getByTestId("api-name")).toBeVisible();
    await expect(page.getByTestId("private-lock")).toBeVisible();
    const privatePath = new URL(page.url()).pathname;

    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("menu-logout").click();
    await signIn(page, DEVELOPER);
    const response = await page.goto(privatePath);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("This page could not be found");
  });
});

test("a private API: the owner invites a user, who sees it with the lock and finds it in search; others get not found", async ({
  page,
  browser,
}) => {
  // Three people sign up and the owner creates an API: longer than one screen's test on a shared machine.
  test.setTimeout(120_000);
  const owner = await signUp(page);
  // A made-up word nothing else in the catalog contains, so search finds exactly this API.
  const word = `zephyrvault${Date.now().toString(36)}`;
  await page.goto("/studio/new");
  await page.getByLabel("Name").fill(`${word} Ledger`);
  await page.getByLabel("Short description").fill("Shared only with invited users");
  await page.locator("#field-visibility").selectOption("PRIVATE");
  await page.getByTestId("api-form-create-submit").click();
  await expect(page).toHaveURL(/\/studio\/apis\/api_[a-z0-9]+\?created=1$/);
  const apiPath = (await page.getByTestId("studio-view-page").getAttribute("href")) ?? "";
  expect(apiPath).toContain(`/${owner}/api/`);

  // Two more people, each in a browser of their own: the one to invite and a stranger.
  const invitedPage = await (await browser.newContext()).newPage();
  const strangerPage = await (await browser.newContext()).newPage();
  const invited = await signUp(invitedPage);
  await signUp(strangerPage);

  await page.goto(apiPath);
  await expect(page.getByTestId("private-lock").first()).toBeVisible();
  const panel = page.getByTestId("invitations-panel");
  await panel.getByLabel("Username").fill(invited);
  await panel.getByRole("button", { name: "Invite" }).click();
  await expect(panel.getByTestId("invitation")).toContainText(invited);

  // The invited user: the page with the lock, the typeahead (private search token) and the search page.
  await invitedPage.goto(apiPath);
  await waitForHydration(invitedPage);
  await expect(invitedPage.getByTestId("api-name")).toHaveText(`${word} Ledger`);
  await expect(invitedPage.getByTestId("private-lock").first()).toBeVisible();
  await invitedPage.getByTestId("search-input").fill(word);
  const option = invitedPage.getByTestId("search-option");
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(`${word} Ledger`);
  await expect(option.getByTestId("private-lock")).toBeVisible();
  await invitedPage.goto(`/search/${word}`);
  const cards = invitedPage.getByTestId("search-api-results").getByTestId("api-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId("private-lock")).toBeVisible();

  // Everyone else: the same not-found as for an API that does not exist, and no search result.
  const hidden = await strangerPage.goto(apiPath);
  expect(hidden?.status()).toBe(404);
  const missing = await strangerPage.goto(`/${owner}/api/no-such-api-${word}`);
  expect(missing?.status()).toBe(404);
  const missingText = await strangerPage.getByTestId("error-message").textContent();
  await strangerPage.goto(apiPath);
  await expect(strangerPage.getByTestId("error-message")).toHaveText(missingText ?? "");
  await waitForHydration(strangerPage);
  await strangerPage.getByTestId("search-input").fill(word);
  await expect(strangerPage.getByTestId("search-no-results")).toBeVisible();
  await strangerPage.goto(`/search/${word}`);
  await expect(strangerPage.getByTestId("search-empty")).toBeVisible();
  const anonymous = await (await browser.newContext()).newPage();
  expect((await anonymous.goto(apiPath))?.status()).toBe(404);
});
