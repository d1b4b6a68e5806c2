import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// Ratings and reviews and the spec change feed through the browser (decisions 080 and 081): a visitor sees demo stars
// marked as demo and is asked to log in; a consumer rates, edits and deletes; a provider replies, votes a review
// helpful, re-imports the spec and finds the Changelog and its Atom feed.

const FIXTURES = path.resolve("tests/fixtures/api-specs");
const afterPost = { timeout: 15_000 };

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

async function csrfOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data.csrfToken;
}

async function pickStars(page: Page, stars: number) {
  await page
    .getByTestId("star-input")
    .locator("label")
    .nth(stars - 1)
    .click();
}

test("a visitor sees no invented stars and is asked to log in to rate", async ({ page }) => {
  // The seed no longer generates ratings (decision 100): an unrated API shows none, demo or otherwise.
  await page.goto("/ato-gov-au/api/business-registries/reviews");
  await waitForHydration(page);
  await expect(page.getByTestId("rating-summary").getByTestId("rating-demo")).toHaveCount(0);
  await expect(page.getByTestId("reviews-empty")).toBeVisible();
  await page.getByTestId("review-sign-in").click();
  await expect(page.getByText("Log in or register to rate and review APIs.")).toBeVisible();
});

test("a consumer rates with a review, edits it and deletes it; the aggregate follows", async ({ page }) => {
  await signUpNewUser(page, { prefix: "rater", referral: "/hub", timeout: afterPost.timeout });
  await page.goto("/gov-bc-ca/api/bc-data-catalogue/reviews");
  await waitForHydration(page);
  // The seed invents no ratings (decision 100): the first real one is the whole aggregate.
  await expect(page.getByTestId("rating-demo-notice")).toHaveCount(0);

  // No stars chosen: the clear message, nothing stored.
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("form-error")).toHaveText("Choose a rating from 1 to 5 stars");

  await pickStars(page, 4);
  await page.getByLabel("Title (optional)").fill("Reliable catalogue");
  await page
    .getByLabel("Review (optional, Markdown)")
    .fill("Good **coverage**.\n\n<img src=x onerror=\"window.__xss='img'\"> [x](javascript:window.__xss='link')");
  await page.getByTestId("review-submit").click();
  const review = page.getByTestId("review");
  await expect(review).toHaveCount(1, afterPost);
  await expect(review.getByTestId("review-title")).toHaveText("Reliable catalogue");
  await expect(review.getByTestId("review-body").locator("strong")).toHaveText("coverage");
  await expect(review.getByTestId("review-body").locator("img")).toHaveCount(0);
  // The real aggregate alone, never mixed with demo numbers (decision 080).
  await expect(page.getByTestId("rating-average")).toHaveText("4.0");
  await expect(page.getByTestId("rating-count")).toHaveText("1 rating");
  await expect(page.getByTestId("rating-demo-notice")).toHaveCount(0);
  await expect(page.getByTestId("rating-distribution")).toBeVisible();
  await expect(page.locator("header, main").getByTestId("rating-demo")).toHaveCount(0);

  await review.getByTestId("review-edit").click();
  await pickStars(page, 2);
  await page.getByLabel("Title (optional)").fill("Slower lately");
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("rating-average")).toHaveText("2.0", afterPost);
  await expect(review.getByTestId("review-title")).toHaveText("Slower lately");

  page.once("dialog", (dialog) => dialog.accept());
  await review.getByTestId("review-delete").click();
  await expect(page.getByTestId("reviews-empty")).toBeVisible(afterPost);
  await expect(page.getByTestId("rating-count")).toHaveText("0 ratings");
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
});

