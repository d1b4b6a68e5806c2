import { DEFAULT_TENANT_ID } from "../../common/tenant-config";
import type { Viewer } from "../accounts/accounts.types";

/*
 * The operator rules of tenant creation (decision 121), free of database imports so screens can use them: the
 * catalog choices, and who is a super-admin (an administrator of the operator tenant "1").
 */

export const CATALOG_CHOICES = ["empty", "demo"] as const;
export type CatalogChoice = (typeof CATALOG_CHOICES)[number];

/** Whether this viewer may create tenants (and sees the Marketplaces tab). */
export function isOperator(viewer: Viewer | null, tenantId: string): boolean {
  return !!viewer && viewer.tenantId === tenantId && viewer.isAdmin && tenantId === DEFAULT_TENANT_ID;
}
