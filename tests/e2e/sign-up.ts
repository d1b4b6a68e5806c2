import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";

/** A name no earlier run used: e2e runs share one server and sign up many users. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/**
 * The path and query of the newest confirmation link mailed to `email` (decision 022). Mail stays in the server's
 * outbox table (the log sender never prints bodies), so the test reads the e2e server's own SQLite file, whose folder
 * playwright.config.ts publishes as PORTICO_E2E_DATA_DIR. No test-only route exists in the server.
 */
export async function confirmationLinkFor(email: string): Promise<string> {
  const dir = process.env.PORTICO_E2E_DATA_DIR;
  if (!dir) throw new Error("PORTICO_E2E_DATA_DIR is not set (see playwright.config.ts)");
  const db = new Database(path.join(dir, "portico.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        "select body_text from mail_outbox where to_address = ? and kind = 'email-verification' order by created_at desc limit 1",
      )
      .get(email.toLowerCase()) as { body_text: string } | undefined;
    const link = /https?:\/\/\S+\/auth\/verify-email\?\S+/.exec(row?.body_text ?? "")?.[0];
    if (!link) throw new Error(`no confirmation mail for ${email}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  } finally {
    db.close();
  }
}

/** Opens the confirmation link mailed to `email` and confirms: the address is verified and the browser signed in. */
export async function confirmEmail(page: Page, email: string, options: { timeout?: number } = {}): Promise<void> {
  await page.goto(await confirmationLinkFor(email));
  await page.getByTestId("verify-email-submit").click();
  // The page moves on once confirmed (a user signed in already has the user menu here, so wait for the move).
  await page.waitForURL((url) => !url.pathname.endsWith("/auth/verify-email"), { timeout: options.timeout });
  await expect(page.getByTestId("user-menu-button")).toBeVisible({ timeout: options.timeout });
  // The landing page came from a form post, not page.goto: wait for hydration before the caller clicks a menu.
  await waitForHydration(page);
}

/**
 * Signs a new user up through the form (password "correct horse battery staple"), sees "check your inbox", confirms
 * with the mailed link's token, opens `referral` (default /hub) and waits until the top bar shows them signed in.
 * Returns the username; the e-mail is `{username}@{emailDomain}`.
 */
export async function signUpNewUser(
  page: Page,
  options: { prefix: string; referral?: string; emailDomain?: string; timeout?: number },
): Promise<string> {
  // Sign-up is now three steps (form, mailed link, confirm, each with an argon2 hash or session): tests that sign up
  // several users get Playwright's "slow" budget instead of failing on a loaded machine.
  test.slow();
  const username = unique(options.prefix);
  const email = `${username}@${options.emailDomain ?? "example.test"}`;
  await page.goto(
    options.referral ? `/auth/sign-up?referral=${encodeURIComponent(options.referral)}` : "/auth/sign-up",
  );
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByTestId("sign-up-submit").click();
  await expect(page.getByTestId("sign-up-sent")).toBeVisible({ timeout: options.timeout });
  // The confirmation page itself is tested in accounts.spec.ts (confirmEmail); here its POST is sent directly from
  // the browser context (same cookies), which saves a page load per signed-up user on a loaded machine.
  const link = new URL(await confirmationLinkFor(email), "http://x");
  const csrf = (await (await page.request.get("/gateway/csrf")).json()) as { data: { csrfToken: string } };
  const confirmed = await page.request.post("/authentication/verify-email", {
    headers: { "csrf-token": csrf.data.csrfToken },
    data: { token: link.searchParams.get("token") },
  });
  expect(confirmed.status()).toBe(200);
  await page.goto(options.referral ?? "/hub");
  await expect(page.getByTestId("user-menu-button")).toBeVisible({ timeout: options.timeout });
  return username;
}
