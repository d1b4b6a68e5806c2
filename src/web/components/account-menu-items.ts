import type { MenuFlags } from "../../core/access/access.policy";

export interface AccountMenuItem {
  id:
    | "profile"
    | "saved-apis"
    | "manage-orgs"
    | "create-team"
    | "join-org"
    | "create-org"
    | "my-apps"
    | "messages"
    | "my-apis"
    | "admin"
    | "settings";
  labelKey: string;
  /** App path; the caller adds the language prefix. */
  href: string;
}

/** Spec section 6: the My Orgs entries, each behind its permission; empty means no My Orgs dropdown. */
export function orgMenuItems(menu: MenuFlags): AccountMenuItem[] {
  if (!menu.myOrgs) return [];
  const items: AccountMenuItem[] = [];
  if (menu.manageOrganizations) {
    items.push({ id: "manage-orgs", labelKey: "nav.manageOrganizations", href: "/org" });
    items.push({ id: "create-team", labelKey: "nav.createTeam", href: "/org#teams" });
  }
  if (menu.joinOrganization)
    items.push({ id: "join-org", labelKey: "nav.joinOrganization", href: "/org/organizations/join" });
  if (menu.createOrganization) {
    items.push({ id: "create-org", labelKey: "nav.createOrganization", href: "/org/organizations/create" });
  }
  return items;
}

/**
 * The user menu (spec "Layout" and section 6): Profile, My Apps, My APIs (studio or provider, with the permission),
 * Admin (ADMIN_PANEL_ACCESS); Log Out is added by the menu itself.
 */
export function userMenuItems(username: string, menu: MenuFlags, studioPath: string): AccountMenuItem[] {
  const items: AccountMenuItem[] = [
    { id: "profile", labelKey: "nav.profile", href: `/user/${encodeURIComponent(username)}` },
    { id: "saved-apis", labelKey: "nav.savedApis", href: "/my-saved-apis" },
    { id: "my-apps", labelKey: "nav.myApps", href: "/developer/dashboard" },
    { id: "messages", labelKey: "nav.messages", href: "/developer/messages" },
  ];
  if (menu.myApis) items.push({ id: "my-apis", labelKey: "nav.myApis", href: studioPath });
  if (menu.admin) items.push({ id: "admin", labelKey: "nav.admin", href: "/admin" });
  return items;
}

/** Spec section 2: the user's settings live at /user/settings, or /auth/user/settings in the unified masthead. */
export function settingsMenuItem(unifiedMasthead: boolean): AccountMenuItem {
  return {
    id: "settings",
    labelKey: "nav.settings",
    href: unifiedMasthead ? "/auth/user/settings" : "/user/settings",
  };
}
