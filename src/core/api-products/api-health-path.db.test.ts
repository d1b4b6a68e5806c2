import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import type { Db } from "../../db/connection";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { isAppError } from "../errors/app-error";
import { HEALTH_PATH_INVALID } from "../health/health-target";
import { getApiGatewayMode, setApiGatewayMode } from "../upstreams/upstreams.service";
import { createApi, requireEditableApi, updateApi } from "./api-products.service";

const options = { allowPrivateUpstreams: false };

async function viewerOf(db: Db, tenantId: string, userId: string): Promise<Viewer> {
  const viewer = await getViewer(db, tenantId, userId);
  if (!viewer) throw new Error("no viewer");
  return viewer;
}

async function refusalOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, fields: error.details?.fields };
    throw error;
  }
  throw new Error("expected a refusal");
}

describeEachDialect("the provider's health path", ({ db }) => {
  let tenantId = "";
  let ann: Viewer;
  let bob: Viewer;

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    ann = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId)).id);
    bob = await viewerOf(db(), tenantId, (await createTestUser(db(), tenantId)).id);
  });

  it("is set on create, changed and cleared on update, and kept when another field changes", async () => {
    const ctx = { db: db(), tenantId, viewer: ann };
    const input = { name: "Probed API", upstreamUrl: "https://api.example.com/v1", healthPath: " /health " };
    const created = await createApi(ctx, input, options);
    expect(created.healthPath).toBe("/health");
    // The default (no path) is the base URL.
    expect((await createApi(ctx, { name: "Unprobed path" }, options)).healthPath).toBeNull();

    await updateApi(ctx, created.id, { healthPath: "/status?deep=1" }, options);
    expect((await requireEditableApi(ctx, created.id)).healthPath).toBe("/status?deep=1");
    // Patch semantics: a field not sent keeps its value.
    await updateApi(ctx, created.id, { shortDescription: "Still probed" }, options);
    expect((await requireEditableApi(ctx, created.id)).healthPath).toBe("/status?deep=1");
    // Empty clears it (the probe then calls the base URL).
    expect((await updateApi(ctx, created.id, { healthPath: "" }, options)).healthPath).toBeNull();
  });

  it("leaves the gateway mode alone, and the mode leaves the path alone", async () => {
    const ctx = { db: db(), tenantId, viewer: ann };
    const api = await createApi(ctx, { name: "Mocked API" }, options);
    await setApiGatewayMode(ctx, api.id, "mock");
    await updateApi(ctx, api.id, { healthPath: "/ping" }, options);
    expect(await getApiGatewayMode(ctx, api.id)).toBe("mock");
    await setApiGatewayMode(ctx, api.id, "proxy");
    expect((await requireEditableApi(ctx, api.id)).healthPath).toBe("/ping");
  });

  it("refuses a path that is not a path on the upstream, naming the field, and keeps the old one", async () => {
    const ctx = { db: db(), tenantId, viewer: ann };
    const api = await createApi(ctx, { name: "Guarded path", healthPath: "/ok" }, options);
    for (const bad of ["http://evil/x", "../x", "/with space", "//evil.example/x", "/a\\b", "/x#frag", "health"]) {
      expect(await refusalOf(() => updateApi(ctx, api.id, { healthPath: bad }, options))).toEqual({
        code: "BAD_REQUEST",
        fields: { healthPath: HEALTH_PATH_INVALID },
      });
    }
    expect(await refusalOf(() => updateApi(ctx, api.id, { healthPath: `/${"a".repeat(512)}` }, options))).toEqual({
      code: "BAD_REQUEST",
      fields: { healthPath: HEALTH_PATH_INVALID },
    });
    expect(await refusalOf(() => createApi(ctx, { name: "Bad path", healthPath: "../x" }, options))).toMatchObject({
      fields: { healthPath: HEALTH_PATH_INVALID },
    });
    expect((await requireEditableApi(ctx, api.id)).healthPath).toBe("/ok");
  });

  it("cannot be set by someone who may not edit the API", async () => {
    const api = await createApi({ db: db(), tenantId, viewer: ann }, { name: "Ann's API", healthPath: "/ok" }, options);
    const refused = await refusalOf(() =>
      updateApi({ db: db(), tenantId, viewer: bob }, api.id, { healthPath: "/hijack" }, options),
    );
    expect(refused.code).toBe("FORBIDDEN");
    expect((await requireEditableApi({ db: db(), tenantId, viewer: ann }, api.id)).healthPath).toBe("/ok");
  });
});
