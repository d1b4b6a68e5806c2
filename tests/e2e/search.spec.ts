import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

// Search UI (decisions 010–012): the top bar's combobox, analytics events and the /search/{term} page, on the seeded demo
// catalog (playwright.config.ts).

// Several navigations per test on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

/** The next GraphQL request whose body contains `marker`. */
function graphqlRequest(page: Page, marker: string) {
  return page.waitForRequest(
    (r: Request) => r.url().endsWith("/gateway/graphql") && (r.postData() ?? "").includes(marker),
  );
}

/**
 * The same request and its JSON reply (not for a click event sent as the page is left: a visitor's page is a new
 * document then, and the old one's replies can no longer be read).
 */
function graphqlCall(page: Page, marker: string) {
  return graphqlRequest(page, marker).then(async (request) => {
    const response = await request.response();
    return { request, status: response?.status(), body: (await response?.json()) as { data?: unknown } };
  });
}

/**
 * The top bar's React search box, on a page that runs the React app (a signed-out visitor's hub does not: its own
 * script and typeahead are covered by visitor-hub.spec.ts).
 */
async function openHub(page: Page) {
  await page.goto("/categories");
  // The box is interactive once hydrated.
  await waitForHydration(page);
}

test("typeahead: dropdown, arrow down, Enter opens the highlighted API and records the click", async ({ page }) => {
  await openHub(page);
  const input = page.getByTestId("search-input");
  await input.click();
  await input.pressSequentially("weather");
  const options = page.getByTestId("search-option");
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(6);
  await expect(input).toHaveAttribute("role", "combobox");
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(page.getByTestId("search-all-results")).toHaveText(/^To All Results \(\d+\)$/);

  await input.press("ArrowDown");
  const first = options.first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "missing");
  await input.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await input.press("ArrowUp");
  await expect(first).toHaveAttribute("aria-selected", "true");

  const href = (await first.getAttribute("href")) ?? "";
  const name = ((await first.locator("span.font-semibold").textContent()) ?? "").trim();
  expect(href).toMatch(/^\/[^/]+\/api\/[^/]+$/);
  const click = graphqlCall(page, "trackSearchClick");
  await input.press("Enter");
  await expect(page).toHaveURL(href);
  await expect(page.getByTestId("api-name")).toHaveText(name);
  // Choosing a result closes the dropdown and clears the box.
  await expect(input).toHaveValue("");
  await expect(input).toHaveAttribute("aria-expanded", "false");

  const event = await click;
  expect(event.status).toBe(200);
  expect(event.body.data).toEqual({ trackSearchClick: true });
  const variables = JSON.parse(event.request.postData() ?? "{}").variables;
  expect(variables).toMatchObject({ position: 1, searchIndex: "apis" });
  expect(variables.queryId).toMatch(/^[0-9a-f]{32}$/);
  expect(event.request.headers()["csrf-token"]).toBeTruthy();
});

test("Enter with nothing highlighted goes to /search/{term}; the Search event follows the pause", async ({ page }) => {
  await openHub(page);
  const input = page.getByTestId("search-input");
  const searchEvent = graphqlCall(page, "trackSearchEvent");
  await input.click();
  // Slashes are removed as they are typed (spec section 5).
  await input.pressSequentially("wea/ther");
  await expect(input).toHaveValue("weather");
  await expect(page.getByTestId("search-option").first()).toBeVisible();

  const event = await searchEvent;
  expect(event.body.data).toEqual({ trackSearchEvent: true });
  const variables = JSON.parse(event.request.postData() ?? "{}").variables;
  expect(variables.term).toBe("weather");
  expect(variables.total).toBeGreaterThan(5);

  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\/weather$/);
  await expect(page.getByTestId("search-title")).toHaveText("Search results for “weather”");
  await expect(page).toHaveTitle(/Search results for “weather”/);
  await expect(page.getByTestId("search-dropdown").first()).toBeHidden();
  // The typeahead counted this search already: the results page does not send a second Search event.
  let again = 0;
  page.on("request", (r) => {
    if ((r.postData() ?? "").includes("trackSearchEvent")) again += 1;
  });
  await page.waitForTimeout(1_200);
  expect(again).toBe(0);
});

