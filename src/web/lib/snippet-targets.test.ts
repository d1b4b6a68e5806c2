import { describe, expect, it } from "vitest";
import { fillKey, KEY_PLACEHOLDER, maskKey } from "./snippet-key";
import { buildSnippets, SNIPPET_TARGETS } from "./snippet-targets.server";

const request = {
  method: "POST",
  path: "/portico/portico-echo/anything",
  query: [["q", "hello world"]] as Array<[string, string]>,
  headers: [["X-Trace", "t1"]] as Array<[string, string]>,
  body: '{"hello":"world"}',
  contentType: "application/json",
};

describe("buildSnippets", () => {
  const snippets = buildSnippets(request, "http://localhost:3001/", { tenantHeader: "acme" });

  it("renders at least the 11 required languages, each with the URL, key header and body", () => {
    const required = ["curl", "js-fetch", "node", "python", "go", "java", "csharp", "php", "ruby", "swift", "kotlin"];
    expect(snippets.map((s) => s.id)).toEqual(expect.arrayContaining(required));
    expect(snippets.length).toBe(SNIPPET_TARGETS.length);
    for (const s of snippets) {
      expect(s.code, s.id).toContain("localhost:3001/portico/portico-echo/anything");
      expect(s.code, s.id).toContain(KEY_PLACEHOLDER);
      expect(s.code, s.id).toMatch(/hello/);
      expect(s.code, s.id).toContain("acme");
    }
    const curl = snippets.find((s) => s.id === "curl")?.code ?? "";
    expect(curl).toContain("--request POST");
    expect(curl).toContain("X-Api-Key: YOUR_API_KEY");
    expect(curl).toContain("q=hello%20world");
    expect(snippets.find((s) => s.id === "python")?.code).toContain("import requests");
    expect(snippets.find((s) => s.id === "go")?.code).toContain("package main");
  });

  it("writes no body or content type for a GET", () => {
    const get = buildSnippets({ ...request, method: "GET", body: null, contentType: null, headers: [] }, "http://gw");
    const curl = get.find((s) => s.id === "curl")?.code ?? "";
    expect(curl).not.toContain("--data");
    expect(curl).not.toMatch(/content-type/i);
    expect(curl).not.toMatch(/tenant/i);
  });
});

describe("key filling", () => {
  const key = `pk_${"A1b2C3".repeat(7)}x`;
  it("masks the key until revealed", () => {
    const code = `curl -H 'X-Api-Key: ${KEY_PLACEHOLDER}' && echo ${KEY_PLACEHOLDER}`;
    const masked = fillKey(code, key, false);
    expect(masked).not.toContain(key);
    expect(masked).not.toContain(KEY_PLACEHOLDER);
    expect(masked).toContain(maskKey(key));
    expect(maskKey(key)).toBe(`••••${key.slice(-4)}`);
    expect(fillKey(code, key, true)).toBe(`curl -H 'X-Api-Key: ${key}' && echo ${key}`);
    expect(fillKey(code, null, true)).toBe(code);
  });
});
