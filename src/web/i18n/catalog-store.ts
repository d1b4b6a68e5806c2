import type { Messages } from "../../common/i18n/catalog";

/*
 * The parsed catalogs by their file address (decision 161). The server puts each one in as it builds it; the browser
 * fetches the page's catalog before hydrating (entry.client.tsx) and another one before a language change renders
 * (the root's clientLoader). One object per address keeps one i18next instance per catalog (I18nProvider).
 */
const catalogs = new Map<string, Messages>();
const pending = new Map<string, Promise<Messages>>();
// A handful of languages and tenant string versions at most in a browser; bounded for the server's sake.
const MAX_CATALOGS = 256;

export function rememberCatalog(href: string, messages: Messages): void {
  if (catalogs.size >= MAX_CATALOGS && !catalogs.has(href)) catalogs.clear();
  catalogs.set(href, messages);
}

export function catalogAt(href: string): Messages | undefined {
  return catalogs.get(href);
}

/** Fetches the catalog once (the page's preload link usually has it on the way already). */
export function loadCatalog(href: string): Promise<Messages> {
  const known = catalogs.get(href);
  if (known) return Promise.resolve(known);
  let request = pending.get(href);
  if (!request) {
    request = fetch(href, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`The translations at ${href} answered ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => {
        rememberCatalog(href, messages);
        return messages;
      })
      .finally(() => pending.delete(href));
    pending.set(href, request);
  }
  return request;
}
