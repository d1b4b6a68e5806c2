import type { AppLoadContext } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import type { TenantConfig } from "../../common/tenant-config";
import { createUser, getViewer } from "../../core/accounts/accounts.service";
import type { Viewer } from "../../core/accounts/accounts.types";
import { requireStudio } from "./studio.server";

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
