import { sql } from "kysely";
import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { OrganizationsTable, OrgRole, TeamsTable } from "../../db/tables/accounts.tables";
/* All SQL of organizations, members and teams (corporate domains: corporate-domains.queries.ts); every function filters by tenant. */

export type OrgRow = OrganizationsTable;
export type TeamRow = TeamsTable;

export interface MemberRow {
  userId: string;
  username: string;
  name: string;
  thumbnail: string | null;
  role: OrgRole;
  joinedAt: number;
}

export async function selectOrgById(db: DbOrTrx, tenantId: string, orgId: string): Promise<OrgRow | undefined> {
  return kyselyOf(db)
    .selectFrom("organizations")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", orgId)
    .executeTakeFirst();
}

export async function selectOrgBySlug(db: DbOrTrx, tenantId: string, slug: string): Promise<OrgRow | undefined> {
  return kyselyOf(db)
    .selectFrom("organizations")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

export async function insertOrg(db: DbOrTrx, row: OrgRow): Promise<void> {
  await kyselyOf(db).insertInto("organizations").values(row).execute();
}

export async function updateOrg(
  db: DbOrTrx,
  tenantId: string,
  orgId: string,
  patch: Partial<Pick<OrgRow, "name" | "description" | "thumbnail">>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await kyselyOf(db)
    .updateTable("organizations")
    .set(patch)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", orgId)
    .execute();
}

export async function deleteOrg(db: DbOrTrx, tenantId: string, orgId: string): Promise<void> {
  await kyselyOf(db).deleteFrom("organizations").where("tenant_id", "=", tenantId).where("id", "=", orgId).execute();
}

// ---- members ----

export async function selectRole(
  db: DbOrTrx,
  tenantId: string,
  orgId: string,
  userId: string,
): Promise<OrgRole | null> {
  const row = await kyselyOf(db)
    .selectFrom("organization_members")
    .select("role")
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function selectMembers(db: DbOrTrx, tenantId: string, orgId: string): Promise<MemberRow[]> {
  const rows = await kyselyOf(db)
    .selectFrom("organization_members as m")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "m.user_id").onRef("u.tenant_id", "=", "m.tenant_id"))
    .select(["u.id", "u.username", "u.name", "u.thumbnail", "m.role", "m.created_at"])
    .where("m.tenant_id", "=", tenantId)
    .where("m.organization_id", "=", orgId)
    .orderBy("m.created_at", "asc")
    .orderBy("u.username", "asc")
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    username: r.username,
    name: r.name,
    thumbnail: r.thumbnail,
    role: r.role,
    joinedAt: Number(r.created_at),
  }));
}

export async function countAdmins(db: DbOrTrx, tenantId: string, orgId: string): Promise<number> {
  const row = await kyselyOf(db)
    .selectFrom("organization_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMembers(db: DbOrTrx, tenantId: string, orgId: string): Promise<number> {
  const row = await kyselyOf(db)
    .selectFrom("organization_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertMember(
  db: DbOrTrx,
  tenantId: string,
  orgId: string,
  userId: string,
  role: OrgRole,
  now: number,
): Promise<void> {
  await kyselyOf(db)
    .insertInto("organization_members")
    .values({ tenant_id: tenantId, organization_id: orgId, user_id: userId, role, created_at: now })
    .execute();
}

export async function deleteMember(db: DbOrTrx, tenantId: string, orgId: string, userId: string): Promise<void> {
  const k = kyselyOf(db);
  const teamIds = k
    .selectFrom("teams")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId);
  await k
    .deleteFrom("team_members")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("team_id", "in", teamIds)
    .execute();
  await k
    .deleteFrom("organization_members")
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .execute();
}

export async function updateMemberRole(
  db: DbOrTrx,
  tenantId: string,
  orgId: string,
  userId: string,
  role: OrgRole,
): Promise<void> {
  await kyselyOf(db)
    .updateTable("organization_members")
    .set({ role })
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .execute();
}

export interface UserOrgRow extends OrgRow {
  role: OrgRole;
}

/** The organizations a user belongs to, with the user's role, by name. */
export async function selectOrgsOfUser(db: DbOrTrx, tenantId: string, userId: string): Promise<UserOrgRow[]> {
  return kyselyOf(db)
    .selectFrom("organization_members as m")
    .innerJoin("organizations as o", (j) =>
      j.onRef("o.id", "=", "m.organization_id").onRef("o.tenant_id", "=", "m.tenant_id"),
    )
    .selectAll("o")
    .select("m.role")
    .where("m.tenant_id", "=", tenantId)
    .where("m.user_id", "=", userId)
    .orderBy(sql`lower(o.name)`)
    .orderBy("o.id")
    .execute();
}

// ---- teams ----

export async function selectTeamById(db: DbOrTrx, tenantId: string, teamId: string): Promise<TeamRow | undefined> {
  return kyselyOf(db)
    .selectFrom("teams")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", teamId)
    .executeTakeFirst();
}

export async function selectTeamsOfOrgs(db: DbOrTrx, tenantId: string, orgIds: string[]): Promise<TeamRow[]> {
  if (orgIds.length === 0) return [];
  return kyselyOf(db)
    .selectFrom("teams")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "in", orgIds)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
}

