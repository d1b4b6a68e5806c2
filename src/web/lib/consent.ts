/*
 * Cookie consent (spec section 1 "Optional cookie-consent banner", footer "cookie preferences"). Portico's own
 * cookies (session, CSRF, tenant, language, theme) are strictly necessary or set because the visitor asked for them;
 * the optional part is usage analytics (search and search-click events). The choice lives in a cookie for 365 days so
 * the server can render the page with or without the banner (no flash).
 */

import { setYearCookie } from "./browser-cookie";

export const CONSENT_COOKIE = "portico_consent";
export type ConsentChoice = "all" | "necessary";

/** The stored choice from a Cookie header or document.cookie; null when none (or a value we did not write). */
export function readConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CONSENT_COOKIE) continue;
    const value = rest.join("=");
    return value === "all" || value === "necessary" ? value : null;
  }
  return null;
}

/**
 * Whether optional analytics may be recorded: an explicit choice wins; without one, only when the tenant does not
 * ask for consent (consent banners are opt-in: nothing optional happens before "Accept all").
 */
export function analyticsAllowed(choice: ConsentChoice | null, consentRequired: boolean): boolean {
  if (choice !== null) return choice === "all";
  return !consentRequired;
}

let consentRequired = false;

/** Set by the app shell during render from the tenant's configuration. */
export function primeConsentRequirement(required: boolean): void {
  consentRequired = required;
}

/** Browser side: may analytics events be sent now? */
export function browserAnalyticsAllowed(): boolean {
  if (typeof document === "undefined") return false;
  return analyticsAllowed(readConsent(document.cookie), consentRequired);
}

export function storeConsent(choice: ConsentChoice): void {
  setYearCookie(CONSENT_COOKIE, choice);
}
