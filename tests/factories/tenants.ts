import { parseTenantConfig } from "../../src/common/tenant-config";
import type { TenantInfo } from "../../src/core/tenants/tenants.types";
import type { Db } from "../../src/db/connection";
import { nextSeq } from "./sequence";

/** Inserts a tenant row directly (no service validation), with a default config unless one is given. */
export async function createTestTenant(db: Db, overrides: { id?: string; name?: string; config?: unknown } = {}) {
  const n = nextSeq();
  const tenant: TenantInfo = {
    id: overrides.id ?? `t${n}`,
    name: overrides.name ?? `Tenant ${n}`,
    config: parseTenantConfig(overrides.config ?? { brandName: `Brand ${n}` }),
  };
  await db.kysely
    .insertInto("tenants")
    .values({ id: tenant.id, name: tenant.name, config: JSON.stringify(tenant.config), created_at: Date.now() + n })
    .execute();
  return tenant;
}
