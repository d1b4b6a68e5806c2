import { z } from "zod";
import { DEFAULT_TENANT_ID } from "../../common/tenant-config";
import type { Db } from "../../db/connection";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import { createUser } from "../accounts/accounts.service";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { CATALOG_CHOICES } from "./tenant-operator";
import { deleteTenantRow } from "./tenants.queries";
import { createTenant } from "./tenants.service";
import type { TenantInfo } from "./tenants.types";

/*
 * Creating a tenant (decision 121): the operator command (`npm run tenant -- create`) and the super-admin screen
 * (/admin?tab=tenants, for administrators of the operator tenant "1") both go through provisionTenant. A new tenant
 * starts with the schema's default configuration (its brand name set), its first administrator, and either an empty
 * catalog or the built-in demo APIs (labelled demo wherever they show).
 */

export const ONLY_OPERATORS = "Only administrators of the operator marketplace can create marketplaces";

/** Adds the demo catalog to a tenant; given by the composition root (the demo data lives with the seed). */
export type DemoCatalogSeeder = (db: Db, tenantId: string) => Promise<string[]>;

const provisionSchema = z.object({
  id: z
    .string({ error: "Enter an id" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Tenant id must be 1-64 letters, digits, '-' or '_'"),
  name: z.string({ error: "Enter a name" }).trim().min(1, "Enter a name").max(200),
  brandName: z.string().trim().max(80).nullish(),
  catalog: z.enum(CATALOG_CHOICES, { error: "Choose an empty or a demo catalog" }).default("empty"),
  admin: z.object({
    username: z.string().trim().min(1, "Enter the administrator's username"),
    email: z.string().trim().min(1, "Enter the administrator's e-mail address"),
    password: z.string().min(1, "Enter a password for the administrator"),
  }),
});

export interface ProvisionedTenant {
  tenant: TenantInfo;
  adminUsername: string;
  demoApis: string[];
}

/** Creates the tenant, its first administrator and the chosen catalog. */
export async function provisionTenant(db: Db, input: unknown, seedDemo: DemoCatalogSeeder): Promise<ProvisionedTenant> {
  const data = parseInput(provisionSchema, input);
  const tenant = await createTenant(db, {
    id: data.id,
    name: data.name,
    config: { brandName: (data.brandName || data.name).slice(0, 80) },
  });
  try {
    const admin = await createUser(db, tenant.id, {
      username: data.admin.username,
      email: data.admin.email,
      password: data.admin.password,
      admin: true,
      emailVerified: true,
    });
    const demoApis = data.catalog === "demo" ? await seedDemo(db, tenant.id) : [];
    return { tenant, adminUsername: admin.username, demoApis };
  } catch (error) {
    // Nothing half-written: a tenant nobody can administer is removed again (the admin's row cascades with it).
    await deleteTenantRow(db, tenant.id);
    throw error;
  }
}

/** The super-admin screen's use case: only administrators of the operator tenant may create tenants. */
export async function createTenantAsOperator(
  ctx: UseCaseContext,
  input: unknown,
  seedDemo: DemoCatalogSeeder,
): Promise<ProvisionedTenant> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  if (tenantId !== DEFAULT_TENANT_ID) throw new AppError("FORBIDDEN", ONLY_OPERATORS);
  return provisionTenant(db, input, seedDemo);
}
