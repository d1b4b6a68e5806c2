import type { Insertable, Updateable } from "kysely";
import type { Db, DbOrTrx } from "../../connection";
import { kyselyOf } from "../../executor";
import type { ApisTable, ApiTagsTable, UsersTable } from "../../schema";
import type { DirectoryImportsTable } from "../../tables/directory.tables";
import type { PlansTable } from "../../tables/gateway.tables";

/* The SQL of the directory import (src/db/seed/directory): what is recorded, who owns what, and the writes. */

export async function selectRecordedSpecIds(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom("directory_imports")
    .select("spec_id")
    .where("tenant_id", "=", tenantId)
    .execute();
  return new Set(rows.map((r) => r.spec_id));
}

export async function selectCategoryIds(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await db.kysely
    .selectFrom("categories")
    .select(["id", "slug"])
    .where("tenant_id", "=", tenantId)
    .execute();
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Public-apis listings not yet documented by a spec, with their link: candidates for a directory spec to document. */
export async function selectUndocumentedListings(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("apis")
    .select(["id", "website", "name"])
    .where("tenant_id", "=", tenantId)
    .where("current_version_id", "is", null)
    .where("is_demo_data", "=", 1)
    .where("website", "is not", null)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function selectApiCategoryId(db: DbOrTrx, tenantId: string, apiId: string): Promise<string | null> {
  const row = await kyselyOf(db)
    .selectFrom("apis")
    .select("category_id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
  return row?.category_id ?? null;
}

export async function selectUserByUsername(db: DbOrTrx, tenantId: string, username: string) {
  return kyselyOf(db)
    .selectFrom("users")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("username", "=", username)
    .executeTakeFirst();
}

export async function selectOwnerSlugs(db: DbOrTrx, tenantId: string, ownerId: string): Promise<Set<string>> {
  const rows = await kyselyOf(db)
    .selectFrom("apis")
    .select("slug")
    .where("tenant_id", "=", tenantId)
    .where("owner_id", "=", ownerId)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export async function insertUser(db: DbOrTrx, user: Insertable<UsersTable>): Promise<void> {
  await kyselyOf(db).insertInto("users").values(user).execute();
}

export async function insertApi(db: DbOrTrx, api: Insertable<ApisTable>): Promise<void> {
  await kyselyOf(db).insertInto("apis").values(api).execute();
}

export async function updateApi(db: DbOrTrx, tenantId: string, apiId: string, fields: Updateable<ApisTable>) {
  await kyselyOf(db)
    .updateTable("apis")
    .set(fields)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .execute();
}

export async function insertApiTags(db: DbOrTrx, tags: ReadonlyArray<Insertable<ApiTagsTable>>): Promise<void> {
  if (tags.length > 0)
    await kyselyOf(db)
      .insertInto("api_tags")
      .values([...tags])
      .execute();
}

export async function insertMockPlans(
  db: DbOrTrx,
  tenantId: string,
  apiId: string,
  plans: ReadonlyArray<Insertable<PlansTable>>,
  now: number,
): Promise<void> {
  const k = kyselyOf(db);
  await k
    .insertInto("plans")
    .values([...plans])
    .execute();
  // No internet here: the gateway answers from the spec's examples and schemas instead of calling the provider.
  await k
    .insertInto("api_gateway_settings")
    .values({ api_id: apiId, tenant_id: tenantId, mode: "mock", updated_at: now })
    .execute();
}

export async function recordOutcome(db: DbOrTrx, row: Insertable<DirectoryImportsTable>): Promise<void> {
  await kyselyOf(db).insertInto("directory_imports").values(row).execute();
}
