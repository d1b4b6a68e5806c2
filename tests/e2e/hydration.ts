import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the current document (root.tsx sets <html data-hydrated>), or, on a page served
 * without React to a signed-out visitor (decision 162), until its visitor script has wired the controls
 * (<html data-visitor-ready>). A click on a menu button before that lands on inert server HTML and is lost, which
 * made tests flaky on loaded machines.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated], html[data-visitor-ready]").waitFor({ state: "attached" });
}
