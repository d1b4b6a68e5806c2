import { expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { DEFAULT_TENANT_ID } from "../../common/tenant-config";
import { createUser, getViewer } from "../accounts/accounts.service";
import { createTenantAsOperator, ONLY_OPERATORS } from "./tenant-provisioning.service";
import { getTenant } from "./tenants.service";

describeEachDialect("tenant provisioning (super-admin)", ({ db }) => {
  const seeded: string[] = [];
  const fakeDemo = async (_db: unknown, tenantId: string) => {
    seeded.push(tenantId);
    return ["portico-echo"];
  };
  const input = (id: string) => ({
    id,
    name: `Tenant ${id}`,
    catalog: "demo",
    admin: { username: `${id}-admin`, email: `${id}@ops.test`, password: "operator-pass-88" },
  });

  it("an admin of the operator tenant creates a tenant with defaults, its admin and the chosen catalog", async () => {
    await createTestTenant(db(), { id: DEFAULT_TENANT_ID });
    const row = await createUser(db(), DEFAULT_TENANT_ID, { username: "operator", admin: true });
    const operator = await getViewer(db(), DEFAULT_TENANT_ID, row.id);
    const created = await createTenantAsOperator(
      { db: db(), tenantId: DEFAULT_TENANT_ID, viewer: operator },
      input("initech"),
      fakeDemo,
    );
    expect(created.tenant.config.brandName).toBe("Tenant initech");
    expect(created.demoApis).toEqual(["portico-echo"]);
    expect(seeded).toEqual(["initech"]);
    expect((await getTenant(db(), "initech"))?.config.featureFlags.unified_masthead).toBe(true);
  });

  it("another tenant's admin and a plain operator-tenant user are refused, and nothing is created", async () => {
    const other = await createTestTenant(db());
    const row = await createUser(db(), other.id, { username: "elsewhere", admin: true });
    const admin = await getViewer(db(), other.id, row.id);
    await expect(
      createTenantAsOperator({ db: db(), tenantId: other.id, viewer: admin }, input("nope1"), fakeDemo),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: ONLY_OPERATORS,
    });
    const plainRow = await createUser(db(), DEFAULT_TENANT_ID, { username: "plain-op" });
    const plain = await getViewer(db(), DEFAULT_TENANT_ID, plainRow.id);
    await expect(
      createTenantAsOperator({ db: db(), tenantId: DEFAULT_TENANT_ID, viewer: plain }, input("nope2"), fakeDemo),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await getTenant(db(), "nope1")).toBeNull();
    expect(await getTenant(db(), "nope2")).toBeNull();
  });
});