export async function selectTeamBySlug(db: DbOrTrx, tenantId: string, orgId: string, slug: string) {
  return kyselyOf(db)
    .selectFrom("teams")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

export async function insertTeam(db: DbOrTrx, row: TeamRow): Promise<void> {
  await kyselyOf(db).insertInto("teams").values(row).execute();
}

export async function deleteTeam(db: DbOrTrx, tenantId: string, teamId: string): Promise<void> {
  await kyselyOf(db).deleteFrom("teams").where("tenant_id", "=", tenantId).where("id", "=", teamId).execute();
}

export interface TeamDeveloperRow {
  teamId: string;
  userId: string;
  username: string;
  name: string;
  thumbnail: string | null;
}

export async function selectTeamDevelopers(
  db: DbOrTrx,
  tenantId: string,
  teamIds: string[],
): Promise<TeamDeveloperRow[]> {
  if (teamIds.length === 0) return [];
  const rows = await kyselyOf(db)
    .selectFrom("team_members as t")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "t.user_id").onRef("u.tenant_id", "=", "t.tenant_id"))
    .select(["t.team_id", "u.id", "u.username", "u.name", "u.thumbnail"])
    .where("t.tenant_id", "=", tenantId)
    .where("t.team_id", "in", teamIds)
    .orderBy("u.username")
    .execute();
  return rows.map((r) => ({
    teamId: r.team_id,
    userId: r.id,
    username: r.username,
    name: r.name,
    thumbnail: r.thumbnail,
  }));
}

export async function selectTeamIdsOfUser(db: DbOrTrx, tenantId: string, userId: string): Promise<string[]> {
  const rows = await kyselyOf(db)
    .selectFrom("team_members")
    .select("team_id")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => r.team_id);
}

export async function insertTeamDevelopers(
  db: DbOrTrx,
  tenantId: string,
  teamId: string,
  userIds: string[],
  now: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await kyselyOf(db)
    .insertInto("team_members")
    .values(userIds.map((userId) => ({ tenant_id: tenantId, team_id: teamId, user_id: userId, created_at: now })))
    .onConflict((oc) => oc.columns(["team_id", "user_id"]).doNothing())
    .execute();
}

export async function deleteTeamDevelopers(
  db: DbOrTrx,
  tenantId: string,
  teamId: string,
  userIds: string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await kyselyOf(db)
    .deleteFrom("team_members")
    .where("tenant_id", "=", tenantId)
    .where("team_id", "=", teamId)
    .where("user_id", "in", userIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Serializes membership changes of one organization (PostgreSQL row lock; SQLite already runs one writer at a time). */
export async function lockOrganization(db: DbOrTrx, tenantId: string, orgId: string, dialect: string): Promise<void> {
  if (dialect !== "postgres") return;
  await kyselyOf(db)
    .selectFrom("organizations")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", orgId)
    .forUpdate()
    .execute();
}