test("the results page sends its own Search event and a click event with the card's position", async ({ page }) => {
  const searchEvent = graphqlCall(page, "trackSearchEvent");
  await page.goto("/search/weather");
  await waitForHydration(page);
  const event = await searchEvent;
  const variables = JSON.parse(event.request.postData() ?? "{}").variables;
  expect(variables.term).toBe("weather");
  expect(variables.queryID).toMatch(/^[0-9a-f]{32}$/);
  const shown = Number((await page.getByTestId("search-tab-apis").textContent())?.replace(/\D/g, ""));
  expect(variables.total).toBe(shown);

  // The click event goes out (keepalive) although the visitor's click loads the API page at once.
  const click = graphqlRequest(page, "trackSearchClick");
  const second = page.getByTestId("api-card").nth(1);
  await second.getByRole("link").first().click();
  const clicked = JSON.parse((await click).postData() ?? "{}").variables;
  expect(clicked).toMatchObject({ position: 2, searchIndex: "apis", queryId: variables.queryID });
});

test("the Search event goes out once, 500 ms after the term stops changing, with the final term", async ({ page }) => {
  await openHub(page);
  const input = page.getByTestId("search-input");
  const events: Array<{ at: number; term: string }> = [];
  page.on("request", (r) => {
    const body = r.postData() ?? "";
    if (r.url().endsWith("/gateway/graphql") && body.includes("trackSearchEvent")) {
      events.push({ at: Date.now(), term: JSON.parse(body).variables.term });
    }
  });
  await input.click();
  // The term changes faster than every 500 ms (one input event per step): no event for "wea" or "weat".
  for (const step of ["w", "we", "wea", "weat", "weath", "weathe", "weather"]) await input.fill(step);
  const lastKey = Date.now();
  await expect.poll(() => events.length, { timeout: 10_000 }).toBe(1);
  expect(events[0]?.term).toBe("weather");
  expect((events[0]?.at ?? 0) - lastKey).toBeGreaterThanOrEqual(450);
  await page.waitForTimeout(1_000);
  expect(events.map((e) => e.term)).toEqual(["weather"]);
});

test("an empty term sends no query and Enter stays put; outside click and clear button close the dropdown", async ({
  page,
}) => {
  await openHub(page);
  const input = page.getByTestId("search-input");
  let queries = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/gateway/graphql") && (r.postData() ?? "").includes("SearchBox")) queries += 1;
  });
  await input.click();
  await input.pressSequentially("  /  ");
  await input.press("Enter");
  await page.waitForTimeout(400);
  expect(queries).toBe(0);
  await expect(page).toHaveURL(/\/categories$/);
  await expect(input).toHaveAttribute("aria-expanded", "false");

  await input.fill("weather");
  await expect(page.getByTestId("search-option").first()).toBeVisible();
  expect(queries).toBe(1);
  // An outside click (on the page's heading, away from the dropdown and from any link).
  await page.locator("main h1").first().click();
  await expect(page.getByTestId("search-dropdown").first()).toBeHidden();
  await expect(input).toHaveAttribute("aria-expanded", "false");

  await input.click();
  await expect(page.getByTestId("search-option").first()).toBeVisible();
  await page.getByTestId("search-clear").first().click();
  await expect(input).toHaveValue("");
  await expect(input).toBeFocused();
  await expect(page.getByTestId("search-dropdown").first()).toBeHidden();
});

test("a slow answer for an earlier term never replaces the newer one", async ({ page, request }) => {
  const count = async (term: string) => {
    const reply = await request.post("/gateway/graphql", {
      data: { query: "query($t: String!) { searchApis(term: $t, first: 6) { total } }", variables: { t: term } },
    });
    return ((await reply.json()) as { data: { searchApis: { total: number } } }).data.searchApis.total;
  };
  const [short, full] = [await count("w"), await count("weather")];
  expect(short).not.toBe(full);
  await page.route("**/gateway/graphql", async (route) => {
    const body = route.request().postData() ?? "";
    if (body.includes("SearchBox") && body.includes('"term":"w"')) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // The page has aborted this request by now; fulfilling it anyway must change nothing.
      await route.continue().catch(() => undefined);
      return;
    }
    await route.continue();
  });
  await openHub(page);
  const input = page.getByTestId("search-input");
  await input.click();
  await input.press("w");
  await page.waitForRequest((r) => (r.postData() ?? "").includes('"term":"w"'));
  await input.pressSequentially("eather");
  const all = page.getByTestId("search-all-results");
  await expect(all).toHaveText(`To All Results (${full})`);
  await page.waitForTimeout(2_000);
  await expect(all).toHaveText(`To All Results (${full})`);
});

