import { describe, expect, it } from "vitest";
import {
  assertCanEditProfile,
  assertTenantAdmin,
  canEditProfile,
  isTenantAdmin,
  requireViewer,
} from "./accounts.policy";
import type { Viewer } from "./accounts.types";

const alice: Viewer = {
  id: "u1",
  tenantId: "t1",
  username: "alice",
  name: "Alice",
  email: "alice@example.com",
  thumbnail: null,
  isAdmin: false,
  emailVerified: true,
  sessionId: "s1",
};

describe("accounts policy", () => {
  it("lets only the owner edit a profile, in the owner's tenant", () => {
    expect(canEditProfile(alice, "t1", "u1")).toBe(true);
    expect(canEditProfile(alice, "t1", "u2")).toBe(false);
    expect(canEditProfile(alice, "t2", "u1")).toBe(false);
    expect(canEditProfile(null, "t1", "u1")).toBe(false);
    expect(() => assertCanEditProfile(alice, "t1", "u2")).toThrow("You can only edit your own profile");
    expect(() => assertCanEditProfile(null, "t1", "u1")).toThrow("Sign in to continue");
  });

  it("treats a viewer of another tenant as signed out", () => {
    expect(() => requireViewer(alice, "t2")).toThrow("Sign in to continue");
    expect(requireViewer(alice, "t1")).toBe(alice);
  });

  it("grants the admin panel to tenant admins only", () => {
    const admin = { ...alice, isAdmin: true };
    expect(isTenantAdmin(admin, "t1")).toBe(true);
    expect(isTenantAdmin(admin, "t2")).toBe(false);
    expect(isTenantAdmin(alice, "t1")).toBe(false);
    expect(() => assertTenantAdmin(alice, "t1")).toThrow("Only administrators can do this");
  });
});

describe("last tenant admin rule", () => {
  it("refuses only taking the role from the only admin", async () => {
    const { removesLastTenantAdmin } = await import("./accounts.policy");
    expect(removesLastTenantAdmin(1, true, false)).toBe(true);
    expect(removesLastTenantAdmin(2, true, false)).toBe(false);
    expect(removesLastTenantAdmin(1, true, true)).toBe(false);
    expect(removesLastTenantAdmin(1, false, false)).toBe(false);
    expect(removesLastTenantAdmin(0, false, true)).toBe(false);
  });
});
