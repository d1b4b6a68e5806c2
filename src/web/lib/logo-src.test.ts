import { describe, expect, it } from "vitest";
import { logoSrc } from "./logo-src";

describe("logoSrc", () => {
  it("points an API's remote thumbnail at our own /logos address, with the picture's extension", () => {
    const src = logoSrc({ apiId: "api_1" }, "https://api.apis.guru/v2/cache/logo/https_example.com_logo.svg");
    expect(src).toMatch(/^\/logos\/api_1\.svg\?v=[0-9a-z]+$/);
  });

  it("names collections apart from APIs and falls back to a neutral extension", () => {
    expect(logoSrc({ collectionId: "c1" }, "http://example.com/logo")).toMatch(/^\/logos\/collection-c1\.img\?v=/);
  });

  it("gives a changed thumbnail a new address", () => {
    const a = logoSrc({ apiId: "x" }, "https://example.com/a.png");
    const b = logoSrc({ apiId: "x" }, "https://example.com/b.png");
    expect(a).not.toBe(b);
    expect(logoSrc({ apiId: "x" }, "https://example.com/a.png")).toBe(a);
  });

  it("shows nothing for a missing or non-http thumbnail", () => {
    expect(logoSrc({ apiId: "x" }, null)).toBeNull();
    expect(logoSrc({ apiId: "x" }, "javascript:alert(1)")).toBeNull();
    expect(logoSrc({ apiId: "x" }, "data:image/png;base64,AAAA")).toBeNull();
    expect(logoSrc({ apiId: "x" }, "/tenant-files/logo.png")).toBeNull();
  });
});
