import { describe, expect, it } from "vitest";
import { pageAccess, stripLocale } from "./page-access";

describe("page access (spec section 2, public mode)", () => {
  it("lets signed-out visitors browse in public mode but not personal screens", () => {
    for (const pathname of ["/hub", "/category/weather", "/user/alice", "/my-saved-apis", "/orghomepage/acme"]) {
      expect(pageAccess({ pathname, publicMode: true, signedIn: false })).toEqual({ kind: "allow" });
    }
    for (const pathname of [
      "/developer/dashboard",
      "/studio",
      "/provider",
      "/user/settings",
      "/org",
      "/org/organizations/create",
      "/admin",
      "/de/org",
      "/acme-corp/settings",
      "/de/acme-corp/settings",
      "/auth/user/settings",
    ]) {
      expect(pageAccess({ pathname, publicMode: true, signedIn: false }).kind).toBe("sign-in");
    }
    expect(
      pageAccess({ pathname: "/org/organizations/join", search: "?x=1", publicMode: true, signedIn: false }),
    ).toEqual({
      kind: "sign-in",
      location: "/auth?referral=%2Forg%2Forganizations%2Fjoin%3Fx%3D1",
    });
  });

  it("sends signed-out visitors of a private hub to sign in everywhere except auth and error", () => {
    expect(pageAccess({ pathname: "/hub", publicMode: false, signedIn: false }).kind).toBe("sign-in");
    for (const pathname of ["/auth", "/auth/sign-up", "/error", "/fr/auth"]) {
      expect(pageAccess({ pathname, publicMode: false, signedIn: false })).toEqual({ kind: "allow" });
    }
    expect(pageAccess({ pathname: "/hub", publicMode: false, signedIn: true })).toEqual({ kind: "allow" });
  });

  it("keeps /admin for tenant admins", () => {
    expect(pageAccess({ pathname: "/admin", publicMode: true, signedIn: true })).toEqual({ kind: "forbidden" });
    expect(pageAccess({ pathname: "/admin", publicMode: true, signedIn: true, isAdmin: true })).toEqual({
      kind: "allow",
    });
  });

  it("strips only real language prefixes", () => {
    expect(stripLocale("/de/org")).toBe("/org");
    expect(stripLocale("/de")).toBe("/");
    expect(stripLocale("/design/api")).toBe("/design/api");
  });
});
