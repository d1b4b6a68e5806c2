import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { createOrganization } from "../orgs/orgs.service";
import type { TenantInfo } from "../tenants/tenants.types";
import { resolveEntityPath } from "./entity-paths.service";

describeEachDialect("entity paths (/{entity}/{name})", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let owner: Viewer;
  let outsider: Viewer;

  async function viewer(tenantId: string, username: string): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.test` });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    owner = await viewer(t1.id, "Nora");
    outsider = await viewer(t1.id, "otto");
    // Same username in another tenant: it must never resolve across tenants.
    await viewer(t2.id, "wanda");
    await createTestApi(db(), t1.id, { owner_id: owner.id, name: "Weather", slug: "weather" });
    await createTestApi(db(), t1.id, { owner_id: owner.id, name: "Hidden", slug: "hidden", visibility: "PRIVATE" });
    await createOrganization({ db: db(), tenantId: t1.id, viewer: owner }, { name: "Nora Labs" });
  });

  it("resolves a user to the profile and a user's API to its page", async () => {
    expect(await resolveEntityPath(db(), t1.id, "nora", null, null)).toBe("/user/Nora");
    expect(await resolveEntityPath(db(), t1.id, "Nora", "weather", null)).toBe("/Nora/api/weather");
    expect(await resolveEntityPath(db(), t1.id, "Nora", "missing", null)).toBeNull();
  });

  it("does not reveal private APIs through the short form", async () => {
    expect(await resolveEntityPath(db(), t1.id, "Nora", "hidden", outsider)).toBeNull();
  });

  it("resolves an organization to its homepage, and nothing below it", async () => {
    expect(await resolveEntityPath(db(), t1.id, "nora-labs", null, null)).toBe("/orghomepage/nora-labs");
    expect(await resolveEntityPath(db(), t1.id, "nora-labs", "anything", null)).toBeNull();
  });

  it("keeps tenants apart", async () => {
    expect(await resolveEntityPath(db(), t1.id, "wanda", null, null)).toBeNull();
    expect(await resolveEntityPath(db(), t2.id, "nora", null, null)).toBeNull();
    expect(await resolveEntityPath(db(), t2.id, "nora-labs", null, null)).toBeNull();
  });
});
