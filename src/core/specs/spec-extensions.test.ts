import { describe, expect, it } from "vitest";
import { normalizeSpec } from "./normalize-spec";
import { collectSpecExtensions, EXTENSION_PREVIEW_CHARS, isExtensionName } from "./spec-extensions";

describe("collectSpecExtensions", () => {
  it("lists x- keys at document, info, path and operation level, grouped by name in document order", () => {
    const extensions = collectSpecExtensions({
      openapi: "3.1.0",
      "x-audience": "public",
      info: { title: "T", version: "1", "x-logo": { url: "https://example.com/logo.png" } },
      paths: {
        "x-paths-note": "on the paths object",
        "/pets/{id}": {
          "x-audience": "internal",
          parameters: [{ name: "id", in: "path", "x-not-listed": true }],
          get: { responses: {}, "x-rate-limit": 10, "x-audience": "partner" },
          "x-not-a-method": { "x-nested": 1 },
        },
        "/users": { post: { responses: {}, "x-rate-limit": { perMinute: 5 } } },
      },
      components: { schemas: { Pet: { "x-not-listed": true } } },
    });
    expect(extensions.map((e) => e.name)).toEqual([
      "x-audience",
      "x-logo",
      "x-paths-note",
      "x-not-a-method",
      "x-rate-limit",
    ]);
    const audience = extensions[0];
    expect(audience?.uses.map((u) => [u.level, u.pointer, u.path, u.method, u.valueJson])).toEqual([
      ["document", "/x-audience", null, null, '"public"'],
      ["path", "/paths/~1pets~1{id}/x-audience", "/pets/{id}", null, '"internal"'],
      ["operation", "/paths/~1pets~1{id}/get/x-audience", "/pets/{id}", "GET", '"partner"'],
    ]);
    const rate = extensions.find((e) => e.name === "x-rate-limit");
    expect(rate?.uses[1]).toMatchObject({ level: "operation", method: "POST", valueJson: '{\n  "perMinute": 5\n}' });
  });

  it("returns nothing for a spec without extensions, and cuts huge values", () => {
    expect(collectSpecExtensions({ openapi: "3.0.0", info: { title: "T", version: "1" }, paths: {} })).toEqual([]);
    const [big] = collectSpecExtensions({ "x-big": "a".repeat(EXTENSION_PREVIEW_CHARS * 2) });
    expect(big?.uses[0]?.truncated).toBe(true);
    expect(big?.uses[0]?.valueJson.length).toBe(EXTENSION_PREVIEW_CHARS + 1);
  });

  it("keeps the extensions of a Swagger 2.0 spec through conversion", async () => {
    const spec = await normalizeSpec(
      JSON.stringify({
        swagger: "2.0",
        info: { title: "T", version: "1", "x-providerName": "example.com" },
        "x-origin": [{ url: "https://example.com/swagger.json" }],
        paths: { "/a": { get: { responses: { 200: { description: "ok" } }, "x-throttle": "1/s" } } },
      }),
    );
    expect(collectSpecExtensions(spec.document).map((e) => e.name)).toEqual(
      expect.arrayContaining(["x-origin", "x-providerName", "x-throttle"]),
    );
  });

  it("accepts only x- names of sane length", () => {
    expect(isExtensionName("x-logo")).toBe(true);
    expect(isExtensionName("x-")).toBe(false);
    expect(isExtensionName("logo")).toBe(false);
    expect(isExtensionName(`x-${"a".repeat(300)}`)).toBe(false);
  });
});
