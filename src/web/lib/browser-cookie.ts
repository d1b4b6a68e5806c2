/*
 * The cookies the browser sets itself (theme, language, cookie consent): site-wide, a year, SameSite=Lax, and Secure
 * on https pages. Behind a TLS-terminating proxy the server may see http, but the page is https, so the browser is
 * the one that knows; a cookie without Secure would also travel over plain http to the same host.
 */

export const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The attributes after `name=value`. */
export function yearCookieAttributes(secure: boolean): string {
  return `;path=/;max-age=${YEAR_SECONDS};samesite=lax${secure ? ";secure" : ""}`;
}

/** Sets a one-year cookie for the whole site; `value` must already be cookie-safe. */
export function setYearCookie(name: string, value: string): void {
  const secure = typeof location !== "undefined" && location.protocol === "https:";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${name}=${value}${yearCookieAttributes(secure)}`;
}

/** The same, as an expression for inline scripts that run before the app (nameAndValue is a JS expression). */
export function yearCookieScript(nameAndValue: string): string {
  return `document.cookie=${nameAndValue}+${JSON.stringify(yearCookieAttributes(false))}+(location.protocol==="https:"?";secure":"")`;
}
