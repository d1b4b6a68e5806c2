import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// API page content (decision 050) through the browser: a provider writes tutorials (live preview, H1 contents, previous/next, drafts,
// 'Tutorial Not Found'), hostile Markdown that must not run, spotlights (validation messages, upload, order, publish)
// shown on the API page, and discussions (login prompt, spec message, thread with a comment).

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const XSS_BODY = [
  "# Hostile",
  "<script>window.__xss = 'script'</script>",
  '<img src="x" onerror="window.__xss = \'img\'">',
  "[js link](javascript:window.__xss='link')",
  "<a href=\"javascript:window.__xss='a'\">raw anchor</a>",
  "![pic](javascript:window.__xss='pic')",
  "<svg onload=\"window.__xss='svg'\"></svg>",
  "<iframe srcdoc=\"<script>parent.__xss='iframe'</script>\"></iframe>",
  "[data](data:text/html,<script>alert(1)</script>)",
].join("\n\n");

// Form posts render Markdown and write to the database; the shared 2-core machine can be slow under load.
const afterPost = { timeout: 15_000 };

interface Provider {
  context: BrowserContext;
  page: Page;
  username: string;
  apiPath: string;
}

/** Signs up a fresh provider and creates a public API for them through GraphQL createApi (the studio's mutation). */
async function newProvider(browser: Browser, baseURL: string | undefined): Promise<Provider> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const username = await signUpNewUser(page, { prefix: "prov", referral: "/hub", timeout: afterPost.timeout });
  await waitForHydration(page);
  const csrf = ((await (await page.request.get("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data
    .csrfToken;
  const slug = unique("content-api");
  const created = await page.request.post("/gateway/graphql", {
    headers: { "csrf-token": csrf },
    data: {
      query: "mutation($i: ApiInput!) { createApi(input: $i) { id slug } }",
      variables: {
        i: { name: `Content ${slug}`, slug, shortDescription: "Tutorials and spotlights", visibility: "PUBLIC" },
      },
    },
  });
  const body = (await created.json()) as { data?: { createApi?: { slug: string } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { context, page, username, apiPath: `/${username}/api/${body.data?.createApi?.slug}` };
}

async function writeTutorial(page: Page, apiPath: string, title: string, body: string, publish: boolean) {
  await page.goto(`${apiPath}/tutorials`);
  await page.getByTestId("tutorial-new").click();
  await expect(page.getByTestId("tutorial-form")).toBeVisible(afterPost);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Body (Markdown)").fill(body);
  if (publish) await page.getByTestId("status-published").check();
  await page.getByTestId("tutorial-save").click();
  await expect(page.getByTestId("tutorial-title")).toHaveText(title, afterPost);
}

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let provider: Provider;
let visitor: BrowserContext;

test.beforeAll(async ({ browser, baseURL }) => {
  provider = await newProvider(browser, baseURL);
  visitor = await browser.newContext({ baseURL });
});

test.afterAll(async () => {
  await provider?.context.close();
  await visitor?.close();
});

test("a provider writes tutorials with a live preview, H1 contents and previous/next; drafts stay private", async () => {
  const { page, apiPath } = provider;
  await page.goto(`${apiPath}/tutorials`);
  await expect(page.getByTestId("tab-tutorials")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("tutorials-empty")).toBeVisible();

  await page.getByTestId("tutorial-new").click();
  // Spec: thumbnail URL optional, but an invalid one is refused with the URL message.
  await page.getByLabel("Title").fill("Getting started");
  await page.getByLabel("Thumbnail URL (optional)").fill("javascript:alert(1)");
  await page
    .getByLabel("Body (Markdown)")
    .fill("# Install\n\nRun it.\n\n## Not listed\n\n# Authenticate\n\nSend the key.");
  await expect(page.getByTestId("editor-toc").locator("li")).toHaveText(["Install", "Authenticate"]);
  await expect(page.getByTestId("editor-preview").locator("h1")).toHaveText(["Install", "Authenticate"]);
  await page.getByTestId("status-published").check();
  await page.getByTestId("tutorial-save").click();
  await expect(page.getByTestId("error-thumbnailUrl")).toHaveText("The URL is not valid. Please verify.", afterPost);
  await page.getByLabel("Thumbnail URL (optional)").fill("");
  await page.getByTestId("tutorial-save").click();
  await expect(page.getByTestId("tutorial-title")).toHaveText("Getting started", afterPost);
  await expect(page.getByTestId("tutorial-status")).toHaveText("Published");
  await expect(page.getByTestId("tutorial-toc").locator("a")).toHaveText(["Install", "Authenticate"]);

  await writeTutorial(page, apiPath, "Webhooks", "# Subscribe\n\nPost a URL.", true);
  await writeTutorial(page, apiPath, "Unfinished", "# Soon", false);
  await expect(page.getByTestId("tutorial-status")).toHaveText("Draft");

  // Previous / next / back to all, as a visitor (who never sees the draft).
  const guest = await visitor.newPage();
  await guest.goto(`${apiPath}/tutorials`);
  await expect(guest.getByTestId("tutorial-card")).toHaveCount(2);
  await guest.getByTestId("tutorial-card").filter({ hasText: "Getting started" }).click();
  await expect(guest.getByTestId("tutorial-previous")).toHaveCount(0, afterPost);
  await guest.getByTestId("tutorial-next").click();
  await expect(guest.getByTestId("tutorial-title")).toHaveText("Webhooks", afterPost);
  await expect(guest.getByTestId("tutorial-next")).toHaveCount(0);
  await guest.getByTestId("tutorial-previous").click();
  await expect(guest.getByTestId("tutorial-title")).toHaveText("Getting started", afterPost);
  await guest.getByTestId("tutorial-back").click();
  await expect(guest.getByTestId("tutorials-list")).toBeVisible(afterPost);

  const draft = await guest.goto(`${apiPath}/tutorials/unfinished`);
  expect(draft?.status()).toBe(404);
  await expect(guest.getByTestId("tutorial-not-found")).toContainText("Tutorial Not Found");
  const missing = await guest.goto(`${apiPath}/tutorials/no-such-tutorial`);
  expect(missing?.status()).toBe(404);
  await guest.close();
});

test("hostile Markdown in a tutorial runs no script, in the editor preview or on the page", async () => {
  const { page, apiPath } = provider;
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`${apiPath}/tutorials/new`);
  await page.getByLabel("Title").fill("Hostile");
  await page.getByLabel("Body (Markdown)").fill(XSS_BODY);
  await expect(page.getByTestId("editor-toc").locator("li")).toHaveText(["Hostile"]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  await page.getByTestId("status-published").check();
  await page.getByTestId("tutorial-save").click();
  await expect(page.getByTestId("tutorial-title")).toHaveText("Hostile", afterPost);

  const guest = await visitor.newPage();
  guest.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await guest.goto(`${apiPath}/tutorials/hostile`);
  const body = guest.getByTestId("tutorial-body");
  await expect(body).toContainText("<script>");
  expect(await body.locator("script, iframe, svg, img[onerror]").count()).toBe(0);
  const hrefs = await body.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript):/i.test(h))).toEqual([]);
  // Click every link that is there; none may run script.
  for (const link of await body.locator("a").all()) await link.click({ modifiers: ["ControlOrMeta"] }).catch(() => {});
  await guest.waitForTimeout(300);
  expect(await guest.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await guest.close();
});

test("spotlights: the spec's messages, upload, order and publishing, shown on the API page", async () => {
  const { page, apiPath } = provider;
  await page.goto(apiPath);
  await page.getByTestId("spotlights-manage-link").click();
  await expect(page.getByTestId("spotlights-manage")).toBeVisible(afterPost);
  const form = page.getByTestId("spotlight-form");

  await form.getByTestId("spotlight-save").click();
  await expect(page.getByTestId("form-error")).toHaveText("Title and Spotlight URL / File are required!", afterPost);
  await form.getByLabel("Title", { exact: true }).fill("!!!");
  await form.getByLabel("Spotlight URL").fill("https://example.com/x");
  await form.getByTestId("spotlight-save").click();
  await expect(page.getByTestId("form-error")).toHaveText("The title is not valid. Please verify.", afterPost);
  await form.getByLabel("Title", { exact: true }).fill("Version 2 launch");
  await form.getByLabel("Spotlight URL").fill("ftp://example.com/x");
  await form.getByTestId("spotlight-save").click();
  await expect(page.getByTestId("form-error")).toHaveText("The URL is not valid. Please verify.", afterPost);
  await form.getByLabel("Spotlight URL").fill("");
  await form
    .getByLabel("Or upload a file")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  await form.getByTestId("spotlight-save").click();
  await expect(page.getByTestId("form-error")).toHaveText("Please verify the file type & size.", afterPost);

  // A valid URL spotlight, published.
  await form.getByLabel("Title", { exact: true }).fill("Version 2 launch");
  await form.getByLabel("Spotlight URL").fill("https://example.com/v2");
  await form.getByLabel("Or upload a file").setInputFiles([]);
  await form.getByTestId("spotlight-state-published").check();
  await form.getByTestId("spotlight-save").click();
  await expect(page.getByTestId("spotlight-admin-item")).toHaveCount(1, afterPost);

  // An uploaded image, published; then a draft.
  await form.getByLabel("Title", { exact: true }).fill("Architecture diagram");
  await form.getByLabel("Or upload a file").setInputFiles({ name: "diagram.png", mimeType: "image/png", buffer: PNG });
  await form.getByTestId("spotlight-state-published").check();
  await form.getByTestId("spotlight-save").click();
  await expect(page.getByTestId("spotlight-admin-item")).toHaveCount(2, afterPost);
  await form.getByLabel("Title", { exact: true }).fill("Not ready");
  await form.getByLabel("Spotlight URL").fill("https://example.com/soon");
  await form.getByTestId("spotlight-save").click();
  await expect(page.getByTestId("spotlight-admin-item")).toHaveCount(3, afterPost);

  const titles = () => page.getByTestId("spotlight-admin-item").locator("h3").allTextContents();
  expect(await titles()).toEqual(["Version 2 launch", "Architecture diagram", "Not ready"]);
  await page.getByTestId("spotlight-admin-item").nth(1).getByTestId("spotlight-move-left").click();
  await expect(page.getByTestId("spotlight-admin-item").first().locator("h3")).toHaveText(
    "Architecture diagram",
    afterPost,
  );
  expect(await titles()).toEqual(["Architecture diagram", "Version 2 launch", "Not ready"]);

  // The visitor sees the two published ones, in that order, above the tabs; the file is served safely.
  const guest = await visitor.newPage();
  await guest.goto(apiPath);
  const cards = guest.getByTestId("spotlight-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Architecture diagram");
  await expect(cards.nth(1)).toContainText("Version 2 launch");
  await expect(guest.getByTestId("spotlights-manage-link")).toHaveCount(0);
  const src = await cards.nth(0).locator("img").getAttribute("src");
  expect(src).toMatch(/^\/spotlight-files\/spl_/);
  const file = await guest.request.get(src ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
  // Visitors cannot open the editor.
  expect((await guest.goto(`${apiPath}/spotlights/manage`))?.status()).toBe(404);

  // Unpublish: gone from the page.
  await page.getByTestId("spotlight-admin-item").first().getByTestId("spotlight-unpublish").click();
  await expect(page.getByTestId("spotlight-admin-item").first().getByTestId("spotlight-state")).toHaveText(
    "Unpublished",
  );
  await guest.goto(apiPath);
  await expect(guest.getByTestId("spotlight-card")).toHaveCount(1);
  await guest.close();
});

test("discussions: a sign-in prompt for visitors, the spec's message, a new thread and a comment", async () => {
  const guest = await visitor.newPage();
  await guest.goto(`${provider.apiPath}/discussions`);
  await expect(guest.getByTestId("discussions-empty")).toBeVisible();
  // A visitor gets the way to log in, not a form that cannot be sent (issue 18).
  await expect(guest.getByTestId("discussion-form")).toHaveCount(0);
  await expect(guest.getByTestId("sign-in-to-post")).toContainText("Log in to post a discussion or comment.");
  await expect(guest.getByTestId("sign-in-to-post-login")).toHaveAttribute(
    "href",
    `/auth?referral=${encodeURIComponent(`${provider.apiPath}/discussions`)}`,
  );
  await guest.close();

  const { page, apiPath } = provider;
  await page.goto(`${apiPath}/discussions`);
  await page.getByLabel("Title").fill("How are rate limits counted?");
  await page.getByTestId("discussion-post").click();
  await expect(page.getByTestId("form-error")).toHaveText(
    "Title and body required in order to post a new discussion",
    afterPost,
  );
  await page.getByLabel("Body").fill("Per key or per app? <img src=x onerror=\"window.__xss='d'\">");
  await page.getByTestId("discussion-post").click();
  await expect(page.getByTestId("discussion-title")).toHaveText("How are rate limits counted?", afterPost);
  await expect(page.getByTestId("discussion-body")).toContainText("Per key or per app?");
  await page.getByLabel("Add a comment").fill("Per subscription, **per minute**.");
  await page.getByTestId("comment-post").click();
  await expect(page.getByTestId("discussion-comment")).toHaveCount(1, afterPost);
  await expect(page.getByTestId("discussion-comment").locator("strong")).toHaveText("per minute");
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();

  await page.goto(`${apiPath}/discussions`);
  await expect(page.getByTestId("discussion-row")).toHaveCount(1);
  await expect(page.getByTestId("discussion-row")).toContainText("1 comment");
});
