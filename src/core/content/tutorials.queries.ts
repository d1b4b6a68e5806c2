import type { Db, DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { TutorialsTable } from "../../db/tables/content.tables";

/* All SQL of tutorials; every function takes (db, tenantId, ...). */

export type TutorialRecord = TutorialsTable & { author_username: string | null };

function withAuthor(db: Db) {
  return db.kysely
    .selectFrom("tutorials")
    .leftJoin("users", "users.id", "tutorials.author_id")
    .selectAll("tutorials")
    .select("users.username as author_username");
}

/** An API's tutorials in reading order (position, then creation); drafts only when asked. */
export async function selectTutorialsOfApi(
  db: Db,
  tenantId: string,
  apiId: string,
  includeDrafts: boolean,
): Promise<TutorialRecord[]> {
  let query = withAuthor(db).where("tutorials.tenant_id", "=", tenantId).where("tutorials.api_id", "=", apiId);
  if (!includeDrafts) query = query.where("tutorials.draft", "=", 0);
  return query
    .orderBy("tutorials.position", "asc")
    .orderBy("tutorials.created_at", "asc")
    .orderBy("tutorials.id", "asc")
    .execute();
}

export async function selectTutorial(db: Db, tenantId: string, id: string): Promise<TutorialRecord | undefined> {
  return withAuthor(db).where("tutorials.tenant_id", "=", tenantId).where("tutorials.id", "=", id).executeTakeFirst();
}

export async function selectTutorialSlugs(db: Db, tenantId: string, apiId: string, prefix: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom("tutorials")
    .select("slug")
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("slug", "like", `${prefix}%`)
    .execute();
  return rows.map((r) => r.slug);
}

export async function selectNextTutorialPosition(db: Db, tenantId: string, apiId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("tutorials")
    .select((eb) => eb.fn.max("position").as("top"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirst();
  const top = row?.top;
  return top === null || top === undefined ? 0 : Number(top) + 1;
}

export async function insertTutorial(db: DbOrTrx, row: TutorialsTable): Promise<void> {
  await kyselyOf(db).insertInto("tutorials").values(row).execute();
}

export async function updateTutorialRow(
  db: DbOrTrx,
  tenantId: string,
  id: string,
  changes: Partial<Omit<TutorialsTable, "id" | "tenant_id" | "api_id">>,
): Promise<void> {
  await kyselyOf(db)
    .updateTable("tutorials")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}

export async function deleteTutorialRow(db: Db, tenantId: string, id: string): Promise<void> {
  await db.kysely.deleteFrom("tutorials").where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}
