import { sql } from "kysely";
import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { UserRow } from "../../db/schema";

/* The SQL of tenant administration (/admin, spec section 6): the user list and the admin-role count and lock. */

function escapeLikePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Users of the tenant whose username, name or e-mail contains `search` (any case), by username. */
export async function selectTenantUsersPage(
  db: DbOrTrx,
  tenantId: string,
  opts: { search: string; offset: number; limit: number },
): Promise<{ rows: Array<UserRow & { is_admin: number }>; total: number }> {
  const pattern = escapeLikePattern(opts.search);
  let base = kyselyOf(db).selectFrom("users").where("users.tenant_id", "=", tenantId);
  if (opts.search !== "") {
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(users.username)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(users.name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(users.email, ''))`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll("users")
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("user_roles as r")
              .select("r.user_id")
              .whereRef("r.tenant_id", "=", "users.tenant_id")
              .whereRef("r.user_id", "=", "users.id")
              .where("r.role", "=", "ADMIN"),
          )
          .as("is_admin"),
      )
      .orderBy(sql`lower(users.username)`)
      .orderBy("users.id")
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, is_admin: r.is_admin ? 1 : 0 })),
    total: Number(count.n),
  };
}

export async function countTenantAdmins(db: DbOrTrx, tenantId: string): Promise<number> {
  const row = await kyselyOf(db)
    .selectFrom("user_roles")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("role", "=", "ADMIN")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Serializes admin-role changes of one tenant (PostgreSQL row lock; SQLite already runs one writer at a time). */
export async function lockTenantRoles(db: DbOrTrx, tenantId: string, dialect: string): Promise<void> {
  if (dialect !== "postgres") return;
  await kyselyOf(db).selectFrom("tenants").select("id").where("id", "=", tenantId).forUpdate().execute();
}
