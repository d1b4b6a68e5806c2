import { describe, expect, it } from "vitest";
import type { MenuFlags } from "../../core/access/access.policy";
import { orgMenuItems, settingsMenuItem, userMenuItems } from "./account-menu-items";

const none: MenuFlags = {
  createOrganization: false,
  manageOrganizations: false,
  joinOrganization: false,
  myOrgs: false,
  myApis: false,
  admin: false,
  personalContext: false,
};

describe("account menu items (spec section 6)", () => {
  it("shows My Orgs entries only behind their permissions", () => {
    expect(orgMenuItems(none)).toEqual([]);
    expect(orgMenuItems({ ...none, myOrgs: true, createOrganization: true }).map((i) => i.id)).toEqual(["create-org"]);
    expect(
      orgMenuItems({
        ...none,
        myOrgs: true,
        createOrganization: true,
        manageOrganizations: true,
        joinOrganization: true,
      }).map((i) => i.href),
    ).toEqual(["/org", "/org#teams", "/org/organizations/join", "/org/organizations/create"]);
  });

  it("hides Join Organization when the corporate domain is ignored (joinOrganization false)", () => {
    const ids = orgMenuItems({ ...none, myOrgs: true, createOrganization: true, joinOrganization: false }).map(
      (i) => i.id,
    );
    expect(ids).not.toContain("join-org");
  });

  it("links My APIs to the studio or provider path, only with the permission; Admin only for admins", () => {
    expect(userMenuItems("ann", none, "/studio").map((i) => i.id)).toEqual([
      "profile",
      "saved-apis",
      "my-apps",
      "messages",
    ]);
    const full = userMenuItems("ann b", { ...none, myApis: true, admin: true }, "/provider");
    expect(full.find((i) => i.id === "my-apis")?.href).toBe("/provider");
    expect(full.find((i) => i.id === "admin")?.href).toBe("/admin");
    expect(full[0]?.href).toBe("/user/ann%20b");
    expect(full.find((i) => i.id === "my-apps")?.href).toBe("/developer/dashboard");
  });
});

describe("settingsMenuItem", () => {
  it("points at the unified masthead's settings address only when that masthead is on", () => {
    expect(settingsMenuItem(true).href).toBe("/auth/user/settings");
    expect(settingsMenuItem(false).href).toBe("/user/settings");
  });
});
