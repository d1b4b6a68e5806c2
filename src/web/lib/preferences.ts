import { setYearCookie, yearCookieScript } from "./browser-cookie";

export const THEME_COOKIE = "portico_theme";
export const THEME_STORAGE_KEY = "portico_theme";

/**
 * Inline (nonce'd) script for <head> when no theme cookie came with the request: applies the stored choice from
 * localStorage (and restores the cookie from it), else the system preference, before the first paint.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var d=document.documentElement,s=localStorage.getItem("${THEME_STORAGE_KEY}");if(s==="dark"||s==="light"){${yearCookieScript(`"${THEME_COOKIE}="+s`)}}else if(window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches){s="dark"}if(s==="dark")d.classList.add("dark")}catch(e){}})()`;

/** Stores the choice (cookie for the server, localStorage as the mirror) and applies it. */
export function storeTheme(theme: "light" | "dark"): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  setYearCookie(THEME_COOKIE, theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the cookie alone still carries the choice.
  }
}

export const LOCALE_COOKIE = "portico_lang";

/** Spec section 9: the language cookie lives 365 days. */
export function storeLocale(locale: string): void {
  setYearCookie(LOCALE_COOKIE, encodeURIComponent(locale));
}
