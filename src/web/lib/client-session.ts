import { THEME_STORAGE_KEY } from "./preferences";

/** localStorage keys of spec section 3's client state (the theme key lives in preferences.ts). */
export const CONTEXT_STORAGE_KEY = "portico_context";
export const CONTEXT_TOKEN_STORAGE_KEY = "portico_context_token";
/** The private search token (getPrivateApisJwt), see private-search-token.ts. */
export const PRIVATE_SEARCH_TOKEN_STORAGE_KEY = "portico_private_search_token";

export const LOGOUT_PATH = "/authentication/logout";

/** Spec section 4: logout clears local storage except the theme, then a full redirect (the server lands on /hub). */
export function logOut(): void {
  try {
    const theme = localStorage.getItem(THEME_STORAGE_KEY);
    localStorage.clear();
    if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage disabled: nothing to clear.
  }
  window.location.assign(LOGOUT_PATH);
}
