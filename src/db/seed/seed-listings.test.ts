import { describe, expect, it } from "vitest";
import { listingProvider } from "./seed-listings";

describe("listingProvider", () => {
  it("uses the host without www as the provider", () => {
    expect(listingProvider("https://www.abstractapi.com/email")).toMatchObject({
      key: "abstractapi.com",
      usernameBase: "abstractapi.com",
      website: "https://www.abstractapi.com",
    });
  });

  it("splits shared code hosts by account", () => {
    expect(listingProvider("https://github.com/fingerprintjs/aev")).toMatchObject({
      key: "github.com/fingerprintjs",
      usernameBase: "fingerprintjs",
    });
    expect(listingProvider("https://github.com/")).toMatchObject({ key: "github.com" });
  });

  it("survives a link that is not a URL", () => {
    expect(listingProvider("not a url").key).toBe("unknown");
  });
});
