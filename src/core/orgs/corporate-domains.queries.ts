import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
/* The SQL of corporate domains (spec section 2: an organization claims its e-mail domain); every function filters by tenant. */

export async function selectCorporateDomain(db: DbOrTrx, tenantId: string, domain: string) {
  return kyselyOf(db)
    .selectFrom("corporate_domains")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("domain", "=", domain)
    .executeTakeFirst();
}

export async function selectDomainsOfOrg(db: DbOrTrx, tenantId: string, orgId: string): Promise<string[]> {
  const rows = await kyselyOf(db)
    .selectFrom("corporate_domains")
    .select("domain")
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .orderBy("domain")
    .execute();
  return rows.map((r) => r.domain);
}

export async function upsertCorporateDomain(
  db: DbOrTrx,
  tenantId: string,
  row: { domain: string; organizationId?: string | null; ignore?: boolean },
  now: number,
): Promise<void> {
  const set: { organization_id?: string | null; ignore?: 0 | 1 } = {};
  if (row.organizationId !== undefined) set.organization_id = row.organizationId;
  if (row.ignore !== undefined) set.ignore = row.ignore ? 1 : 0;
  await kyselyOf(db)
    .insertInto("corporate_domains")
    .values({
      tenant_id: tenantId,
      domain: row.domain,
      organization_id: row.organizationId ?? null,
      ignore: row.ignore ? 1 : 0,
      created_at: now,
    })
    .onConflict((oc) =>
      Object.keys(set).length > 0
        ? oc.columns(["tenant_id", "domain"]).doUpdateSet(set)
        : oc.columns(["tenant_id", "domain"]).doNothing(),
    )
    .execute();
}

export async function releaseDomainsOfOrg(db: DbOrTrx, tenantId: string, orgId: string): Promise<void> {
  await kyselyOf(db)
    .updateTable("corporate_domains")
    .set({ organization_id: null })
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", orgId)
    .execute();
}

/** The tenant's corporate domains with the organization claiming each (if any), by domain. */
export async function selectCorporateDomainsPage(
  db: DbOrTrx,
  tenantId: string,
  opts: { offset: number; limit: number },
): Promise<{
  rows: Array<{ domain: string; ignore: number; organization_id: string | null; organization_name: string | null }>;
  total: number;
}> {
  const k = kyselyOf(db);
  const [rows, count] = await Promise.all([
    k
      .selectFrom("corporate_domains as d")
      .leftJoin("organizations as o", (join) =>
        join.onRef("o.tenant_id", "=", "d.tenant_id").onRef("o.id", "=", "d.organization_id"),
      )
      .select(["d.domain", "d.ignore", "d.organization_id", "o.name as organization_name"])
      .where("d.tenant_id", "=", tenantId)
      .orderBy("d.domain")
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    k
      .selectFrom("corporate_domains")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, ignore: Number(r.ignore) })), total: Number(count.n) };
}
