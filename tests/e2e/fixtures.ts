import { test as base, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

export { expect } from "@playwright/test";

/**
 * Makes `page.goto` and `page.reload` return only once React has hydrated an HTML page. Without this, a click that
 * lands before hydration hits inert server HTML and is lost, or a field filled before it never reaches React's state:
 * the flakes CI saw on a loaded machine.
 */
function hydrating(page: Page, javaScriptEnabled: boolean): Page {
  const hydrateAfter = async <R extends { headers(): Record<string, string> } | null>(response: R): Promise<R> => {
    const html = response?.headers()["content-type"]?.includes("text/html") ?? false;
    if (javaScriptEnabled && html) await waitForHydration(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  // A goto that asks to return before the load event ("commit", "domcontentloaded") is looking at the page before
  // hydration (e.g. with its scripts held): waiting for hydration there would never end.
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    return options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded"
      ? response
      : hydrateAfter(response);
  };
  page.reload = async (options) => hydrateAfter(await reload(options));
  return page;
}

/**
 * Playwright's `test` whose pages hydrate before `goto`/`reload` return: the default `page` and every page a test
 * opens itself through `browser.newContext()`/`browser.newPage()` (second users, visitors, admins).
 *
 * `cookieConsent` (default "all") is stored before the first page opens, so the second demo tenant's consent banner
 * does not sit over the controls a test clicks; a test of the banner itself sets it to null.
 */
export const test = base.extend<{ cookieConsent: "all" | "necessary" | null }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        const newPage = context.newPage.bind(context);
        context.newPage = async () => hydrating(await newPage(), options?.javaScriptEnabled !== false);
        return context;
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => hydrating(await newPage(options), options?.javaScriptEnabled !== false);
      await use(browser);
    },
    { scope: "worker" },
  ],
  cookieConsent: ["all", { option: true }],
  context: async ({ context, cookieConsent, baseURL }, use) => {
    if (cookieConsent && baseURL) {
      await context.addCookies([{ name: "portico_consent", value: cookieConsent, url: baseURL }]);
    }
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(hydrating(page, javaScriptEnabled !== false));
  },
});