test("'/' focuses the search box when the page body has focus", async ({ page }) => {
  await openHub(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("/");
  const input = page.getByTestId("search-input");
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("");
});

test("'/' focuses the search box after a click on the page or with a link focused", async ({ page }) => {
  await openHub(page);
  const input = page.getByTestId("search-input");
  await page.locator("main h1").first().click();
  await page.keyboard.press("/");
  await expect(input).toBeFocused();
  await page.locator("main a").first().focus();
  await page.keyboard.press("/");
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("");
});

test("'/' focuses the search box before the page has hydrated", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Hold the page's scripts so React never hydrates: only the inline pre-hydration handler can answer.
  await page.route("**/assets/**/*.js", () => undefined);
  await page.goto(`${baseURL}/categories`, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await page.keyboard.press("/");
  await expect(page.getByTestId("search-input")).toBeFocused();
  await context.close();
});

test("a typo ('wether') still finds weather APIs, in the dropdown and on the page", async ({ page }) => {
  await openHub(page);
  const input = page.getByTestId("search-input");
  await input.click();
  await input.pressSequentially("wether");
  await expect(page.getByTestId("search-option").first()).toContainText(/weather/i);

  await page.goto("/search/wether");
  await expect(page.getByTestId("search-title")).toContainText("wether");
  await expect(page.getByTestId("api-card").first()).toContainText(/weather/i);
});

test("a matching operation is named in the dropdown", async ({ page }) => {
  await openHub(page);
  const input = page.getByTestId("search-input");
  await input.click();
  await input.pressSequentially("getSocibWeatherStation");
  const endpoint = page.getByTestId("search-option-endpoint").first();
  await expect(endpoint).toBeVisible();
  await expect(endpoint).toContainText("getSocibWeatherStation");
});

test("the results page names the matching operation on the API's card", async ({ page }) => {
  await page.goto("/search/getSocibWeatherStation");
  const card = page.getByTestId("api-card").first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId("search-card-endpoint").first()).toContainText("getSocibWeatherStation");
});

