import { describe, expect, it } from "vitest";
import type { Viewer } from "../accounts/accounts.types";
import type { ContextEntry, ContextTree } from "../orgs/contexts";
import {
  buildAccessTree,
  canEditProduct,
  canSeePrivateApi,
  findInContextTree,
  menuFlags,
  organizationPermissions,
  teamPermissions,
  userPermissions,
} from "./access.policy";

const dana: Viewer = {
  id: "u1",
  tenantId: "t1",
  username: "dana",
  name: "Dana",
  email: null,
  thumbnail: null,
  isAdmin: false,
  emailVerified: true,
  sessionId: "s",
};

function entry(
  type: ContextEntry["type"],
  id: string,
  children: ContextEntry[] = [],
  organization: string | null = null,
): ContextEntry {
  return {
    type,
    id,
    organization,
    name: id,
    parentName: null,
    thumbnail: null,
    slugifiedName: id,
    children,
    entityId: id,
    appId: null,
  };
}

/** A chain org → n1 → n2 ... of `depth` levels in total. */
function chain(depth: number, target: string): ContextTree {
  let node = entry("Team", target);
  for (let level = depth - 1; level >= 1; level--)
    node = entry(level === 1 ? "Organization" : "Team", `n${level}`, [node]);
  return { [node.id]: node };
}

describe("permissions (spec section 6)", () => {
  it("gives every user the personal ones and admins the admin panel", () => {
    expect(userPermissions(dana)).toEqual([
      "CREATE_ORGANIZATION",
      "PERSONAL_CONTEXT",
      "ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT",
    ]);
    expect(userPermissions({ ...dana, isAdmin: true })).toContain("ADMIN_PANEL_ACCESS");
  });

  it("gives organization admins the dashboard and members provider access", () => {
    expect(organizationPermissions("admin")).toEqual(["ACCESS_ORGANIZATION_DASHBOARD", "ACCESS_PROVIDER_DASHBOARD"]);
    expect(organizationPermissions("member")).toEqual(["ACCESS_PROVIDER_DASHBOARD"]);
    expect(organizationPermissions(null)).toEqual([]);
    expect(teamPermissions("member", false)).toEqual([]);
    expect(teamPermissions("member", true)).toEqual(["ACCESS_PROVIDER_DASHBOARD"]);
    expect(teamPermissions("admin", false)).toEqual(["ACCESS_PROVIDER_DASHBOARD"]);
  });

  it("derives the menu exactly as the spec says", () => {
    const none = menuFlags([], [], false);
    expect(none).toMatchObject({ myOrgs: false, myApis: false, admin: false, manageOrganizations: false });
    expect(menuFlags([], [], true).myOrgs).toBe(true);
    // Personal provider access without the personal context does not show My APIs...
    expect(menuFlags(["ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT"], [], false).myApis).toBe(false);
    // ...an organization's provider access does.
    const org = { role: "member" as const, permissions: organizationPermissions("member"), teams: {} };
    expect(menuFlags([], [org], false).myApis).toBe(true);
    expect(menuFlags(userPermissions({ ...dana, isAdmin: true }), [], false).admin).toBe(true);
  });

  it("builds the tree for the selected context", () => {
    const team = entry("Team", "team1", [], "org1");
    const tree: ContextTree = { org1: entry("Organization", "org1", [team], "org1") };
    const base = {
      viewer: dana,
      roles: { org1: "member" as const },
      tree,
      developerOf: new Set(["team1"]),
      canJoin: false,
    };
    const personal = buildAccessTree({ ...base, selected: entry("User", "u1") });
    expect(personal.permissions).toEqual([
      "PERSONAL_CONTEXT",
      "ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT",
      "CREATE_ORGANIZATION",
    ]);
    expect(personal.organizations.org1?.teams.team1?.permissions).toEqual(["ACCESS_PROVIDER_DASHBOARD"]);
    const inOrg = buildAccessTree({ ...base, selected: tree.org1 as ContextEntry });
    expect(inOrg.permissions).toEqual(["ACCESS_PROVIDER_DASHBOARD", "CREATE_ORGANIZATION"]);
    expect(inOrg.menu.manageOrganizations).toBe(false);
  });
});

describe("product editing (spec section 6)", () => {
  const product = { ownerId: "target", tenantId: "t1" };

  it("lets the owner edit", () => {
    expect(canEditProduct({ ...dana, id: "target" }, product, {})).toBe(true);
    expect(canEditProduct(dana, product, {})).toBe(false);
    expect(canEditProduct(null, product, {})).toBe(false);
    expect(canEditProduct({ ...dana, id: "target", tenantId: "t2" }, product, {})).toBe(false);
  });

  it("searches the context tree at most 10 levels deep", () => {
    expect(findInContextTree(chain(10, "target"), "target")).toBe(true);
    expect(findInContextTree(chain(11, "target"), "target")).toBe(false);
    expect(canEditProduct(dana, product, chain(3, "target"))).toBe(true);
    expect(canEditProduct(dana, product, chain(11, "target"))).toBe(false);
  });
});

describe("private APIs", () => {
  const api = { ownerId: "owner", tenantId: "t1", visibility: "PRIVATE" };
  it("shows a private API to its owner, invitees and tenant admins only", () => {
    expect(canSeePrivateApi(null, { ...api, visibility: "PUBLIC" }, false)).toBe(true);
    expect(canSeePrivateApi(null, api, false)).toBe(false);
    expect(canSeePrivateApi(dana, api, false)).toBe(false);
    expect(canSeePrivateApi(dana, api, true)).toBe(true);
    expect(canSeePrivateApi({ ...dana, id: "owner" }, api, false)).toBe(true);
    expect(canSeePrivateApi({ ...dana, isAdmin: true }, api, false)).toBe(true);
    expect(canSeePrivateApi({ ...dana, tenantId: "t2" }, api, true)).toBe(false);
  });
});
