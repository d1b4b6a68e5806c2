import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A name no earlier run used: e2e runs share one server and sign up many users. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/**
 * Signs a new user up through the form (password "correct horse battery staple") and waits until the top bar shows
 * them signed in. Returns the username; the e-mail is `{username}@{emailDomain}`.
 */
export async function signUpNewUser(
  page: Page,
  options: { prefix: string; referral?: string; emailDomain?: string; timeout?: number },
): Promise<string> {
  const username = unique(options.prefix);
  await page.goto(
    options.referral ? `/auth/sign-up?referral=${encodeURIComponent(options.referral)}` : "/auth/sign-up",
  );
  await page.getByLabel("E-mail").fill(`${username}@${options.emailDomain ?? "example.test"}`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByTestId("sign-up-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible({ timeout: options.timeout });
  return username;
}
