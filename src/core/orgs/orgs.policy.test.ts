import { describe, expect, it } from "vitest";
import type { Viewer } from "../accounts/accounts.types";
import {
  assertCanManageOrganization,
  assertCanViewOrganization,
  canBeTeamDeveloper,
  canJoinOrganization,
  canManageOrganization,
  canOfferJoin,
  canRemoveMember,
  canViewOrganization,
  removesLastAdmin,
} from "./orgs.policy";

const bob: Viewer = {
  id: "u2",
  tenantId: "t1",
  username: "bob",
  name: "Bob",
  email: "bob@acme.test",
  thumbnail: null,
  isAdmin: false,
  emailVerified: true,
  sessionId: null,
};

describe("organizations policy", () => {
  it("shows an organization to members, admins and tenant admins only", () => {
    expect(canViewOrganization(bob, "t1", "member")).toBe(true);
    expect(canViewOrganization(bob, "t1", null)).toBe(false);
    expect(canViewOrganization({ ...bob, isAdmin: true }, "t1", null)).toBe(true);
    expect(canViewOrganization(bob, "t2", "admin")).toBe(false);
    expect(() => assertCanViewOrganization(bob, "t1", null)).toThrow("Organization not found");
  });

  it("lets admins manage, not members", () => {
    expect(canManageOrganization(bob, "t1", "admin")).toBe(true);
    expect(canManageOrganization(bob, "t1", "member")).toBe(false);
    expect(() => assertCanManageOrganization(bob, "t1", "member")).toThrow("Only organization admins can do this");
  });

  it("lets members leave but not remove others", () => {
    expect(canRemoveMember(bob, "t1", "member", "u2")).toBe(true);
    expect(canRemoveMember(bob, "t1", "member", "u3")).toBe(false);
    expect(canRemoveMember(bob, "t1", "admin", "u3")).toBe(true);
    expect(canRemoveMember(bob, "t1", null, "u2")).toBe(false);
  });

  it("refuses to remove or demote the last admin", () => {
    expect(removesLastAdmin(1, "admin", null)).toBe(true);
    expect(removesLastAdmin(1, "admin", "member")).toBe(true);
    expect(removesLastAdmin(1, "admin", "admin")).toBe(false);
    expect(removesLastAdmin(2, "admin", null)).toBe(false);
    expect(removesLastAdmin(1, "member", null)).toBe(false);
  });

  it("offers and allows joining only for a claimed, not ignored corporate domain, once", () => {
    const claimed = { domain: "acme.test", ignore: false, organizationId: "o1" };
    expect(canOfferJoin(bob, "t1", claimed)).toBe(true);
    expect(canOfferJoin(bob, "t1", { ...claimed, ignore: true })).toBe(false);
    expect(canOfferJoin(bob, "t1", null)).toBe(false);
    expect(canJoinOrganization(bob, "t1", claimed, "o1", null)).toBe(true);
    expect(canJoinOrganization(bob, "t1", claimed, "o2", null)).toBe(false);
    expect(canJoinOrganization(bob, "t1", claimed, "o1", "member")).toBe(false);
    expect(canJoinOrganization(bob, "t1", { ...claimed, ignore: true }, "o1", null)).toBe(false);
  });

  it("adds only organization members to teams", () => {
    expect(canBeTeamDeveloper("member")).toBe(true);
    expect(canBeTeamDeveloper("admin")).toBe(true);
    expect(canBeTeamDeveloper(null)).toBe(false);
  });
});