async function newProvider(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const username = await signUpNewUser(page, { prefix: "ratedprov", referral: "/hub", timeout: afterPost.timeout });
  const slug = unique("rated-api");
  const created = await page.request.post("/gateway/graphql", {
    headers: { "csrf-token": await csrfOf(page) },
    data: {
      query: "mutation($i: ApiInput!) { createApi(input: $i) { id slug } }",
      variables: { i: { name: `Rated ${slug}`, slug, shortDescription: "Books to rate", visibility: "PUBLIC" } },
    },
  });
  const body = (await created.json()) as { data?: { createApi?: { id: string } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { context, page, username, apiId: body.data?.createApi?.id ?? "", apiPath: `/${username}/api/${slug}` };
}

async function importSpec(page: Page, apiId: string, file: string, mimeType: string, expected: string) {
  await page.goto(`/studio/apis/${apiId}`);
  await waitForHydration(page);
  await page
    .locator("#field-specFiles")
    .setInputFiles({ name: file, mimeType, buffer: readFileSync(path.join(FIXTURES, file)) });
  await page.getByTestId("spec-import-submit").click();
  await expect(page.getByTestId("spec-diff")).toContainText(expected, { timeout: 60_000 });
}

test("a provider replies to a review, finds it helpful, and a re-import shows up in the Changelog and its feed", async ({
  browser,
  baseURL,
  page,
}) => {
  const provider = await newProvider(browser, baseURL);
  await importSpec(
    provider.page,
    provider.apiId,
    "bookshop-v1.openapi-3.0.yaml",
    "application/yaml",
    "Imported version 1.0.0",
  );

  // The provider cannot rate their own API.
  await provider.page.goto(`${provider.apiPath}/reviews`);
  await expect(provider.page.getByTestId("review-own-api")).toBeVisible();

  await signUpNewUser(page, { prefix: "reviewer", referral: "/hub", timeout: afterPost.timeout });
  await page.goto(`${provider.apiPath}/reviews`);
  await waitForHydration(page);
  await pickStars(page, 3);
  await page.getByLabel("Title (optional)").fill("Missing bulk endpoints");
  await page.getByLabel("Review (optional, Markdown)").fill("Please add a way to fetch many books at once.");
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("review")).toHaveCount(1, afterPost);
  // Follow the API: followers hear about new versions.
  await page
    .getByRole("button", { name: /^Follow/ })
    .first()
    .click();

  await provider.page.goto(`${provider.apiPath}/reviews`);
  await waitForHydration(provider.page);
  const review = provider.page.getByTestId("review");
  await review.getByTestId("review-reply").click();
  await review.getByRole("textbox").fill("Coming in **v2**: see the changelog.");
  await review.getByTestId("review-reply-submit").click();
  await expect(review.getByTestId("review-reply-body")).toContainText("Coming in v2", afterPost);
  await expect(review.getByTestId("review-reply")).toHaveCount(0);

  await review.getByTestId("review-helpful").click();
  await expect(review.getByTestId("review-helpful-count")).toHaveText("1 person found this helpful", afterPost);
  await provider.page.getByRole("link", { name: "Most helpful" }).click();
  await expect(provider.page).toHaveURL(/sort=helpful/);

  // The reviewer sees the reply.
  await page.reload();
  await expect(page.getByTestId("review-reply-body")).toContainText("Coming in v2");

  await importSpec(
    provider.page,
    provider.apiId,
    "bookshop-v2.openapi-3.1.json",
    "application/json",
    "Imported version 2.0.0",
  );
  await provider.page.goto(`${provider.apiPath}/changelog`);
  const entry = provider.page.getByTestId("changelog-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("2.0.0 (from 1.0.0)");
  await expect(entry.getByTestId("changelog-breaking")).toContainText("breaking change");
  await expect(entry).toContainText("DELETE /books/{id}");

  // What changed since: any two versions, in either order, at their own address.
  await waitForHydration(provider.page);
  const compare = provider.page.getByTestId("changelog-compare");
  await compare.getByTestId("changelog-compare-submit").click();
  await expect(provider.page).toHaveURL(/from=.*&to=/);
  await expect(compare.getByTestId("changelog-comparison")).toContainText("2.0.0 (from 1.0.0)");
  await expect(compare.getByTestId("changelog-comparison")).toContainText("DELETE /books/{id}");
  await compare.getByTestId("changelog-from").selectOption({ index: 0 });
  await compare.getByTestId("changelog-to").selectOption({ index: 1 });
  await compare.getByTestId("changelog-compare-submit").click();
  await expect(compare.getByTestId("changelog-comparison")).toContainText("1.0.0 (from 2.0.0)");

  const feed = await provider.page.request.get(
    `/feeds/${provider.apiPath.slice(1).replace("/api/", "/")}/changelog.atom`,
  );
  expect(feed.headers()["content-type"]).toContain("application/atom+xml");
  const xml = await feed.text();
  expect(xml).toContain("<entry>");
  expect(xml).toContain("2.0.0");

  // The reviewer, who follows the API, was told of the new version (flagged breaking) and of the provider's reply.
  const notes = await page.request.post("/gateway/graphql", {
    headers: { "csrf-token": await csrfOf(page) },
    data: { query: "{ newNotificationsByUserId { nodes { title type } } }" },
  });
  const reviewerNotes = JSON.stringify(await notes.json());
  expect(reviewerNotes).toMatch(/Rated[^"]* has a new version 2\.0\.0","type":"error"/);
  expect(reviewerNotes).toMatch(/The provider of Rated[^"]* replied to your review/);
  // The provider was told of the review.
  const providerNotes = await provider.page.request.post("/gateway/graphql", {
    headers: { "csrf-token": await csrfOf(provider.page) },
    data: { query: "{ newNotificationsByUserId { nodes { title } } }" },
  });
  expect(JSON.stringify(await providerNotes.json())).toMatch(/reviewer[^"]* reviewed Rated/);
  await provider.context.close();
});
