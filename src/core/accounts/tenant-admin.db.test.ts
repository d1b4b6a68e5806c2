import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import type { TenantInfo } from "../tenants/tenants.types";
import { LAST_TENANT_ADMIN } from "./accounts.policy";
import { createUser, getViewer } from "./accounts.service";
import type { Viewer } from "./accounts.types";
import { countTenantAdmins } from "./tenant-admin.queries";
import { listTenantUsers, setTenantAdminRole, USER_NOT_FOUND } from "./tenant-admin.service";

describeEachDialect("tenant admin (/admin users)", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;
  let admin: Viewer;
  let plain: Viewer;
  let other: Viewer;

  async function viewerOf(tenantId: string, username: string, isAdmin = false, name?: string): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, name, email: `${username}@example.com`, admin: isAdmin });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("no viewer");
    return v;
  }

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
    admin = await viewerOf(t1.id, "root-admin", true);
    plain = await viewerOf(t1.id, "plain_user");
    await viewerOf(t1.id, "percent-user", false, "Fifty % Off");
    other = await viewerOf(t2.id, "other-admin", true);
  });

  it("lists only the tenant's users, admins flagged, and searches username, name and e-mail literally", async () => {
    const all = await listTenantUsers({ db: db(), tenantId: t1.id, viewer: admin }, {});
    expect(all.total).toBe(3);
    expect(all.items.map((u) => [u.username, u.isAdmin])).toEqual([
      ["percent-user", false],
      ["plain_user", false],
      ["root-admin", true],
    ]);
    expect(
      (await listTenantUsers({ db: db(), tenantId: t1.id, viewer: admin }, { search: "PLAIN" })).items.map(
        (u) => u.username,
      ),
    ).toEqual(["plain_user"]);
    // % and _ are literal characters, not wildcards.
    expect(
      (await listTenantUsers({ db: db(), tenantId: t1.id, viewer: admin }, { search: "%" })).items.map(
        (u) => u.username,
      ),
    ).toEqual(["percent-user"]);
    expect((await listTenantUsers({ db: db(), tenantId: t1.id, viewer: admin }, { search: "_" })).total).toBe(1);
    expect((await listTenantUsers({ db: db(), tenantId: t1.id, viewer: admin }, { search: "other-admin" })).total).toBe(
      0,
    );
    const page = await listTenantUsers({ db: db(), tenantId: t1.id, viewer: admin }, { offset: 2, limit: 2 });
    expect(page).toMatchObject({ total: 3, items: [{ username: "root-admin" }] });
  });

  it("refuses non-admins, signed-out callers and admins of another tenant", async () => {
    await expect(listTenantUsers({ db: db(), tenantId: t1.id, viewer: plain }, {})).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(listTenantUsers({ db: db(), tenantId: t1.id, viewer: null }, {})).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(listTenantUsers({ db: db(), tenantId: t1.id, viewer: other }, {})).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(
      setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: plain }, { userId: plain.id, admin: true }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: other }, { userId: plain.id, admin: true }),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(await countTenantAdmins(db(), t1.id)).toBe(1);
  });

  it("validates input with field messages and refuses another tenant's user id as not found", async () => {
    await expect(
      setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: admin }, { userId: "", admin: true }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      details: { fields: { userId: "Choose a user" } },
    });
    await expect(
      setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: admin }, { userId: plain.id }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: admin }, { userId: other.id, admin: true }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: USER_NOT_FOUND,
    });
    expect(await countTenantAdmins(db(), t2.id)).toBe(1);
  });

  it("grants and revokes, idempotently, but never removes the last admin", async () => {
    await expect(
      setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: admin }, { userId: admin.id, admin: false }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: LAST_TENANT_ADMIN,
    });
    expect(
      await setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: admin }, { userId: plain.id, admin: true }),
    ).toMatchObject({
      username: "plain_user",
      isAdmin: true,
    });
    await setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: admin }, { userId: plain.id, admin: true });
    expect(await countTenantAdmins(db(), t1.id)).toBe(2);
    // With two admins, one may step down; the remaining one then cannot.
    await setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: admin }, { userId: admin.id, admin: false });
    const promoted = (await getViewer(db(), t1.id, plain.id)) as Viewer;
    expect(promoted.isAdmin).toBe(true);
    await expect(
      setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: promoted }, { userId: promoted.id, admin: false }),
    ).rejects.toMatchObject({ message: LAST_TENANT_ADMIN });
    await setTenantAdminRole({ db: db(), tenantId: t1.id, viewer: promoted }, { userId: admin.id, admin: true });
    expect(await countTenantAdmins(db(), t1.id)).toBe(2);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const tenant = await createTestTenant(db());
    const a = await viewerOf(tenant.id, "race-a", true);
    const b = await viewerOf(tenant.id, "race-b", true);
    const results = await Promise.allSettled([
      setTenantAdminRole({ db: db(), tenantId: tenant.id, viewer: a }, { userId: b.id, admin: false }),
      setTenantAdminRole({ db: db(), tenantId: tenant.id, viewer: b }, { userId: a.id, admin: false }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await countTenantAdmins(db(), tenant.id)).toBe(1);
  });
});
