import type { Insertable, Updateable } from "kysely";
import type { Db, DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { AppKeysTable, AppsTable } from "../../db/tables/gateway.tables";

export async function insertApp(db: DbOrTrx, row: Insertable<AppsTable>): Promise<void> {
  await kyselyOf(db).insertInto("apps").values(row).execute();
}

export async function selectAppById(db: Db, tenantId: string, appId: string) {
  return db.kysely
    .selectFrom("apps")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", appId)
    .executeTakeFirst();
}

export async function selectAppsByIds(db: Db, tenantId: string, appIds: readonly string[]) {
  if (appIds.length === 0) return [];
  return db.kysely.selectFrom("apps").selectAll().where("tenant_id", "=", tenantId).where("id", "in", appIds).execute();
}

/** Apps of the personal context (organization null) or of an organization (and team when given). */
export async function selectAppsInContext(
  db: Db,
  tenantId: string,
  context: { ownerUserId: string } | { organizationId: string; teamId: string | null },
) {
  let query = db.kysely.selectFrom("apps").selectAll().where("tenant_id", "=", tenantId);
  if ("ownerUserId" in context) {
    query = query.where("owner_user_id", "=", context.ownerUserId).where("organization_id", "is", null);
  } else {
    query = query.where("organization_id", "=", context.organizationId);
    if (context.teamId) query = query.where("team_id", "=", context.teamId);
  }
  return query.orderBy("created_at", "desc").execute();
}

export async function countAppsOfOwner(db: Db, tenantId: string, ownerUserId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("apps")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("owner_user_id", "=", ownerUserId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateAppRow(db: Db, tenantId: string, appId: string, changes: Updateable<AppsTable>) {
  await db.kysely.updateTable("apps").set(changes).where("tenant_id", "=", tenantId).where("id", "=", appId).execute();
}

export async function deleteAppRow(db: Db, tenantId: string, appId: string): Promise<void> {
  // Subscriptions and keys go with the app (ON DELETE CASCADE); usage records stay for billing.
  await db.kysely.deleteFrom("apps").where("tenant_id", "=", tenantId).where("id", "=", appId).execute();
}

export async function isOrganizationMember(db: Db, tenantId: string, organizationId: string, userId: string) {
  const row = await db.kysely

    .selectFrom("organization_members")
    .select("user_id")
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function teamBelongsToOrganization(db: Db, tenantId: string, teamId: string, organizationId: string) {
  const row = await db.kysely

    .selectFrom("teams")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", teamId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertKey(db: DbOrTrx, row: Insertable<AppKeysTable>): Promise<void> {
  await kyselyOf(db).insertInto("app_keys").values(row).execute();
}

export async function selectKeysOfApp(db: Db, tenantId: string, appId: string) {
  return db.kysely
    .selectFrom("app_keys")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("app_id", "=", appId)
    .orderBy("created_at", "desc")
    .execute();
}

/** The keys of several apps in one query, newest first. */
export async function selectKeysOfApps(db: Db, tenantId: string, appIds: readonly string[]) {
  if (appIds.length === 0) return [];
  return db.kysely
    .selectFrom("app_keys")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("app_id", "in", appIds)
    .orderBy("created_at", "desc")
    .execute();
}

export async function selectKeyById(db: Db, tenantId: string, keyId: string) {
  return db.kysely
    .selectFrom("app_keys")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", keyId)
    .executeTakeFirst();
}

/** The gateway's lookup: a key by its hash, with its app's owner, within one tenant. */
export async function selectKeyByHash(db: Db, tenantId: string, keyHash: string) {
  return db.kysely
    .selectFrom("app_keys")
    .innerJoin("apps", "apps.id", "app_keys.app_id")
    .select([
      "app_keys.id as keyId",
      "app_keys.app_id as appId",
      "app_keys.expires_at as expiresAt",
      "app_keys.revoked_at as revokedAt",
      "apps.owner_user_id as ownerUserId",
      "apps.organization_id as organizationId",
    ])
    .where("app_keys.tenant_id", "=", tenantId)
    .where("app_keys.key_hash", "=", keyHash)
    .executeTakeFirst();
}

/** Issues a new key and puts the old one on its overlap window, in one transaction. */
export async function rotateKeyRows(
  db: Db,
  tenantId: string,
  oldKeyId: string,
  newKey: Insertable<AppKeysTable>,
  oldExpiresAt: number,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto("app_keys").values(newKey).execute();
    await trx
      .updateTable("app_keys")
      .set({ expires_at: oldExpiresAt, replaced_by: newKey.id })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", oldKeyId)
      .execute();
  });
}

export async function revokeKeyRow(db: Db, tenantId: string, keyId: string, at: number): Promise<void> {
  await db.kysely
    .updateTable("app_keys")
    .set({ revoked_at: at })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", keyId)
    .where("revoked_at", "is", null)
    .execute();
}
