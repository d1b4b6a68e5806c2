import { test as base } from "@playwright/test";
import { waitForHydration } from "./hydration";

export { expect } from "@playwright/test";

/**
 * Playwright's `test` whose `page.goto` and `page.reload` return only once React has hydrated an HTML page. Without
 * this, a click that lands before hydration hits inert server HTML and is lost: the flake CI saw on a loaded machine.
 *
 * `cookieConsent` (default "all") is stored before the first page opens, so the second demo tenant's consent banner
 * does not sit over the controls a test clicks; a test of the banner itself sets it to null.
 */
export const test = base.extend<{ cookieConsent: "all" | "necessary" | null }>({
  cookieConsent: ["all", { option: true }],
  context: async ({ context, cookieConsent, baseURL }, use) => {
    if (cookieConsent && baseURL) {
      await context.addCookies([{ name: "portico_consent", value: cookieConsent, url: baseURL }]);
    }
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    const hydrateAfter = async <R extends { headers(): Record<string, string> } | null>(response: R): Promise<R> => {
      const html = response?.headers()["content-type"]?.includes("text/html") ?? false;
      if (javaScriptEnabled !== false && html) await waitForHydration(page);
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => hydrateAfter(await goto(url, options));
    page.reload = async (options) => hydrateAfter(await reload(options));
    await use(page);
  },
});
