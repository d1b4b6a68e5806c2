import { describe, expect, it } from "vitest";
import type { Viewer } from "../accounts/accounts.types";
import { actsForSelf, assertActsForSelf, canFollowUser, keepsSavedEntry } from "./social.policy";

const carol: Viewer = {
  id: "u3",
  tenantId: "t1",
  username: "carol",
  name: "Carol",
  email: null,
  thumbnail: null,
  isAdmin: false,
  emailVerified: true,
  sessionId: null,
};

describe("social policy", () => {
  it("refuses self-follow, anonymous and cross-tenant follows", () => {
    expect(canFollowUser(carol, "t1", "u4")).toBe(true);
    expect(canFollowUser(carol, "t1", "u3")).toBe(false);
    expect(canFollowUser(null, "t1", "u4")).toBe(false);
    expect(canFollowUser(carol, "t2", "u4")).toBe(false);
  });

  it("treats a userId other than the viewer's as forged", () => {
    expect(actsForSelf(carol, undefined)).toBe(true);
    expect(actsForSelf(carol, "u3")).toBe(true);
    expect(actsForSelf(carol, "u9")).toBe(false);
    expect(() => assertActsForSelf(carol, "u9")).toThrow("You can only change your own follows and saved APIs");
  });

  it("keeps saved entries only with a positive status", () => {
    expect(keepsSavedEntry(1)).toBe(true);
    expect(keepsSavedEntry(0)).toBe(false);
    expect(keepsSavedEntry(null)).toBe(false);
  });
});
