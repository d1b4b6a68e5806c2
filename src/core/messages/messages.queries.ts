import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { MessagesTable, MessageThreadsTable } from "../../db/tables/messages.tables";

/* All SQL of contact messages (decision 086); tenant id first, always. */

export type ThreadRow = MessageThreadsTable;

export async function insertThread(h: DbOrTrx, row: MessageThreadsTable): Promise<void> {
  await kyselyOf(h).insertInto("message_threads").values(row).execute();
}

export async function insertMessage(h: DbOrTrx, row: MessagesTable): Promise<void> {
  await kyselyOf(h).insertInto("messages").values(row).execute();
}

export async function selectThread(h: DbOrTrx, tenantId: string, threadId: string): Promise<ThreadRow | undefined> {
  return kyselyOf(h)
    .selectFrom("message_threads")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", threadId)
    .executeTakeFirst();
}

export async function updateThread(
  h: DbOrTrx,
  tenantId: string,
  threadId: string,
  changes: Partial<Omit<MessageThreadsTable, "id" | "tenant_id">>,
): Promise<void> {
  await kyselyOf(h)
    .updateTable("message_threads")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", threadId)
    .execute();
}

/** Threads of one side: the consumer's own, or those of the provider ids (the user and the organizations they run). */
export async function selectThreads(
  h: DbOrTrx,
  tenantId: string,
  filter: { consumerId: string } | { providerIds: string[] },
  archived: boolean,
  page: { offset: number; limit: number },
) {
  let query = kyselyOf(h)
    .selectFrom("message_threads as t")
    .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "t.api_id").onRef("a.tenant_id", "=", "t.tenant_id"))
    .leftJoin("users as c", (j) => j.onRef("c.id", "=", "t.consumer_id").onRef("c.tenant_id", "=", "t.tenant_id"))
    .selectAll("t")
    .select(["a.name as api_name", "c.username as consumer_username"])
    .where("t.tenant_id", "=", tenantId);
  if ("consumerId" in filter) {
    query = query.where("t.consumer_id", "=", filter.consumerId).where("t.consumer_archived", "=", archived ? 1 : 0);
  } else {
    if (filter.providerIds.length === 0) return [];
    query = query.where("t.provider_id", "in", filter.providerIds).where("t.provider_archived", "=", archived ? 1 : 0);
  }
  return query
    .orderBy("t.last_message_at", "desc")
    .orderBy("t.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUnreadThreads(
  h: DbOrTrx,
  tenantId: string,
  filter: { consumerId: string } | { providerIds: string[] },
): Promise<number> {
  let query = kyselyOf(h)
    .selectFrom("message_threads")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId);
  if ("consumerId" in filter) {
    query = query
      .where("consumer_id", "=", filter.consumerId)
      .where("consumer_unread", "=", 1)
      .where("consumer_archived", "=", 0);
  } else {
    if (filter.providerIds.length === 0) return 0;
    query = query
      .where("provider_id", "in", filter.providerIds)
      .where("provider_unread", "=", 1)
      .where("provider_archived", "=", 0);
  }
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function selectMessages(h: DbOrTrx, tenantId: string, threadId: string) {
  return kyselyOf(h)
    .selectFrom("messages as m")
    .leftJoin("users as u", (j) => j.onRef("u.id", "=", "m.author_id").onRef("u.tenant_id", "=", "m.tenant_id"))
    .selectAll("m")
    .select("u.username as author_username")
    .where("m.tenant_id", "=", tenantId)
    .where("m.thread_id", "=", threadId)
    .orderBy("m.created_at", "asc")
    .orderBy("m.id", "asc")
    .limit(500)
    .execute();
}

export async function selectBlock(h: DbOrTrx, tenantId: string, providerId: string, userId: string) {
  return kyselyOf(h)
    .selectFrom("message_blocks")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("provider_id", "=", providerId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertBlock(
  h: DbOrTrx,
  tenantId: string,
  row: { providerId: string; userId: string; blockedBy: string; now: number },
): Promise<void> {
  await kyselyOf(h)
    .insertInto("message_blocks")
    .values({
      tenant_id: tenantId,
      provider_id: row.providerId,
      user_id: row.userId,
      blocked_by: row.blockedBy,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(["tenant_id", "provider_id", "user_id"]).doNothing())
    .execute();
}

export async function deleteBlock(h: DbOrTrx, tenantId: string, providerId: string, userId: string): Promise<void> {
  await kyselyOf(h)
    .deleteFrom("message_blocks")
    .where("tenant_id", "=", tenantId)
    .where("provider_id", "=", providerId)
    .where("user_id", "=", userId)
    .execute();
}

export async function selectApiOwner(h: DbOrTrx, tenantId: string, apiId: string) {
  return kyselyOf(h)
    .selectFrom("apis")
    .select(["id", "name", "owner_id"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
}

/** The organizations the user administers: their inboxes are the user's too. */
export async function selectAdminOrgIds(h: DbOrTrx, tenantId: string, userId: string): Promise<string[]> {
  const rows = await kyselyOf(h)
    .selectFrom("organization_members")
    .select("organization_id")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("role", "=", "admin")
    .execute();
  return rows.map((r) => r.organization_id);
}

/** One thread with its API's name and the consumer's username. */
export async function selectThreadSummary(h: DbOrTrx, tenantId: string, threadId: string) {
  return kyselyOf(h)
    .selectFrom("message_threads as t")
    .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "t.api_id").onRef("a.tenant_id", "=", "t.tenant_id"))
    .leftJoin("users as c", (j) => j.onRef("c.id", "=", "t.consumer_id").onRef("c.tenant_id", "=", "t.tenant_id"))
    .selectAll("t")
    .select(["a.name as api_name", "c.username as consumer_username"])
    .where("t.tenant_id", "=", tenantId)
    .where("t.id", "=", threadId)
    .executeTakeFirst();
}
