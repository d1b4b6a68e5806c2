import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { onTenantConfigChange } from "./tenant-changes";
import {
  getTenantSettings,
  listTenantSettingsVersions,
  revertTenantSettings,
  STALE_SETTINGS,
  saveTenantSettings,
} from "./tenant-settings.service";
import { getTenant } from "./tenants.service";
import type { TenantInfo } from "./tenants.types";

describeEachDialect("tenant settings (/admin)", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let admin: Viewer;
  let plain: Viewer;
  let otherAdmin: Viewer;

  async function viewerOf(tenantId: string, username: string, isAdmin: boolean): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.com`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("no viewer");
    return v;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db(), { config: { brandName: "Portico" } });
    t2 = await createTestTenant(db());
    admin = await viewerOf(t1.id, "settings-admin", true);
    plain = await viewerOf(t1.id, "settings-user", false);
    otherAdmin = await viewerOf(t2.id, "other-admin", true);
  });

  it("saves a validated config as a new version, announces it, and records who changed what", async () => {
    const announced: string[] = [];
    const stop = onTenantConfigChange((id) => announced.push(id));
    const before = await getTenantSettings({ db: db(), tenantId: t1.id, viewer: admin });
    expect(before.version).toBe(0);
    const config = {
      ...before.config,
      brandName: "Acme Hub",
      switches: { ...before.config.switches, tutorials: false },
      strings: { de: { "hub.heroTitle": "Willkommen" } },
    };
    const saved = await saveTenantSettings({ db: db(), tenantId: t1.id, viewer: admin }, { config, baseVersion: 0 });
    stop();
    expect(saved.version).toBe(2);
    expect(saved.changes).toEqual(["brandName", "strings.de", "switches.tutorials"]);
    expect(announced).toEqual([t1.id]);
    expect((await getTenant(db(), t1.id))?.config.brandName).toBe("Acme Hub");
    const history = await listTenantSettingsVersions({ db: db(), tenantId: t1.id, viewer: admin });
    expect(history.map((v) => [v.version, v.changedByName, v.changes])).toEqual([
      [2, "settings-admin", ["brandName", "strings.de", "switches.tutorials"]],
      [1, null, []],
    ]);
  });

  it("refuses a save based on an older version with CONFLICT and leaves the config alone", async () => {
    const current = await getTenantSettings({ db: db(), tenantId: t1.id, viewer: admin });
    await expect(
      saveTenantSettings(
        { db: db(), tenantId: t1.id, viewer: admin },
        { config: { ...current.config, brandName: "Stale" }, baseVersion: 1 },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", message: STALE_SETTINGS });
    expect((await getTenant(db(), t1.id))?.config.brandName).toBe("Acme Hub");
  });

  it("rejects invalid values and unknown string keys with BAD_REQUEST naming the field", async () => {
    const { config } = await getTenantSettings({ db: db(), tenantId: t1.id, viewer: admin });
    await expect(
      saveTenantSettings({ db: db(), tenantId: t1.id, viewer: admin }, { config: { ...config, accentColor: "blue" } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", details: { fields: { accentColor: expect.any(String) } } });
    await expect(
      saveTenantSettings(
        { db: db(), tenantId: t1.id, viewer: admin },
        { config: { ...config, strings: { de: { "no.such.key": "x" } } } },
      ),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "There is no text with the key no.such.key" });
    expect((await getTenant(db(), t1.id))?.config.accentColor).toBe("#0d93f2");
  });

  it("restores an earlier version as a new version", async () => {
    const history = await listTenantSettingsVersions({ db: db(), tenantId: t1.id, viewer: admin });
    const first = history.find((v) => v.version === 1);
    if (!first) throw new Error("no first version");
    const restored = await revertTenantSettings({ db: db(), tenantId: t1.id, viewer: admin }, { versionId: first.id });
    expect(restored.version).toBe(3);
    expect(restored.config.brandName).toBe("Portico");
    expect((await getTenant(db(), t1.id))?.config.switches.tutorials).toBe(true);
    const latest = (await listTenantSettingsVersions({ db: db(), tenantId: t1.id, viewer: admin }))[0];
    expect(latest?.revertedFrom).toBe(1);
  });

  it("is for the tenant's admins only: signed out, a plain user and another tenant's admin are refused", async () => {
    await expect(getTenantSettings({ db: db(), tenantId: t1.id, viewer: null })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(getTenantSettings({ db: db(), tenantId: t1.id, viewer: plain })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      saveTenantSettings({ db: db(), tenantId: t1.id, viewer: otherAdmin }, { config: { brandName: "Hijack" } }),
    ).rejects.toBeTruthy();
    const history = await listTenantSettingsVersions({ db: db(), tenantId: t1.id, viewer: admin });
    const id = history[0]?.id ?? "";
    // Another tenant's admin cannot restore this tenant's version in their own tenant either.
    await expect(
      revertTenantSettings({ db: db(), tenantId: t2.id, viewer: otherAdmin }, { versionId: id }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await getTenant(db(), t1.id))?.config.brandName).toBe("Portico");
  });
});
