import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { NotificationsTable } from "../../db/tables/notifications.tables";

/*
 * SQL of event notifications (decision 085): de-duplicated inserts, per-kind channels, the digest settings and the
 * digest sweep, and the recipients of events (an API's provider, its followers). Tenant id first, always.
 */

/**
 * Inserts the rows in one statement, skipping recipients that already have a row with the same dedup key; returns
 * the recipients whose row was inserted.
 */
export async function insertNotificationsOnce(h: DbOrTrx, rows: NotificationsTable[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await kyselyOf(h)
    .insertInto("notifications")
    .values(rows)
    .onConflict((oc) => oc.columns(["tenant_id", "user_id", "dedup_key"]).doNothing())
    .returning("user_id")
    .execute();
  return inserted.map((r) => r.user_id);
}

export async function selectChannels(h: DbOrTrx, tenantId: string, userIds: string[], kind: string) {
  if (userIds.length === 0) return [];
  return kyselyOf(h)
    .selectFrom("notification_preferences")
    .select(["user_id", "channel"])
    .where("tenant_id", "=", tenantId)
    .where("kind", "=", kind)
    .where("user_id", "in", userIds)
    .execute();
}

export async function selectPreferencesOfUser(h: DbOrTrx, tenantId: string, userId: string) {
  return kyselyOf(h)
    .selectFrom("notification_preferences")
    .select(["kind", "channel"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .execute();
}

export async function upsertPreference(
  h: DbOrTrx,
  tenantId: string,
  userId: string,
  kind: string,
  channel: string,
  now: number,
): Promise<void> {
  await kyselyOf(h)
    .insertInto("notification_preferences")
    .values({ tenant_id: tenantId, user_id: userId, kind, channel, updated_at: now })
    .onConflict((oc) => oc.columns(["tenant_id", "user_id", "kind"]).doUpdateSet({ channel, updated_at: now }))
    .execute();
}

export async function selectSettings(h: DbOrTrx, tenantId: string, userId: string) {
  return kyselyOf(h)
    .selectFrom("notification_settings")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function selectDigestUsers(h: DbOrTrx, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return kyselyOf(h)
    .selectFrom("notification_settings")
    .select("user_id")
    .where("tenant_id", "=", tenantId)
    .where("email_digest", "=", 1)
    .where("user_id", "in", userIds)
    .execute();
}

export async function upsertDigestSetting(
  h: DbOrTrx,
  tenantId: string,
  userId: string,
  emailDigest: boolean,
  now: number,
): Promise<void> {
  const flag = emailDigest ? 1 : 0;
  await kyselyOf(h)
    .insertInto("notification_settings")
    .values({ tenant_id: tenantId, user_id: userId, email_digest: flag, last_digest_at: null, updated_at: now })
    .onConflict((oc) => oc.columns(["tenant_id", "user_id"]).doUpdateSet({ email_digest: flag, updated_at: now }))
    .execute();
}

export async function selectUsersMail(h: DbOrTrx, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return kyselyOf(h)
    .selectFrom("users")
    .select(["id", "email", "username"])
    .where("tenant_id", "=", tenantId)
    .where("id", "in", userIds)
    .execute();
}

/** Recipients with notifications waiting for their digest. */
export async function selectUsersWithDigestDue(h: DbOrTrx, tenantId: string, limit: number) {
  return kyselyOf(h)
    .selectFrom("notifications")
    .select("user_id")
    .distinct()
    .where("tenant_id", "=", tenantId)
    .where("mail_state", "=", "digest")
    .limit(limit)
    .execute();
}

export async function selectDigestRows(h: DbOrTrx, tenantId: string, userId: string, limit: number) {
  return kyselyOf(h)
    .selectFrom("notifications")
    .select(["id", "title", "cta_url", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("mail_state", "=", "digest")
    .orderBy("created_at", "asc")
    .limit(limit)
    .execute();
}

export async function markDigestSent(h: DbOrTrx, tenantId: string, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await kyselyOf(h)
    .updateTable("notifications")
    .set({ mail_state: "sent" })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("mail_state", "=", "digest")
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Claims the user's digest slot: true when no other sweep sent one since `lastDigestAt` (compare and swap). */
export async function claimDigest(
  h: DbOrTrx,
  tenantId: string,
  userId: string,
  lastDigestAt: number | null,
  now: number,
): Promise<boolean> {
  let query = kyselyOf(h)
    .updateTable("notification_settings")
    .set({ last_digest_at: now })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId);
  query =
    lastDigestAt === null
      ? query.where("last_digest_at", "is", null)
      : query.where("last_digest_at", "=", lastDigestAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The users who receive an API's provider events: its owner, or the admins of the organization that owns it. */
export async function selectApiProviderUsers(h: DbOrTrx, tenantId: string, apiId: string): Promise<string[]> {
  const api = await kyselyOf(h)
    .selectFrom("apis")
    .select("owner_id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
  if (!api) return [];
  return selectProviderUsers(h, tenantId, api.owner_id);
}

/** A provider id (an API's owner_id) to users: the user itself, or the organization's admins. */
export async function selectProviderUsers(h: DbOrTrx, tenantId: string, providerId: string): Promise<string[]> {
  const admins = await kyselyOf(h)
    .selectFrom("organization_members")
    .select("user_id")
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", providerId)
    .where("role", "=", "admin")
    .execute();
  if (admins.length > 0) return admins.map((a) => a.user_id);
  const user = await kyselyOf(h)
    .selectFrom("users")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", providerId)
    .executeTakeFirst();
  return user ? [user.id] : [];
}

/** Followers of an API (the tutorial and version events). */
export async function selectApiFollowerIds(h: DbOrTrx, tenantId: string, apiId: string): Promise<string[]> {
  const rows = await kyselyOf(h)
    .selectFrom("api_follows")
    .select("user_id")
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function selectApiSummary(h: DbOrTrx, tenantId: string, apiId: string) {
  return kyselyOf(h)
    .selectFrom("apis")
    .leftJoin("users", (j) => j.onRef("users.id", "=", "apis.owner_id").onRef("users.tenant_id", "=", "apis.tenant_id"))
    .select(["apis.id", "apis.name", "apis.slug", "apis.owner_id", "users.username as owner_username"])
    .where("apis.tenant_id", "=", tenantId)
    .where("apis.id", "=", apiId)
    .executeTakeFirst();
}

export async function selectUsername(h: DbOrTrx, tenantId: string, userId: string): Promise<string | null> {
  const row = await kyselyOf(h)
    .selectFrom("users")
    .select("username")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.username ?? null;
}

export async function selectPlanName(h: DbOrTrx, tenantId: string, planId: string): Promise<string | null> {
  const row = await kyselyOf(h)
    .selectFrom("plans")
    .select("name")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", planId)
    .executeTakeFirst();
  return row?.name ?? null;
}

export async function selectOrgSummary(h: DbOrTrx, tenantId: string, orgId: string) {
  return kyselyOf(h)
    .selectFrom("organizations")
    .select(["id", "name", "slug"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", orgId)
    .executeTakeFirst();
}

export async function selectTeamSummary(h: DbOrTrx, tenantId: string, teamId: string) {
  return kyselyOf(h)
    .selectFrom("teams")
    .innerJoin("organizations", "organizations.id", "teams.organization_id")
    .select(["teams.id", "teams.name", "organizations.name as org_name", "organizations.slug as org_slug"])
    .where("teams.tenant_id", "=", tenantId)
    .where("teams.id", "=", teamId)
    .executeTakeFirst();
}

/** Members of a team, or of an organization (private-API invitations to a whole group). */
export async function selectGroupUserIds(
  h: DbOrTrx,
  tenantId: string,
  type: "TEAM" | "ORGANIZATION",
  id: string,
): Promise<string[]> {
  const rows =
    type === "TEAM"
      ? await kyselyOf(h)
          .selectFrom("team_members")
          .select("user_id")
          .where("tenant_id", "=", tenantId)
          .where("team_id", "=", id)
          .execute()
      : await kyselyOf(h)
          .selectFrom("organization_members")
          .select("user_id")
          .where("tenant_id", "=", tenantId)
          .where("organization_id", "=", id)
          .execute();
  return rows.map((r) => r.user_id);
}
