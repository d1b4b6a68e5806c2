import { PREFIXED_LOCALES } from "../../common/locales";

/*
 * Spec section 2 (decision 020): which pages need a signed-in user. Pure, so the React Router root loader (or
 * each route's loader) can call it with the tenant's public-mode switch and the viewer, and redirect on the answer.
 */

export type PageAccess = { kind: "allow" } | { kind: "sign-in"; location: string } | { kind: "forbidden" };

// Screens that never need a session (sign-in, sign-up, password reset, error).
const ALWAYS_OPEN = /^\/(auth(\/sign-up|\/forgot-password|\/reset-password|\/verify-email)?|error)\/?$/;
// Personal screens: signed-out visitors are sent to sign in even in public mode.
const PERSONAL = [
  /^\/developer\/dashboard(\/|$)/,
  /^\/(studio|provider)(\/|$)/,
  /^\/(auth\/)?user\/settings\/?$/,
  /^\/[^/]+\/settings\/?$/,
  /^\/org(\/|$)/,
  /^\/admin(\/|$)/,
];
const LOCALE_PREFIX = new RegExp(`^/(${PREFIXED_LOCALES.join("|")})(?=/|$)`);

/** The path without a language prefix (/de/org → /org). */
export function stripLocale(pathname: string): string {
  return pathname.replace(LOCALE_PREFIX, "") || "/";
}

/**
 * allow, sign-in (redirect to /auth?referral={full path}) or forbidden (signed in but not allowed: /admin without
 * ADMIN_PANEL_ACCESS). `fullPath` is pathname + search, kept whole in the referral.
 */
export function pageAccess(options: {
  pathname: string;
  search?: string;
  publicMode: boolean;
  signedIn: boolean;
  isAdmin?: boolean;
}): PageAccess {
  const path = stripLocale(options.pathname);
  if (ALWAYS_OPEN.test(path)) return { kind: "allow" };
  const needsSession = !options.publicMode || PERSONAL.some((p) => p.test(path));
  if (needsSession && !options.signedIn) {
    const referral = `${options.pathname}${options.search ?? ""}`;
    return { kind: "sign-in", location: `/auth?referral=${encodeURIComponent(referral)}` };
  }
  if (/^\/admin(\/|$)/.test(path) && !options.isAdmin) return { kind: "forbidden" };
  return { kind: "allow" };
}
