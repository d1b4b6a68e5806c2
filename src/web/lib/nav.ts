import { splitLocalePath } from "../../common/i18n/locale-path";

/**
 * Paths that are not part of the hub, so no nav item is selected there: sign-in and sign-up, the pricing page, the
 * error page (spec section 2's rule names org homepages, user pages and my-saved-apis; the others are ours).
 */
const OUTSIDE_THE_HUB = new Set(["orghomepage", "user", "my-saved-apis", "auth", "pricing", "error"]);

/**
 * Spec section 2: the hub is the selected nav item unless the path is an org homepage, a user page or my-saved-apis;
 * nothing is selected either outside the hub (OUTSIDE_THE_HUB).
 */
export function selectedNavItem(pathname: string): "hub" | null {
  const { path } = splitLocalePath(pathname);
  const first = path.split("/")[1] ?? "";
  if (OUTSIDE_THE_HUB.has(first)) return null;
  return "hub";
}

/** The unified masthead also marks its My Apps and My APIs links; elsewhere the classic rule applies. */
export function selectedUnifiedNavItem(pathname: string): "hub" | "my-apps" | "my-apis" | null {
  const { path } = splitLocalePath(pathname);
  const first = path.split("/")[1] ?? "";
  if (first === "developer") return "my-apps";
  if (first === "studio" || first === "provider") return "my-apis";
  return selectedNavItem(pathname);
}

/** Spec section 5: slashes are removed from a search term; whitespace around it does not count. */
export function cleanSearchTerm(term: string): string {
  return term.replace(/\//g, "").trim();
}

/** Where Enter in the search box goes, or null when the cleaned term is empty (then nothing happens). */
export function searchPath(term: string): string | null {
  const clean = cleanSearchTerm(term);
  return clean === "" ? null : `/search/${encodeURIComponent(clean)}`;
}

/** "/auth?referral=/de/hub" style links: the referral is the full current path, query included. */
export function withReferral(base: string, currentPath: string): string {
  return `${base}?referral=${encodeURIComponent(currentPath)}`;
}
