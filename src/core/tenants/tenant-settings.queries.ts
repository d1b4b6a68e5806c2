import type { DbExecutor } from "../../db/connection";
import type { TenantConfigVersionsTable } from "../../db/tables/tenants.tables";

// Tenant settings history (decision 120). The tenants row is keyed by the tenant id itself.

/** Locks the tenant row for the rest of the transaction (PostgreSQL), so two saves get consecutive version numbers. */
export async function lockTenantRow(h: DbExecutor, tenantId: string, dialect: string): Promise<void> {
  if (dialect !== "postgres") return;
  await h.selectFrom("tenants").select("id").where("id", "=", tenantId).forUpdate().execute();
}

export async function selectTenantConfigText(h: DbExecutor, tenantId: string): Promise<string | undefined> {
  const row = await h.selectFrom("tenants").select("config").where("id", "=", tenantId).executeTakeFirst();
  return row?.config;
}

export async function updateTenantConfigText(h: DbExecutor, tenantId: string, config: string): Promise<void> {
  await h.updateTable("tenants").set({ config }).where("id", "=", tenantId).execute();
}

export async function selectLatestVersionNumber(h: DbExecutor, tenantId: string): Promise<number> {
  const row = await h
    .selectFrom("tenant_config_versions")
    .select((eb) => eb.fn.max("version").as("latest"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  return row?.latest == null ? 0 : Number(row.latest);
}

export async function insertConfigVersion(
  h: DbExecutor,
  tenantId: string,
  row: Omit<TenantConfigVersionsTable, "tenant_id">,
) {
  await h
    .insertInto("tenant_config_versions")
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function selectConfigVersions(h: DbExecutor, tenantId: string, limit: number) {
  return h
    .selectFrom("tenant_config_versions")
    .select(["id", "version", "changes", "changed_by", "changed_by_name", "reverted_from", "created_at"])
    .where("tenant_id", "=", tenantId)
    .orderBy("version", "desc")
    .limit(limit)
    .execute();
}

export async function selectConfigVersion(h: DbExecutor, tenantId: string, versionId: string) {
  return h
    .selectFrom("tenant_config_versions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", versionId)
    .executeTakeFirst();
}
