import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { LOGO_KEEP_MS, LOGO_RETRY_FAILED_MS, readLogo } from "./api-logo.service";

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describeEachDialect("API logos from our own origin (decision 142)", ({ db }) => {
  // A local logo host: every request is counted; /down can be switched off to play an unreachable host.
  const seen: string[] = [];
  let down = false;
  let server: http.Server;
  let origin = "";
  let tenantId = "";
  let otherTenantId = "";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      const path = (req.url ?? "").split("?", 1)[0];
      if (path === "/logo.png" || (path === "/flaky.png" && !down)) {
        res.writeHead(200, { "content-type": "image/png" }).end(PNG);
      } else if (req.url === "/logo.svg") {
        res
          .writeHead(200, { "content-type": "image/svg+xml; charset=utf-8" })
          .end("<svg xmlns='http://www.w3.org/2000/svg'/>");
      } else if (req.url === "/page.html") {
        res.writeHead(200, { "content-type": "text/html" }).end("<script>alert(1)</script>");
      } else if (req.url === "/huge.png") {
        res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(600 * 1024));
      } else if (req.url === "/moved") {
        res.writeHead(302, { location: "/logo.png" }).end();
      } else {
        res.writeHead(503).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    tenantId = (await createTestTenant(db())).id;
    otherTenantId = (await createTestTenant(db())).id;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ctx = (tenant = tenantId) => ({ db: db(), tenantId: tenant, viewer: null });
  const read = (apiId: string, now = NOW, allowPrivate = true, tenant = tenantId) =>
    readLogo(ctx(tenant), { owner: { kind: "api", id: apiId }, allowPrivate, now, timeoutMs: 2_000 });

  it("fetches an API's logo once and serves it from the cache until it is a week old", async () => {
    const api = await createTestApi(db(), tenantId, { thumbnail: `${origin}/logo.png` });
    seen.length = 0;
    const first = await read(api.id);
    expect(first?.contentType).toBe("image/png");
    expect(first?.bytes.equals(PNG)).toBe(true);
    const again = await read(api.id, NOW + LOGO_KEEP_MS - 1);
    expect(again?.bytes.equals(PNG)).toBe(true);
    expect(seen).toEqual(["/logo.png"]);
    await read(api.id, NOW + LOGO_KEEP_MS + 1);
    expect(seen).toEqual(["/logo.png", "/logo.png"]);
  });

  it("shares one fetch between requests that arrive together", async () => {
    const api = await createTestApi(db(), tenantId, { thumbnail: `${origin}/logo.png?together` });
    seen.length = 0;
    const logos = await Promise.all([read(api.id), read(api.id), read(api.id)]);
    expect(logos.every((l) => l?.contentType === "image/png")).toBe(true);
    expect(seen).toEqual(["/logo.png?together"]);
  });

  it("follows a redirect and normalises SVG's content type", async () => {
    const moved = await createTestApi(db(), tenantId, { thumbnail: `${origin}/moved` });
    expect((await read(moved.id))?.contentType).toBe("image/png");
    const svg = await createTestApi(db(), tenantId, { thumbnail: `${origin}/logo.svg` });
    expect((await read(svg.id))?.contentType).toBe("image/svg+xml");
  });

  it("refuses what is not an image or is too large, and remembers the failure for an hour", async () => {
    const html = await createTestApi(db(), tenantId, { thumbnail: `${origin}/page.html` });
    const huge = await createTestApi(db(), tenantId, { thumbnail: `${origin}/huge.png` });
    seen.length = 0;
    expect(await read(html.id)).toBeNull();
    expect(await read(huge.id)).toBeNull();
    expect(await read(html.id, NOW + LOGO_RETRY_FAILED_MS - 1)).toBeNull();
    expect(seen).toEqual(["/page.html", "/huge.png"]);
    const row = await db()
      .kysely.selectFrom("api_logos")
      .where("tenant_id", "=", tenantId)
      .where("url", "=", `${origin}/huge.png`)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.body_base64).toBeNull();
    expect(row.failure).toBe("larger than the limit");
    await read(html.id, NOW + LOGO_RETRY_FAILED_MS + 1);
    expect(seen).toEqual(["/page.html", "/huge.png", "/page.html"]);
  });

  it("keeps a cached picture when the host is down at refresh time", async () => {
    const api = await createTestApi(db(), tenantId, { thumbnail: `${origin}/flaky.png` });
    down = false;
    expect((await read(api.id))?.contentType).toBe("image/png");
    down = true;
    const later = NOW + LOGO_KEEP_MS + 1;
    expect((await read(api.id, later))?.bytes.equals(PNG)).toBe(true);
    // Retried an hour later, not at every request.
    seen.length = 0;
    await read(api.id, later + 1);
    expect(seen).toEqual([]);
    down = false;
  });

  it("never contacts a loopback host unless the operator allows private addresses", async () => {
    const api = await createTestApi(db(), tenantId, { thumbnail: `${origin}/logo.png?private` });
    seen.length = 0;
    expect(await read(api.id, NOW, false)).toBeNull();
    expect(seen).toEqual([]);
  });

  it("serves nothing for a private API the visitor may not see, another tenant's API, or a non-http thumbnail", async () => {
    const hidden = await createTestApi(db(), tenantId, {
      thumbnail: `${origin}/logo.png?hidden`,
      visibility: "PRIVATE",
    });
    const local = await createTestApi(db(), tenantId, { thumbnail: "file:///etc/passwd" });
    seen.length = 0;
    expect(await read(hidden.id)).toBeNull();
    expect(await read(local.id)).toBeNull();
    const mine = await createTestApi(db(), tenantId, { thumbnail: `${origin}/logo.png?mine` });
    expect(await read(mine.id, NOW, true, otherTenantId)).toBeNull();
    expect(seen).toEqual([]);
  });

  it("serves a collection's logo through the same cache", async () => {
    const collection = await createTestCollection(db(), tenantId, { thumbnail: `${origin}/logo.png?collection` });
    const logo = await readLogo(ctx(), {
      owner: { kind: "collection", id: collection.id },
      allowPrivate: true,
      now: NOW,
    });
    expect(logo?.contentType).toBe("image/png");
    expect(
      await readLogo(ctx(otherTenantId), { owner: { kind: "collection", id: collection.id }, allowPrivate: true }),
    ).toBeNull();
  });
});
