import { describe, expect, it } from "vitest";
import { cleanSearchTerm, searchPath, selectedNavItem, selectedUnifiedNavItem, withReferral } from "./nav";

describe("selectedNavItem", () => {
  it("selects the hub by default, also under a language prefix", () => {
    expect(selectedNavItem("/")).toBe("hub");
    expect(selectedNavItem("/category/weather")).toBe("hub");
    expect(selectedNavItem("/de/hub")).toBe("hub");
  });
  it("selects nothing on org homepages, user pages and saved APIs", () => {
    expect(selectedNavItem("/orghomepage/acme")).toBeNull();
    expect(selectedNavItem("/user/alice")).toBeNull();
    expect(selectedNavItem("/fr/my-saved-apis")).toBeNull();
    expect(selectedNavItem("/userland/api/x")).toBe("hub");
  });
  it("selects nothing on sign-in, pricing and the error page", () => {
    expect(selectedNavItem("/auth")).toBeNull();
    expect(selectedNavItem("/de/auth/sign-up")).toBeNull();
    expect(selectedNavItem("/pricing")).toBeNull();
    expect(selectedNavItem("/error")).toBeNull();
    expect(selectedUnifiedNavItem("/developer/apps")).toBe("my-apps");
  });
});

describe("search term", () => {
  it("removes slashes and refuses empty terms", () => {
    expect(cleanSearchTerm(" a/b/c ")).toBe("abc");
    expect(searchPath("weather/api")).toBe("/search/weatherapi");
    expect(searchPath(" // ")).toBeNull();
    expect(searchPath("")).toBeNull();
    expect(searchPath("c++ & more")).toBe("/search/c%2B%2B%20%26%20more");
  });
});

describe("withReferral", () => {
  it("encodes the full path", () => {
    expect(withReferral("/auth", "/de/category/x?page=2")).toBe("/auth?referral=%2Fde%2Fcategory%2Fx%3Fpage%3D2");
  });
});

describe("selectedUnifiedNavItem", () => {
  it("marks My Apps and My APIs on their screens, under any language prefix", () => {
    expect(selectedUnifiedNavItem("/developer/dashboard")).toBe("my-apps");
    expect(selectedUnifiedNavItem("/de/developer/billing")).toBe("my-apps");
    expect(selectedUnifiedNavItem("/studio/apis/x")).toBe("my-apis");
    expect(selectedUnifiedNavItem("/he/provider")).toBe("my-apis");
  });

  it("falls back to the classic rule elsewhere", () => {
    expect(selectedUnifiedNavItem("/hub")).toBe("hub");
    expect(selectedUnifiedNavItem("/user/ann")).toBeNull();
  });
});
