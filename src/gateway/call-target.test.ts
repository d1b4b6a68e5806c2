import { describe, expect, it } from "vitest";
import { parseTarget } from "./call-target";

describe("parseTarget", () => {
  it("splits owner, slug, the rest of the path and the query", () => {
    expect(parseTarget("/acme/weather/v1/today?city=Oslo")).toEqual({
      owner: "acme",
      slug: "weather",
      rest: "/v1/today",
      search: "?city=Oslo",
    });
    expect(parseTarget("/acme/weather")).toEqual({ owner: "acme", slug: "weather", rest: "", search: "" });
  });

  it("decodes owner and slug, and refuses undecodable ones", () => {
    expect(parseTarget("/ac%20me/weather/x")?.owner).toBe("ac me");
    expect(parseTarget("/acme/%E0%A4%A/x")).toBeNull();
  });

  it("refuses paths without an owner and slug", () => {
    expect(parseTarget("/")).toBeNull();
    expect(parseTarget("/acme")).toBeNull();
    expect(parseTarget("//weather/x")).toBeNull();
    expect(parseTarget("acme/weather")).toBeNull();
  });

  it("refuses dot segments and encoded slashes that could climb out of the upstream's base path", () => {
    for (const rest of ["/../admin", "/a/./b", "/%2e%2e/admin", "/a%2Fb", "/a%5cb", "/a\\b"]) {
      expect(parseTarget(`/acme/weather${rest}`)).toBeNull();
    }
    expect(parseTarget("/acme/weather/file.json")?.rest).toBe("/file.json");
  });
});