test("a visitor's search page: tabs, top collections and resources, filters and sort in the URL, paging", async ({
  page,
}) => {
  const response = await page.goto("/search/weather");
  expect(response?.status()).toBe(200);
  // A signed-out visitor gets server HTML and the visitor script, not the React app (decisions 162 and 164).
  expect(await response?.text()).not.toContain("__reactRouterContext");
  await expect(page.getByTestId("search-tab-all")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("search-top-collections")).toContainText("Top Weather APIs");
  await expect(page.getByTestId("search-top-resources").getByTestId("search-resource").first()).toBeVisible();
  expect(await page.getByTestId("api-card").count()).toBeGreaterThan(10);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-visitor-ready", "true");
  // With the script, every change applies itself: the no-script Apply buttons are gone.
  await expect(page.getByTestId("search-filters").getByRole("button", { name: "Apply" })).toBeHidden();

  await page.getByTestId("search-tab-collections").click();
  await expect(page).toHaveURL(/\/search\/weather\?tab=collections$/);
  await expect(page.getByTestId("search-tab-collections")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("search-collection").first()).toContainText("Weather");
  await expect(page.getByTestId("api-card")).toHaveCount(0);

  await page.getByTestId("search-tab-resources").click();
  await expect(page).toHaveURL(/tab=resources/);
  await expect(page.getByTestId("search-resource").first()).toBeVisible();

  await page.getByTestId("search-tab-apis").click();
  await expect(page).toHaveURL(/tab=apis/);
  await expect(page.getByTestId("api-card").first()).toBeVisible();
  await expect(page.getByTestId("search-top-collections")).toHaveCount(0);
  await waitForHydration(page);

  // A facet filter goes into the URL at once and narrows the results; its chip removes it again. The page scrolled
  // to the filter keeps its place and the checkbox keeps the keyboard focus across the new page.
  const before = Number((await page.getByTestId("search-tab-apis").textContent())?.replace(/\D/g, ""));
  const paid = page.getByTestId("search-filter-pricing").getByRole("checkbox", { name: /^Paid\s/ });
  await page.setViewportSize({ width: 1280, height: 400 });
  await paid.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await paid.check();
  await expect(page).toHaveURL(/pricing=PAID/);
  await expect(page.getByTestId("search-active-filters")).toContainText("Paid");
  await waitForHydration(page);
  await expect(paid).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  const after = Number((await page.getByTestId("search-tab-apis").textContent())?.replace(/\D/g, ""));
  expect(after).toBeLessThan(before);
  await expect(page.getByTestId("pricing-badge").first()).toHaveText(/paid/i);
  await page.getByTestId("search-clear-filters").click();
  await expect(page).not.toHaveURL(/pricing=/);
  await expect(page.getByTestId("search-active-filters")).toHaveCount(0);
  await waitForHydration(page);

  // Category and authentication facets work the same way (decision 010: facets by category, pricing and auth type).
  const category = page.getByTestId("search-filter-category").getByRole("checkbox").first();
  const categoryName = ((await category.getAttribute("value")) ?? "").trim();
  await category.check();
  await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe(categoryName);
  await expect(page.getByTestId("search-active-filters")).toContainText(categoryName);
  await waitForHydration(page);
  const auth = page.getByTestId("search-filter-auth").getByRole("checkbox").first();
  const authValue = (await auth.getAttribute("value")) ?? "";
  await auth.check();
  await expect.poll(() => new URL(page.url()).searchParams.get("auth")).toBe(authValue);
  await expect(page.getByTestId("search-active-filters")).toContainText(authValue);
  await expect(page.getByTestId("search-filter-category").getByRole("checkbox").first()).toBeChecked();
  await expect(page.getByTestId("api-card").first()).toBeVisible();
  await page.getByTestId("search-clear-filters").click();
  await expect(page).not.toHaveURL(/category=|auth=/);
  await waitForHydration(page);

  // The sort select is part of the filter form: a change applies at once and the new page shows it.
  await page.getByTestId("search-sort").selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByTestId("search-sort")).toHaveValue("name");
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=name/);
  await expect(page.getByTestId("search-sort")).toHaveValue("relevance");

  // Paging with the cursor (base64 of the offset).
  await page.getByTestId("search-next").click();
  await expect(page).toHaveURL(/after=MjQ%3D|after=MjQ=/);
  await expect(page.getByTestId("search-prev")).toBeVisible();
});

test("a visitor's search page: its own field goes to the term's page; filter changes send no second Search event", async ({
  page,
}) => {
  const terms: string[] = [];
  page.on("request", (r) => {
    const body = r.postData() ?? "";
    if (r.url().endsWith("/gateway/graphql") && body.includes("trackSearchEvent")) {
      terms.push(JSON.parse(body).variables.term);
    }
  });
  await page.goto("/search/weather");
  await waitForHydration(page);
  await expect.poll(() => terms).toEqual(["weather"]);
  await page
    .getByTestId("search-filter-pricing")
    .getByRole("checkbox", { name: /^Free\s/ })
    .check();
  await expect(page).toHaveURL(/pricing=FREE/);
  await waitForHydration(page);
  await page.waitForTimeout(1_000);
  expect(terms).toEqual(["weather"]);

  const field = page.getByTestId("search-page-input");
  await field.fill("ma/ps");
  await expect(field).toHaveValue("maps");
  await field.press("Enter");
  // Straight to the clean address, not through the no-script /search?term= redirect.
  await expect(page).toHaveURL(/\/search\/maps$/);
  await expect(page.getByTestId("search-title")).toHaveText("Search results for “maps”");
  await expect.poll(() => terms).toEqual(["weather", "maps"]);
});

