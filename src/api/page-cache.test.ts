import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { CSRF_COOKIE } from "./csrf";
import { renderCachedPage, SharedPageCache, sharedPageKey, toCachedPage } from "./page-cache";

function request(overrides: Partial<FastifyRequest> = {}): FastifyRequest {
  const base = {
    method: "GET",
    url: "/hub",
    protocol: "http",
    host: "shop.example",
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0" },
    cookies: {},
    viewer: null,
  };
  return { ...base, ...overrides } as FastifyRequest;
}

const META = { tenantId: "1", status: 200, headers: [["content-type", "text/html"]] as Array<[string, string]> };

describe("shared page cache (decision 161)", () => {
  it("gives each answer its own nonce and CSRF token in every place the first response had them", () => {
    const first = { nonce: "n0nce-AAAAAAAAAAAAAAAAAA", csrfToken: "salt1.mac1" };
    const html = `<script nonce="${first.nonce}">a</script>{"nonce":"${first.nonce}","csrfToken":"${first.csrfToken}"}<p>end</p>`;
    const page = toCachedPage(html, first, { ...META, now: 0 });
    expect(page).not.toBeNull();
    if (!page) return;
    expect(page.slots).toEqual(["nonce", "nonce", "csrf"]);
    const next = { nonce: "other-BBBBBBBBBBBBBBBBBBB", csrfToken: "salt2.mac2" };
    const answer = renderCachedPage(page, next);
    expect(answer).toBe(
      `<script nonce="${next.nonce}">a</script>{"nonce":"${next.nonce}","csrfToken":"${next.csrfToken}"}<p>end</p>`,
    );
    expect(answer).not.toContain(first.nonce);
    expect(answer).not.toContain(first.csrfToken);
  });

  it("shares pages only between signed-out visitors' GETs of documents, not data requests", () => {
    expect(sharedPageKey(request(), "1")).not.toBeNull();
    expect(sharedPageKey(request({ method: "POST" }), "1")).toBeNull();
    expect(sharedPageKey(request({ url: "/hub.data" }), "1")).toBeNull();
    const viewer = { id: "u1" } as FastifyRequest["viewer"];
    expect(sharedPageKey(request({ viewer }), "1")).toBeNull();
  });

  it("keys on the tenant, host, address, language hints, bots and every cookie but the CSRF secret", () => {
    const key = sharedPageKey(request(), "1");
    expect(sharedPageKey(request({ cookies: { [CSRF_COOKIE]: "secret-of-one-visitor" } }), "1")).toBe(key);
    expect(sharedPageKey(request(), "2")).not.toBe(key);
    expect(sharedPageKey(request({ host: "other.example" }), "1")).not.toBe(key);
    expect(sharedPageKey(request({ url: "/hub?x=1" }), "1")).not.toBe(key);
    expect(sharedPageKey(request({ cookies: { portico_theme: "dark" } }), "1")).not.toBe(key);
    expect(sharedPageKey(request({ headers: { "user-agent": "Googlebot/2.1" } }), "1")).not.toBe(key);
    const german = request({ headers: { "accept-language": "de", "user-agent": "Mozilla/5.0 Chrome/130.0" } });
    expect(sharedPageKey(german, "1")).not.toBe(key);
  });

  it("forgets pages after their time to live and when the tenant's configuration changes", () => {
    const cache = new SharedPageCache(5_000);
    const values = { nonce: "n", csrfToken: "c" };
    const one = toCachedPage("<p>one</p>", values, { ...META, now: 1_000 });
    const two = toCachedPage("<p>two</p>", values, { ...META, tenantId: "2", now: 1_000 });
    if (!one || !two) throw new Error("pages not built");
    cache.set("a", one);
    cache.set("b", two);
    expect(cache.get("a", 5_999)).toBe(one);
    expect(cache.get("a", 6_000)).toBeNull();
    cache.dropTenant("2");
    expect(cache.get("b", 1_500)).toBeNull();
  });
});
