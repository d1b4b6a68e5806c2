import type { Insertable, Updateable } from "kysely";
import type { Db, DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { ApisTable, UsersTable } from "../../db/schema";
/* All SQL of provider-side API writes (studio): owners, the API rows, and the listing of one owner's APIs. */

export async function selectUserRow(db: Db, tenantId: string, id: string) {
  return db.kysely
    .selectFrom("users")
    .select(["id", "username", "name"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function usernameTaken(db: Db, tenantId: string, username: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("username", "=", username)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOwnerRow(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db.kysely.insertInto("users").values(row).execute();
}

export async function selectCategoryId(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom("categories")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.id;
}

export async function selectCategoryOptions(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .where("tenant_id", "=", tenantId)
    .orderBy("name")
    .execute();
}

export async function slugTaken(
  db: Db,
  tenantId: string,
  ownerId: string,
  slug: string,
  exceptApiId: string | null,
): Promise<boolean> {
  let query = db.kysely
    .selectFrom("apis")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("owner_id", "=", ownerId)
    .where("slug", "=", slug);
  if (exceptApiId) query = query.where("id", "<>", exceptApiId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertApi(db: DbOrTrx, row: Insertable<ApisTable>): Promise<void> {
  await kyselyOf(db).insertInto("apis").values(row).execute();
}

export async function updateApiRow(db: DbOrTrx, tenantId: string, apiId: string, patch: Updateable<ApisTable>) {
  await kyselyOf(db).updateTable("apis").set(patch).where("tenant_id", "=", tenantId).where("id", "=", apiId).execute();
}

/**
 * Sets the provider's health path (null: the base URL is probed). An API without gateway settings gets its row with
 * the default mode "proxy", which is what the gateway assumes when there is no row.
 */
export async function upsertHealthPath(db: DbOrTrx, tenantId: string, apiId: string, healthPath: string | null) {
  const now = Date.now();
  await kyselyOf(db)
    .insertInto("api_gateway_settings")
    .values({ api_id: apiId, tenant_id: tenantId, mode: "proxy", health_path: healthPath, updated_at: now })
    .onConflict((oc) => oc.column("api_id").doUpdateSet({ health_path: healthPath, updated_at: now }))
    .execute();
}

export async function deleteApiRow(db: Db, tenantId: string, apiId: string): Promise<void> {
  // Versions, endpoints, plans, collection entries, follows... go with it (ON DELETE CASCADE).
  await db.kysely.deleteFrom("apis").where("tenant_id", "=", tenantId).where("id", "=", apiId).execute();
}

/** The fields the studio edits, plus the owner's username for links. */
export async function selectEditableApi(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("apis as a")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .leftJoin("api_versions as v", (j) =>
      j.onRef("v.id", "=", "a.current_version_id").onRef("v.tenant_id", "=", "a.tenant_id"),
    )
    .leftJoin("api_gateway_settings as g", (j) =>
      j.onRef("g.api_id", "=", "a.id").onRef("g.tenant_id", "=", "a.tenant_id"),
    )
    .select([
      "a.id",
      "a.owner_id",
      "a.name",
      "a.slug",
      "a.category_id",
      "a.short_description",
      "a.readme",
      "a.visibility",
      "a.website",
      "a.terms_of_use",
      "a.thumbnail",
      "a.upstream_url",
      "g.health_path",
      "a.features_json",
      "a.resources_json",
      "a.current_version_id",
      "a.updated_at",
      "u.username as owner_username",
      "v.version as version_label",
      "v.endpoints_count",
    ])
    .where("a.tenant_id", "=", tenantId)
    .where("a.id", "=", apiId)
    .executeTakeFirst();
}

/** One owner's APIs (personal or organization), most recently changed first. */
export async function selectApisOfOwner(db: Db, tenantId: string, ownerId: string) {
  return db.kysely
    .selectFrom("apis as a")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "a.category_id").onRef("c.tenant_id", "=", "a.tenant_id"))
    .leftJoin("api_versions as v", (j) =>
      j.onRef("v.id", "=", "a.current_version_id").onRef("v.tenant_id", "=", "a.tenant_id"),
    )
    .select([
      "a.id",
      "a.name",
      "a.slug",
      "a.short_description",
      "a.visibility",
      "a.thumbnail",
      "a.updated_at",
      "u.username as owner_username",
      "c.name as category_name",
      "v.version as version_label",
      "v.endpoints_count",
    ])
    .where("a.tenant_id", "=", tenantId)
    .where("a.owner_id", "=", ownerId)
    .orderBy("a.updated_at", "desc")
    .orderBy("a.id")
    .execute();
}

/** The organization a team belongs to, or undefined when the id is not a team of this tenant. */
export async function selectTeamOrganization(db: Db, tenantId: string, teamId: string): Promise<string | undefined> {
  const row = await kyselyOf(db)
    .selectFrom("teams")
    .select("organization_id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", teamId)
    .executeTakeFirst();
  return row?.organization_id;
}