test("a visitor's search page on a phone: the folded filters stay open across a change", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/search/weather");
  await waitForHydration(page);
  const free = page.getByTestId("search-filter-pricing").getByRole("checkbox", { name: /^Free\s/ });
  await expect(free).toBeHidden();
  await page.getByTestId("search-filters-toggle").click();
  await free.check();
  await expect(page).toHaveURL(/pricing=FREE/);
  await waitForHydration(page);
  await expect(free).toBeVisible();
  await expect(free).toBeChecked();
  await expect(free).toBeFocused();
  await context.close();
});

test("a page React renders: the sort select and the filters update in place (no remount), back and forward", async ({
  page,
}) => {
  // Reached by client-side navigation from a React page, the search page stays a React page.
  await openHub(page);
  const input = page.getByTestId("search-input");
  await input.fill("weather");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\/weather$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", /.*/);

  // The sort select updates in place: the element held before the change is still the one on the page, also when
  // the address changes it (back and forward).
  const sort = page.getByTestId("search-sort");
  const sortBefore = await sort.elementHandle();
  const sortValue = () => sortBefore?.evaluate((el) => (el.isConnected ? (el as HTMLSelectElement).value : "detached"));
  const sortWas = await sortValue();
  const addressWas = page.url();
  await sort.selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  await expect(sort).toHaveValue("name");
  expect(await sortValue()).toBe("name");
  await page.goBack();
  await expect(page).toHaveURL(addressWas);
  await expect.poll(sortValue).toBe(sortWas);
  await page.goForward();
  await expect(page).toHaveURL(/sort=name/);
  await expect.poll(sortValue).toBe("name");

  // A checkbox stays the same element too, and keeps the focus.
  const paid = page.getByTestId("search-filter-pricing").getByRole("checkbox", { name: /^Paid\s/ });
  const paidBefore = await paid.elementHandle();
  await paid.check();
  await expect(page).toHaveURL(/pricing=PAID/);
  await expect(page.getByTestId("search-active-filters")).toContainText("Paid");
  expect(await paidBefore?.evaluate((el) => el.isConnected && el === document.activeElement)).toBe(true);

  // A click on a result is counted the same way as on the visitor's page (search-click.ts).
  const click = graphqlRequest(page, "trackSearchClick");
  await page.getByTestId("api-card").nth(1).getByRole("link").first().click();
  const clicked = JSON.parse((await click).postData() ?? "{}").variables;
  // Sorted by name: the click names the ordering that was shown (the replica index).
  expect(clicked).toMatchObject({ position: 2, searchIndex: "apis_name_asc" });
  expect(clicked.queryId).toMatch(/^[0-9a-f]{32}$/);
});

test("a nonsense term shows the empty state", async ({ page }) => {
  const response = await page.goto("/search/qzxqvwpl");
  expect(response?.status()).toBe(200);
  const empty = page.getByTestId("search-empty");
  await expect(empty).toBeVisible();
  await expect(empty).toContainText("No results for “qzxqvwpl”");
  await expect(empty).toContainText("Check the spelling or try another term.");
});

test("works without JavaScript: the top bar form and the filters are plain GET forms", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/hub");
  await page.getByTestId("search-input").fill("weather");
  await page.getByTestId("search-input").press("Enter");
  await expect(page).toHaveURL(/\/search\/weather$/);
  await expect(page.getByTestId("api-card").first()).toBeVisible();
  await page
    .getByTestId("search-filter-pricing")
    .getByRole("checkbox", { name: /^Free\s/ })
    .check();
  await page.getByTestId("search-filters").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/pricing=FREE/);
  await expect(page.getByTestId("search-active-filters")).toContainText("Free");
  await context.close();
});

test("card logos come from our own origin: the browser contacts no other host and logs no error (decision 142)", async ({
  page,
  baseURL,
}) => {
  const own = new URL(baseURL ?? "http://127.0.0.1").host;
  const elsewhere: string[] = [];
  const logos: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && url.host !== own) elsewhere.push(url.host);
    if (url.pathname.startsWith("/logos/")) logos.push(url.pathname);
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  for (const path of ["/hub", "/search/weather"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
  }
  // The demo catalog's logos are remote (APIs.guru x-logo): they are asked for, from us.
  expect(logos.length).toBeGreaterThan(0);
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});
