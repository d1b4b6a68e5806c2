/** Signed-out product links of the top bar and the drawer (spec section 6: add API, docs, sign in, sign up). */
export interface NavItem {
  id: "hub" | "docs" | "add-api" | "my-apps" | "my-apis";
  labelKey: string;
  /** App path (gets the language prefix) or an external URL. */
  href: string;
  external?: boolean;
}

export function productNavItems(docsUrl: string, studioPath: string): NavItem[] {
  return [
    { id: "hub", labelKey: "nav.apiHub", href: "/hub" },
    { id: "docs", labelKey: "nav.docs", href: docsUrl, external: !docsUrl.startsWith("/") },
    // Adding an API needs an account: signed-out visitors go through sign-in to the provider area.
    { id: "add-api", labelKey: "nav.addYourApi", href: `/auth?referral=${encodeURIComponent(studioPath)}` },
  ];
}

/**
 * Spec "Layout": with the unified_masthead flag on, a signed-in user's bar is one masthead across the hub, the apps
 * dashboard and the provider studio: those become its product links (My APIs with its permission only).
 */
export function unifiedNavItems(docsUrl: string, studioPath: string, canManageApis: boolean): NavItem[] {
  return [
    { id: "hub", labelKey: "nav.apiHub", href: "/hub" },
    { id: "my-apps", labelKey: "nav.myApps", href: "/developer/dashboard" },
    ...(canManageApis ? [{ id: "my-apis" as const, labelKey: "nav.myApis", href: studioPath }] : []),
    { id: "docs", labelKey: "nav.docs", href: docsUrl, external: !docsUrl.startsWith("/") },
  ];
}
