import { randomBytes } from "node:crypto";
import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { InvitationPrincipal } from "../../db/tables/accounts.tables";
/* SQL of access control: API ownership and visibility, private-API invitations, server signing secrets. */

export interface ApiAccessRow {
  id: string;
  tenant_id: string;
  owner_id: string;
  visibility: string;
  name: string;
  slug: string;
}

export async function selectApiAccess(db: DbOrTrx, tenantId: string, apiId: string): Promise<ApiAccessRow | undefined> {
  return kyselyOf(db)
    .selectFrom("apis")
    .select(["id", "tenant_id", "owner_id", "visibility", "name", "slug"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
}

export async function updateApiVisibility(
  db: DbOrTrx,
  tenantId: string,
  apiId: string,
  visibility: "PUBLIC" | "PRIVATE",
  now: number,
): Promise<void> {
  await kyselyOf(db)
    .updateTable("apis")
    .set({ visibility, updated_at: now })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .execute();
}

export interface Principals {
  userId: string;
  teamIds: string[];
  orgIds: string[];
}

/** Ids of PRIVATE APIs owned by the user or shared with the user, one of their teams or organizations. */
export async function selectVisiblePrivateApiIds(db: DbOrTrx, tenantId: string, who: Principals): Promise<string[]> {
  const k = kyselyOf(db);
  const rows = await k
    .selectFrom("apis as a")
    .select("a.id")
    .where("a.tenant_id", "=", tenantId)
    .where("a.visibility", "=", "PRIVATE")
    .where((eb) =>
      eb.or([
        eb("a.owner_id", "=", who.userId),
        eb.exists(
          eb
            .selectFrom("api_invitations as i")
            .select("i.id")
            .whereRef("i.api_id", "=", "a.id")
            .where("i.tenant_id", "=", tenantId)
            .where((inner) => {
              const options = [
                inner.and([inner("i.principal_type", "=", "USER"), inner("i.principal_id", "=", who.userId)]),
              ];
              if (who.teamIds.length > 0) {
                options.push(
                  inner.and([inner("i.principal_type", "=", "TEAM"), inner("i.principal_id", "in", who.teamIds)]),
                );
              }
              if (who.orgIds.length > 0) {
                options.push(
                  inner.and([
                    inner("i.principal_type", "=", "ORGANIZATION"),
                    inner("i.principal_id", "in", who.orgIds),
                  ]),
                );
              }
              return inner.or(options);
            }),
        ),
      ]),
    )
    .orderBy("a.id")
    .execute();
  return rows.map((r) => r.id);
}

export async function selectAllPrivateApiIds(db: DbOrTrx, tenantId: string): Promise<string[]> {
  const rows = await kyselyOf(db)
    .selectFrom("apis")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("visibility", "=", "PRIVATE")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

export interface InvitationRow {
  id: string;
  api_id: string;
  principal_type: InvitationPrincipal;
  principal_id: string;
  created_at: number;
}

export async function selectInvitations(db: DbOrTrx, tenantId: string, apiId: string): Promise<InvitationRow[]> {
  return kyselyOf(db)
    .selectFrom("api_invitations")
    .select(["id", "api_id", "principal_type", "principal_id", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function selectInvitationById(
  db: DbOrTrx,
  tenantId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  return kyselyOf(db)
    .selectFrom("api_invitations")
    .select(["id", "api_id", "principal_type", "principal_id", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function selectInvitation(
  db: DbOrTrx,
  tenantId: string,
  apiId: string,
  type: InvitationPrincipal,
  principalId: string,
): Promise<InvitationRow | undefined> {
  return kyselyOf(db)
    .selectFrom("api_invitations")
    .select(["id", "api_id", "principal_type", "principal_id", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("principal_type", "=", type)
    .where("principal_id", "=", principalId)
    .executeTakeFirst();
}

export async function insertInvitation(
  db: DbOrTrx,
  tenantId: string,
  row: { id: string; apiId: string; type: InvitationPrincipal; principalId: string; createdBy: string; now: number },
): Promise<void> {
  await kyselyOf(db)
    .insertInto("api_invitations")
    .values({
      id: row.id,
      tenant_id: tenantId,
      api_id: row.apiId,
      principal_type: row.type,
      principal_id: row.principalId,
      created_by: row.createdBy,
      created_at: row.now,
    })
    .execute();
}

export async function deleteInvitation(db: DbOrTrx, tenantId: string, id: string): Promise<void> {
  await kyselyOf(db).deleteFrom("api_invitations").where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}

/** A named random secret, created on first use; every instance reads the same value from the database. */
export async function loadOrCreateSecret(db: DbOrTrx, name: string): Promise<string> {
  const k = kyselyOf(db);
  const existing = await k.selectFrom("server_secrets").select("value").where("name", "=", name).executeTakeFirst();
  if (existing) return existing.value;
  await k
    .insertInto("server_secrets")
    .values({ name, value: randomBytes(32).toString("base64url"), created_at: Date.now() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await k.selectFrom("server_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}
