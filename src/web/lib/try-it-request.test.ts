import { describe, expect, it } from "vitest";
import { buildTryItRequest, parseTryItInput, TRY_IT_LIMITS, type TryItOperation, tryItUrl } from "./try-it-request";

const op: TryItOperation = {
  ownerUsername: "portico",
  apiSlug: "portico-echo",
  method: "post",
  path: "/items/{id}/notes",
  parameters: [
    { name: "id", in: "path", required: true },
    { name: "q", in: "query", required: false },
    { name: "X-Trace", in: "header", required: false },
    { name: "session", in: "cookie", required: false },
  ],
  bodyContentTypes: ["application/json", "text/plain"],
};

const input = (over: Partial<ReturnType<typeof base>> = {}) => ({ ...base(), ...over });
function base() {
  return {
    params: { "path:id": "a/b c", "query:q": "x&y=1", "header:X-Trace": "t1", "cookie:session": "s" } as Record<
      string,
      string
    >,
    body: '{"a":1}',
    contentType: "application/json",
    apiKey: null as string | null,
  };
}

describe("buildTryItRequest", () => {
  it("targets only the API's own gateway route, with path values percent-encoded", () => {
    const built = buildTryItRequest(op, input());
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.request).toEqual({
      method: "POST",
      path: "/portico/portico-echo/items/a%2Fb%20c/notes",
      query: [["q", "x&y=1"]],
      headers: [["X-Trace", "t1"]],
      body: '{"a":1}',
      contentType: "application/json",
    });
    expect(tryItUrl("http://gw:3001/", built.request)).toBe(
      "http://gw:3001/portico/portico-echo/items/a%2Fb%20c/notes?q=x%26y%3D1",
    );
  });

  it("joins the form's query to a path key that has a query of its own", () => {
    expect(tryItUrl("http://gw:3001", { path: "/o/a/services?funcs=News", query: [["lang", "en"]] })).toBe(
      "http://gw:3001/o/a/services?funcs=News&lang=en",
    );
    expect(tryItUrl("http://gw:3001", { path: "/o/a/services?funcs=News", query: [] })).toBe(
      "http://gw:3001/o/a/services?funcs=News",
    );
  });

  it("cannot be pointed at another host or path", () => {
    for (const id of ["http://169.254.169.254/latest", "//evil.example/x", "..", ".", "../../admin"]) {
      const built = buildTryItRequest(op, input({ params: { "path:id": id } }));
      if (built.ok) {
        expect(built.request.path.startsWith("/portico/portico-echo/items/")).toBe(true);
        expect(built.request.path.slice("/portico/portico-echo/items/".length)).not.toMatch(/\/.*\//);
      } else {
        expect(built.errors["path:id"]).toMatch(/cannot be/);
      }
    }
  });

  it("requires required parameters and ignores undeclared ones", () => {
    const built = buildTryItRequest(op, input({ params: { "query:admin": "1" } }));
    expect(built).toEqual({ ok: false, errors: { "path:id": "id is required" } });
    const ok = buildTryItRequest(op, input({ params: { "path:id": "1", "query:admin": "1", "header:Host": "x" } }));
    expect(ok.ok && ok.request.query).toEqual([]);
    expect(ok.ok && ok.request.headers).toEqual([]);
  });

  it("refuses header parameters that steer the proxy or carry line breaks", () => {
    const hostile: TryItOperation = {
      ...op,
      parameters: [
        { name: "X-Forwarded-For", in: "header", required: false },
        { name: "X-Tenant-Id", in: "header", required: false },
        { name: "X-Note", in: "header", required: false },
      ],
    };
    const built = buildTryItRequest(hostile, {
      ...base(),
      params: { "header:X-Forwarded-For": "1.2.3.4", "header:X-Tenant-Id": "2", "header:X-Note": "a\r\nHost: evil" },
    });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(Object.keys(built.errors).sort()).toEqual(["header:X-Forwarded-For", "header:X-Note", "header:X-Tenant-Id"]);
  });

  it("validates the body: JSON, size, declared content type; no body when the operation takes none", () => {
    const bad = buildTryItRequest(op, input({ params: { "path:id": "1" }, body: "{nope" }));
    expect(!bad.ok && bad.errors.body).toMatch(/not valid JSON/);
    const big = buildTryItRequest(
      op,
      input({ params: { "path:id": "1" }, body: JSON.stringify("x".repeat(TRY_IT_LIMITS.maxBodyBytes)) }),
    );
    expect(!big.ok && big.errors.body).toMatch(/larger than 64 KB/);
    const type = buildTryItRequest(op, input({ params: { "path:id": "1" }, contentType: "application/evil" }));
    expect(!type.ok && type.errors.contentType).toBeDefined();
    const text = buildTryItRequest(
      op,
      input({ params: { "path:id": "1" }, body: "plain {", contentType: "text/plain" }),
    );
    expect(text.ok).toBe(true);
    const noBody = buildTryItRequest({ ...op, bodyContentTypes: [] }, input({ params: { "path:id": "1" } }));
    expect(noBody.ok && noBody.request.body).toBeNull();
  });

  it("accepts only Portico-shaped API keys", () => {
    const bad = buildTryItRequest(op, input({ params: { "path:id": "1" }, apiKey: "sk_live_123" }));
    expect(!bad.ok && bad.errors.apiKey).toMatch(/pk_/);
    const good = buildTryItRequest(op, input({ params: { "path:id": "1" }, apiKey: `pk_${"a".repeat(43)}` }));
    expect(good.ok).toBe(true);
  });

  it("bounds value length", () => {
    const long = buildTryItRequest(op, input({ params: { "path:id": "x".repeat(TRY_IT_LIMITS.maxValueLength + 1) } }));
    expect(!long.ok && long.errors["path:id"]).toMatch(/At most/);
  });
});

describe("parseTryItInput", () => {
  it("accepts the browser's shape and refuses anything else", () => {
    expect(parseTryItInput({ params: { "query:q": "1" }, body: null, contentType: null, apiKey: " " })).toEqual({
      params: { "query:q": "1" },
      body: null,
      contentType: null,
      apiKey: null,
    });
    expect(parseTryItInput(null)).toBeNull();
    expect(parseTryItInput([])).toBeNull();
    expect(parseTryItInput({ params: { a: 1 } })).toBeNull();
    expect(parseTryItInput({ params: [], body: null })).toBeNull();
    expect(parseTryItInput({ params: {}, body: {} })).toBeNull();
    const many = Object.fromEntries(Array.from({ length: TRY_IT_LIMITS.maxParams + 1 }, (_, i) => [`query:${i}`, "1"]));
    expect(parseTryItInput({ params: many })).toBeNull();
  });
});

describe("lenient building (snippets of a form being filled in)", () => {
  it("keeps missing path parameters as placeholders and lets unfinished JSON through, but not unsafe values", () => {
    const built = buildTryItRequest(op, { ...base(), params: {}, body: "{ half" }, { lenient: true });
    expect(built.ok && built.request.path).toBe("/portico/portico-echo/items/{id}/notes");
    expect(built.ok && built.request.body).toBe("{ half");
    const unsafe = buildTryItRequest(op, { ...base(), params: { "path:id": ".." } }, { lenient: true });
    expect(unsafe.ok).toBe(false);
  });
});
