import type { Insertable } from "kysely";
import type { DbOrTrx, DbTransaction } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { ApiVersionChangesTable } from "../../db/tables/ratings.tables";

/* SQL of the spec change feed: stored diffs per version, and the followers'/subscribers' notification fan-out. */

export async function insertVersionChange(trx: DbTransaction, row: Insertable<ApiVersionChangesTable>): Promise<void> {
  await trx.insertInto("api_version_changes").values(row).execute();
}

/** An API's stored changes, newest first. */
export async function selectVersionChanges(
  h: DbOrTrx,
  tenantId: string,
  apiId: string,
  page: { offset: number; limit: number },
) {
  return kyselyOf(h)
    .selectFrom("api_version_changes")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .orderBy("created_at", "desc")
    .orderBy("version_id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countVersionChanges(h: DbOrTrx, tenantId: string, apiId: string): Promise<number> {
  const row = await kyselyOf(h)
    .selectFrom("api_version_changes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function selectVersionChange(h: DbOrTrx, tenantId: string, versionId: string) {
  return kyselyOf(h)
    .selectFrom("api_version_changes as c")
    .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "c.api_id").onRef("a.tenant_id", "=", "c.tenant_id"))
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .select([
      "c.version_id",
      "c.tenant_id",
      "c.api_id",
      "c.version",
      "c.breaking_count",
      "c.change_count",
      "c.notified_at",
      "a.name as api_name",
      "a.slug as api_slug",
      "a.owner_id",
      "u.username as owner_username",
    ])
    .where("c.tenant_id", "=", tenantId)
    .where("c.version_id", "=", versionId)
    .executeTakeFirst();
}

/** Changes whose fan-out has not finished (a crash, or a failure the sweep retries), oldest first, any tenant. */
export async function selectUnnotifiedChanges(h: DbOrTrx, createdBefore: number, limit: number) {
  return kyselyOf(h)
    .selectFrom("api_version_changes")
    .select(["tenant_id", "version_id"])
    .where("notified_at", "is", null)
    .where("created_at", "<", createdBefore)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

export async function markChangeNotified(h: DbOrTrx, tenantId: string, versionId: string, now: number) {
  await kyselyOf(h)
    .updateTable("api_version_changes")
    .set({ notified_at: now })
    .where("tenant_id", "=", tenantId)
    .where("version_id", "=", versionId)
    .execute();
}

/** The next `limit` users (by id, after `afterUserId`) holding a live subscription to the API. */
export async function selectSubscriberIds(
  h: DbOrTrx,
  tenantId: string,
  apiId: string,
  afterUserId: string,
  limit: number,
) {
  const rows = await kyselyOf(h)
    .selectFrom("subscriptions")
    .select("owner_user_id as user_id")
    .distinct()
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("status", "in", ["subscribed", "pending_approval", "suspended"])
    .where("owner_user_id", ">", afterUserId)
    .orderBy("owner_user_id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The next `limit` followers of the API (by user id, after `afterUserId`). */
export async function selectFollowerIds(
  h: DbOrTrx,
  tenantId: string,
  apiId: string,
  afterUserId: string,
  limit: number,
) {
  const rows = await kyselyOf(h)
    .selectFrom("api_follows")
    .select("user_id")
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("status", "=", "ACTIVE")
    .where("user_id", ">", afterUserId)
    .orderBy("user_id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}
