import type { Db } from "../../db/connection";
import type { TenantRow } from "../../db/schema";

// The tenants table is keyed by the tenant id itself, so the id doubles as the tenant scope.

export async function selectTenantById(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  return db.kysely.selectFrom("tenants").selectAll().where("id", "=", tenantId).executeTakeFirst();
}

export async function selectAllTenants(db: Db): Promise<TenantRow[]> {
  return db.kysely.selectFrom("tenants").selectAll().orderBy("created_at").orderBy("id").execute();
}

export async function insertTenant(db: Db, tenantId: string, row: { name: string; config: string; createdAt: number }) {
  await db.kysely
    .insertInto("tenants")
    .values({ id: tenantId, name: row.name, config: row.config, created_at: row.createdAt })
    .execute();
}

/** Removes a tenant that was just created and could not be completed (its rows cascade). */
export async function deleteTenantRow(db: Db, tenantId: string): Promise<void> {
  await db.kysely.deleteFrom("tenants").where("id", "=", tenantId).execute();
}

export async function updateTenantConfig(db: Db, tenantId: string, config: string): Promise<void> {
  await db.kysely.updateTable("tenants").set({ config }).where("id", "=", tenantId).execute();
}
