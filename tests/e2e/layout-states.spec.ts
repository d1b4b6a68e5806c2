import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { signUpNewUser, unique } from "./sign-up";

// Issue 18: the hub's hero search, the phone layouts (categories, profile tabs) and honest states for an API's owner.

test("the hub's hero has a large search with typeahead", async ({ page }) => {
  await page.goto("/hub");
  await waitForHydration(page);
  const input = page.getByTestId("hero-search-input");
  await expect(input).toHaveAttribute("placeholder", "Search for APIs");
  await input.fill("weather");
  const hero = page.getByTestId("hero-search");
  await expect(hero.getByTestId("search-option").first()).toBeVisible();
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\/weather$/);
});

test("on a phone the categories page filters a two-column grid; ?q= filters before scripts", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/categories?q=weath");
  await expect(page.getByTestId("category-card")).toHaveCount(1);
  await expect(page.getByTestId("category-card")).toContainText("Weather");
  await page.goto("/categories");
  await waitForHydration(page);
  const cards = page.getByTestId("category-card");
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  // Two columns: the second card sits beside the first.
  expect(second?.y).toBe(first?.y);
  await page.getByTestId("category-filter").fill("zzzz-nothing");
  await expect(cards).toHaveCount(0);
  await expect(page.getByTestId("category-filter-empty")).toHaveText("No category matches “zzzz-nothing”.");
  await page.getByTestId("category-filter").fill("WEATH");
  await expect(cards).toHaveCount(1);
});

test("an owner sees no Follow/Save and no empty spotlights heading; the studio page has a section sidebar", async ({
  page,
  browser,
  baseURL,
}) => {
  const username = await signUpNewUser(page, { prefix: "owner", referral: "/hub" });
  await waitForHydration(page);
  const csrf = ((await (await page.request.get("/gateway/csrf")).json()) as { data: { csrfToken: string } }).data
    .csrfToken;
  const slug = unique("own-api");
  const created = await page.request.post("/gateway/graphql", {
    headers: { "csrf-token": csrf },
    data: {
      query: "mutation($i: ApiInput!) { createApi(input: $i) { id slug } }",
      variables: { i: { name: `Own ${slug}`, slug, shortDescription: "Mine", visibility: "PUBLIC" } },
    },
  });
  const body = (await created.json()) as { data?: { createApi?: { id: string; slug: string } } };
  const apiId = body.data?.createApi?.id ?? "";
  const apiPath = `/${username}/api/${body.data?.createApi?.slug}`;

  await page.goto(apiPath);
  await expect(page.getByTestId("api-name")).toBeVisible();
  await expect(page.getByTestId("follow-button")).toHaveCount(0);
  await expect(page.getByTestId("save-button")).toHaveCount(0);
  await expect(page.getByTestId("compare-toggle")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Spotlights" })).toHaveCount(0);
  await expect(page.getByTestId("spotlight-strip-empty")).toContainText("No published spotlight");

  // A visitor gets both, named after their visible words.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(apiPath);
  await expect(visitor.getByRole("button", { name: `Follow Own ${slug}` })).toBeVisible();
  await expect(visitor.getByRole("button", { name: `Save Own ${slug}` })).toBeVisible();
  await expect(visitor.getByRole("button", { name: `Compare Own ${slug}` })).toBeVisible();
  await visitor.context().close();

  await page.goto(`/studio/apis/${apiId}`);
  await waitForHydration(page);
  const nav = page.getByTestId("studio-section-nav");
  await expect(nav.getByRole("link")).toHaveText(["General", "Spec", "Plans", "Gateway", "Analytics", "Danger zone"]);
  await nav.getByRole("link", { name: "Danger zone" }).click();
  await expect(page).toHaveURL(/#danger-zone$/);
  await expect(page.getByTestId("delete-panel")).toBeInViewport();
  await expect(nav.getByRole("link", { name: "Danger zone" })).toHaveAttribute("aria-current", "location");
});

test("on a phone the profile tabs scroll sideways to the last one", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/user/demo-developer");
  await waitForHydration(page);
  const tabs = page.getByTestId("profile-tabs");
  const overflow = await tabs.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflow).toBe(true);
  const last = page.getByTestId("profile-tab-followed");
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await last.click();
  await expect(last).toHaveAttribute("aria-current", "page");
});
