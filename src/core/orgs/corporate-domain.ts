import type { Db } from "../../db/connection";
import { selectCorporateDomain } from "./corporate-domains.queries";
import type { DomainState } from "./orgs.policy";

// Webmail providers are never a company: the Join Organization entry stays hidden for them unless a tenant admin
// records the domain explicitly with ignore off.
const WEBMAIL_DOMAINS = new Set([
  "163.com",
  "aol.com",
  "gmail.com",
  "gmx.com",
  "gmx.de",
  "googlemail.com",
  "hotmail.com",
  "icloud.com",
  "live.com",
  "mail.com",
  "mail.ru",
  "me.com",
  "msn.com",
  "outlook.com",
  "proton.me",
  "protonmail.com",
  "qq.com",
  "web.de",
  "yahoo.com",
  "yandex.ru",
]);

export const DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function emailDomain(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  const domain = at >= 0 ? email.slice(at + 1).toLowerCase() : "";
  return DOMAIN_PATTERN.test(domain) ? domain : null;
}

export function isWebmailDomain(domain: string): boolean {
  return WEBMAIL_DOMAINS.has(domain);
}

/** Spec section 3 User.corporateDomain {domain, ignore}, plus the organization that claims the domain. */
export async function corporateDomainOf(db: Db, tenantId: string, email: string | null): Promise<DomainState | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const row = await selectCorporateDomain(db, tenantId, domain);
  if (row) return { domain, ignore: Number(row.ignore) === 1, organizationId: row.organization_id };
  return { domain, ignore: isWebmailDomain(domain), organizationId: null };
}
