import type { AppLoadContext } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import type { TenantConfig } from "../../common/tenant-config";
import { createUser, getViewer } from "../../core/accounts/accounts.service";
import type { Viewer } from "../../core/accounts/accounts.types";
import { createApi } from "../../core/api-products/api-products.service";
import { requireAdmin, requireEditor, requireStudio, requireViewer, viewerOf } from "./route-guards.server";

// Spec section 2: My APIs lives at /studio with the newBuildExperience flag and at /provider without it.
describeEachDialect("requireStudio", ({ db }) => {
  const tenants: Record<"on" | "off", { id: string; config: TenantConfig }> = {
    on: { id: "", config: {} as TenantConfig },
    off: { id: "", config: {} as TenantConfig },
  };
  const viewers: Record<"on" | "off", Viewer | null> = { on: null, off: null };

  beforeAll(async () => {
    for (const flag of ["on", "off"] as const) {
      const tenant = await createTestTenant(db(), {
        config: { brandName: `Flag ${flag}`, featureFlags: { newBuildExperience: flag === "on" } },
      });
      tenants[flag] = { id: tenant.id, config: tenant.config };
      const user = await createUser(db(), tenant.id, { username: `maker-${flag}`, email: `maker-${flag}@s.test` });
      viewers[flag] = await getViewer(db(), tenant.id, user.id);
    }
  });

  const contextOf = (flag: "on" | "off", signedIn: boolean) =>
    ({ db: db(), tenant: tenants[flag], viewer: signedIn ? viewers[flag] : null }) as unknown as AppLoadContext;

  async function outcome(flag: "on" | "off", path: string, signedIn = true, lang?: string) {
    try {
      const { base } = await requireStudio(contextOf(flag, signedIn), new Request(`http://x.test${path}`), lang);
      return { base };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  it("serves /provider and sends /studio there when the flag is off", async () => {
    expect(await outcome("off", "/provider")).toEqual({ base: "/provider" });
    expect(await outcome("off", "/studio/apis/api_1?created=1")).toEqual({
      status: 302,
      location: "/provider/apis/api_1?created=1",
    });
    expect(await outcome("off", "/de/studio/new", true, "de")).toEqual({ status: 302, location: "/de/provider/new" });
  });

  it("serves /studio and sends /provider there when the flag is on; signed-out users sign in first", async () => {
    expect(await outcome("on", "/studio")).toEqual({ base: "/studio" });
    expect(await outcome("on", "/provider/new")).toEqual({ status: 302, location: "/studio/new" });
    expect(await outcome("off", "/provider", false)).toEqual({
      status: 302,
      location: "/auth?referral=%2Fprovider",
    });
  });
});

// The guards every personal and API-editing route calls (decision 073: one module instead of copies in each route).
describeEachDialect("route guards", ({ db }) => {
  let tenantId = "";
  let config = {} as TenantConfig;
  let owner: Viewer;
  let other: Viewer;
  let stranger: Viewer;
  let apiSlug = "";

  beforeAll(async () => {
    const tenant = await createTestTenant(db(), { config: { brandName: "Guards" } });
    tenantId = tenant.id;
    config = tenant.config;
    const ownerRow = await createUser(db(), tenantId, { username: "guard-owner", email: "guard-owner@g.test" });
    const otherRow = await createUser(db(), tenantId, { username: "guard-other", email: "guard-other@g.test" });
    owner = (await getViewer(db(), tenantId, ownerRow.id)) as Viewer;
    other = (await getViewer(db(), tenantId, otherRow.id)) as Viewer;
    // A viewer of another tenant counts as signed out here.
    const elsewhere = await createTestTenant(db(), { config: { brandName: "Elsewhere" } });
    const strangerRow = await createUser(db(), elsewhere.id, { username: "guard-x", email: "guard-x@g.test" });
    stranger = (await getViewer(db(), elsewhere.id, strangerRow.id)) as Viewer;
    const api = await createApi(
      { db: db(), tenantId, viewer: owner },
      { name: "Guarded" },
      { allowPrivateUpstreams: true },
    );
    apiSlug = api.slug;
  });

  const contextOf = (viewer: Viewer | null) =>
    ({ db: db(), tenant: { id: tenantId, config }, viewer }) as unknown as AppLoadContext;

  async function outcome(run: () => unknown) {
    try {
      await run();
      return "allowed";
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      if (thrown && typeof thrown === "object" && "init" in thrown) {
        return { status: (thrown as { init: { status: number } }).init.status };
      }
      throw thrown;
    }
  }

  it("requireViewer sends signed-out visitors (and other tenants' sessions) to sign in with the full path", async () => {
    const request = new Request("http://x.test/de/developer/billing?page=2");
    expect(await outcome(() => requireViewer(contextOf(null), request, "de"))).toEqual({
      status: 302,
      location: "/de/auth?referral=%2Fde%2Fdeveloper%2Fbilling%3Fpage%3D2",
    });
    expect(await outcome(() => requireViewer(contextOf(stranger), request, undefined))).toEqual({
      status: 302,
      location: "/auth?referral=%2Fde%2Fdeveloper%2Fbilling%3Fpage%3D2",
    });
    expect(requireViewer(contextOf(owner), request, "de").id).toBe(owner.id);
    expect(viewerOf(contextOf(stranger))).toBeNull();
  });

  it("requireAdmin answers 403 to signed-in users without ADMIN_PANEL_ACCESS", async () => {
    const request = new Request("http://x.test/admin");
    expect(await outcome(() => requireAdmin(contextOf(other), request, undefined))).toEqual({ status: 403 });
    expect(await outcome(() => requireAdmin(contextOf({ ...other, isAdmin: true }), request, undefined))).toBe(
      "allowed",
    );
  });

  it("requireEditor lets the owner in and gives everyone else the 404 of a missing page", async () => {
    const request = new Request(`http://x.test/guard-owner/api/${apiSlug}/manage`);
    const params = { username: "guard-owner", slug: apiSlug };
    const { api, viewer } = await requireEditor(contextOf(owner), request, params);
    expect([api.slug, viewer.id]).toEqual([apiSlug, owner.id]);
    expect(await outcome(() => requireEditor(contextOf(other), request, params))).toEqual({ status: 404 });
    expect(await outcome(() => requireEditor(contextOf(null), request, params))).toEqual({ status: 404 });
    // The plan manager sends signed-out visitors to sign in first.
    expect(await outcome(() => requireEditor(contextOf(null), request, params, { signedOut: "sign-in" }))).toEqual({
      status: 302,
      location: `/auth?referral=${encodeURIComponent(`/guard-owner/api/${apiSlug}/manage`)}`,
    });
    expect(await outcome(() => requireEditor(contextOf(other), request, params, { signedOut: "sign-in" }))).toEqual({
      status: 404,
    });
  });
});
