import { sql } from "kysely";
import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import { API_CARD_COLUMNS, toApiCard, visibleApiRows, visibleApis } from "../catalog/api-read-model";
import type { ApiCard } from "../catalog/catalog.types";
/* All SQL of follows (users and APIs), saved APIs and profile lists; every function filters by tenant. */

// ---- API follows ----

export interface ApiFollowRow {
  id: string;
  api_id: string;
  status: "ACTIVE";
  created_at: number;
}

/** True when a new follow row was written (false: the user already followed the API). */
export async function insertApiFollow(
  db: DbOrTrx,
  tenantId: string,
  row: { id: string; userId: string; apiId: string; now: number },
): Promise<boolean> {
  const result = await kyselyOf(db)
    .insertInto("api_follows")
    .values({
      id: row.id,
      tenant_id: tenantId,
      user_id: row.userId,
      api_id: row.apiId,
      status: "ACTIVE",
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(["user_id", "api_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteApiFollow(db: DbOrTrx, tenantId: string, userId: string, apiId: string): Promise<boolean> {
  const result = await kyselyOf(db)
    .deleteFrom("api_follows")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("api_id", "=", apiId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Keeps apis.followers_count equal to the number of follow rows (called in the same transaction). */
export async function adjustFollowersCount(db: DbOrTrx, tenantId: string, apiId: string, delta: 1 | -1): Promise<void> {
  await kyselyOf(db)
    .updateTable("apis")
    .set({
      followers_count: sql<number>`case when followers_count + ${delta} < 0 then 0 else followers_count + ${delta} end`,
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .execute();
}

export async function selectApiFollow(db: DbOrTrx, tenantId: string, userId: string, apiId: string) {
  return kyselyOf(db)
    .selectFrom("api_follows")
    .select(["id", "api_id", "status", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("api_id", "=", apiId)
    .executeTakeFirst();
}

export async function selectApiFollowsOfUser(db: DbOrTrx, tenantId: string, userId: string): Promise<ApiFollowRow[]> {
  return kyselyOf(db)
    .selectFrom("api_follows")
    .select(["id", "api_id", "status", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function selectApiFollowById(db: DbOrTrx, tenantId: string, followId: string) {
  return kyselyOf(db)
    .selectFrom("api_follows")
    .select(["id", "api_id", "user_id"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", followId)
    .executeTakeFirst();
}

// ---- user follows ----

export async function insertUserFollow(
  db: DbOrTrx,
  tenantId: string,
  followerId: string,
  followeeId: string,
  now: number,
): Promise<boolean> {
  const result = await kyselyOf(db)
    .insertInto("user_follows")
    .values({ tenant_id: tenantId, follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(["follower_id", "followee_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteUserFollow(db: DbOrTrx, tenantId: string, followerId: string, followeeId: string) {
  const result = await kyselyOf(db)
    .deleteFrom("user_follows")
    .where("tenant_id", "=", tenantId)
    .where("follower_id", "=", followerId)
    .where("followee_id", "=", followeeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function isFollowingUser(db: DbOrTrx, tenantId: string, followerId: string, followeeId: string) {
  const row = await kyselyOf(db)
    .selectFrom("user_follows")
    .select("followee_id")
    .where("tenant_id", "=", tenantId)
    .where("follower_id", "=", followerId)
    .where("followee_id", "=", followeeId)
    .executeTakeFirst();
  return !!row;
}

export interface UserCardRow {
  id: string;
  username: string;
  name: string;
  thumbnail: string | null;
}

/** Followers ("Followed By") or followees ("Following") of a user, newest first, with the total. */
export async function selectFollowUsers(
  db: DbOrTrx,
  tenantId: string,
  userId: string,
  direction: "followers" | "following",
  page: { offset: number; limit: number },
): Promise<{ items: UserCardRow[]; total: number }> {
  const k = kyselyOf(db);
  const [mine, theirs] =
    direction === "followers" ? (["followee_id", "follower_id"] as const) : (["follower_id", "followee_id"] as const);
  const base = k
    .selectFrom("user_follows as f")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", `f.${theirs}`).onRef("u.tenant_id", "=", "f.tenant_id"))
    .where("f.tenant_id", "=", tenantId)
    .where(`f.${mine}`, "=", userId);
  const items = await base
    .select(["u.id", "u.username", "u.name", "u.thumbnail"])
    .orderBy("f.created_at", "desc")
    .orderBy("u.username")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { items, total: Number(total.n) };
}

// ---- saved APIs ----

export async function upsertSavedApi(
  db: DbOrTrx,
  tenantId: string,
  userId: string,
  apiId: string,
  status: number,
  now: number,
) {
  await kyselyOf(db)
    .insertInto("saved_apis")
    .values({ tenant_id: tenantId, user_id: userId, api_id: apiId, status, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "api_id"]).doUpdateSet({ status }))
    .execute();
}

export async function deleteSavedApi(db: DbOrTrx, tenantId: string, userId: string, apiId: string): Promise<void> {
  await kyselyOf(db)
    .deleteFrom("saved_apis")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("api_id", "=", apiId)
    .execute();
}

export async function selectSavedApis(db: DbOrTrx, tenantId: string, userId: string) {
  return kyselyOf(db)
    .selectFrom("saved_apis")
    .select(["api_id", "status", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("api_id")
    .execute();
}

// ---- API cards for profile and saved lists ----

export type ApiListFilter = { ownerId: string } | { followedBy: string } | { ids: string[] };

/** API cards matching the filter that the viewer may see (PUBLIC or in visiblePrivateIds), with the total. */
export async function selectApiCards(
  db: DbOrTrx,
  tenantId: string,
  filter: ApiListFilter,
  visiblePrivateIds: string[],
  page: { offset: number; limit: number },
): Promise<{ items: ApiCard[]; total: number }> {
  let base = visibleApiRows(db, tenantId, visiblePrivateIds);
  if ("ownerId" in filter) base = base.where("a.owner_id", "=", filter.ownerId);
  else if ("followedBy" in filter) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("api_follows as f")
          .select("f.id")
          .whereRef("f.api_id", "=", "a.id")
          .where("f.tenant_id", "=", tenantId)
          .where("f.user_id", "=", filter.followedBy),
      ),
    );
  } else {
    if (filter.ids.length === 0) return { items: [], total: 0 };
    base = base.where("a.id", "in", filter.ids);
  }
  const rows = await base
    .select(API_CARD_COLUMNS)
    .orderBy("a.updated_at", "desc")
    .orderBy("a.id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { total: Number(total.n), items: rows.map(toApiCard) };
}

/** Profile counts in one round trip per table. */
export async function selectProfileCounts(db: DbOrTrx, tenantId: string, userId: string, visiblePrivateIds: string[]) {
  const k = kyselyOf(db);
  const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0);
  const published = await k
    .selectFrom("apis as a")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("a.tenant_id", "=", tenantId)
    .where("a.owner_id", "=", userId)
    .where(visibleApis("a", visiblePrivateIds))
    .executeTakeFirst();
  const followingApis = await k
    .selectFrom("api_follows as f")
    .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "f.api_id").onRef("a.tenant_id", "=", "f.tenant_id"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("f.tenant_id", "=", tenantId)
    .where("f.user_id", "=", userId)
    .where(visibleApis("a", visiblePrivateIds))
    .executeTakeFirst();
  const followers = await k
    .selectFrom("user_follows")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("followee_id", "=", userId)
    .executeTakeFirst();
  const following = await k
    .selectFrom("user_follows")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("follower_id", "=", userId)
    .executeTakeFirst();
  return {
    publishedApis: count(published),
    followingApis: count(followingApis),
    followers: count(followers),
    following: count(following),
  };
}
