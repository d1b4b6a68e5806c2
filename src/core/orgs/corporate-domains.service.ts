import type { Db } from "../../db/connection";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import { selectUserById } from "../accounts/accounts.queries";
import { parseInput } from "../accounts/validation";
import type { UseCaseContext } from "../use-case-context";
import { corporateDomainOf } from "./corporate-domain";
import { selectCorporateDomain, selectCorporateDomainsPage, upsertCorporateDomain } from "./corporate-domains.queries";
import { corporateDomainSchema } from "./orgs.schemas";

/* Corporate domains as tenant admins manage them (/admin) and as a user's profile shows them (spec section 3). */

/** Tenant admins mark a corporate domain as ignored (no Join Organization for its users) or not. */
export async function setCorporateDomainIgnore(
  ctx: UseCaseContext,
  domainInput: unknown,
  ignore: boolean,
): Promise<{ domain: string; ignore: boolean; organizationId: string | null }> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const domain = parseInput(corporateDomainSchema, domainInput);
  await upsertCorporateDomain(db, tenantId, { domain, ignore }, Date.now());
  const row = await selectCorporateDomain(db, tenantId, domain);
  return { domain, ignore, organizationId: row?.organization_id ?? null };
}

export interface CorporateDomainSetting {
  domain: string;
  ignore: boolean;
  organizationId: string | null;
  organizationName: string | null;
}

/** Tenant admins: the corporate domains of the tenant (claimed by an organization, or only listed to be ignored). */
export async function listCorporateDomains(
  ctx: UseCaseContext,
  page: { offset?: number; limit?: number } = {},
): Promise<{ items: CorporateDomainSetting[]; total: number }> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? 50), 1), 200);
  const offset = Math.max(Math.trunc(page.offset ?? 0), 0);
  const { rows, total } = await selectCorporateDomainsPage(db, tenantId, { offset, limit });
  return {
    total,
    items: rows.map((r) => ({
      domain: r.domain,
      ignore: r.ignore === 1,
      organizationId: r.organization_id,
      organizationName: r.organization_name,
    })),
  };
}

/** The user's corporate domain as spec section 3 shows it: {domain, ignore}. */
export async function getCorporateDomain(db: Db, tenantId: string, userId: string) {
  const user = await selectUserById(db, tenantId, userId);
  const state = user ? await corporateDomainOf(db, tenantId, user.email) : null;
  return state ? { domain: state.domain, ignore: state.ignore } : null;
}
