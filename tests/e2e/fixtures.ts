import { test as base } from "@playwright/test";
import { waitForHydration } from "./hydration";

export { expect } from "@playwright/test";

/**
 * Playwright's `test` whose `page.goto` and `page.reload` return only once React has hydrated an HTML page. Without
 * this, a click that lands before hydration hits inert server HTML and is lost: the flake CI saw on a loaded machine.
 */
export const test = base.extend({
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
